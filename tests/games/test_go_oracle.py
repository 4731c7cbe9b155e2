"""Go against OpenSpiel where random play with passes seldom goes: games on small boards in
which neither side passes while it can place, so that they end by OpenSpiel's move limit
(2 x size x size) or by a placement that brings back an earlier board (superko: a draw).
Ply by ply: the same multiset of boards the legal moves lead to, then the same returns."""

from __future__ import annotations

import collections
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from tools import oracle  # noqa: E402


def placing_game(size: int, seed: int) -> tuple:
    import pyspiel
    module = oracle.oracle("go")
    game, spiel = catalog.load("go", {"size": size}), pyspiel.load_game("go", {"board_size": size})
    rng = random.Random(seed)
    ours, theirs = game.initial_state(), spiel.new_initial_state()
    while not theirs.is_terminal():
        assert not game.is_terminal(ours) and game.current_player(ours) == theirs.current_player()
        mine = collections.defaultdict(list)
        for move in game.legal_moves(ours):
            mine[oracle.board_key(game, game.apply(ours, move))].append(move)
        their = collections.defaultdict(list)
        for _, after in oracle.turns(theirs):
            their[module.position(after)].append(after)
        assert {k: len(v) for k, v in mine.items()} == {k: len(v) for k, v in their.items()}
        keys = [k for k in sorted(mine) if k != oracle.board_key(game, ours)] or sorted(mine)
        key = rng.choice(keys)   # a pass only when nothing else is legal
        ours, theirs = game.apply(ours, rng.choice(mine[key])), their[key][0]
    assert game.is_terminal(ours) and tuple(game.returns(ours)) == tuple(theirs.returns())
    return tuple(theirs.returns())


@pytest.mark.parametrize("size, games", [(3, 150), (4, 60)])
def test_games_without_passes_end_as_openspiels_by_superko_or_the_move_limit(size, games):
    results = collections.Counter(placing_game(size, seed) for seed in range(games))
    assert results[(0.0, 0.0)] > 0 and len(results) == 3   # superko draws, and wins for both
