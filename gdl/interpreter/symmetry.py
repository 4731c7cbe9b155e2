"""Symmetries of a compiled game as pure functions: groups, images of states, mapped move texts.

A symmetry (`ir.Symmetry`) maps each cell c to `perm[c]` and, with `swap`, also
exchanges players 0 and 1: their pieces, the turn and the result. A state is
`(plane.., variable.., player, result)` (see `gdl.interpreter.compiled`); plane
`p * kinds + k` holds player p's pieces of kind k. State variables are left as
they are: a symmetry that should change them (a remembered cell, a per-player
score) does not hold, and verification says so.

>>> from gdl.interpreter.geometry import Geometry
>>> g = Geometry.rectangle(3, 3)
>>> t = g.transforms()
>>> a = Symmetry("mirror", t["mirror"]); b = Symmetry("flip", t["flip"])
>>> [s.name for s in close([a, b], g)]
['identity', 'mirror', 'flip', 'rotate180']
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from typing import Any

from gdl.interpreter.codegen_support import swapped_results
from gdl.interpreter.geometry import Geometry, bits
from gdl.interpreter.ir import CELLS, Symmetry

SWAP_WORDS = "swapping colours"
SQUARE = ("mirror", "flip", "rotate180", "transpose", "antitranspose", "rotate90", "rotate270")
_CELL = re.compile(r"(?:\b|(?<=[0-9]x))[a-z][0-9]+(?:\b|(?=x[a-z][0-9]))")   # a1, c3xe5


def identity(geometry: Geometry) -> Symmetry:
    return Symmetry("identity", tuple(range(geometry.height * geometry.stride)))


def compose(a: Symmetry, b: Symmetry) -> tuple[tuple[int, ...], bool]:
    """(perm, swap) of `a` after `b`."""
    return tuple(a.perm[c] for c in b.perm), a.swap != b.swap


@functools.lru_cache(maxsize=64)
def _transforms(geometry: Geometry) -> dict[tuple[int, ...], str]:
    """A board's square transforms, permutation -> name (the first name of each)."""
    out: dict[tuple[int, ...], str] = {}
    for name, perm in geometry.transforms().items():
        if perm is not None:
            out.setdefault(perm, name)
    return out


def name_of(perm: tuple[int, ...], swap: bool, geometry: Geometry) -> str | None:
    """The declaration's words for (perm, swap) when it is a square transform, else None."""
    name = _transforms(geometry).get(perm)
    if name is not None:
        if name == "identity":
            return SWAP_WORDS if swap else "identity"
        return f"{name} {SWAP_WORDS}" if swap else name
    return None


def close(generators: Iterable[Symmetry], geometry: Geometry) -> tuple[Symmetry, ...]:
    """The group the generators generate: identity first, then the generators, then the
    compositions (named like a declaration when they are a square transform)."""
    group: dict[tuple, Symmetry] = {}
    first = identity(geometry)
    group[(first.perm, False)] = first
    for g in generators:
        group.setdefault((g.perm, g.swap), g)
    changed = True
    while changed:
        changed = False
        for a, b in itertools.product(list(group.values()), repeat=2):
            key = compose(a, b)
            if key not in group:
                name = name_of(*key, geometry) or f"{a.name}*{b.name}"
                group[key] = Symmetry(name, *key)
                changed = True
    return tuple(group.values())


def contains(group: Iterable[Symmetry], sym: Symmetry) -> bool:
    return any(g.perm == sym.perm and g.swap == sym.swap for g in group)


CHUNK = 8   # bits per lookup in an image table


class Imager:
    """Images of one game's states under its symmetries (plain Python: verification, tests).

    `planes` is the number of piece planes at the front of a state, `kinds` the piece
    kinds per player, `players` the number of players. With `tables`, each symmetry's
    planes are mapped CHUNK bits at a time through a table built on first use (worth it
    for thousands of images, not for a few).
    """

    def __init__(self, planes: int, kinds: int, players: int, tables: bool = False,
                 cell_variables: tuple[int, ...] = ()):
        self.planes, self.kinds = planes, kinds
        self.cell_variables = cell_variables   # state positions of remembered cells (masks too)
        self.results = swapped_results(players) if players == 2 else None
        self.tables: dict[tuple, list] | None = {} if tables else None

    def _table(self, perm: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        assert self.tables is not None   # `_map` asks only when there are tables
        table = self.tables.get(perm)
        if table is None:
            table = self.tables[perm] = [
                (c, tuple(sum(1 << perm[c + b] for b in range(CHUNK) if v >> b & 1
                              and c + b < len(perm)) for v in range(1 << CHUNK)))
                for c in range(0, len(perm), CHUNK)]
        return table

    def _map(self, perm: tuple[int, ...], plane: int) -> int:
        if self.tables is None:
            return sum(1 << perm[c] for c in bits(plane))
        out, mask = 0, (1 << CHUNK) - 1
        for c, chunk in self._table(perm):
            part = plane >> c & mask
            if part:
                out |= chunk[part]
        return out

    def __call__(self, sym: Symmetry, state: tuple) -> tuple:
        planes, kinds, perm = self.planes, self.kinds, sym.perm
        mapped = [self._map(perm, plane) for plane in state[:planes]]
        rest = list(state[planes:])
        for i in self.cell_variables:
            rest[i - planes] = self._map(perm, state[i])
        if not sym.swap:
            return (*mapped, *rest)
        for k in range(kinds if planes else 0):
            mapped[k], mapped[kinds + k] = mapped[kinds + k], mapped[k]
        result = state[-1]
        if isinstance(result, tuple):
            swapped = result[::-1]
        else:
            assert self.results is not None   # a swap is declared only for two players
            swapped = self.results[result]
        return (*mapped, *rest[:-2], 1 - state[-2], swapped)


def imager(game: Any, tables: bool = False) -> Imager:
    """The Imager of a compiled game."""
    planes = len(game.ir.initial_planes)
    cells = tuple(planes + i for i, v in enumerate(game.ir.variables) if v.type == CELLS)
    return Imager(planes, len(game.ir.pieces), len(game.players), tables, cells)


def map_text(text: str, sym: Symmetry, geometry: Geometry) -> str:
    """A move's text with every cell name in it moved by the symmetry ("b1-c2" -> "b3-c2")."""
    names = geometry.names

    def move(match: re.Match) -> str:
        cell = names.get(match[0])
        return match[0] if cell is None else geometry.name(sym.perm[cell])
    return _CELL.sub(move, text)


def inverse(sym: Symmetry) -> Symmetry:
    """The symmetry that undoes `sym`."""
    perm = [0] * len(sym.perm)
    for c, image in enumerate(sym.perm):
        perm[image] = c
    return Symmetry(f"{sym.name} undone", tuple(perm), sym.swap)


def cell_names(sym: Symmetry, geometry: Geometry) -> list[str]:
    """The image of each playable cell, by name, in the order of `geometry.cells`."""
    return [geometry.name(sym.perm[c]) for c in geometry.cells]
