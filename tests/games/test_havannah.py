"""Havannah's and Y's wins that seeded random play seldom makes, on small boards, in gdl and
against OpenSpiel: a ring round an empty cell, an enemy stone or an own one; a bridge; a
group touching two sides and a corner, which is no fork, then a fork; Y's corner touching two
sides. White places `white` and Black `black` in turn, White first; the last stone decides.
Havannah's cells are named as OpenSpiel names them (rows counted from the top)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gdl import catalog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))
from tools import oracle  # noqa: E402

def cells(text: str) -> list[str]:
    return text.split()


RING = cells("f5 d5 e4 e6 d4 f6")   # the six cells round e5 (side 5: the centre)
ELSEWHERE = cells("b3 d2 g7 h7 c6 g8")   # Black's stones, apart from everything White makes
ROW4 = cells("a4 b4 c4 d4 e4 f4 g4 h4")   # the left side to the upper right one
CASES = {  # name: (game, size, white, black, won by the last stone)
    "ring round an empty cell": ("havannah", 5, RING, ELSEWHERE[:5], True),
    "ring round an enemy stone": ("havannah", 5, RING, ["e5"] + ELSEWHERE[:4], True),
    "ring round an own stone": ("havannah", 5, ["e5"] + RING, ELSEWHERE, True),
    "five of the ring": ("havannah", 5, RING[:5], ELSEWHERE[:4], False),
    "bridge along a side": ("havannah", 5, cells("a5 b6 c7 d8 e9"), ELSEWHERE[:4], True),
    "two sides and a corner": ("havannah", 5, ROW4 + ["i5"], cells("b2 d2 g7 h7 c6 g8 e7 e2"),
                               False),
    "fork": ("havannah", 5, ROW4 + cells("i5 f5 f6 f7 f8 f9"),
             cells("b2 d2 g7 h7 c6 g8 e7 e2 b3 d6 h8 c2 d7"), True),
    "y along a side from a corner": ("y", 5, cells("a1 a2 a3 a4 a5"), cells("c2 b3 b2 d1"),
                                     True),
}


def played(white: list[str], black: list[str]) -> list[str]:
    moves = [m for pair in zip(white, black) for m in pair]
    return moves + white[len(black):]


@pytest.mark.parametrize("name", CASES)
def test_the_last_stone_decides(name):
    game_name, size, white, black, won = CASES[name]
    assert len(white) == len(black) + 1
    game = catalog.load(game_name, {"size": str(size)})
    moves = played(white, black)
    before = game.moves_after(moves[:-1])
    assert not game.is_terminal(before)
    after = game.moves_after(moves)
    assert game.is_terminal(after) == won
    if won:
        assert game.returns(after) == (1.0, -1.0)   # White


@pytest.mark.peers
@pytest.mark.parametrize("name", CASES)
def test_openspiel_agrees(name):
    import pyspiel
    game_name, size, white, black, won = CASES[name]
    game = catalog.load(game_name, {"size": str(size)})
    spiel = pyspiel.load_game(game_name, {"board_size": size})
    state = oracle.replay_in_spiel(oracle.oracle(game_name), spiel, game, played(white, black))
    assert state.is_terminal() == won
    assert state.returns() == ([1.0, -1.0] if won else [0.0, 0.0])
