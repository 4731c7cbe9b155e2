"""Go against OpenSpiel where random play with passes seldom goes: games on small boards in
which neither side passes while it can place, so that they end by OpenSpiel's move limit
(2 x size x size) or by a placement that brings back an earlier board (superko: a draw).
Ply by ply: the same multiset of boards the legal moves lead to, then the same returns."""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from tools import oracle  # noqa: E402


def placing_game(size: int, seed: int) -> tuple:
    """A game where a pass (a move that leaves the board as it was) is played only when
    nothing else is legal; OpenSpiel's returns at its end."""
    import pyspiel
    spiel = pyspiel.load_game("go", {"board_size": size})
    game = catalog.load("go", {"size": size})
    replay = oracle.compare_game("go", seed, max_plies=4 * size * size, game=game, spiel=spiel,
                                 prefer=lambda here, key: key != here)
    assert replay.returns is not None   # it ended, within OpenSpiel's move limit
    return replay.returns


@pytest.mark.peers
@pytest.mark.parametrize("size, games", [(3, 150), (4, 60)])
def test_games_without_passes_end_as_openspiels_by_superko_or_the_move_limit(size, games):
    results = collections.Counter(placing_game(size, seed) for seed in range(games))
    assert results[(0.0, 0.0)] > 0 and len(results) == 3   # superko draws, and wins for both
