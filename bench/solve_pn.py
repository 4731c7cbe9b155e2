"""Proof-number search (df-pn) against the exact alpha-beta solver, game by game.

    python bench/solve_pn.py [NAME:OPT=V,OPT=V ...] [--repeat N] [--limit SECONDS]

For each game, from the start: the value, then the nodes and CPU seconds (the median of
--repeat runs, 3 by default, the two solvers' runs taking turns) of
    pn          gdl.solvers.search.pns (df-pn),
    alphabeta   gdl.solvers.search.exact's "alphabeta",
both on the Python-compiled game (catalog.load: the same move generation, so the ratio is
the algorithms') and both in C (gdl.load's native game, its library built before the
clock starts: gdl_pns, plain df-pn, against gdl_solve, which adds zero-window probes,
threat and centre ordering and enhanced transposition cutoffs). A run stopped by --limit
(seconds of wall time, default 60) shows as ">". A node is not the same work in both:
df-pn counts positions whose moves it generated (each child applied and tested for the
end), alpha-beta every position it entered, table hits and immediate wins included; the
seconds are the measure.
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
SOLVERS = [("py", "pn"), ("py", "alphabeta"), ("c", "pn"), ("c", "alphabeta")]
CASES = ["hex:size=4", "hex:size=5", "clobber:width=4,height=4", "clobber:width=5,height=4",
         "breakthrough:width=5,height=4", "breakthrough:width=6,height=4",
         "gomoku:width=4,height=4,k=3", "gomoku:width=5,height=4,k=4",
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
    """Each back end's pn and alphabeta runs (taking turns), as medians."""
    name, options = parse_case(text)
    python = catalog.load(name, options)
    native = gdl.load(name, **options)
    if hasattr(native, "ready"):
        native.ready()   # the library built before the clock starts
    row: dict = {"game": text}
    for side, game in (("py", python), ("c", native)):
        runs: dict[str, list[tuple[str, int, float]]] = {"pn": [], "alphabeta": []}
        for _ in range(repeat):
            for method in runs:
                runs[method].append(run(game, method, limit))
        for method, got in runs.items():
            values = {v for v, _, _ in got}
            row[side, method] = (values.pop() if len(values) == 1 else "/".join(sorted(values)),
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
        print(f"{text}: {value_of(row)}; " + "; ".join(
            f"{side} {method} {cell(row[side, method])}" for side, method in SOLVERS)
            + f"; alphabeta s / pn s: Python {ratio(row['py', 'pn'], row['py', 'alphabeta'])},"
            f" C {ratio(row['c', 'pn'], row['c', 'alphabeta'])}", flush=True)
    print("\n| game | value | Python pn nodes / CPU s | Python alphabeta | ab/pn | "
          "C pn | C alphabeta | ab/pn |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['game']} | {value_of(row)} | {cell(row['py', 'pn'])} | "
              f"{cell(row['py', 'alphabeta'])} | {ratio(row['py', 'pn'], row['py', 'alphabeta'])} "
              f"| {cell(row['c', 'pn'])} | {cell(row['c', 'alphabeta'])} | "
              f"{ratio(row['c', 'pn'], row['c', 'alphabeta'])} |")


def value_of(row: dict) -> str:
    return next((row[k][0] for k in SOLVERS if ">" not in row[k][0]), "unknown")


if __name__ == "__main__":
    main()
