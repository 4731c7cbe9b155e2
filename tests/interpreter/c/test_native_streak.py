"""`streak C` (moves in a row after which a condition held) on the native back end against
the Python one and against the small models of the tests beside them: shogi's perpetual
check (the 12-ply sequences of tests/games/test_shogi.py, where the checker loses or the
game draws), a small game whose ends are streaks, and perft through the plies where a
streak decides."""

from __future__ import annotations

import random

import pytest

import gdl
from gdl import catalog
from gdl.catalog import compile_text
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.perft import _perft
from tests.games.test_shogi import CHECKER_LAST, PERPETUAL, PLAIN, SOMETIMES, reference
from tests.interpreter.test_repetition import STREAKS, streaks_reference
from tests.interpreter.c.test_native import needs_cc
from tests.interpreter.c.test_native_history import replay
from tools.oracles.shogi import sfen_position


@pytest.fixture(scope="module")
def shogi():
    python = catalog.load("shogi")
    native = gdl.load("shogi", backend="native")
    assert isinstance(native, NativeGame) and native.lib is not None
    return python, native


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("sfen, texts, final", [
    (*PERPETUAL, (-1.0, 1.0)), (*CHECKER_LAST, (-1.0, 1.0)), (*PLAIN, (0.0, 0.0)),
    (*SOMETIMES, (0.0, 0.0))], ids=["perpetual", "checker-last", "plain", "sometimes"])
def test_shogi_perpetual_check_natively(shogi, sfen, texts, final):
    """Ply by ply, the native state (its streak counts and positions seen) is the Python
    one, from a Python state (its history loaded into the C table) and from the native
    line's own; the returns are the small model's: the checker loses, else a draw."""
    python, native = shogi
    expected = reference(sfen, texts)
    assert len(expected) == len(texts) and expected[-1] == final
    state = line = python.parse_position(sfen_position(sfen))
    for text, want in zip(texts, expected):
        move = python.parse_move(state, text)
        after = python.apply(state, move)
        assert native.apply(state, move) == after, text
        line = native.apply(line, move)
        assert line == after, text
        state = after
        assert (native.returns(state) if native.is_terminal(state) else None) == want
    counts = state[len(python.ir.initial_planes) + python.ir.streak]
    assert (max(counts) >= 6) == (final == (-1.0, 1.0))   # six checks in a row: a loss


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("sfen, texts", [PERPETUAL, SOMETIMES], ids=["perpetual", "sometimes"])
def test_shogi_perft_and_playouts_where_a_streak_decides(shogi, sfen, texts):
    """Nine plies in, three more reach the fourth occurrence: native perft = Python's. One
    ply before it, random games in C are their Python replay, with the checks in a row
    kept and with them forgotten; on the perpetual line forgetting them changes who wins
    (the checker's loss becomes a draw), on the other it changes nothing."""
    python, native = shogi
    state = python.parse_position(sfen_position(sfen))
    for text in texts[:9]:
        state = python.apply(state, python.parse_move(state, text))
    for depth in range(1, 4):
        assert native.native_perft(state, depth) == _perft(python, state, depth), depth
    for text in texts[9:11]:
        state = python.apply(state, python.parse_move(state, text))
    at = len(python.ir.initial_planes) + python.ir.streak
    forgotten = (*state[:at], (0,) * len(state[at]), *state[at + 1:])
    outcomes = []
    for start in (state, forgotten):
        plies, results, _ = replay(python, start, 30, 3, 4, False)
        assert native.native_playouts(start, 30, seed=3, exact=True) == (plies, results)
        outcomes.append(results)
    assert (outcomes[0] != outcomes[1]) == (texts is PERPETUAL[1])


@needs_cc
def test_shogi_random_games_in_c_from_few_pieces(shogi):
    """Seeded random games in C against their replay on Python, from the perpetual-check
    position (a rook giving checks, its streak counted all game) and from bare kings
    (games that end by a fourfold repetition): the same plies and results."""
    python, native = shogi
    ended_by_repetition = 0
    for sfen in (PERPETUAL[0], "4k4/9/9/9/9/9/9/9/4K4 b - 1"):
        state = python.parse_position(sfen_position(sfen))
        plies, results, repeated = replay(python, state, 6, 7, 4, False)
        assert native.native_playouts(state, 6, seed=7, exact=True) == (plies, results), sfen
        ended_by_repetition += repeated
    assert ended_by_repetition


# STREAKS with the positions seen too: a history and four streak counts (more words than a
# plane's) in one state, across the boundary
STREAKS_SEEN = STREAKS + "end: draw if repeated 3\n"


@needs_cc
@pytest.mark.parametrize("texts, last", [
    (("a1-a2", "d2-d1", "a2-b2", "d1-c1", "b2-c2"), "A"),
    (("a1-b1", "d2-d1", "b1-c1", "d1-d2"), "B"),
    (("a1-a2", "d2-d1", "a2-a1", "d1-d2", "a1-a2", "d2-d1", "a2-b2", "d1-d2", "b2-b1",
      "d2-d1", "b1-b2", "d1-c1"), None)])
def test_streak_ends_natively(texts, last):
    """The small game of tests/interpreter/test_repetition.py per call in C: the states are
    Python's and the winner is its model's after every ply."""
    python = compile_text(STREAKS, "streaks.gdl")
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame)
    state = python.initial_state()
    for text, winner in zip(texts, streaks_reference(texts)):
        move = python.parse_move(state, text)
        after = python.apply(state, move)
        assert native.apply(state, move) == after
        state = after
        assert native.is_terminal(state) == (winner is not None)
    assert last is None or native.returns(state) == ((1.0, -1.0) if last == "A"
                                                     else (-1.0, 1.0))


@needs_cc
def test_a_history_beside_streak_counts_loads_whole():
    """A line that brings the start back a third time, each ply applied in C to the Python
    state (its positions seen loaded into the C table each time, the streak counts left
    out of every key but packed at their full length): Python's states, and the draw."""
    python = compile_text(STREAKS_SEEN, "streaks.gdl")
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame) and native.seen is not None
    state = python.initial_state()
    for text in ("a1-a2", "d2-d1", "a2-a1", "d1-d2") * 2:
        move = python.parse_move(state, text)
        after = python.apply(state, move)
        assert native.apply(state, move) == after, text
        state = after
    assert native.is_terminal(state) and native.returns(state) == (0.0, 0.0)


@needs_cc
@pytest.mark.parametrize("rules", [STREAKS, STREAKS_SEEN], ids=["streaks", "with-history"])
def test_streak_games_random_and_perft(rules):
    """Random games in C against their Python replay (both streak ends win games), seeded
    random lines per call, and perft to depth 9, all equal."""
    python = compile_text(rules, "streaks.gdl")
    native = with_backend(python, "native")
    start = python.initial_state()
    plies, results, _ = replay(python, start, 60, 5, 3, False)
    assert native.native_playouts(start, 60, seed=5, exact=True) == (plies, results)
    assert {1, 2} <= set(results)   # A and B win games (result codes 1, 2)
    rng = random.Random(9)
    for _ in range(5):
        state = start
        while not python.is_terminal(state):
            moves = python.legal_moves(state)
            assert native.legal_moves(state) == moves
            move = rng.choice(moves)
            after = python.apply(state, move)
            assert native.apply(state, move) == after
            state = after
    for depth in range(1, 10):
        assert native.native_perft(start, depth) == _perft(python, start, depth), depth
