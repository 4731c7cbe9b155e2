"""Threads calling the native back end (issue 28): 4 threads, each playing seeded random
games natively and on Python, every ply's legal moves and state equal; one game object
shared by the threads as well as one per thread. Each thread calls its own copy of the
library (gdl/interpreter/c/instances.py)."""

from __future__ import annotations

import random
import threading

import pytest

from gdl import catalog
from gdl.interpreter.c.game import NativeGame

from tests.interpreter.c.lockstep import lockstep
from tests.interpreter.c.test_native import needs_cc

THREADS = 4


def play(python, native, seed: int, games: int, plies: int) -> int:
    """Seeded random games on both back ends in lock step (an assertion fails at the first
    disagreement); the plies checked."""
    rng = random.Random(seed)
    return sum(len(lockstep(python, native, rng, plies)) - 1 for _ in range(games))


def run_threads(target) -> tuple[list[str], list]:
    """target(i) on THREADS threads at once: (the errors raised, a disagreement's assertion
    among them; each thread's result)."""
    results: list = [None] * THREADS
    errors: list[str] = []

    def work(i: int) -> None:
        try:
            results[i] = target(i)
        except Exception as err:   # an assertion or a crash in a thread is a failure too
            errors.append(repr(err))
    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors, results


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("name,games,plies", [("connect4", 30, 42), ("chess", 3, 80)])
def test_four_threads_each_with_its_game_agree_with_python(name, games, plies):
    python = catalog.load(name)
    errors, counts = run_threads(lambda i: play(python, NativeGame(python, per_call=True),
                                                100 + i, games, plies))
    assert errors == []
    assert min(counts) > 0 and sum(counts) >= THREADS * plies


@needs_cc
def test_four_threads_sharing_one_game_object_agree_with_python():
    python = catalog.load("connect4")
    native = NativeGame(python, per_call=True)
    errors, counts = run_threads(lambda i: play(python, native, 7 + i, 30, 42))
    assert errors == []
    assert min(counts) > 0


@needs_cc
def test_native_loops_on_threads_give_the_single_thread_figures():
    """perft and seeded playouts in C, on 4 threads at once, equal their figures on one."""
    python = catalog.load("othello")
    native = NativeGame(python, per_call=True)
    start = python.initial_state()
    alone = native.native_perft(start, 5), native.native_playouts(start, 200, seed=3)

    def loops(i: int) -> tuple:
        game = NativeGame(python, per_call=True)
        return game.native_perft(start, 5), game.native_playouts(start, 200, seed=3)
    errors, results = run_threads(loops)
    assert errors == [] and alone[0] == 1_396
    assert results == [alone] * THREADS
