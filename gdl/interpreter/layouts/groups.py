"""Orbits, blocks and cyclic groups of cell permutations: the group theory the
permutation layout (gdl.interpreter.layouts.layout) reads a game's moves with.

A permutation is a dict cell -> the cell its piece goes to, over the same cells for
every one of a group's generators.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Perm = dict[int, int]


class _Classes:
    """Cells merged into classes (union-find)."""

    def __init__(self, cells: list[int]):
        self.parent = {c: c for c in cells}

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(self, a: int, b: int) -> bool:
        """Merge the classes of a and b; False when they were one already."""
        u, v = self.find(a), self.find(b)
        self.parent[u] = v
        return u != v

    def groups(self, cells: list[int]) -> list[list[int]]:
        out: dict[int, list[int]] = {}
        for c in cells:
            out.setdefault(self.find(c), []).append(c)
        return sorted(out.values())


def orbits(cells: list[int], perms: list[Perm]) -> list[list[int]]:
    classes = _Classes(cells)
    for perm in perms:
        for c, d in perm.items():
            classes.join(c, d)
    return classes.groups(cells)


def least_block(a: int, b: int, cells: list[int], perms: list[Perm]) -> list[int]:
    """The least block of the group's action holding a and b (Atkinson): merge their
    classes, then the images of every merged pair, to a fixed point."""
    classes = _Classes(cells)
    classes.join(a, b)
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        for perm in perms:
            if classes.join(perm[x], perm[y]):
                todo.append((perm[x], perm[y]))
    root = classes.find(a)
    return [c for c in cells if classes.find(c) == root]


def blocks(cells: list[int], perms: list[Perm]) -> list[tuple[int, ...]]:
    """An orbit's finest proper blocks (each in cell order, the blocks sorted), or each cell
    alone when there is none: the least block holding the first cell and another, the
    smallest such, and its images."""
    least: list[int] | None = None
    for b in cells[1:]:
        block = least_block(cells[0], b, cells, perms)
        if len(block) < len(cells) and (least is None or len(block) < len(least)):
            least = block
    if least is None:
        return [(c,) for c in cells]
    found = _reached(frozenset(least),
                     lambda block: (frozenset(perm[c] for c in block) for perm in perms))
    return sorted(tuple(sorted(b)) for b in found)


def closure(generators: set[tuple[int, ...]], k: int) -> list[tuple[int, ...]]:
    """The group the permutations of 0..k-1 generate, the identity first."""
    return _reached(tuple(range(k)),
                    lambda x: (tuple(g[t] for t in x) for g in generators))


def _reached(first: Any, images: Callable[[Any], Iterable[Any]]) -> list[Any]:
    """`first` and all that `images` reaches from it, in the order found."""
    found, todo = {first: None}, [first]
    while todo:
        for y in images(todo.pop()):
            if y not in found:
                found[y] = None
                todo.append(y)
    return list(found)


def cyclic(group: list[tuple[int, ...]]) -> list[tuple[int, ...]] | None:
    """The group's elements as the powers of one of them (index = the power), or None when
    it is not cyclic."""
    for g in group:
        powers = [tuple(range(len(g)))]
        while len(powers) <= len(group):
            nxt = tuple(g[t] for t in powers[-1])
            if nxt == powers[0]:
                break
            powers.append(nxt)
        if len(powers) == len(group):
            return powers
    return None
