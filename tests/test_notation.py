"""Moves whose text holds spaces, read from one string (gdl.cli.notation)."""

from __future__ import annotations

import pytest

from gdl import catalog
from gdl.errors import IllegalMove
from gdl.cli.notation import read_moves


def test_moves_with_spaces_are_read_greedily_or_split_by_commas():
    nim = catalog.load("nim")
    start = nim.initial_state()
    read = [text for text, _, _ in read_moves(nim, start, "take 1 1 take 2 1, take 3 2")]
    assert read == ["take 1 1", "take 2 1", "take 3 2"]
    *_, (_, _, state) = read_moves(nim, start, "take 1 1 take 2 1, take 3 2")
    assert state[0] == (2, 3, 3)


def test_a_wrong_move_is_named_by_its_number_with_the_legal_ones():
    game = catalog.load("tictactoe")
    with pytest.raises(IllegalMove) as caught:
        list(read_moves(game, game.initial_state(), "a1 a1"))
    assert "move 2" in str(caught.value) and "b1" in caught.value.legal
