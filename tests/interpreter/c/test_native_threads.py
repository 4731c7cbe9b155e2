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

from tests.interpreter.c.test_native import needs_cc

THREADS = 4


def play(python, native, seed: int, games: int, plies: int, failures: list) -> int:
    """Seeded random games on both back ends; every disagreement goes to `failures`."""
    rng, checked = random.Random(seed), 0
    for _ in range(games):
        state = python.initial_state()
        for _ in range(plies):
            moves = list(python.legal_moves(state))
            if not moves:
                break
            if list(native.legal_moves(state)) != moves:
                failures.append((seed, "moves", state))
                return checked
            move = rng.choice(moves)
            after = python.apply(state, move)
            if native.apply(state, move) != after:
                failures.append((seed, "apply", state, move))
                return checked
            state, checked = after, checked + 1
    return checked


def run_threads(target) -> tuple[list, list[int]]:
    failures: list = []
    counts = [0] * THREADS
    errors: list = []

    def work(i: int) -> None:
        try:
            counts[i] = target(i, failures)
        except Exception as err:   # a crash in a thread is a failure too
            errors.append(repr(err))
    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return failures + errors, counts


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("name,games,plies", [("connect4", 30, 42), ("chess", 3, 80)])
def test_four_threads_each_with_its_game_agree_with_python(name, games, plies):
    python = catalog.load(name)

    def target(i, failures):
        return play(python, NativeGame(python, per_call=True), 100 + i, games, plies,
                    failures)
    failures, counts = run_threads(target)
    assert failures == []
    assert min(counts) > 0 and sum(counts) >= THREADS * plies


@needs_cc
def test_four_threads_sharing_one_game_object_agree_with_python():
    python = catalog.load("connect4")
    native = NativeGame(python, per_call=True)
    failures, counts = run_threads(lambda i, failures: play(python, native, 7 + i, 30, 42,
                                                            failures))
    assert failures == []
    assert min(counts) > 0


@needs_cc
def test_native_loops_on_threads_give_the_single_thread_figures():
    """perft and seeded playouts in C, on 4 threads at once, equal their figures on one."""
    python = catalog.load("othello")
    native = NativeGame(python, per_call=True)
    start = python.initial_state()
    alone = native.native_perft(start, 5), native.native_playouts(start, 200, seed=3)
    results: list = [None] * THREADS

    def work(i: int) -> None:
        game = NativeGame(python, per_call=True)
        results[i] = game.native_perft(start, 5), game.native_playouts(start, 200, seed=3)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert alone[0] == 1_396
    assert results == [alone] * THREADS
