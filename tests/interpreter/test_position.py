"""Positions as text (`--position`): every bundled game's positions round-trip, and a
wrong text is refused with what is wrong."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import PositionError
from tests import bundled

GAMES = bundled.games()


def shown(state: tuple) -> tuple:
    """A state without the positions seen (for `repeated`: a frozenset), which no text shows."""
    return tuple(v for v in state if not isinstance(v, frozenset))


@pytest.mark.parametrize("name", GAMES)
def test_positions_of_random_games_read_back_as_the_same_state(name):
    game = catalog.load(name)
    rng = random.Random(3)
    for _ in range(5):
        state = game.initial_state()
        for _ in range(30):
            assert shown(game.parse_position(game.position_text(state))) == shown(state)
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(list(game.legal_moves(state))))


def test_a_finished_position_is_judged_by_the_end_rules():
    game = catalog.load("tictactoe")
    won = game.parse_position("XXX/OO./... O")
    assert game.is_terminal(won) and game.returns(won) == (1.0, -1.0)
    assert not game.is_terminal(game.parse_position("XX./OO./... X"))


@pytest.mark.parametrize("text, message", [
    ("XX./OO. X", "the board has 3 rows, the position 2"),
    ("XX./OO./..Q X", "'Q' in row 1 is not a piece of this game"),
    ("XX./OO./...", "say who is to move: one of X, O"),
    ("XX./OO./.... X", "row 1 has 3 cells, the position gives 4"),
])
def test_a_wrong_position_says_what_is_wrong(text, message):
    with pytest.raises(PositionError, match=message):
        catalog.load("tictactoe").parse_position(text)


def test_perft_from_a_position(capsys):
    assert main(["perft", "tictactoe", "2", "--position", "XX./OO./... X"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "16"   # c3 wins at once; 4 x 4 others
    assert main(["perft", "nim", "1", "--position", "First heap=1,2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "3"


@pytest.mark.slow
def test_match_and_bench_start_from_a_position(capsys):
    # X has two in a row and moves: the AI completes it at once in every game it starts.
    assert main(["match", "tictactoe", "--games", "2", "--players", "ai,ai", "--time", "0.05",
                 "--position", "XX./OO./... X", "--json"]) == 0
    players = __import__("json").loads(capsys.readouterr().out)["players"]
    assert [(p["wins"], p["draws"]) for p in players] == [(1, 0), (1, 0)]   # X won both games
    assert main(["bench", "connect4", "--seconds", "0.05", "--moves", "d d"]) == 0
    assert "random playouts" in capsys.readouterr().out
