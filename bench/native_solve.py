"""The exact solver in C against Python's, in one process: value, nodes, seconds and nodes
per second of `gdl.solvers.search.exact.solve` on each back end, from the start.

    python bench/native_solve.py [--runs N] [--big]

Each figure is the median of N runs, the back ends taking turns. --big adds the boards
only the C solver finishes in minutes (Connect Four 6x5; Python's solver stops at its
3,000,000 stored positions there, and took 565 s and 11 GB without that bound, measured
once on 1 December 2026). The two solvers order moves alike but their tables differ
(C: two-way buckets of bounded memory; Python: a dict), so their node counts differ a
little. Prints figures only; nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402

BOARDS = [("tictactoe", {}), ("nim", {}), ("dots_and_boxes", {}),
          ("breakthrough", {"width": "5", "height": "4"}), ("hex", {"size": "4"}),
          ("connect4", {"width": "4", "height": "4"}), ("connect4", {"width": "5", "height": "4"}),
          ("connect4", {"width": "5", "height": "5"}), ("connect4", {"width": "6", "height": "4"})]
BIG = [("connect4", {"width": "6", "height": "5"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big", action="store_true")
    args = parser.parse_args()
    print(f"== exact solver: C (gdl_solve) against Python (ExactSolver), medians of {args.runs}; "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"{'game':<22} {'value':>5} {'C nodes':>11} {'C s':>7} {'C nodes/s':>11} "
          f"{'py nodes':>10} {'py s':>7} {'py nodes/s':>10} {'C/py time':>9} {'per node':>8}")
    for name, options in BOARDS + (BIG if args.big else []):
        python = catalog.load(name, options)
        native = with_backend(python, "native")
        big = (name, options) in BIG
        c_runs, py_runs = [], []
        for _ in range(1 if big else args.runs):
            c_runs.append(solve(native, node_limit=None))
            if not big:
                py_runs.append(solve(python, node_limit=None))
        label = name + ("" if not options else " " + "x".join(options.values()))
        c = c_runs[0]
        c_s = statistics.median(r.seconds for r in c_runs)
        line = f"{label:<22} {c.value:>5} {c.nodes:>11,} {c_s:>7.3f} {c.nodes / c_s:>11,.0f}"
        if py_runs:
            py = py_runs[0]
            assert py.value == c.value, (label, py.value, c.value)   # the oracle
            py_s = statistics.median(r.seconds for r in py_runs)
            line += (f" {py.nodes:>10,} {py_s:>7.3f} {py.nodes / py_s:>10,.0f} "
                     f"{py_s / c_s:>9.1f} {(py_s / py.nodes) / (c_s / c.nodes):>8.1f}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
