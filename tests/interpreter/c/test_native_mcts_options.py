"""The C MCTS's options against their oracles: MCTS-Solver's proofs against the exact
solver's values on seeded positions (as tests/solvers/search/test_mcts_solver.py checks
the Python one), MAST and PPA rollouts repeated for a seed and different from uniform
ones, and the tree kept between searches: a budget split over two calls is the same search
as one call of the whole (the kept random stream and tree), also after re-rooting at a
grandchild, whose statistics come over whole; progressive widening bounding the children
and keeping the proofs right."""

from __future__ import annotations

import functools

import pytest

from gdl import catalog
from gdl.ai.players import AIPlayer
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.exact import solve
from gdl.solvers.search.native_mcts import NativeMCTS
from tests.interpreter.c.test_native import needs_cc
from tests.solvers.search.test_mcts_solver import positions


@functools.cache
def pair(name: str, **options: str):
    python = catalog.load(name, options)
    return python, with_backend(python, "native")


@needs_cc
@pytest.mark.parametrize("widen", [0.0, 0.5])   # with progressive widening too
@pytest.mark.parametrize("name, options, plies", [("tictactoe", {}, range(2, 6)),
                                                  ("connect4", {"width": "4", "height": "4"},
                                                   range(6, 11))])
def test_every_c_proof_is_the_exact_solver_s_value(name, options, plies, widen):
    python, native = pair(name, **options)
    proved = 0
    for state in positions(python, 30, seed=len(name), plies=plies):
        result = NativeMCTS(native, None, seed=1, solver=True, widen=widen).search(
            state, iterations=20_000)
        exact = solve(python, state)
        if result.stats.stopped != "proved":   # a draw, or a loss searched on by plain UCT
            assert exact.value != "win" or result.stats.iterations == 20_000
            continue
        proved += 1
        assert result.value == 1 and exact.value == "win", python.position_text(state)
        after = python.apply(state, result.best_move)   # the move played keeps the win
        mover = python.current_player(state)
        assert python.is_terminal(after) and python.returns(after)[mover] == 1 or \
            solve(python, after).value == ("loss" if python.current_player(after) != mover
                                           else "win")
    assert proved >= 10   # the proofs were made, not only searched for


@needs_cc
def test_a_won_root_stops_and_a_lost_one_is_searched_on():
    python, native = pair("tictactoe")
    state = native.moves_after(["a1", "b1", "a2", "b2"])   # X to move: a3 wins at once
    won = NativeMCTS(native, None, seed=0, solver=True).search(state, iterations=10_000)
    assert won.stats.stopped == "proved" and won.stats.iterations < 10_000
    assert native.move_text(state, won.best_move) == "a3" and won.value == 1
    lost = [s for s in positions(python, 40, seed=9, plies=range(3, 6))
            if solve(python, s).value == "loss" and len(python.legal_moves(s)) > 1]
    assert len(lost) >= 3
    for state in lost:
        result = NativeMCTS(native, None, seed=0, solver=True).search(state, iterations=3000)
        assert result.stats.stopped == "iterations" and result.stats.iterations == 3000
        assert result.stats.root_visits < 3000   # proved lost, then a new tree by plain UCT
        assert result.best_move in python.legal_moves(state) and result.value < 1
    plain = NativeMCTS(native, None, seed=0).search(state, iterations=500)
    assert plain.stats.stopped == "iterations"   # the solver is asked for


@needs_cc
@pytest.mark.parametrize("policy", ["mast", "ppa"])
def test_learnt_rollouts_repeat_for_a_seed_and_change_the_search(policy):
    _, native = pair("connect4")
    runs = [NativeMCTS(native, None, seed=5, evaluate=False, **{policy: rate}).search(
        iterations=4000) for rate in (0.3, 0.3, 0.0)]
    assert runs[0].visits == runs[1].visits and runs[0].value == runs[1].value
    assert runs[0].visits != runs[2].visits   # the learnt policy, not uniform rollouts


@needs_cc
@pytest.mark.parametrize("options", [{}, {"mast": 0.3, "rave": 300.0}, {"solver": True},
                                     {"ppa": 0.5}])
def test_a_kept_tree_goes_on_as_one_search(options):
    _, native = pair("connect4")
    start = native.initial_state()
    split = NativeMCTS(native, None, seed=2, reuse=True, **options)
    split.search(start, iterations=700)
    second = split.search(start, iterations=1300)
    whole = NativeMCTS(native, None, seed=2, reuse=True, **options).search(start,
                                                                          iterations=2000)
    assert second.visits == whole.visits and second.value == whole.value
    assert second.stats.reused == 700 and second.stats.root_visits == 2000
    fresh = NativeMCTS(native, None, seed=2, **options)   # reuse off: each search anew
    fresh.search(start, iterations=700)
    assert fresh.search(start, iterations=1300).stats.reused == 0


@needs_cc
def test_a_grandchild_s_subtree_comes_over_whole():
    _, native = pair("connect4")
    start = native.initial_state()

    def after_two(searcher, budgets):
        first = searcher.search(start, iterations=20_000)
        state = native.apply(start, first.best_move)
        reply = max(native.legal_moves(state), key=lambda m: m != first.best_move)
        state = native.apply(state, reply)
        return [searcher.search(state, iterations=n) for n in budgets]

    one = after_two(NativeMCTS(native, None, seed=4, reuse=True), [1])[0]
    assert one.stats.reused > 100 and one.stats.root_visits == one.stats.reused + 1
    # the root's own first visit, then every visit went down to one of its children
    assert sum(v for _, v in one.visits) == one.stats.root_visits - 1
    split = after_two(NativeMCTS(native, None, seed=4, reuse=True), [300, 900])[1]
    whole = after_two(NativeMCTS(native, None, seed=4, reuse=True), [1200])[0]
    assert split.visits == whole.visits and split.stats.root_visits == whole.stats.root_visits



@needs_cc
def test_two_searchers_on_one_library_keep_their_own_trees():
    _, native = pair("connect4")
    start, later = native.initial_state(), native.moves_after(["d1", "d2"])
    mine, other = (NativeMCTS(native, None, seed=seed, reuse=True) for seed in (4, 9))
    mine.search(start, iterations=1000)
    other.search(later, iterations=50)
    NativeMCTS(native, None, seed=1).search(start, iterations=50)   # one with no tree kept
    again = mine.search(start, iterations=500)
    assert again.stats.reused == 1000 and other.search(later, iterations=5).stats.reused == 50
    whole = NativeMCTS(native, None, seed=4, reuse=True).search(start, iterations=1500)
    assert again.visits == whole.visits   # as if the others had not searched between
    other.reset()   # forgotten: a new tree
    assert other.search(later, iterations=5).stats.reused == 0


@needs_cc
def test_the_ai_keeps_its_c_tree_between_moves():
    _, native = pair("connect4")
    ai = AIPlayer(native, "medium", seed=0, engine="mcts")
    state = native.initial_state()
    for _ in range(3):
        state = native.apply(state, ai.choose(native, state))
    assert ai.last.stats.reused > 0 and ai.last.stats.iterations == 2000


@needs_cc
def test_progressive_widening_bounds_the_children():
    _, native = pair("connect4")
    n = 2000
    found = NativeMCTS(native, None, seed=1, widen=0.05).search(iterations=n)
    assert len(found.visits) == 3 == -(-0.05 * (n + 1) ** 0.5 // 1)   # ceil(W sqrt(n + 1))
    assert len(NativeMCTS(native, None, seed=1).search(iterations=n).visits) == 7


@needs_cc
def test_the_engine_choice_measures_mast_and_the_ai_plays_the_stored_choice():
    from gdl.ai import engine, fitted as use
    python, native = pair("connect4")
    heuristic, weights = use.fitted(python)
    chosen = engine.choose(native, heuristic, 1, 0.01, 0,
                           weights=(list(weights.weights), weights.bias))
    assert chosen["mcts_mast"] in (0.0, engine.MAST_EPSILON) and 0 <= chosen["mast_score"] <= 1
    for name in ("othello", "hex"):   # the bundled files' measured choices
        game = pair(name)[1]
        stored = use.fitted(game)[1].engine["mcts_mast"]
        assert AIPlayer(game, "medium", seed=0, engine="mcts").engine.mast == stored


@needs_cc
def test_gdl_player_keeps_its_c_tree_over_a_game():
    import gdl
    player = gdl.Player("connect4", level="medium", engine="mcts", seed=0, backend="native")
    position = gdl.Position(player.game, [])
    for _ in range(2):   # its move, then the reply (its own choice again, for the test)
        position = gdl.Position(player.game, list(position.moves) + [player.move(position)])
    player.move(position)
    assert isinstance(player.ai.engine, NativeMCTS) and player.ai.last.stats.reused > 0
