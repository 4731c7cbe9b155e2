"""gdl's exact solver against Pascal Pons' Connect Four solver, board by board, on one machine.

    python bench/solve_connect4.py [WxH ...] [--pons DIR] [--repeat N]

For each board: the first player's value (win 1, draw 0, loss -1), nodes and CPU seconds
(the median of --repeat runs, 3 by default, the two sides' runs taking turns) of gdl's C
solver (`gdl.solvers.search.exact.solve` on the native back end, its library loaded
before the clock starts) and of Pons' solver in its weak mode (win, draw or loss, the
question gdl's solver answers), run by our driver (bench/pons/driver.cc) in a process
of its own, whose CPU seconds (its table's allocation included) are counted.
Pons' solver (github.com/PascalPons/connect4) is not part of gdl: the script builds it
from a checkout you give (`--pons DIR` or $PONS_SRC; `git clone
https://github.com/PascalPons/connect4`) in a temporary directory, once per board size,
with its WIDTH and HEIGHT set there, and never copies it anywhere else. Pons' solver
keeps its centre-first column order and its fixed transposition table; no opening
book is read. Prints figures only, then the table again as markdown (docs/native.md).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import process_time

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402

DRIVER = ROOT / "bench" / "pons" / "driver.cc"   # ours: solves one position, weak mode
BOARDS = ["4x4", "5x4", "4x5", "6x4", "5x5", "4x6", "7x4", "6x5", "5x6", "7x5"]


def build_pons(source: Path, width: int, height: int, into: Path) -> Path:
    """Pons' solver for one board size, built in `into` from a copy of `source`."""
    work = into / f"pons_{width}x{height}"
    shutil.copytree(source, work, ignore=shutil.ignore_patterns(".git"))
    position = work / "Position.hpp"
    text = position.read_text()
    text = re.sub(r"WIDTH = \d+;", f"WIDTH = {width};", text)
    text = re.sub(r"HEIGHT = \d+;", f"HEIGHT = {height};", text)
    position.write_text(text)
    binary = work / "c4solver"
    subprocess.run(["g++", "-O3", "-std=c++11", "-I.", "-o", str(binary), str(DRIVER),
                    "Solver.cpp"], cwd=work, check=True, capture_output=True)
    return binary


def run_pons(binary: Path) -> tuple[int, int, float]:
    """(value, nodes, CPU seconds) of the empty board, weak mode."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([str(binary)], input="\n", text=True, capture_output=True,
                          check=True, cwd=binary.parent)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    score, nodes, _micros = (int(x) for x in done.stdout.split())
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return (score > 0) - (score < 0), nodes, cpu


def run_gdl(width: int, height: int) -> tuple[int, int, float]:
    game = with_backend(catalog.load("connect4", {"width": str(width), "height": str(height)}),
                        "native")
    game.ready()   # the library built or loaded before the clock starts
    start = process_time()
    result = solve(game)
    return int(result.score), result.nodes, process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("boards", nargs="*", default=BOARDS)
    parser.add_argument("--pons", default=os.environ.get("PONS_SRC"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pons = Path(args.pons) if args.pons else None
    if pons is None or not (pons / "Solver.cpp").exists():
        print("Pons' solver: give its checkout with --pons DIR or $PONS_SRC; gdl alone:")
        pons = None
    print(f"== Connect Four from the empty board, first player's value; load "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'board':<6} {'gdl':>4} {'gdl nodes':>12} {'gdl cpu s':>9} {'Pons':>5} "
          f"{'Pons nodes':>12} {'Pons cpu s':>10} {'nodes x':>8} {'time x':>7}")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for board in args.boards:
            width, height = (int(x) for x in board.split("x"))
            binary = build_pons(pons, width, height, Path(scratch)) if pons else None
            ours, theirs = [], []
            for _ in range(max(1, args.repeat)):   # taking turns, so both see the same load
                ours.append(run_gdl(width, height))
                if binary is not None:
                    theirs.append(run_pons(binary))
            value, nodes, seconds = ours[0][0], ours[0][1], statistics.median(r[2] for r in ours)
            line = f"{board:<6} {value:>4} {nodes:>12,} {seconds:>9.2f}"
            row = [board, value, nodes, seconds]
            if theirs:
                p_value, p_nodes = theirs[0][:2]
                p_seconds = statistics.median(r[2] for r in theirs)
                agree = "" if p_value == value else "  VALUES DIFFER"
                line += (f" {p_value:>5} {p_nodes:>12,} {p_seconds:>10.2f} "
                         f"{nodes / max(p_nodes, 1):>8.1f} "
                         f"{seconds / max(p_seconds, 1e-6):>7.1f}{agree}")
                row += [p_value, p_nodes, p_seconds]
            print(line, flush=True)
            rows.append(row)
    print()
    print(markdown(rows))


def markdown(rows: list[list]) -> str:
    """The table of docs/native.md: each board's value, nodes and CPU seconds, both sides."""
    words = {1: "win", 0: "draw", -1: "loss"}
    out = ["| board | value | gdl nodes | gdl CPU s | Pons nodes | Pons CPU s | time ratio |",
           "|---|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        board, value, nodes, seconds = row[:4]
        theirs = (f"{row[5]:,} | {row[6]:.2f} | {seconds / max(row[6], 1e-6):.1f}"
                  if len(row) > 4 else "- | - | -")
        agree = "" if len(row) == 4 or row[4] == value else " (Pons: differs)"
        out.append(f"| {board} | {words[value]}{agree} | {nodes:,} | {seconds:.2f} | {theirs} |")
    return "\n".join(out)


if __name__ == "__main__":
    main()
