"""Constraint solving: python-constraint's solver classes, with and without our propagation,
against the hand-written MRV backtracking reference.

Prints, for the two reference Sudokus (an easy one and a well-known hard one),
the median wall time of `solve_csp` over --reps runs for:

- first solution (count=False) and uniqueness proof (count=True, limit=2);
- "backtrack" (the reference), "propagate" (our search, propagation at every
  node), and for each solver class of the installed library "library" (plain
  lowering) and "library+propagate" (our propagation before and inside it);

then the 8-queens solution count (92) for every method. `time/ref` is the
time divided by the reference's (below 1: faster than the reference).
Run with any python-constraint installed: the header names it.

    python bench/constraints.py [--reps 5]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from gdl.interpreter.core.grid.builders import queens_csp, sudoku_csp
from gdl.interpreter.core.grid.model import CSP
from gdl.solvers.constraints.propagate import propagate
from gdl.solvers.constraints.solve import solve_csp

EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def library_solvers() -> list[tuple[str, str]]:
    """(solver name, class name) for each distinct solver class of the installed library."""
    import constraint

    from gdl.solvers.constraints.library import SOLVERS, available_solvers
    rows, seen = [], set()
    for name in available_solvers():
        made = SOLVERS[name]()  # type: ignore[misc]
        cls = type(made or constraint.Problem()._solver).__name__
        if cls not in seen:  # "default" is one of the named classes: measure it once
            seen.add(cls)
            rows.append((name, cls + (" (default)" if made is None else "")))
    default = type(constraint.Problem()._solver).__name__
    return [(n, c + (" = default" if c == default else "")) for n, c in rows]


def median_time(csp: CSP, reps: int, **kwargs: object) -> tuple[float, object]:
    """Median seconds of `solve_csp(csp, **kwargs)` over `reps` runs, and the last result."""
    times, result = [], None
    for _ in range(reps):
        start = time.perf_counter()
        result = solve_csp(csp, **kwargs)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def configurations() -> list[tuple[str, str, dict[str, object]]]:
    """(method label, solver label, solve_csp arguments) in print order."""
    rows: list[tuple[str, str, dict[str, object]]] = [
        ("backtrack (reference)", "-", {"method": "backtrack"}),
        ("propagate (ours)", "-", {"method": "propagate"}),
    ]
    for name, cls in library_solvers():
        rows.append(("library", cls, {"method": "library", "solver": name}))
        rows.append(("library+propagate", cls, {"method": "library+propagate", "solver": name}))
    return rows


def table(title: str, csp: CSP, reps: int, **task: object) -> None:
    print(f"\n{title}")
    print(f"  {'method':<22} {'solver class':<42} {'median s':>9} {'time/ref':>9} "
          f"{'nodes':>7}  result")
    ref = None
    for label, cls, kwargs in configurations():
        seconds, r = median_time(csp, reps, **task, **kwargs)
        ref = seconds if ref is None else ref
        nodes = "-" if r.nodes is None else str(r.nodes)  # type: ignore[attr-defined]
        outcome = r.status + ("" if r.count is None else f" ({r.count})")  # type: ignore
        print(f"  {label:<22} {cls:<42} {seconds:>9.4f} {seconds / ref:>9.2f} {nodes:>7}  "
              f"{outcome}", flush=True)


def candidates(csp: CSP) -> str:
    start = csp.start_domains()
    after = propagate(csp)
    before_n = sum(len(d) for d in start.values())
    after_n = sum(len(d) for d in after.values()) if after else 0
    return f"candidates {before_n} -> {after_n} after our propagation at the root"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="runs per figure (median)")
    reps = parser.parse_args().reps
    from gdl.solvers.constraints.library import library_version
    print(f"constraint solving benchmark: {library_version()}, Python "
          f"{platform.python_version()}, median of {reps} runs, seconds")
    for name, givens in (("easy Sudoku", EASY), ("hard Sudoku", HARD)):
        csp = sudoku_csp(givens)
        print(f"\n== {name}: {givens}\n   {candidates(csp)}")
        table("first solution (count=False)", csp, reps, count=False)
        table("prove unique (count=True, limit=2)", csp, reps, count=True, limit=2)
    print("\n== 8-queens")
    table("count all solutions (count=True, limit=None)", queens_csp(8), reps, count=True,
          limit=None)


if __name__ == "__main__":
    main()
