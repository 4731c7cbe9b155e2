"""`solve_csp`: one entry point over every CSP solver, with one result shape.

Methods:
- "backtrack": the reference, `csp_backtrack.backtrack` (MRV, forward checking).
- "propagate": `csp_propagate.propagate_search` (our propagation at every node, on bit
  masks); the fastest measured on the top95 Sudokus, nonograms, KenKen and Kakuro
  (bench/constraint_puzzles.py), so "auto" picks it.
- "library": python-constraint (`csp_library`), the named solver class, plain lowering.
- "library+propagate": our propagation before the library search and inside it
  (`SinglesAllDifferent`); the fastest library setting measured (bench/constraints.py).
- "auto": "propagate".

Before any search, givens that already break a constraint (two equal givens in
a row, a given outside its domain) give "no solution" at once, with the broken
constraints in `conflicts`.

>>> from gdl.interpreter.core.grid.builders import queens_csp
>>> r = solve_csp(queens_csp(8), count=True, limit=None, method="backtrack")
>>> r.status, r.count, r.exact
('multiple', 92, True)
"""

from __future__ import annotations

import time

import attrs

from gdl.errors import SolverError
from gdl.solvers.budget import OutOfTime, alarm
from gdl.interpreter.core.grid.model import CSP, Constraint, Var, given_conflicts
from gdl.solvers.constraints.backtrack import KEEP, SearchOutcome, backtrack
from gdl.solvers.constraints.propagate import propagate, propagate_search

SOLVED, NO_SOLUTION, MULTIPLE = "solved", "no solution", "multiple"
METHODS = ("auto", "backtrack", "propagate", "library", "library+propagate")


@attrs.frozen
class CSPResult:
    """The outcome of `solve_csp`.

    Attributes:
        status: "solved" (one solution found, or exactly one exists when counting),
            "no solution", or "multiple" (counting found two or more).
        solution: the first solution found (variable -> value), or None.
        count: solutions found when counting (at most the limit), else None.
        exact: `count` is the true total (the search space was exhausted).
        unique: True/False once known (counting with a limit >= 2, or no
            solution), None when not looked for.
        nodes: search nodes (None for the library, which does not count them).
        seconds: wall time of the whole call.
        method: the method that ran ("auto" resolved).
        conflicts: the constraints the givens alone break (why "no solution"
            was known without search); empty otherwise.
        stopped: "time" when the time limit ended the search, "interrupted" when
            Ctrl-C did (the count is then those found so far), else None.
    """

    status: str
    solution: dict[Var, int] | None
    count: int | None
    exact: bool
    unique: bool | None
    nodes: int | None
    seconds: float
    method: str
    conflicts: tuple[Constraint, ...] = ()
    stopped: str | None = None


def _search(csp: CSP, method: str, limit: int | None, solver: str) -> SearchOutcome:
    if method == "backtrack":
        return backtrack(csp, limit, keep=KEEP)
    if method == "propagate":
        return propagate_search(csp, limit, keep=KEEP)
    from gdl.solvers.constraints.library import library_search  # the library is needed only here
    if method == "library":
        return library_search(csp, limit, solver, keep=KEEP)
    domains = propagate(csp)
    if domains is None:
        return SearchOutcome((), 0, True)
    return library_search(csp, limit, solver, domains, singles=True, keep=KEEP)


def solve_csp(csp: CSP, count: bool = False, limit: int | None = 2, method: str = "auto",
              solver: str = "backtracking", time_limit: float | None = None) -> CSPResult:
    """Solve `csp`, or count its solutions.

    Args:
        csp: the puzzle.
        count: False: stop at the first solution (status "solved" or "no
            solution"). True: look for up to `limit` solutions and report
            `count`, `unique`, and "multiple" when two or more exist.
        limit: the counting limit (None: count them all); ignored unless `count`.
        method: one of METHODS.
        solver: the python-constraint solver class for the library methods
            (see `csp_library.SOLVERS`).
        time_limit: seconds; the search then stops with what it found (`stopped`).

    Raises:
        SolverError: an unknown method, or a solver the installed library lacks.
    """
    if method not in METHODS:
        raise SolverError(f"no CSP method {method!r}; choose one of {', '.join(METHODS)}")
    start = time.perf_counter()
    method = "propagate" if method == "auto" else method
    conflicts = tuple(given_conflicts(csp))
    if conflicts:
        return CSPResult(NO_SOLUTION, None, 0 if count else None, True, False if count else None,
                         0, time.perf_counter() - start, method, conflicts)
    wanted = limit if count else 1
    try:
        with alarm(time_limit):
            out = _search(csp, method, wanted, solver)
    except OutOfTime:   # before the search proper (propagation, the library's set-up)
        out = SearchOutcome((), 0, False, 0, "time")
    n = out.count
    status = NO_SOLUTION if n == 0 else MULTIPLE if n >= 2 else SOLVED
    if n == 0:
        unique: bool | None = False
    elif n >= 2:
        unique = False
    else:
        unique = True if out.exhausted else None
    nodes = None if method.startswith("library") else out.nodes
    if out.stopped and n < 2:
        status, unique = (SOLVED if n else NO_SOLUTION), None   # unknown: cut short
    return CSPResult(status, out.solutions[0] if n and out.solutions else None,
                     n if count else None,
                     out.exhausted, unique if count or n == 0 else None, nodes,
                     time.perf_counter() - start, method, stopped=out.stopped)
