"""UCT in C (gdl_mcts) against its oracles: the exact solver on seeded positions (it plays a
move that keeps the solved value about as often as Python's MCTS at the same budget), the
compiled evaluation scoring cut rollouts to Python's heuristic's last bit, the budgets
(iterations, time, the tree's bound) kept, seeded searches repeated, and the AI choosing
it only on a back end asked for."""

from __future__ import annotations

import functools

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.native_mcts import NativeMCTS
from gdl.ai.players import AIPlayer
from gdl.solvers.search.exact import solve
from gdl.solvers.search.mcts import MCTS
from tests.interpreter.c.test_native import needs_cc
from tests.solvers.search.test_mcts_solver import positions


@functools.cache
def pair(name: str, **options: str):
    python = catalog.load(name, options)
    return python, with_backend(python, "native")


@needs_cc
def test_seeded_searches_repeat_and_every_iteration_is_counted():
    _, native = pair("connect4")
    a = NativeMCTS(native, None, seed=7).search(iterations=5000)
    b = NativeMCTS(native, None, seed=7).search(iterations=5000)
    assert a.visits == b.visits and a.best_move == b.best_move
    assert a.stats.iterations == a.stats.root_visits == 5000 == sum(v for _, v in a.visits)
    assert a.stats.stopped == "iterations"
    assert {m for m, _ in a.visits} == set(native.legal_moves(native.initial_state()))


@needs_cc
def test_it_finds_wins_and_blocks_and_connect_four_s_centre():
    _, native = pair("tictactoe")
    won = native.moves_after(["a1", "b1", "a2", "b2"])   # X to move: a3 wins at once
    blocks = native.moves_after(["a1", "b2", "c3", "c1"])   # O threatens a3: X must block
    for state, move in ((won, "a3"), (blocks, "a3")):
        best = NativeMCTS(native, None, seed=1).search(state, iterations=3000).best_move
        assert native.move_text(state, best) == move
    _, c4 = pair("connect4")
    found = NativeMCTS(c4, None, seed=0).search(iterations=20_000)
    share = dict(found.visits)[found.best_move] / 20_000
    assert c4.move_text(c4.initial_state(), found.best_move) == "d1" and share > 0.6


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("name, options, plies", [("tictactoe", {}, range(2, 6)),
                                                  ("connect4", {"width": "4", "height": "4"},
                                                   range(6, 11))])
def test_its_moves_keep_the_solved_value_as_often_as_pythons(name, options, plies):
    python, native = pair(name, **options)
    kept = {"native": 0, "python": 0}
    states = positions(python, 30, seed=len(name), plies=plies)
    for state in states:
        exact = solve(python, state).score
        mover = python.current_player(state)
        for side, searcher in (("native", NativeMCTS(native, None, seed=1)),
                               ("python", MCTS(python, seed=1))):
            after = python.apply(state, searcher.search(state, iterations=4000).best_move)
            value = python.returns(after)[mover] if python.is_terminal(after) else \
                solve(python, after).score * (1 if python.current_player(after) == mover else -1)
            kept[side] += value == exact
    assert kept["native"] >= kept["python"] - 2 and kept["native"] >= 0.8 * len(states), kept


@needs_cc
def test_cut_rollouts_are_scored_by_the_compiled_evaluation():
    """With rollouts cut at once and one iteration a move, each root move is scored by the
    evaluation of the position it leads to: the best is Python's best to the last bit."""
    python, native = pair("connect4")
    start = python.initial_state()
    n = len(python.legal_moves(start))
    found = NativeMCTS(native, None, seed=0, max_rollout_plies=0).search(iterations=n)
    assert found.value == max(python.heuristic(python.apply(start, m))[0]
                              for m in python.legal_moves(start))
    drawn = NativeMCTS(native, None, evaluate=False, seed=0, max_rollout_plies=0)
    assert drawn.search(iterations=200).value == 0.0   # no evaluation: a cut rollout is a draw


@needs_cc
def test_a_full_tree_stops_growing_not_searching_and_time_is_kept():
    _, native = pair("clobber")
    found = NativeMCTS(native, None, seed=0, max_nodes=50).search(iterations=3000)
    assert found.stats.new_nodes == 50 and found.stats.iterations == 3000
    assert found.best_move in native.legal_moves(native.initial_state())
    timed = NativeMCTS(native, None, seed=0).search(time_limit=0.02)
    assert timed.stats.stopped == "time" and timed.stats.iterations > 0


@needs_cc
def test_the_ai_searches_in_c_only_on_a_back_end_asked_for():
    python, native = pair("clobber")
    assert isinstance(AIPlayer(native, "medium", seed=0, engine="mcts").engine, NativeMCTS)
    assert type(AIPlayer(python, "medium", seed=0, engine="mcts").engine) is MCTS
    ai = AIPlayer(native, "medium", seed=0, engine="mcts")
    state = native.initial_state()
    assert ai.choose(native, state) == AIPlayer(native, "medium", seed=0,
                                                engine="mcts").choose(native, state)
    assert ai.last.stats.iterations == 2000   # medium: 2,000 simulations
