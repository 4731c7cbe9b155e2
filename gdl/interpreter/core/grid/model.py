"""Constraint puzzles as data: variables, domains, constraints and givens.

A `CSP` is a frozen value that the rules language lowers a `constraints`
description into; every CSP solver (gdl.solvers.constraints: `backtrack`, `propagate`,
`library`) reads only this model. Grid puzzles name their variables by
0-based `(row, col)` tuples and set `shape`; other puzzles may use any
hashable names (N-queens uses the row number, see `builders.queens_csp`).

Constraint forms (each has `scope`, `holds(assignment)` and
`allows(assignment, domains)`):

- `AllDifferent(vars)`                 the values are pairwise different
- `AllDifferentOffset(vars, offsets)`  the values `x_i + offsets[i]` are pairwise different
  (N-queens diagonals: `q[r] + r` and `q[r] - r`)
- `SumEquals(vars, total)`             the values add up to `total` (Killer cages, Kakuro runs)
- `SumCompare(vars, op, total)`        `sum(vars) op total`
- `Compare(a, op, b)`                  `a op b` between two variables (Futoshiki)
- `Count(vars, value, op, k)`          `(number of vars equal to value) op k`;
  "exactly k" is `Count(vars, value, "==", k)`
- `InSet(var, values)`                 a unary restriction (a cell is even, ...)
- `Arithmetic(vars, op, target)`       a KenKen cage: product, difference or quotient
  (`cages`)
- `Runs(vars, lengths)`, `Visible(vars, count)`   a nonogram line, a skyscrapers line
  (`runs`)

`op` is one of `< <= > >= == !=`. A grid prints as text by `text` (one symbol per
value); `builders` makes a Sudoku or N-queens CSP in code.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

import attrs

from gdl.interpreter.core.grid.cages import Arithmetic
from gdl.interpreter.core.grid.runs import Runs, Visible

Var = Hashable
Assignment = Mapping[Var, int]
Domains = Mapping[Var, Iterable[int]]

OPS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
}


def _tuple(items: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(items)


def _frozenset(items: Iterable[int]) -> frozenset[int]:
    return frozenset(items)


def _known_op(_instance: object, _attribute: object, op: str) -> None:
    if op not in OPS:
        raise ValueError(f"unknown comparison {op!r}; expected one of {' '.join(OPS)}")


def range_allows(lo: int, hi: int, op: str, k: int) -> bool:
    """Whether some integer t with lo <= t <= hi satisfies `t op k` (False if lo > hi)."""
    if lo > hi:
        return False
    if op in ("<", "<="):
        return OPS[op](lo, k)
    if op in (">", ">="):
        return OPS[op](hi, k)
    if op == "==":
        return lo <= k <= hi
    return lo != hi or lo != k


def _sum_range(vars: tuple[Var, ...], a: Assignment, domains: Domains) -> tuple[int, int]:
    """Least and greatest sum of `vars` given the assigned values and the others' domains."""
    lo = hi = 0
    for v in vars:
        if v in a:
            lo += a[v]
            hi += a[v]
        else:
            d = domains[v]
            if not d:
                return 1, 0  # an empty domain: no sum at all
            lo += min(d)
            hi += max(d)
    return lo, hi


def _distinct(values: Iterable[int]) -> bool:
    seen: set[int] = set()
    for x in values:
        if x in seen:
            return False
        seen.add(x)
    return True


# --- constraint forms -------------------------------------------------------
# holds(a): every variable of the scope is in `a` and the constraint is met.
# allows(a, domains): a partial check that is False only when no completion of
# `a` with values from `domains` can meet the constraint; it equals holds(a)
# once the whole scope is assigned. Solvers rely on nothing else.


@attrs.frozen
class AllDifferent:
    """The variables take pairwise different values."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def holds(self, a: Assignment) -> bool:
        return all(v in a for v in self.vars) and _distinct(a[v] for v in self.vars)

    def allows(self, a: Assignment, domains: Domains) -> bool:
        return _distinct(a[v] for v in self.vars if v in a)


@attrs.frozen
class AllDifferentOffset:
    """The shifted values `x_i + offsets[i]` are pairwise different."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)
    offsets: tuple[int, ...] = attrs.field(converter=_tuple)

    def __attrs_post_init__(self) -> None:
        if len(self.vars) != len(self.offsets):
            raise ValueError("AllDifferentOffset needs one offset per variable")

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def holds(self, a: Assignment) -> bool:
        return all(v in a for v in self.vars) and self.allows(a, {})

    def allows(self, a: Assignment, domains: Domains) -> bool:
        return _distinct(a[v] + o for v, o in zip(self.vars, self.offsets) if v in a)


@attrs.frozen
class SumCompare:
    """`sum(vars) op total`."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)
    op: str = attrs.field(validator=_known_op)
    total: int

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def holds(self, a: Assignment) -> bool:
        return all(v in a for v in self.vars) and OPS[self.op](sum(a[v] for v in self.vars),
                                                               self.total)

    def allows(self, a: Assignment, domains: Domains) -> bool:
        return range_allows(*_sum_range(self.vars, a, domains), self.op, self.total)


@attrs.frozen
class SumEquals:
    """`sum(vars) == total`: a Killer cage or a Kakuro run (add AllDifferent for no repeats)."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)
    total: int
    op = "=="  # read by code that treats every sum form alike

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def holds(self, a: Assignment) -> bool:
        return all(v in a for v in self.vars) and sum(a[v] for v in self.vars) == self.total

    def allows(self, a: Assignment, domains: Domains) -> bool:
        lo, hi = _sum_range(self.vars, a, domains)
        return lo <= self.total <= hi


@attrs.frozen
class Compare:
    """`a op b` between two variables (a Futoshiki inequality)."""

    a: Var
    op: str = attrs.field(validator=_known_op)
    b: Var

    @property
    def scope(self) -> tuple[Var, ...]:
        return (self.a, self.b)

    def holds(self, a: Assignment) -> bool:
        return self.a in a and self.b in a and OPS[self.op](a[self.a], a[self.b])

    def allows(self, a: Assignment, domains: Domains) -> bool:
        test = OPS[self.op]
        if self.a in a and self.b in a:
            return test(a[self.a], a[self.b])
        if self.a in a:
            return any(test(a[self.a], y) for y in domains[self.b])
        if self.b in a:
            return any(test(x, a[self.b]) for x in domains[self.a])
        return True


@attrs.frozen
class Count:
    """`(number of vars whose value is value) op k`; exactly k is `op="=="`."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)
    value: int
    op: str = attrs.field(validator=_known_op)
    k: int

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def holds(self, a: Assignment) -> bool:
        return all(v in a for v in self.vars) and self.allows(a, {})

    def allows(self, a: Assignment, domains: Domains) -> bool:
        must = sum(1 for v in self.vars if v in a and a[v] == self.value)
        may = must + sum(1 for v in self.vars if v not in a and self.value in domains[v])
        return range_allows(must, may, self.op, self.k)


@attrs.frozen
class InSet:
    """A unary restriction: `var` takes one of `values`."""

    var: Var
    values: frozenset[int] = attrs.field(converter=_frozenset)

    @property
    def scope(self) -> tuple[Var, ...]:
        return (self.var,)

    def holds(self, a: Assignment) -> bool:
        return self.var in a and a[self.var] in self.values

    def allows(self, a: Assignment, domains: Domains) -> bool:
        return a[self.var] in self.values if self.var in a else True


Constraint = (AllDifferent | AllDifferentOffset | SumEquals | SumCompare | Compare | Count
              | InSet | Arithmetic | Runs | Visible)


# --- the model --------------------------------------------------------------


def _domains(raw: Mapping[Any, Iterable[int]]) -> dict[Var, tuple[int, ...]]:
    return {v: tuple(d) for v, d in raw.items()}


def _givens(raw: Mapping[Any, int]) -> dict[Var, int]:
    return dict(raw)


@attrs.frozen
class CSP:
    """A constraint puzzle.

    Attributes:
        name: the puzzle's name.
        variables: every variable, in a fixed order (the search's tie-break order).
        domains: variable -> the values it may take.
        constraints: the constraint objects (forms listed in the module docstring).
        givens: variable -> its given value (a clue); kept apart from the domains
            so that contradicting givens can be reported as such.
        shape: (rows, cols) when the variables are grid cells `(row, col)`, for rendering.

    Raises:
        ValueError: a variable has no domain, or a constraint or given names an
            unknown variable (a lowering bug, not a user error).
    """

    name: str
    variables: tuple[Var, ...] = attrs.field(converter=_tuple)
    domains: dict[Var, tuple[int, ...]] = attrs.field(converter=_domains)
    constraints: tuple[Constraint, ...] = attrs.field(converter=_tuple, default=())
    givens: dict[Var, int] = attrs.field(converter=_givens, factory=dict)
    shape: tuple[int, int] | None = None

    def __attrs_post_init__(self) -> None:
        known = set(self.variables)
        if known != set(self.domains):
            raise ValueError(f"{self.name}: every variable needs exactly one domain")
        for c in self.constraints:
            if not known.issuperset(c.scope):
                raise ValueError(f"{self.name}: {c!r} names an unknown variable")
        if not known.issuperset(self.givens):
            raise ValueError(f"{self.name}: a given names an unknown variable")

    def start_domains(self) -> dict[Var, tuple[int, ...]]:
        """The domains with every given applied (an empty tuple where a given is out of range)."""
        doms = dict(self.domains)
        for v, x in self.givens.items():
            doms[v] = (x,) if x in doms[v] else ()
        return doms


def constraint_index(csp: CSP) -> dict[Var, tuple[Constraint, ...]]:
    """Variable -> the constraints whose scope holds it."""
    index: dict[Var, list[Constraint]] = {v: [] for v in csp.variables}
    for c in csp.constraints:
        for v in dict.fromkeys(c.scope):
            index[v].append(c)
    return {v: tuple(cs) for v, cs in index.items()}


def check_solution(csp: CSP, assignment: Assignment) -> list[Constraint]:
    """Every constraint that `assignment` violates; [] for a solution.

    Domains and givens are checked too: a variable that is missing, outside
    its domain or different from its given is reported as a violated
    `InSet(var, allowed)`.
    """
    bad: list[Constraint] = []
    for v in csp.variables:
        allowed = InSet(v, (csp.givens[v],) if v in csp.givens else csp.domains[v])
        if not allowed.holds(assignment):
            bad.append(allowed)
    bad.extend(c for c in csp.constraints if not c.holds(assignment))
    return bad


def given_conflicts(csp: CSP) -> list[Constraint]:
    """The constraints (and `InSet` domains) that the givens alone already break.

    A non-empty list proves "no solution" without search: two equal givens in
    one row, a given outside its domain, a cage whose givens exceed its sum.
    """
    doms = csp.domains
    bad: list[Constraint] = [InSet(v, doms[v]) for v, x in csp.givens.items()
                             if x not in doms[v]]
    bad.extend(c for c in csp.constraints if not c.allows(csp.givens, doms))
    return bad
