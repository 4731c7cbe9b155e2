"""Constraint-puzzle speed: the top95 Sudoku set against a plain hand-written MRV
backtracker, then nonogram, KenKen, Kakuro and skyscrapers solve times, in one run.

Every figure is the median wall time of --reps runs of one solve that also proves
uniqueness (count to 2, as `gdl solve` does), through the rules language (the bundled
`sudoku` file with each puzzle as its givens). A set's total is the sum of the puzzles'
medians and its worst the largest. Each method's solutions and counts are checked equal
to the reference's; a disagreement stops the run.

Methods: `mrv` (the hand-written reference below: bit masks, the empty cell with the
fewest candidates first, no other inference); gdl's `propagate` (our propagation at every
node: the default, what `auto` picks), `library+propagate` (our propagation, then
python-constraint with it), `library` (python-constraint alone) and `backtrack` (gdl's
generic reference). The last two are slow on hard Sudokus: they run once, with a time
limit per puzzle, on the first --sample puzzles (--slow: all 95).

    python bench/constraint_puzzles.py [--reps 3] [--sample 10] [--slow] [--limit 20]

The top95 list (Guenter Stertenbrink's, as Peter Norvig's Sudoku essay uses it) is in
bench/data/top95.txt, one puzzle a line.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gdl import catalog  # noqa: E402
from gdl.interpreter import compile_rules  # noqa: E402
from gdl.interpreter.core.grid.model import CSP  # noqa: E402
from gdl.solvers.constraints.library import library_version  # noqa: E402
from gdl.solvers.constraints.solve import solve_csp  # noqa: E402

TOP95 = Path(__file__).resolve().parent / "data" / "top95.txt"
FAST = ("propagate", "library+propagate")
SLOW = ("library", "backtrack")

# Rosetta Code, "Nonogram solver": its four problems, rows then columns, A=1, B=2, ...
# (the third is the bundled `nonogram`).
ROSETTA_NONOGRAMS = [
    ("C BA CB BB F AE F A B", "AB CA AE GA E C D C"),
    ("F CAC ACAC CN AAA AABB EBB EAA ECCC HCCC",
     "D D AE CD AE A DA BBB CC AAB BAA AAB DA AAB AAA BAB AAA CD BBA DA"),
    ("CA BDA ACC BD CCAC CBBAC BBBBB BAABAA ABAD AABB BBH BBBD ABBAAA CCEA AACAAB BCACC ACBH "
     "DCH ADBE ADBB DBE ECE DAA DB CC",
     "BC CAC CBAB BDD CDBDE BEBDF ADCDFA DCCFB DBCFC ABDBA BBF AAF BADB DBF AAAAD BDG CEF CBDB "
     "BBB FC"),
    ("E BCB BEA BH BEK AABAF ABAC BAA BFB OD JH BADCF Q Q R AN AAN EI H G",
     "E CB BAB AAA AAA AC BB ACC ACCA AGB AIA AJ AJ ACE AH BAF CAG DAG FAH FJ GJ ADK ABK BL CM"),
]


# ----------------------------------------------------------------------- the reference

PEERS = [(i // 9, 9 + i % 9, 18 + (i // 27) * 3 + (i % 9) // 3) for i in range(81)]
FULL = 0b1111111110   # bits 1..9


def mrv_solve(grid: str, limit: int = 2) -> tuple[list[str], int]:
    """Up to `limit` solutions of a 9x9 Sudoku by plain MRV backtracking, and the nodes.

    Each unit (9 rows, 9 columns, 9 boxes) keeps a mask of the values it holds; the search
    fills the empty cell with the fewest candidates, trying them in increasing order.
    """
    cells = [0 if ch in ".0" else int(ch) for ch in grid]
    units = [0] * 27
    for i, v in enumerate(cells):
        if v:
            for u in PEERS[i]:
                if units[u] >> v & 1:
                    return [], 0
                units[u] |= 1 << v
    empty = [i for i in range(81) if not cells[i]]
    found: list[str] = []
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        best, best_mask, best_n = -1, 0, 10
        for i in empty:
            if cells[i]:
                continue
            a, b, c = PEERS[i]
            mask = FULL & ~(units[a] | units[b] | units[c])
            n = mask.bit_count()
            if n < best_n:
                best, best_mask, best_n = i, mask, n
                if n <= 1:
                    break
        if best < 0:
            found.append("".join(map(str, cells)))
            return len(found) >= limit
        a, b, c = PEERS[best]
        while best_mask:
            bit = best_mask & -best_mask
            best_mask ^= bit
            nodes += 1
            cells[best] = bit.bit_length() - 1
            units[a] |= bit
            units[b] |= bit
            units[c] |= bit
            if search():
                return True
            units[a] ^= bit
            units[b] ^= bit
            units[c] ^= bit
        cells[best] = 0
        return False

    search()
    return found, nodes


# ----------------------------------------------------------------------- measuring

def median_run(run: Callable[[], tuple[int, str | None, int | None]], reps: int
               ) -> tuple[float, int, str | None, int | None]:
    """(median seconds, count, first solution as text, nodes) of `run` over `reps` runs."""
    times, out = [], (0, None, None)
    for _ in range(reps):
        start = time.perf_counter()
        out = run()
        times.append(time.perf_counter() - start)
    return (statistics.median(times), *out)


def gdl_run(puzzle, csp: CSP, method: str, limit: float | None
            ) -> Callable[[], tuple[int, str | None, int | None]]:
    def run() -> tuple[int, str | None, int | None]:
        r = solve_csp(csp, count=True, limit=2, method=method, time_limit=limit)
        if r.stopped:
            return -1, None, r.nodes
        text = None if r.solution is None else puzzle.grid_string(r.solution)
        return r.count or 0, text, r.nodes
    return run


def report(label: str, times: list[float], nodes: list[int | None], ref_total: float | None,
           stopped: int = 0) -> None:
    total, worst = sum(times), max(times)
    ratio = f"{total / ref_total:8.2f}" if ref_total else f"{'1.00':>8}"
    node_text = "-" if any(n is None for n in nodes) else f"{sum(n or 0 for n in nodes):,}"
    note = f"  ({stopped} stopped at the time limit, counted at it)" if stopped else ""
    where = f"(#{times.index(worst) + 1:<2})"
    print(f"  {label:<22} {len(times):>4} {total:>9.3f} {worst:>8.3f} {where}"
          f" {statistics.median(times):>9.4f} {ratio} {node_text:>11}{note}", flush=True)


def sudoku_set(reps: int, sample: int, slow: bool, limit: float) -> None:
    """Each puzzle by every method in turn (so that a change of load falls on all alike)."""
    lines = TOP95.read_text().split()
    sudoku = catalog.load("sudoku")
    print(f"\n== top95 ({len(lines)} puzzles, {TOP95.name}): solve and prove unique")
    print(f"  {'method':<22} {'n':>4} {'total s':>9} {'worst s':>8}      {'median s':>9} "
          f"{'total/mrv':>8} {'nodes':>11}")
    methods = FAST + SLOW
    ref: list[tuple[float, int, str | None, int | None]] = []
    results: dict[str, list[tuple[float, int, int | None]]] = {m: [] for m in methods}
    for i, g in enumerate(lines):
        ref.append(median_run(lambda g=g: _mrv(g), reps))
        csp = sudoku.csp(g)
        for method in methods:
            heavy = method in SLOW
            if heavy and not slow and i >= sample:
                continue
            seconds, count, text, nodes = median_run(
                gdl_run(sudoku, csp, method, limit if heavy else None), 1 if heavy else reps)
            if count != -1 and (count, text) != ref[i][1:3]:
                raise SystemExit(f"{method} disagrees with mrv on top95 #{i + 1}: "
                                 f"{count} {text} vs {ref[i][1:3]}")
            results[method].append((seconds, count, nodes))
    report("mrv (hand-written)", [t for t, *_ in ref], [n for *_, n in ref], None)
    for method in methods:
        done = results[method]
        label = method if len(done) == len(lines) else f"{method} (first {len(done)})"
        base = sum(t for t, *_ in ref[:len(done)])
        report(label, [t for t, *_ in done], [n for *_, n in done], base,
               sum(1 for _, c, _ in done if c == -1))


def _mrv(grid: str) -> tuple[int, str | None, int]:
    found, nodes = mrv_solve(grid, 2)
    return len(found), found[0] if found else None, nodes


def nonogram_text(rows: str, columns: str) -> str:
    def lists(text: str) -> str:
        return ", ".join(" ".join(str(ord(ch) - 64) for ch in word) for word in text.split())
    return (f'constraints "Nonogram"\ngrid {len(columns.split())} x {len(rows.split())} of 0..1\n'
            f"runs {lists(rows)}: rows\nruns {lists(columns)}: columns\n")


def other_puzzles(reps: int, limit: float) -> None:
    print("\n== other puzzles: solve and prove unique, median s (count)")
    methods = FAST + SLOW
    print(f"  {'puzzle':<34}" + "".join(f" {m:>19}" for m in methods))
    entries = [(f"nonogram: Rosetta #{i + 1} ({len(c.split())} x {len(r.split())})",
                compile_rules(nonogram_text(r, c), f"<rosetta {i + 1}>", {}))
               for i, (r, c) in enumerate(ROSETTA_NONOGRAMS)]
    entries += [(f"{name} (bundled)", catalog.load(name))
                for name in ("nonogram", "kenken", "kakuro", "skyscrapers")]
    for label, puzzle in entries:
        csp = puzzle.csp()
        cells, first = [], None
        for method in methods:
            seconds, count, text, _ = median_run(gdl_run(puzzle, csp, method, limit), reps)
            if count != -1:
                first = first or (count, text)
                if (count, text) != first:
                    raise SystemExit(f"{method} disagrees on {label}: {count} vs {first[0]}")
            cells.append(f"{seconds:>14.4f} ({'-' if count == -1 else count})")
        print(f"  {label:<34}" + "".join(f" {c:>19}" for c in cells), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--sample", type=int, default=10,
                        help="top95 puzzles for the slow methods (default 10)")
    parser.add_argument("--slow", action="store_true", help="the slow methods on all 95")
    parser.add_argument("--limit", type=float, default=20.0,
                        help="seconds per puzzle for the slow methods")
    args = parser.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"constraint puzzles: {library_version()}, Python {platform.python_version()}, "
          f"median of {args.reps} runs (slow methods: 1), load average {load}")
    sudoku_set(args.reps, args.sample, args.slow, args.limit)
    other_puzzles(args.reps, args.limit)


if __name__ == "__main__":
    main()
