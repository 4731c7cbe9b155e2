"""The reference CSP solver: plain backtracking, minimum remaining values, forward checking.

Simple on purpose, so that it is obviously correct and every faster solver
can be checked against it. It knows the constraint forms only through their
`allows` and `holds` methods (see `gdl.interpreter.core.grid.model`):

- at the root, each variable's domain is filtered by every constraint on it;
- the next variable is the unassigned one with the fewest values left (ties:
  the CSP's variable order), and its values are tried in increasing order;
- after an assignment, each constraint on that variable filters the domains
  of its other unassigned variables (values it no longer `allows` go), and
  an emptied domain backtracks at once;
- a complete assignment is re-checked with `holds` before it is reported.

A node is one variable assignment tried (the root is not counted).

>>> from gdl.interpreter.core.grid.builders import queens_csp
>>> backtrack(queens_csp(6), limit=None).count
4
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import attrs

from gdl.solvers.budget import OutOfTime
from gdl.interpreter.core.grid.model import CSP, Var, constraint_index


KEEP = 2   # solutions solve_csp keeps in memory; the rest are only counted (counts are huge)


@attrs.frozen
class SearchOutcome:
    """solutions: those found (the first `keep` of them), in search order; nodes: assignments tried;
    exhausted: the whole space was searched, so `count` is the exact total; found: the
    solutions found (default: those kept); stopped: "time" when a time limit cut it."""

    solutions: tuple[dict[Var, int], ...]
    nodes: int
    exhausted: bool
    found: int | None = None
    stopped: str | None = None

    @property
    def count(self) -> int:
        return len(self.solutions) if self.found is None else self.found


def gather(solutions: Iterator[dict[Var, int]], limit: int | None,
           nodes: Callable[[], int] = lambda: 0, keep: int | None = None) -> SearchOutcome:
    """Count up to `limit` solutions (None: all) from `solutions`, keeping the first `keep`
    (None: all); a time limit (`budget.alarm`) ends the count with what was found so far."""
    kept: list[dict[Var, int]] = []
    found = 0
    try:
        for solution in solutions:
            if keep is None or len(kept) < keep:
                kept.append(dict(solution))
            found += 1   # after keeping it: a time limit in between never counts one unkept
            if limit is not None and found >= limit:
                return SearchOutcome(tuple(kept), nodes(), False, found)
    except OutOfTime:
        return SearchOutcome(tuple(kept), nodes(), False, found, "time")
    except KeyboardInterrupt:   # Ctrl-C: stopped like a time limit, with what was found
        return SearchOutcome(tuple(kept), nodes(), False, found, "interrupted")
    return SearchOutcome(tuple(kept), nodes(), True, found)


class _Search:
    """One backtracking run; `domains` shrink and are restored through a trail."""

    def __init__(self, csp: CSP, domains: Mapping[Var, tuple[int, ...]]):
        self.csp = csp
        self.index = constraint_index(csp)
        self.domains: dict[Var, list[int]] = {v: sorted(domains[v]) for v in csp.variables}
        self.assignment: dict[Var, int] = {}
        self.trail: list[tuple[Var, list[int]]] = []
        self.nodes = 0

    def _filter(self, c: object, w: Var) -> bool:
        """Drop the values of unassigned `w` that constraint `c` no longer allows."""
        a, old = self.assignment, self.domains[w]
        if not old:
            return False
        kept = []
        for x in old:
            a[w] = x
            if c.allows(a, self.domains):  # type: ignore[attr-defined]
                kept.append(x)
        del a[w]
        if len(kept) != len(old):
            self.trail.append((w, old))
            self.domains[w] = kept
        return bool(kept)

    def root_consistent(self) -> bool:
        return all(self._filter(c, w) for c in self.csp.constraints for w in c.scope)

    def _forward_check(self, var: Var) -> bool:
        for c in self.index[var]:
            for w in c.scope:
                if w not in self.assignment and not self._filter(c, w):
                    return False
        return True

    def _undo(self, mark: int) -> None:
        while len(self.trail) > mark:
            w, old = self.trail.pop()
            self.domains[w] = old

    def solutions(self) -> Iterator[dict[Var, int]]:
        unassigned = [v for v in self.csp.variables if v not in self.assignment]
        if not unassigned:
            # Filtering already guarantees this; the re-check keeps the claim obvious.
            if all(c.holds(self.assignment) for c in self.csp.constraints):
                yield dict(self.assignment)
            return
        var = min(unassigned, key=lambda v: len(self.domains[v]))
        for x in list(self.domains[var]):
            self.nodes += 1
            mark = len(self.trail)
            self.assignment[var] = x
            self.trail.append((var, self.domains[var]))
            self.domains[var] = [x]
            if self._forward_check(var):
                yield from self.solutions()
            del self.assignment[var]
            self._undo(mark)


def backtrack(csp: CSP, limit: int | None = 1,
              domains: Mapping[Var, tuple[int, ...]] | None = None,
              keep: int | None = None) -> SearchOutcome:
    """Search `csp` for up to `limit` solutions (None: all of them).

    Args:
        csp: the puzzle; its givens are applied to the domains.
        limit: stop after this many solutions; None enumerates them all.
        domains: start domains to use instead of `csp.start_domains()` (for
            example already narrowed by `csp_propagate.propagate`).

    Returns:
        a SearchOutcome; `exhausted` is False when the limit stopped the search.
    """
    search = _Search(csp, csp.start_domains() if domains is None else domains)
    if not search.root_consistent():
        return SearchOutcome((), search.nodes, True)
    return gather(search.solutions(), limit, lambda: search.nodes, keep)
