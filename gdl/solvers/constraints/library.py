"""Compile a CSP into a python-constraint `Problem` and solve it with a chosen solver class.

Works with `python-constraint2` (the maintained successor) and with the old
`python-constraint` 1.4; both import as `constraint`. Solver classes by name
(`SOLVERS`; `available_solvers()` lists those the installed library has):

- "backtracking": `BacktrackingSolver(forwardcheck=True)`: re-picks the next
  variable at every step by degree, then fewest values left (dynamic MRV).
- "recursive": `RecursiveBacktrackingSolver(forwardcheck=True)`.
- "optimized": `OptimizedBacktrackingSolver(forwardcheck=True)` (python-constraint2
  only, its default): the variable order is fixed once, before the search.
- "default": whatever `Problem()` picks when given no solver.

Lowering: AllDifferent -> AllDifferentConstraint; SumEquals / SumCompare ->
Exact/Min/MaxSumConstraint when every value in scope is >= 0 (python-constraint
1.4 prunes sums assuming so), else a FunctionConstraint; Count ->
Some(Not)InSetConstraint; InSet -> InSetConstraint; Compare -> a binary
FunctionConstraint (the library forward-checks it once one side is set);
AllDifferentOffset -> `OffsetAllDifferent`, our own forward-checking class;
Arithmetic, Runs and Visible -> `Narrowing`, which runs the form's own `narrow` at each
check (without it the library would test a cage or a line only once it is full).
Givens become one-value domains.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import constraint as pc

from gdl.errors import SolverError
from gdl.interpreter.core.grid.model import (
    CSP,
    OPS,
    AllDifferent,
    AllDifferentOffset,
    Compare,
    Constraint,
    Count,
    InSet,
    SumCompare,
    SumEquals,
    Var,
)
from gdl.interpreter.core.grid.cages import Arithmetic
from gdl.solvers.constraints.backtrack import SearchOutcome, gather
from gdl.interpreter.core.grid.runs import Runs, Visible

SOLVERS: dict[str, Callable[[], Any] | None] = {
    "backtracking": lambda: pc.BacktrackingSolver(forwardcheck=True),
    "recursive": lambda: pc.RecursiveBacktrackingSolver(forwardcheck=True),
    "optimized": (lambda: pc.OptimizedBacktrackingSolver(forwardcheck=True))
    if hasattr(pc, "OptimizedBacktrackingSolver") else None,
    "default": lambda: None,
}


def library_version() -> str:
    """The installed distribution and version, e.g. 'python-constraint2 2.9.0'."""
    for dist in ("python-constraint2", "python-constraint"):
        try:
            return f"{dist} {importlib.metadata.version(dist)}"
        except importlib.metadata.PackageNotFoundError:
            continue
    return "constraint (unknown distribution)"


def available_solvers() -> tuple[str, ...]:
    """The solver names of `SOLVERS` that the installed library provides."""
    return tuple(name for name, make in SOLVERS.items() if make is not None)


class OffsetAllDifferent(pc.Constraint):
    """python-constraint form of AllDifferentOffset: `x_i + offsets[i]` pairwise different,
    with forward checking (an assigned shifted value leaves the others' domains)."""

    def __init__(self, offsets: Sequence[int]):
        self._offsets = tuple(offsets)

    def __call__(self, variables: Sequence[Var], domains: dict, assignments: dict,
                 forwardcheck: bool = False) -> bool:
        taken = set()
        for v, o in zip(variables, self._offsets):
            if v in assignments:
                shifted = assignments[v] + o
                if shifted in taken:
                    return False
                taken.add(shifted)
        if forwardcheck and taken:
            for v, o in zip(variables, self._offsets):
                if v not in assignments:
                    domain = domains[v]
                    for x in domain[:]:
                        if x + o in taken:
                            domain.hideValue(x)
                    if not domain:
                        return False
        return True


class SinglesAllDifferent(pc.Constraint):
    """AllDifferent that also propagates inside the library's search (our `csp_propagate`
    rules, run at each forward check): naked singles, and hidden singles plus the
    pigeonhole test when the group has as many variables as candidate values."""

    def __call__(self, variables: Sequence[Var], domains: dict, assignments: dict,
                 forwardcheck: bool = False) -> bool:
        seen = set()
        for v in variables:
            if v in assignments:
                if assignments[v] in seen:
                    return False
                seen.add(assignments[v])
        if not forwardcheck:
            return True
        where: dict[int, list[Var]] = {}
        for v in variables:
            if v not in assignments:
                domain = domains[v]
                for x in domain[:]:
                    if x in seen:
                        domain.hideValue(x)
                    else:
                        where.setdefault(x, []).append(v)
                if not domain:
                    return False
        candidates = len(seen) + len(where)
        if candidates < len(variables):
            return False
        if candidates == len(variables):  # every candidate value is used exactly once
            for x, holders in where.items():
                if len(holders) == 1:
                    domain = domains[holders[0]]
                    for y in domain[:]:
                        if y != x:
                            domain.hideValue(y)
                    if not domain:  # one variable was the only home of two values
                        return False
        return True


class Narrowing(pc.Constraint):
    """One of our forms with a `narrow` method (Arithmetic, Runs, Visible) as a library
    constraint: a check fails when narrowing empties a candidate set, and forward checking
    hides the values that narrowing removes from the unassigned variables."""

    def __init__(self, form: Arithmetic | Runs | Visible):
        self._form = form

    def __call__(self, variables: Sequence[Var], domains: dict, assignments: dict,
                 forwardcheck: bool = False) -> bool:
        view = {v: (assignments[v],) if v in assignments else tuple(domains[v])
                for v in variables}
        narrowed = self._form.narrow(view)
        if any(not kept for kept in narrowed.values()):
            return False
        if forwardcheck:
            for v, kept in narrowed.items():
                if v not in assignments:
                    domain = domains[v]
                    for x in domain[:]:
                        if x not in kept:
                            domain.hideValue(x)
        return True


def _sum_constraint(c: SumEquals | SumCompare, nonnegative: bool) -> Any:
    total, op = c.total, c.op
    if nonnegative and op in ("==", "<=", "<", ">=", ">"):
        if op == "==":
            return pc.ExactSumConstraint(total)
        if op in ("<=", "<"):
            return pc.MaxSumConstraint(total if op == "<=" else total - 1)
        return pc.MinSumConstraint(total if op == ">=" else total + 1)
    test = OPS[op]
    return pc.FunctionConstraint(lambda *xs: test(sum(xs), total))


def _count_constraint(c: Count) -> Any:
    k, n = c.k, len(c.vars)
    if c.op == "==":
        return pc.SomeInSetConstraint([c.value], n=k, exact=True)
    if c.op in (">=", ">"):
        return pc.SomeInSetConstraint([c.value], n=k if c.op == ">=" else k + 1)
    if c.op in ("<=", "<"):
        return pc.SomeNotInSetConstraint([c.value], n=n - k if c.op == "<=" else n - k + 1)
    value, k_ = c.value, k
    return pc.FunctionConstraint(lambda *xs: sum(1 for x in xs if x == value) != k_)


def _lower(c: Constraint, domains: Mapping[Var, Sequence[int]], singles: bool
           ) -> tuple[Any, list[Var]]:
    """The library constraint and its variable list for one of our constraints."""
    scope = list(c.scope)
    if isinstance(c, AllDifferent):
        return (SinglesAllDifferent() if singles else pc.AllDifferentConstraint()), scope
    if isinstance(c, AllDifferentOffset):
        return OffsetAllDifferent(c.offsets), scope
    if isinstance(c, (SumEquals, SumCompare)):
        nonnegative = all(x >= 0 for v in scope for x in domains[v])
        return _sum_constraint(c, nonnegative), scope
    if isinstance(c, Count):
        return _count_constraint(c), scope
    if isinstance(c, InSet):
        return pc.InSetConstraint(set(c.values)), scope
    if isinstance(c, Compare):
        return pc.FunctionConstraint(OPS[c.op]), scope
    if isinstance(c, (Arithmetic, Runs, Visible)):
        return Narrowing(c), scope
    raise SolverError(f"python-constraint has no lowering for {type(c).__name__}")


def compile_problem(csp: CSP, solver: str = "backtracking",
                    domains: Mapping[Var, Sequence[int]] | None = None,
                    singles: bool = False) -> Any:
    """A python-constraint `Problem` for `csp`.

    Args:
        csp: the puzzle (givens become one-value domains).
        solver: a name from `available_solvers()`.
        domains: start domains instead of `csp.start_domains()` (e.g. propagated).
        singles: lower AllDifferent to `SinglesAllDifferent` (propagation in the search).

    Raises:
        SolverError: the solver name is unknown or the installed library lacks it.
    """
    if SOLVERS.get(solver) is None:
        raise SolverError(f"{library_version()} has no solver {solver!r}; "
                          f"choose one of {', '.join(available_solvers())}")
    doms = csp.start_domains() if domains is None else domains
    problem = pc.Problem(SOLVERS[solver]())  # type: ignore[misc]
    for v in csp.variables:
        problem.addVariable(v, list(doms[v]))
    for c in csp.constraints:
        problem.addConstraint(*_lower(c, doms, singles))
    return problem


def library_search(csp: CSP, limit: int | None = 1, solver: str = "backtracking",
                   domains: Mapping[Var, Sequence[int]] | None = None,
                   singles: bool = False, keep: int | None = None) -> SearchOutcome:
    """Up to `limit` solutions (None: all) found by python-constraint; `nodes` is 0
    (the library does not count them). Arguments as for `compile_problem`."""
    doms = csp.start_domains() if domains is None else domains
    if any(not doms[v] for v in csp.variables):
        return SearchOutcome((), 0, True)  # the library rejects empty domains: no solution
    if not csp.variables:   # every cell holds no value: one (empty) solution, as ours say
        return gather(iter([{}]), limit, keep=keep)
    problem = compile_problem(csp, solver, doms, singles)
    return gather(iter(_solutions(problem, limit)), limit, keep=keep)


def _solutions(problem: Any, limit: int | None) -> Iterable[dict[Var, int]]:
    """The problem's solutions, lazily where the solver can iterate."""
    try:
        return problem.getSolutionIter()
    except NotImplementedError:
        # python-constraint 1.4's recursive solver cannot iterate: ask for one,
        # or else for all of them (which may take long).
        if limit == 1:
            solution = problem.getSolution()
            return [] if solution is None else [solution]
        return problem.getSolutions()
