"""Perft: the reference counts, the divide split, and the rule for games that end early."""

from __future__ import annotations

import pytest

from tests.references.games import ConnectFour, Nim, TicTacToe
from gdl.solvers.search.perft import divide, iter_divide, perft

TICTACTOE = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]


def naive(game, state, depth):
    """The definition, written out with no shortcut."""
    if depth == 0:
        return 1
    if game.is_terminal(state):
        return 0
    return sum(naive(game, game.apply(state, m), depth - 1) for m in game.legal_moves(state))


def test_tictactoe_reference_counts():
    g = TicTacToe()
    assert [perft(g, g.initial_state(), d) for d in range(10)] == TICTACTOE


def test_a_game_that_ends_early_is_not_extended():
    g = Nim((1, 2))
    s = g.initial_state()
    # 1:1 2:1 2:2 | then 2 + 2 + 1 replies | then only 3 lines still going
    assert [perft(g, s, d) for d in range(5)] == [1, 3, 5, 3, 0]


def test_terminal_position():
    g = TicTacToe()
    s = g.initial_state()
    for text in ("a1", "a2", "b1", "b2", "c1"):
        s = g.apply(s, g.parse_move(s, text))
    assert g.is_terminal(s)
    assert [perft(g, s, d) for d in range(3)] == [1, 0, 0]
    assert divide(g, s, 2) == []


def test_bulk_counting_agrees_with_the_definition():
    g = ConnectFour(4, 4)
    s = g.initial_state()
    for d in range(8):
        assert perft(g, s, d) == naive(g, s, d)


def test_divide_splits_the_count():
    g = ConnectFour(4, 4)
    s = g.initial_state()
    split = divide(g, s, 5)
    assert [m for m, _ in split] == list(g.legal_moves(s))
    assert sum(n for _, n in split) == perft(g, s, 5) == 1020
    assert list(iter_divide(g, s, 0)) == []


def test_negative_depth():
    g = TicTacToe()
    with pytest.raises(ValueError):
        perft(g, g.initial_state(), -1)
    with pytest.raises(ValueError):
        divide(g, g.initial_state(), -1)
