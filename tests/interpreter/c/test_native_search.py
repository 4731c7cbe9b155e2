"""The AI's search in C (gdl_search) and its compiled evaluation against Python's, their
oracles: every feature and the derived heuristic equal to the last bit over seeded random
games; fixed-depth alpha-beta values equal to Python's plain alpha-beta; the budgets
(nodes, time) kept; and the AI choosing it unless Python is asked for."""

from __future__ import annotations

import ctypes
import functools
import random

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta, native_searcher
from gdl.ai.players import AIPlayer
from gdl.solvers.search.alphabeta import AlphaBeta, Ordering
from gdl.ai.fitted import compiled_weights, features_of, fitted

from tests.interpreter.c.test_native import needs_cc
from tests.marks import cases

# every kind of signal: lines, material (with promotion's promise), mobility, advancement,
# confinement, connection, counts, gathering, margin (go); fitted features on the games with
# weights
GAMES = ("connect4", "othello", "breakthrough", "hex", "clobber", "chess", "mancala", "amazons",
         "lines_of_action", "shogi", "nine_mens_morris", "dots_and_boxes", "go")


@functools.cache
def pair(name: str):
    python = catalog.load(name)
    return python, with_backend(python, "native")


def positions(game, plies: int, seed: int, every: int = 1) -> list[tuple]:
    rng, state, out = random.Random(seed), game.initial_state(), []
    for ply in range(plies):
        if game.is_terminal(state):
            break
        if ply % every == 0:
            out.append(state)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return out


@needs_cc
@pytest.mark.parametrize("name", cases(GAMES, {"shogi"}))
def test_evaluation_in_c_is_pythons_to_the_last_bit(name):
    python, native = pair(name)
    lib = native.lib
    names, features = features_of(python)
    weights = [0.25 * (i + 1) for i in range(len(names))]
    out = (ctypes.c_double * len(names))()
    for state in positions(python, 80, seed=len(name)):
        raw = native.pack(state)
        assert lib.gdl_eval_set(0, None, 0, 0.0) == 0
        assert lib.gdl_evaluate(raw) == python.heuristic(state)[python.current_player(state)]
        assert lib.gdl_features(raw, out) == len(names)
        assert list(out) == features(state), name
        assert lib.gdl_eval_set(1, (ctypes.c_double * len(weights))(*weights), len(weights),
                                0.1) == 0


@needs_cc
@pytest.mark.parametrize("name, depths", cases([
    ("connect4", 4), ("othello", 3), ("breakthrough", 3), ("clobber", 3), ("mancala", 4),
    ("chess", 2), ("dots_and_boxes", 4), ("nine_mens_morris", 3), ("go", 2)],
    {("breakthrough", 3), ("go", 2)}))
def test_fixed_depth_values_equal_pythons_alphabeta(name, depths):
    """Without a table the root's value is the minimax value whatever the move order: the
    C search and Python's plain alpha-beta must give the same float."""
    python, native = pair(name)
    found = fitted(python)
    for mode in ("derived", "fitted") if compiled_weights(found) else ("derived",):
        weights = compiled_weights(found) if mode == "fitted" else None
        heuristic = found[0] if found and mode == "fitted" else python.heuristic

        def evaluate(s, heuristic=heuristic):
            return heuristic(s)[python.current_player(s)]
        for state in positions(python, 30, seed=3, every=6):
            for depth in range(1, depths + 1):
                c = NativeAlphaBeta(native, weights, depth=depth, table=False).search(state)
                py = AlphaBeta(python, table=None, depth=depth, iterative=False,
                               ordering=Ordering.none(), evaluate=evaluate).search(state)
                assert c.value == py.value, (name, mode, depth)
                assert c.best_move in python.legal_moves(state)


@needs_cc
def test_the_budgets_are_kept():
    python, native = pair("othello")
    state = python.initial_state()
    r = NativeAlphaBeta(native, None, max_nodes=5_000).search(state)
    assert r.stats.stopped == "nodes" and 5_000 <= r.stats.nodes <= 5_001
    assert r.best_move in python.legal_moves(state)
    r = NativeAlphaBeta(native, None, time_limit=0.05).search(state)
    assert r.stats.stopped == "time" and r.stats.depth >= 3   # how close to it: bench/budgets.py
    r = NativeAlphaBeta(native, None, time_limit=0.0).search(state)   # a first ply still
    assert r.best_move in python.legal_moves(state)
    # a lost position is seen as lost, and how soon: O cannot stop both b1 and f1
    connect4, c4 = pair("connect4")
    state = connect4.initial_state()
    for move in ("d1", "d2", "e1", "e2", "c1"):
        state = connect4.apply(state, connect4.parse_move(state, move))
    r = NativeAlphaBeta(c4, None, time_limit=0.2).search(state)
    assert r.value == -(1_000_000 - 2) and r.outcome == "loss"


@needs_cc
def test_the_ai_searches_in_c_unless_python_is_asked_for(capsys):
    python = catalog.load("breakthrough")
    for backend in ("native", "auto", None):   # None: the commands' default
        assert isinstance(AIPlayer(with_backend(python, backend), time_per_move=0.05).engine,
                          NativeAlphaBeta)
    assert with_backend(python, "python") is python
    assert isinstance(AIPlayer(python, time_per_move=0.05).engine, AlphaBeta)
    assert native_searcher(python, None) is None
    assert capsys.readouterr().err == ""
    # Tablut has no derived heuristic: its AI keeps Python's mobility fallback, and says so
    tablut = with_backend(catalog.load("tablut"))
    for _ in range(2):
        assert isinstance(AIPlayer(tablut, time_per_move=0.05, evaluation="derived").engine,
                          AlphaBeta)
    assert capsys.readouterr().err.count("the AI searches on Python: the game has no") == 1
