"""Our own propagation: shrink domains before (and, in `propagate_search`, at every node of)
a search.

Rules, each sound (it removes only values that no solution uses):

- AllDifferent: naked singles (a fixed value leaves the other variables of
  the group), hidden singles (when the group has exactly as many variables as
  candidate values, a value that fits one variable only is fixed there), and
  the pigeonhole test (fewer candidate values than variables: contradiction).
- AllDifferentOffset: naked singles on the shifted values.
- SumEquals / SumCompare: bounds (a value stays only if the others' least and
  greatest sums leave room for it).
- Compare: arc consistency (a value stays only with a partner value).
- Count: the count of variables fixed to the value and of those that may take
  it bound the count; at a bound the undecided variables are decided.
- InSet: the domain is intersected.
- Arithmetic, Runs, Visible: their own `narrow` (a KenKen cage's supported values, a
  nonogram line's placements, a skyscrapers line's visible-count bounds).

`propagate` runs the rules to a fixpoint (a constraint is revisited when a
domain in its scope shrinks) and returns the narrowed domains, or None when a
domain empties (no solution). `propagate_search` branches on the smallest
domain (ties: variable order) and propagates after every branch; it runs on bit
masks (`csp_masks`), with these rules for every form but the two it has on masks.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Mapping
from typing import Any

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
    constraint_index,
    range_allows,
)
from gdl.interpreter.core.grid.cages import Arithmetic
from gdl.solvers.constraints.backtrack import SearchOutcome, gather
from gdl.interpreter.core.grid.runs import Runs, Visible
from gdl.solvers.constraints.masks import MaskSearch

Doms = dict[Var, frozenset[int]]
Changes = dict[Var, frozenset[int]]


def _all_different(c: AllDifferent, d: Doms) -> Changes:
    new = {v: d[v] for v in c.vars}
    fixed = Counter(next(iter(s)) for s in new.values() if len(s) == 1)
    if any(n > 1 for n in fixed.values()):
        return {c.vars[0]: frozenset()}
    for v, s in new.items():
        if len(s) > 1:
            new[v] = s.difference(fixed)
    union = frozenset().union(*new.values())
    if len(union) < len(new):
        return {c.vars[0]: frozenset()}
    if len(union) == len(new):  # every candidate value is used exactly once
        where: dict[int, list[Var]] = {}
        for v, s in new.items():
            for x in s:
                where.setdefault(x, []).append(v)
        for x, vs in where.items():
            if len(vs) == 1:
                new[vs[0]] = frozenset((x,))
    return new


def _all_different_offset(c: AllDifferentOffset, d: Doms) -> Changes:
    taken: dict[int, Var] = {}
    for v, o in zip(c.vars, c.offsets):
        if len(d[v]) == 1:
            shifted = next(iter(d[v])) + o
            if shifted in taken:
                return {v: frozenset()}
            taken[shifted] = v
    return {v: frozenset(x for x in d[v] if x + o not in taken or taken[x + o] == v)
            for v, o in zip(c.vars, c.offsets)}


def _sum(c: SumEquals | SumCompare, d: Doms) -> Changes:
    if any(not d[v] for v in c.vars):
        return {c.vars[0]: frozenset()}
    lo = sum(min(d[v]) for v in c.vars)
    hi = sum(max(d[v]) for v in c.vars)
    new = {}
    for v in c.vars:
        rest_lo, rest_hi = lo - min(d[v]), hi - max(d[v])
        new[v] = frozenset(x for x in d[v]
                           if range_allows(x + rest_lo, x + rest_hi, c.op, c.total))
    return new


def _compare(c: Compare, d: Doms) -> Changes:
    test = OPS[c.op]
    a = frozenset(x for x in d[c.a] if any(test(x, y) for y in d[c.b]))
    b = frozenset(y for y in d[c.b] if any(test(x, y) for x in a))
    return {c.a: a, c.b: b}


def _count(c: Count, d: Doms) -> Changes:
    must = sum(1 for v in c.vars if d[v] == {c.value})
    undecided = [v for v in c.vars if c.value in d[v] and len(d[v]) > 1]
    may = must + len(undecided)
    feasible = [t for t in range(must, may + 1) if range_allows(t, t, c.op, c.k)]
    if not feasible:
        return {c.vars[0]: frozenset()}
    if max(feasible) == must:  # no more may take the value
        return {v: d[v] - {c.value} for v in undecided}
    if min(feasible) == may:  # every one that may, must
        return {v: frozenset((c.value,)) for v in undecided}
    return {}


def _in_set(c: InSet, d: Doms) -> Changes:
    return {c.var: d[c.var] & c.values}


RULES: dict[type, Callable[[Any, Doms], Changes]] = {
    AllDifferent: _all_different, AllDifferentOffset: _all_different_offset,
    SumEquals: _sum, SumCompare: _sum, Compare: _compare, Count: _count, InSet: _in_set,
    Arithmetic: Arithmetic.narrow, Runs: Runs.narrow, Visible: Visible.narrow,
}


def _fixpoint(doms: Doms, queue: deque[Constraint], index: Mapping[Var, tuple[Constraint, ...]]
              ) -> Doms | None:
    """Apply the rules of the queued constraints until no domain shrinks; None on a wipe-out."""
    queued = set(queue)
    while queue:
        c = queue.popleft()
        queued.discard(c)
        for v, s in RULES[type(c)](c, doms).items():
            if s == doms[v]:
                continue
            if not s:
                return None
            doms[v] = s
            for other in index[v]:
                if other not in queued:
                    queued.add(other)
                    queue.append(other)
    return doms


def propagate(csp: CSP, domains: Mapping[Var, tuple[int, ...]] | None = None
              ) -> dict[Var, tuple[int, ...]] | None:
    """The domains of `csp` (default: with the givens applied) narrowed to a fixpoint.

    Returns:
        variable -> sorted tuple of the values left, or None when propagation
        proves that there is no solution.
    """
    start = csp.start_domains() if domains is None else domains
    doms: Doms = {v: frozenset(start[v]) for v in csp.variables}
    if any(not s for s in doms.values()):
        return None
    done = _fixpoint(doms, deque(csp.constraints), constraint_index(csp))
    return None if done is None else {v: tuple(sorted(s)) for v, s in done.items()}


def propagate_search(csp: CSP, limit: int | None = 1, keep: int | None = None
                     ) -> SearchOutcome:
    """Search with propagation at every node, for up to `limit` solutions (None: all).

    The search runs on bit masks (`csp_masks.MaskSearch`) with these rules; a node is one
    branch (a variable fixed to a value), the root not counted.
    """
    search = MaskSearch(csp, RULES)
    return gather(search.solutions(), limit, lambda: search.nodes, keep)
