"""Exact solving: known values, both methods, progress, limits."""

from __future__ import annotations

import itertools
import random

import pytest

from gdl.errors import SolverError
from tests.references.games import ConnectFour, Nim, TicTacToe
from gdl.solvers.search.exact import ExactSolver, solve
from gdl.solvers.search.minimax import minimax


def test_tictactoe_is_a_draw_by_both_methods():
    for method in ("alphabeta", "memo"):
        r = solve(TicTacToe(), method=method)
        assert (r.value, r.score, r.method) == ("draw", 0.0, method)
        assert r.best_move in range(9)


@pytest.mark.slow
def test_connect_four_4x4_is_a_draw():
    r = solve(ConnectFour(4, 4, 4))
    print("connect4 4x4:", r.nodes, "nodes", round(r.seconds, 3), "s")
    assert r.value == "draw" and r.nodes <= 17456
    memo = solve(ConnectFour(4, 4, 4), method="memo")
    print("connect4 4x4 (memo):", memo.nodes, "nodes", memo.table_size, "positions")
    assert memo.value == "draw" and memo.nodes <= 152348


def test_nim_sum_rule_on_every_small_position():
    for n in (1, 2, 3):
        for heaps in itertools.product(range(6), repeat=n):
            nim_sum = 0
            for h in heaps:
                nim_sum ^= h
            r = solve(Nim(heaps))
            assert r.value == ("win" if nim_sum else "loss"), heaps
            if nim_sum:  # the winning move leaves a zero nim-sum
                g = Nim(heaps)
                after = g.apply(g.initial_state(), r.best_move)
                left = 0
                for h in after[:-2]:
                    left ^= h
                assert left == 0


@pytest.mark.slow
def test_best_moves_keep_the_value():
    g = ConnectFour(4, 4, 4)
    solver = ExactSolver(g)  # one table for every position
    rng = random.Random(2)
    for _ in range(40):
        state = g.initial_state()
        for _ in range(rng.randint(6, 12)):
            if g.is_terminal(state):
                break
            state = g.apply(state, rng.choice(g.legal_moves(state)))
        if g.is_terminal(state):
            continue
        r = solver.solve(state)
        child = solver.solve(g.apply(state, r.best_move))
        assert r.score == -child.score
        truth = minimax(g, state).value
        assert r.value == ("win" if truth > 0 else "loss" if truth < 0 else "draw")


def test_progress_is_reported():
    seen = []
    r = solve(ConnectFour(4, 4, 4), progress=seen.append, progress_every=1000)
    assert len(seen) == r.nodes // 1000
    assert [p.nodes for p in seen] == [1000 * (i + 1) for i in range(len(seen))]
    assert all(p.table_size > 0 and p.nodes_per_second > 0 for p in seen)


def test_limits_and_capabilities():
    with pytest.raises(SolverError, match="not solved within 100 nodes"):
        solve(ConnectFour(4, 4, 4), node_limit=100)

    class ThreePlayers:
        name, players, zero_sum = "three", ("a", "b", "c"), True

    with pytest.raises(SolverError, match="two-player zero-sum"):
        ExactSolver(ThreePlayers())
    with pytest.raises(ValueError):
        ExactSolver(TicTacToe(), method="magic")


def test_terminal_root_and_json():
    r = solve(Nim((0,)))
    assert (r.value, r.best_move, r.nodes) == ("loss", None, 1)
    data = solve(Nim((1, 2))).to_json()
    assert data["value"] == "win" and data["best_move"] == "(1, 1)"
