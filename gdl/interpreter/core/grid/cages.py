"""An arithmetic cage: the values of its cells, combined by an operation, give a target
(KenKen). A sum cage is `csp.SumEquals`; this form covers the others:

- `*`: the product of the values is the target;
- `-`: the largest value minus the others is the target (|a - b| for two cells);
- `/`: the largest value divided by the product of the others is the target, exactly.

The cells of a cage may repeat a value (a KenKen cage across two rows); add
`AllDifferent` where they may not. `narrow(domains)` keeps the values that take part
in some tuple meeting the target (generalised arc consistency), by enumerating the
candidate tuples while there are at most `ENUMERATION_LIMIT` of them, and keeps every
value above that (sound: nothing is removed that a solution uses).

>>> Arithmetic(("a", "b"), "/", 2).narrow({"a": {1, 2, 3, 4}, "b": {3, 4}})["a"]
frozenset({2})
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Hashable, Iterable, Mapping

import attrs

Var = Hashable
Sets = Mapping[Var, Collection[int]]
OPERATIONS = ("*", "-", "/")
ENUMERATION_LIMIT = 200_000


def _tuple(items: Iterable[object]) -> tuple[object, ...]:
    return tuple(items)


def _known_operation(_instance: object, _attribute: object, op: str) -> None:
    if op not in OPERATIONS:
        raise ValueError(f"unknown cage operation {op!r}; expected one of {' '.join(OPERATIONS)}")


def combine(op: str, values: tuple[int, ...]) -> bool | int:
    """The values combined by `op`: the product, the largest minus the others, or (for
    "/") the quotient when the largest is an exact multiple of the others' product
    (False otherwise)."""
    if op == "*":
        return math.prod(values)
    top = max(values)
    if op == "-":
        return 2 * top - sum(values)
    rest = list(values)
    rest.remove(top)
    divisor = math.prod(rest)
    if divisor == 0 or top % divisor:
        return False
    return top // divisor


@attrs.frozen
class Arithmetic:
    """`combine(op, values) == target` over the cells of a cage."""

    vars: tuple[Var, ...] = attrs.field(converter=_tuple)
    op: str = attrs.field(validator=_known_operation)
    target: int

    @property
    def scope(self) -> tuple[Var, ...]:
        return self.vars

    def _meets(self, values: tuple[int, ...]) -> bool:
        result = combine(self.op, values)
        return result is not False and result == self.target

    def holds(self, a: Mapping[Var, int]) -> bool:
        return all(v in a for v in self.vars) and self._meets(tuple(a[v] for v in self.vars))

    def allows(self, a: Mapping[Var, int], domains: Sets) -> bool:
        cells = [(a[v],) if v in a else tuple(domains[v]) for v in self.vars]
        if math.prod(len(s) for s in cells) > ENUMERATION_LIMIT:
            return True
        return any(self._meets(t) for t in itertools.product(*cells))

    def narrow(self, domains: Sets) -> dict[Var, frozenset[int]]:
        cells = [tuple(domains[v]) for v in self.vars]
        if math.prod(len(s) for s in cells) > ENUMERATION_LIMIT:
            return {}
        used: list[set[int]] = [set() for _ in cells]
        for t in itertools.product(*cells):
            if self._meets(t):
                for s, x in zip(used, t):
                    s.add(x)
        return {v: frozenset(s) for v, s in zip(self.vars, used)}
