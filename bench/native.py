"""The native back end against the Python one and OpenSpiel's C++ through pyspiel, in one
process: random playouts per second from the start, perft nodes per second, and the time
to generate and compile the C source and to load it from the cache.

    python bench/native.py [NAME ...] [--seconds S] [--runs N] [--perft-depth D]

Each figure is the median of RUNS runs, the sides taking turns in every run (so a change
of machine load touches all alike). The native playouts run wholly in C (gdl.interpreter.c:
`native_playouts`); the Python and OpenSpiel ones are the loops of gdl.cli.speed.playout_rate
and bench/openspiel_peers.py (a Python loop choosing each move). Every side draws each move
uniformly from the legal ones, but the native playouts ask a legality filter (chess,
shogi, go) only of the candidates they draw and make a move of stages (amazons, pentago)
stage by stage, while the others list every legal move: column "exact/s" is native
drawing from the whole list too (the games a replay on Python makes), and "ex/py" its
ratio to the Python back end, the two languages at equal work.
OpenSpiel counts an amazons move as three actions: its playouts/s still compare whole
games. Perft nodes/s: native at one ply deeper than Python (columns "perft d" is
Python's depth), each counted over the whole tree it walks divided by its time; the cache
hit is found by the IR's key (gdl/interpreter/c/build.py), with no C source generated.
Prints figures only; nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.game import NativeGame  # noqa: E402
from gdl.interpreter.c.support import Unsupported  # noqa: E402
from gdl.solvers.search.perft import _perft  # noqa: E402
from gdl.cli.speed import playout_rate  # noqa: E402

GAMES = ("tictactoe", "connect4", "breakthrough", "clobber", "othello", "draughts", "uttt",
         "gomoku", "hex", "dots_and_boxes", "amazons", "pentago", "chess", "go", "mancala",
         "nine_mens_morris", "antichess", "lines_of_action", "shogi", "nim")
# OpenSpiel's game and parameters for gdl's default options (None: no peer)
SPIEL = {"tictactoe": ("tic_tac_toe", {}), "connect4": ("connect_four", {}),
         "breakthrough": ("breakthrough", {}), "clobber": ("clobber", {}),
         "othello": ("othello", {}), "draughts": ("checkers", {}),
         "uttt": ("ultimate_tic_tac_toe", {}), "gomoku": ("gomoku", {}),
         "hex": ("hex", {"board_size": 11}), "dots_and_boxes": ("dots_and_boxes", {}),
         "amazons": ("amazons", {}), "pentago": ("pentago", {}), "mancala": ("mancala", {}),
         "nine_mens_morris": ("nine_mens_morris", {}), "chess": ("chess", {}),
         "antichess": ("antichess", {}), "go": ("go", {"board_size": 9}),
         "lines_of_action": ("lines_of_action", {}), "shogi": ("shogi", {}),
         "nim": ("nim", {"pile_sizes": "3;4;5", "is_misere": False})}
# gdl's options for the rules the peer plays (draughts: OpenSpiel's checkers)
OPTIONS = {"draughts": {"openspiel": "1"}}
PERFT_DEPTH = {"tictactoe": 5, "connect4": 5, "breakthrough": 3, "clobber": 3, "othello": 5,
               "draughts": 5, "uttt": 3, "gomoku": 2, "hex": 2, "dots_and_boxes": 3}


def compile_times(game) -> tuple[float, float]:
    """(seconds to generate and build in an empty cache, seconds to load from the cache)."""
    old = os.environ.get("XDG_CACHE_HOME")
    with tempfile.TemporaryDirectory() as fresh:
        os.environ["XDG_CACHE_HOME"] = fresh
        try:
            start = perf_counter()
            NativeGame(game)
            built = perf_counter() - start
            start = perf_counter()
            from gdl.interpreter.c import instances
            instances.forget()   # a new process's first load
            NativeGame(game)
            hit = perf_counter() - start
        finally:
            if old is None:
                os.environ.pop("XDG_CACHE_HOME", None)
            else:
                os.environ["XDG_CACHE_HOME"] = old
    return built, hit


class ExactDraws:
    """A native game whose C playouts draw each move from the whole legal list."""

    def __init__(self, native: NativeGame):
        self.initial_state = native.initial_state
        self.native_playouts = functools.partial(native.native_playouts, exact=True)


def perft_rate(count_fn, state, depth: int) -> tuple[int, float]:
    start = perf_counter()
    count = count_fn(state, depth)
    return count, count / max(perf_counter() - start, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    from openspiel_peers import spiel_playouts
    print(f"== playouts/s: native (C loop), Python back end, OpenSpiel via pyspiel; medians of "
          f"{args.runs} interleaved runs of {args.seconds:g} s; load: {os.getloadavg()[0]:.1f}")
    head = (f"{'game':<17} {'native/s':>11} {'exact/s':>11} {'python/s':>9} {'pyspiel/s':>10} "
            f"{'per-call/s':>10} {'nat/py':>7} {'ex/py':>6} "
            f"{'nat/spiel':>9} {'perft d':>7} {'nat nodes/s':>12} {'py nodes/s':>11} "
            f"{'build s':>7} {'hit ms':>6}")
    print(head)
    for name in args.games or GAMES:
        python = catalog.load(name, OPTIONS.get(name))
        try:
            native = NativeGame(python)
        except Unsupported as err:
            print(f"{name:<17} python only: no code yet for {err}")
            continue
        except AttributeError:
            print(f"{name:<17} python only: not a board game of the core IR")
            continue
        spiel = None
        if pyspiel is not None and name in SPIEL:
            spiel = pyspiel.load_game(SPIEL[name][0], SPIEL[name][1])
        per_call = NativeGame(python, per_call=True)
        per_call.native_playouts = None  # type: ignore[assignment]  # the protocol's calls
        exact = ExactDraws(native)
        ours, exacts, theirs, spiels, calls = [], [], [], [], []
        for seed in range(1, args.runs + 1):
            ours.append(playout_rate(native, args.seconds, seed)[0])
            exacts.append(playout_rate(exact, args.seconds, seed)[0])
            theirs.append(playout_rate(python, args.seconds, seed)[0])
            calls.append(playout_rate(per_call, args.seconds, seed)[0])
            if spiel is not None:
                spiels.append(spiel_playouts(spiel, args.seconds, seed)[0])
        nat, py = statistics.median(ours), statistics.median(theirs)
        whole = statistics.median(exacts)
        sp = statistics.median(spiels) if spiels else None
        depth = PERFT_DEPTH.get(name, 2)
        state = python.initial_state()
        _, native_nodes = perft_rate(native.native_perft, state, depth + 1)
        _, python_nodes = perft_rate(functools.partial(_perft, python), state, depth)
        built, hit = compile_times(python)
        spiel_text = f"{sp:>10,.0f}" if sp else f"{'-':>10}"
        ratio = f"{nat / sp:>9.1f}" if sp else f"{'-':>9}"
        print(f"{name:<17} {nat:>11,.0f} {whole:>11,.0f} {py:>9,.0f} {spiel_text} "
              f"{statistics.median(calls):>10,.0f} {nat / py:>7.0f} {whole / py:>6.0f} {ratio} "
              f"{depth:>7} {native_nodes:>12,.0f} {python_nodes:>11,.0f} {built:>7.2f} "
              f"{1000 * hit:>6.1f}")


if __name__ == "__main__":
    main()
