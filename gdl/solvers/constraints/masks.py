"""The propagating search on bit masks: the measured hot path behind `propagate_search`.

Each domain is one int (bit i: the value `base + i`), so a node's domains are a list of
ints copied in one step. The two rules that dominate Sudoku-like puzzles run on the masks
directly: AllDifferent (naked singles, the pigeonhole test, and hidden singles when a group
has as many candidate values as variables) and SumEquals (bounds). Every other form goes
through its rule in `csp_propagate.RULES`, on sets made from the masks of its scope, so
the pruning is the same as `csp_propagate`'s everywhere.

The search branches on the variable with the fewest values left (ties: variable order),
trying its values in increasing order, and propagates to a fixpoint after each branch.
A node is one branch; the root is not counted.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from gdl.solvers.budget import OutOfTime, over_time
from gdl.interpreter.core.grid.model import CSP, AllDifferent, Constraint, SumEquals, Var

Masks = list[int]
Rule = Callable[[Masks], bool]   # narrows the masks in place; False on a wipe-out


def _values(mask: int, base: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(base + low.bit_length() - 1)
        mask ^= low
    return out


def _all_different(scope: Sequence[int]) -> Callable[[Masks], set[int] | None]:
    size = len(scope)

    def rule(m: Masks) -> set[int] | None:
        changed: set[int] = set()
        fresh = True
        while fresh:   # a value fixed by a removal leaves the others in turn
            fresh = False
            fixed = 0
            for i in scope:
                x = m[i]
                if x & (x - 1) == 0:   # one value (none: a wipe-out)
                    if not x or x & fixed:
                        return None
                    fixed |= x
            for i in scope:
                x = m[i]
                if x & (x - 1) and x & fixed:
                    x &= ~fixed
                    if not x:
                        return None
                    m[i] = x
                    changed.add(i)
                    fresh = fresh or x & (x - 1) == 0
        once = twice = 0
        for i in scope:
            x = m[i]
            twice |= once & x
            once |= x
        count = once.bit_count()
        if count < size:
            return None
        if count == size:   # every candidate value is used exactly once
            hidden = once & ~twice
            more = False
            for i in scope:
                x = m[i]
                h = x & hidden
                if h and x != h:
                    if h & (h - 1):
                        return None   # one variable is the only home of two values
                    m[i] = h
                    changed.add(i)
                    more = True
            if more:   # the new singles leave the others: run again (it is not re-queued)
                again = rule(m)
                return None if again is None else changed | again
        return changed
    return rule


def _sum_equals(scope: Sequence[int], total: int, base: int
                ) -> Callable[[Masks], set[int] | None]:
    n = len(scope)

    def rule(m: Masks) -> set[int] | None:
        lows, highs = [], []
        for i in scope:
            x = m[i]
            if not x:
                return None
            lows.append((x & -x).bit_length() - 1)
            highs.append(x.bit_length() - 1)
        lo, hi = sum(lows) + n * base, sum(highs) + n * base
        changed: set[int] = set()
        for k, i in enumerate(scope):
            # x + (others' least) <= total and x + (others' greatest) >= total
            top = total - (lo - lows[k] - base) - base        # the greatest bit index allowed
            bottom = total - (hi - highs[k] - base) - base    # the least
            x = m[i]
            keep = x
            if top < highs[k]:
                keep &= (1 << (top + 1)) - 1 if top >= 0 else 0
            if bottom > lows[k]:
                keep &= ~((1 << bottom) - 1)
            if keep != x:
                if not keep:
                    return None
                m[i] = keep
                changed.add(i)
        return changed
    return rule


def _generic(c: Constraint, scope: Sequence[int], names: Sequence[Var], base: int,
             rules: Mapping[type, Callable[[Any, Any], Mapping[Var, frozenset[int]]]]
             ) -> Callable[[Masks], set[int] | None]:
    rule = rules[type(c)]
    where = {names[i]: i for i in scope}

    def run(m: Masks) -> set[int] | None:
        doms = {names[i]: frozenset(_values(m[i], base)) for i in scope}
        changed: set[int] = set()
        for v, s in rule(c, doms).items():
            if s == doms[v]:
                continue
            if not s:
                return None
            mask = 0
            for x in s:
                mask |= 1 << (x - base)
            i = where[v]
            if mask != m[i]:
                m[i] = mask & m[i]
                if not m[i]:
                    return None
                changed.add(i)
        return changed
    return run


class MaskSearch:
    """One CSP compiled to mask rules; `solutions()` yields assignments in search order."""

    def __init__(self, csp: CSP, rules: Mapping[type, Callable[[Any, Any], Any]]):
        self.csp = csp
        self.names = list(csp.variables)
        position = {v: i for i, v in enumerate(self.names)}
        start = csp.start_domains()
        every = [x for v in self.names for x in start[v]] or [0]
        self.base = min(every)
        self.start: Masks = [sum(1 << (x - self.base) for x in set(start[v])) for v in self.names]
        self.rules: list[Callable[[Masks], set[int] | None]] = []
        watch: list[list[int]] = [[] for _ in self.names]
        self.stable: list[bool] = []   # the rule leaves its own fixpoint (no need to re-run it)
        for c in csp.constraints:
            scope = list(dict.fromkeys(position[v] for v in c.scope))
            if type(c) is AllDifferent:
                rule = _all_different(scope)
            elif type(c) is SumEquals:
                rule = _sum_equals(scope, c.total, self.base)
            else:
                rule = _generic(c, scope, self.names, self.base, rules)
            for i in scope:
                watch[i].append(len(self.rules))
            self.rules.append(rule)
            self.stable.append(type(c) is AllDifferent)
        self.watch = watch
        self.nodes = 0

    def fixpoint(self, m: Masks, queue: deque[int]) -> bool:
        queued = set(queue)
        rules, watch, stable = self.rules, self.watch, self.stable
        while queue:
            k = queue.popleft()
            queued.discard(k)
            changed = rules[k](m)
            if changed is None:
                return False
            for i in changed:
                for other in watch[i]:
                    if other not in queued and (other != k or not stable[k]):
                        queued.add(other)
                        queue.append(other)
        return True

    def solutions(self) -> Iterator[dict[Var, int]]:
        m = list(self.start)
        if all(m) and self.fixpoint(m, deque(range(len(self.rules)))):
            yield from self._branch(m)

    def _branch(self, m: Masks) -> Iterator[dict[Var, int]]:
        best, best_n = -1, 1 << 30
        for i, x in enumerate(m):
            if x & (x - 1):
                n = x.bit_count()
                if n < best_n:
                    best, best_n = i, n
                    if n == 2:
                        break
        if best < 0:
            solution = {v: self.base + x.bit_length() - 1 for v, x in zip(self.names, m)}
            if all(c.holds(solution) for c in self.csp.constraints):   # a guard
                yield solution
            return
        x = m[best]
        while x:
            low = x & -x
            x ^= low
            self.nodes += 1
            if not self.nodes & 1023 and over_time():   # a deadline outside the main thread
                raise OutOfTime
            child = list(m)
            child[best] = low
            if self.fixpoint(child, deque(self.watch[best])):
                yield from self._branch(child)
