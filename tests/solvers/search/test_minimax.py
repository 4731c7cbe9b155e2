"""Plain minimax: the reference figures and the capability check."""

from __future__ import annotations

import pytest

from gdl.errors import SolverError
from tests.references.games import ConnectFour, Nim, TicTacToe
from gdl.solvers.search.evaluation import WIN
from gdl.solvers.search.minimax import minimax


class ThreePlayers:
    name, players, zero_sum = "three", ("a", "b", "c"), True


def test_tictactoe_full_tree():
    r = minimax(TicTacToe())
    assert r.nodes == 549946
    assert r.value == 0.0 and r.best_move == 0


def test_nim_values_follow_distance():
    # Heaps (1, 1): whatever the first player takes, the second takes the last: loss in 2.
    r = minimax(Nim((1, 1)))
    assert r.value == -(WIN - 2) and r.nodes == 5
    # Heap (3): take all at once, a win in 1.
    r = minimax(Nim((3,)))
    assert r.value == WIN - 1 and r.best_move == (0, 3)


def test_depth_limit_uses_the_heuristic():
    g = ConnectFour()
    r = minimax(g, depth=1)
    children = [g.apply(g.initial_state(), m) for m in range(7)]
    assert r.value == max(-g.heuristic(c)[1] for c in children)
    assert r.nodes == 8 and r.best_move == 3


def test_terminal_root():
    g = Nim((0,))
    r = minimax(g)
    assert r.best_move is None and r.value == -WIN and r.nodes == 1


def test_refuses_other_games():
    with pytest.raises(SolverError, match="two-player zero-sum"):
        minimax(ThreePlayers())
