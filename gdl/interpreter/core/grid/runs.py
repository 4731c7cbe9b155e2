"""Constraints over a line of cells read in order: run lengths (nonograms) and visibility
(skyscrapers).

- `Runs(vars, lengths)`: the cells holding 1 (the others hold 0) form runs of exactly
  these lengths, in this order, apart by one or more 0s; `lengths=()` is an empty line.
- `Visible(vars, count)`: looking along the line from its first cell, `count` values are
  higher than every value before them (a taller building hides the lower ones behind it).

Each form has `scope`, `holds(assignment)`, `allows(assignment, domains)` (the
contract of `gdl.interpreter.core.grid.model`) and `narrow(domains)`: the values each variable may
keep, every one of them used by some completion of the line (runs: all of them, by a
dynamic programme over the line; visibility: those that keep the visible count's
bounds around `count`). A variable whose set empties means no solution. Solvers
propagate with `narrow` (`solvers.constraints.propagate`, and inside python-constraint's search).

>>> Runs(("a", "b", "c"), (2,)).narrow({"a": {0, 1}, "b": {0, 1}, "c": {0, 1}})["b"]
frozenset({1})
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping

import attrs

Var = Hashable
Sets = Mapping[Var, Collection[int]]
Narrowed = dict[Var, frozenset[int]]


def _tuple(items: Iterable[object]) -> tuple[object, ...]:
    return tuple(items)


def _current(vars: tuple[Var, ...], a: Mapping[Var, int], domains: Sets) -> list[Collection[int]]:
    """Each variable's candidates: its value if assigned, else its domain."""
    return [(a[v],) if v in a else domains[v] for v in vars]


# ----------------------------------------------------------------------- run lengths

def run_supports(lengths: tuple[int, ...], cells: list[Collection[int]]
                 ) -> list[set[int]] | None:
    """For each cell, the values (0, 1) it takes in some placement of the runs that fits
    every cell's candidates; None when no placement fits.

    A dynamic programme over (cell, runs placed): forward, which states can be reached
    with the next cell free to start a run; backward, which can still end with every run
    placed; a step taken on some whole path supports its values.
    """
    n, k = len(cells), len(lengths)
    can0 = [0 in s for s in cells]
    no1 = [0]   # no1[i]: cells before i that cannot hold 1
    for s in cells:
        no1.append(no1[-1] + (1 not in s))

    def block_end(i: int, j: int) -> int | None:
        """The state after run j at cells i.. (i + length, plus the 0 after it), or None."""
        e = i + lengths[j]
        if e > n or no1[e] - no1[i]:
            return None
        if e == n:
            return n
        return e + 1 if can0[e] else None

    back = [[False] * (k + 1) for _ in range(n + 2)]
    back[n][k] = True
    for i in range(n - 1, -1, -1):
        for j in range(k, -1, -1):
            ok = can0[i] and back[i + 1][j]
            if not ok and j < k:
                e = block_end(i, j)
                ok = e is not None and back[e][j + 1]
            back[i][j] = ok
    if not back[0][0]:
        return None
    forward = [[False] * (k + 1) for _ in range(n + 2)]
    forward[0][0] = True
    zeros = [False] * n
    ones_delta = [0] * (n + 1)
    for i in range(n):
        for j in range(k + 1):
            if not forward[i][j]:
                continue
            if can0[i] and back[i + 1][j]:
                forward[i + 1][j] = True
                zeros[i] = True
            if j < k:
                e = block_end(i, j)
                if e is not None and back[e][j + 1]:
                    forward[e][j + 1] = True
                    ones_delta[i] += 1
                    ones_delta[i + lengths[j]] -= 1
                    if e > i + lengths[j]:
                        zeros[i + lengths[j]] = True
    out, ones = [], 0
    for i in range(n):
        ones += ones_delta[i]
        out.append({x for x, used in ((0, zeros[i]), (1, ones > 0)) if used})
    return out


def run_lengths(values: Iterable[int]) -> tuple[int, ...]:
    """The lengths of the runs of 1s in a line of 0s and 1s."""
    out: list[int] = []
    previous = 0
    for x in values:
        if x == 1:
            if previous == 1:
                out[-1] += 1
            else:
                out.append(1)
        previous = x
    return tuple(out)


@attrs.frozen
class Runs:
    """The cells holding 1 form runs of `lengths`, in order, apart by 0s (a nonogram line)."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)
    lengths: tuple[int, ...] = attrs.field(converter=_tuple)

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def holds(self, a: Mapping[Var, int]) -> bool:
        return (all(v in a and a[v] in (0, 1) for v in self.vars)
                and run_lengths(a[v] for v in self.vars) == self.lengths)

    def allows(self, a: Mapping[Var, int], domains: Sets) -> bool:
        return run_supports(self.lengths, _current(self.vars, a, domains)) is not None

    def narrow(self, domains: Sets) -> Narrowed:
        supports = run_supports(self.lengths, [domains[v] for v in self.vars])
        if supports is None:
            return {self.vars[0]: frozenset()}
        return {v: frozenset(x for x in domains[v] if x in s)
                for v, s in zip(self.vars, supports)}


# ----------------------------------------------------------------------- visibility

def visible_count(values: Iterable[int]) -> int:
    """How many values are higher than every value before them."""
    seen, top = 0, None
    for x in values:
        if top is None or x > top:
            seen, top = seen + 1, x
    return seen


def visible_bounds(cells: list[Collection[int]]) -> tuple[int, int]:
    """Least and greatest visible count over the candidates (sound, and exact when every
    cell has one candidate): a cell may be seen only if its highest candidate beats every
    earlier cell's lowest, and must be seen if its lowest beats every earlier highest."""
    low = high = 0
    best_low = best_high = None   # the highest of the earlier lowest / highest candidates
    for s in cells:
        if not s:
            return 1, 0
        lo, hi = min(s), max(s)
        if best_low is None or hi > best_low:
            high += 1
        if best_high is None or lo > best_high:
            low += 1
        best_low = lo if best_low is None else max(best_low, lo)
        best_high = hi if best_high is None else max(best_high, hi)
    return low, high


@attrs.frozen
class Visible:
    """Seen from the first cell, `count` values are higher than all before them."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)
    count: int

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def holds(self, a: Mapping[Var, int]) -> bool:
        return all(v in a for v in self.vars) and visible_count(a[v] for v in self.vars) \
            == self.count

    def allows(self, a: Mapping[Var, int], domains: Sets) -> bool:
        low, high = visible_bounds(_current(self.vars, a, domains))
        return low <= self.count <= high

    def narrow(self, domains: Sets) -> Narrowed:
        cells = [domains[v] for v in self.vars]
        out: Narrowed = {}
        for i, v in enumerate(self.vars):
            kept = []
            for x in cells[i]:
                low, high = visible_bounds(cells[:i] + [(x,)] + cells[i + 1:])
                if low <= self.count <= high:
                    kept.append(x)
            out[v] = frozenset(kept)
            if not kept:
                break
        return out
