"""Proof-number search (df-pn) against the exact alpha-beta solver, game by game.

    python bench/solve_pn.py [NAME:OPT=V,OPT=V ...] [--repeat N] [--limit SECONDS]

For each game, from the start: the value, then the nodes and CPU seconds (the median of
--repeat runs, 3 by default, the two solvers' runs taking turns) of
    pn          gdl.solvers.search.pns (df-pn, Python),
    alphabeta   gdl.solvers.search.exact's "alphabeta" (Python),
both on the same Python-compiled game (catalog.load: equal move generation, so the ratio
is the algorithms'), and, as a reference, the exact solver in C (gdl.load's native game,
library built before the clock starts). A run stopped by --limit (seconds of wall time,
default 60) shows as ">". A node is not the same work in both: df-pn counts positions
whose moves it generated (each child applied and tested for the end), alpha-beta every
position it entered, table hits and immediate wins included; the seconds are the measure.
Prints figures only, then the table again as markdown (docs/solve.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from time import process_time

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import gdl  # noqa: E402
from gdl import catalog  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402
from gdl.solvers.search.solved import SolveLimit  # noqa: E402

# Wide games won by narrow lines, where proof numbers should help; then draws, where they
# should not (both searches must be finished).
CASES = ["hex:size=4", "hex:size=5", "clobber:width=4,height=4", "clobber:width=5,height=4",
         "breakthrough:width=5,height=4", "breakthrough:width=6,height=4",
         "gomoku:width=4,height=4,k=3", "gomoku:width=5,height=5,k=4",
         "connect4:width=4,height=4", "connect4:width=5,height=4",
         "gomoku:width=4,height=4,k=4"]


def parse_case(text: str) -> tuple[str, dict[str, str]]:
    name, _, opts = text.partition(":")
    return name, dict(pair.split("=", 1) for pair in opts.split(",") if pair)


def run(game, method: str, limit: float) -> tuple[str, int, float]:
    """(value or ">", nodes, CPU seconds) of one solve from the start."""
    start = process_time()
    try:
        result = solve(game, method=method, time_limit=limit)
    except SolveLimit as stop:
        return ">", stop.nodes, process_time() - start
    return result.value, result.nodes, process_time() - start


def measure(text: str, repeat: int, limit: float) -> dict:
    name, options = parse_case(text)
    python = catalog.load(name, options)
    runs: dict[str, list[tuple[str, int, float]]] = {"pn": [], "alphabeta": []}
    for _ in range(repeat):
        for method in runs:
            runs[method].append(run(python, method, limit))
    native = gdl.load(name, **options)
    if hasattr(native, "ready"):
        native.ready()   # the library built before the clock starts
    c_runs = [run(native, "alphabeta", limit) for _ in range(repeat)]
    row: dict = {"game": text}
    for method, got in list(runs.items()) + [("c", c_runs)]:
        values = {v for v, _, _ in got}
        row[method] = (values.pop() if len(values) == 1 else "/".join(sorted(values)),
                       int(statistics.median(n for _, n, _ in got)),
                       statistics.median(s for _, _, s in got))
    return row


def ratio(pn: tuple[str, int, float], ab: tuple[str, int, float]) -> str:
    """alphabeta's seconds over pn's; ">" or "<" when one of them was stopped."""
    if pn[0] == ">" and ab[0] == ">":
        return "?"
    mark = "<" if pn[0] == ">" else ">" if ab[0] == ">" else ""
    return f"{mark}{ab[2] / max(pn[2], 1e-9):.2f}"


def cell(figures: tuple[str, int, float]) -> str:
    value, nodes, seconds = figures
    mark = ">" if value == ">" else ""
    return f"{mark}{nodes:,} / {mark}{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", default=CASES)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=float, default=60.0)
    args = parser.parse_args()
    rows = []
    for text in args.cases:
        row = measure(text, args.repeat, args.limit)
        rows.append(row)
        pn, ab = row["pn"], row["alphabeta"]
        value = next((r[0] for r in (pn, ab, row["c"]) if r[0] != ">"), "unknown")
        print(f"{text}: {value}; pn {cell(pn)}; alphabeta {cell(ab)}; alphabeta/pn time "
              f"{ratio(pn, ab)}x; C alphabeta {cell(row['c'])}", flush=True)
    print("\n| game | value | pn nodes / CPU s | alphabeta nodes / CPU s | "
          "alphabeta s / pn s | C alphabeta nodes / CPU s |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        pn, ab = row["pn"], row["alphabeta"]
        value = next((r[0] for r in (pn, ab, row["c"]) if r[0] != ">"), "unknown")
        print(f"| {row['game']} | {value} | {cell(pn)} | {cell(ab)} | {ratio(pn, ab)} | "
              f"{cell(row['c'])} |")


if __name__ == "__main__":
    main()
