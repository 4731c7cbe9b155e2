"""Go's eye-keeping playouts (gdl/interpreter/core/playout_eyes.py) against uniform ones,
on the C back end: prints figures, asserts nothing about time.

    python bench/playout_eyes.py [--size 9] [--runs 5]

In this one process, runs taking turns (each figure the median of `--runs`): C playouts a
second from the empty board by mode (0 uniform, 1 eyes by their neighbours, 2 true eyes,
3 true eyes with the atari points first), their plies and results, then the C MCTS's
iterations a second (full playouts, 1 s, from a position 20 plies in), each with its
ratio to mode 0. Then Python's playouts (`legal_moves` against `playout_moves`).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.native_mcts import NativeMCTS  # noqa: E402

MODES = (0, 1, 2, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="9")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    python = catalog.load("go", {"size": args.size})
    native = with_backend(python, "native")
    start = native.initial_state()
    rng, state = random.Random(4), start
    for _ in range(20):
        state = python.apply(state, rng.choice(python.playout_moves(state)))
    print(f"go {args.size}x{args.size}, load {os.getloadavg()[0]:.1f}")
    rates: dict[int, list[float]] = {m: [] for m in MODES}
    iterations: dict[int, list[float]] = {m: [] for m in MODES}
    plies: dict[int, int] = {}
    for run in range(args.runs):
        for mode in MODES:
            began = perf_counter()
            found = native.native_playouts(start, 200, seed=run + 1, eyes=mode)
            assert found is not None
            rates[mode].append(200 / (perf_counter() - began))
            plies[mode] = found[0] // 200
            tree = NativeMCTS(native, None, evaluate=False, seed=run, time_limit=1.0,
                              max_rollout_plies=10_000, eyes=mode)
            iterations[mode].append(tree.search(state).stats.iterations)
    for mode in MODES:
        rate, its = statistics.median(rates[mode]), statistics.median(iterations[mode])
        print(f"mode {mode}: {rate:,.0f} playouts/s ({rate / statistics.median(rates[0]):.2f}"
              f" of mode 0), {plies[mode]} plies each; MCTS {its:,.0f} iterations/s "
              f"({its / statistics.median(iterations[0]):.2f})")
    for name, moves in (("legal_moves", python.legal_moves),
                        ("playout_moves", python.playout_moves)):
        rng, began, games = random.Random(1), perf_counter(), 3
        for _ in range(games):
            s = python.initial_state()
            while not python.is_terminal(s):
                s = python.apply(s, rng.choice(moves(s)))
        print(f"Python, {name}: {games / (perf_counter() - began):.1f} playouts/s")


if __name__ == "__main__":
    main()
