"""Symmetries of a compiled game as pure functions: groups, images of states, mapped move texts.

A symmetry (`ir.Symmetry`) maps each cell c to `perm[c]`; with `swap` it also
exchanges players 0 and 1 (their pieces, the turn and the result), and with `kinds`
it renames piece kinds (a Rubik cube's whole turn recolours its stickers). A state is
`(plane.., variable.., player, result)` (see `gdl.interpreter.python.compiled`); plane
`p * kinds + k` holds player p's pieces of kind k. Remembered cells move with the
board, the hands follow the pieces and a colour swap exchanges the two players' numbers
of a variable declared `per player`; other state variables are left as they are: a
symmetry that should change them (a score kept in a plain list) does not hold, and
verification says so.

>>> from gdl.interpreter.core.geometry import Geometry
>>> g = Geometry.rectangle(3, 3)
>>> t = transforms(g)
>>> a = Symmetry("mirror", t["mirror"]); b = Symmetry("flip", t["flip"])
>>> [s.name for s in close([a, b], g)]
['identity', 'mirror', 'flip', 'rotate180']
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from gdl.interpreter.core.results import swapped_results
from gdl.interpreter.core.geometry import Geometry, bits
from gdl.interpreter.core.board_transforms import transforms
from gdl.interpreter.core.ir import CELLS, Symmetry

SWAP_WORDS = "swapping colours"
RECOLOUR_WORD = "recolouring"
SQUARE = ("mirror", "flip", "rotate180", "transpose", "antitranspose", "rotate90", "rotate270")
_CELL = re.compile(r"(?:\b|(?<=[0-9]x))[a-z][0-9]+(?:\b|(?=x[a-z][0-9]))")   # a1, c3xe5


def identity(geometry: Geometry) -> Symmetry:
    return Symmetry("identity", tuple(range(geometry.height * geometry.stride)))


def kind_of(sym: Symmetry, kind: int) -> int:
    """The kind a piece of `kind` becomes under `sym`."""
    return sym.kinds[kind] if sym.kinds else kind


def compose(a: Symmetry, b: Symmetry) -> tuple[tuple[int, ...], bool, tuple[int, ...]]:
    """(perm, swap, kinds) of `a` after `b` (kinds () when no kind is renamed)."""
    kinds = tuple(kind_of(a, kind_of(b, k)) for k in range(len(a.kinds or b.kinds)))
    if all(k == j for j, k in enumerate(kinds)):
        kinds = ()
    return tuple(a.perm[c] for c in b.perm), a.swap != b.swap, kinds


def recolouring_words(kinds: tuple[int, ...], pieces: Sequence[str]) -> str:
    """'recolouring white green red': the renaming's cycles, each from its lowest kind."""
    groups, seen = [], set()
    for k in range(len(kinds)):
        if k in seen or kinds[k] == k:
            continue
        cycle = [k]
        while kinds[cycle[-1]] != k:
            cycle.append(kinds[cycle[-1]])
        seen.update(cycle)
        groups.append(" ".join(pieces[c] for c in cycle))
    return f"{RECOLOUR_WORD} {', '.join(groups)}"


@functools.lru_cache(maxsize=64)
def _transforms(geometry: Geometry) -> dict[tuple[int, ...], str]:
    """A board's square transforms, permutation -> name (the first name of each)."""
    out: dict[tuple[int, ...], str] = {}
    for name, perm in transforms(geometry).items():
        if perm is not None:
            out.setdefault(perm, name)
    return out


def name_of(perm: tuple[int, ...], swap: bool, geometry: Geometry, kinds: tuple[int, ...] = (),
            pieces: Sequence[str] = ()) -> str | None:
    """The declaration's words for (perm, swap, kinds) when the cells move by a square
    transform (and the kinds' names are known, if any is renamed), else None."""
    name = _transforms(geometry).get(perm)
    if name is None or (kinds and not pieces):
        return None
    words = [] if name == "identity" and (swap or kinds) else [name]
    if kinds:
        words.append(recolouring_words(kinds, pieces))
    if swap:
        words.append(SWAP_WORDS)
    return " ".join(words)


def _key(sym: Symmetry) -> tuple:
    return sym.perm, sym.swap, sym.kinds


def close(generators: Iterable[Symmetry], geometry: Geometry,
          pieces: Sequence[str] = ()) -> tuple[Symmetry, ...]:
    """The group the generators generate: identity first, then the generators, then the
    compositions (named like a declaration when they are a square transform; `pieces`
    names the kinds a composition renames)."""
    group: dict[tuple, Symmetry] = {}
    first = identity(geometry)
    group[_key(first)] = first
    for g in generators:
        group.setdefault(_key(g), g)
    changed = True
    while changed:
        changed = False
        for a, b in itertools.product(list(group.values()), repeat=2):
            key = perm, swap, kinds = compose(a, b)
            if key not in group:
                name = name_of(perm, swap, geometry, kinds, pieces) or f"{a.name}*{b.name}"
                group[key] = Symmetry(name, perm, swap, kinds)
                changed = True
    return tuple(group.values())


def contains(group: Iterable[Symmetry], sym: Symmetry) -> bool:
    return any(_key(g) == _key(sym) for g in group)


def sources(sym: Symmetry, kinds: int, owners: int) -> tuple[int, ...]:
    """For each slot `owner * kinds + kind` of the image (a piece plane, a hand's count),
    the slot of the state it is taken from: the swapped owner (players 0 and 1 only), the
    kind the renaming sends onto this one."""
    back = list(range(kinds))
    for k in range(len(sym.kinds)):
        back[sym.kinds[k]] = k
    return tuple((1 - p if sym.swap and p < 2 else p) * kinds + back[k]
                 for p in range(owners) for k in range(kinds))


CHUNK = 8   # bits per lookup in an image table


class Imager:
    """Images of one game's states under its symmetries (plain Python: verification, tests).

    `planes` is the number of piece planes at the front of a state, `kinds` the piece
    kinds per player, `players` the number of players, `hand` the state position of the
    hands (None: no hands). With `tables`, each symmetry's planes are mapped CHUNK bits at
    a time through a table built on first use (worth it for thousands of images, not for
    a few).
    """

    def __init__(self, planes: int, kinds: int, players: int, tables: bool = False,
                 cell_variables: tuple[int, ...] = (), hand: int | None = None,
                 per_player: tuple[int, ...] = ()):
        self.planes, self.kinds, self.players = planes, kinds, players
        self.per_player = per_player   # state positions of the per-player numbers
        self.cell_variables = cell_variables   # state positions of remembered cells (masks too)
        self.hand = hand
        self.results = swapped_results(players) if players == 2 else None
        self.tables: dict[tuple, list] | None = {} if tables else None
        self.sources: dict[tuple, tuple[tuple[int, ...], tuple[int, ...]]] = {}

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

    def _sources(self, sym: Symmetry) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(each image plane's source plane, each image hand count's source count)."""
        key = sym.swap, sym.kinds
        found = self.sources.get(key)
        if found is None:
            owners = self.planes // self.kinds if self.kinds else 0
            found = self.sources[key] = (sources(sym, self.kinds, owners),
                                         sources(sym, self.kinds, self.players))
        return found

    def __call__(self, sym: Symmetry, state: tuple) -> tuple:
        planes, perm = self.planes, sym.perm
        rest = list(state[planes:])
        for i in self.cell_variables:
            rest[i - planes] = self._map(perm, state[i])
        if not (sym.swap or sym.kinds):
            return (*(self._map(perm, plane) for plane in state[:planes]), *rest)
        from_planes, from_hand = self._sources(sym)
        mapped = [self._map(perm, state[i]) for i in from_planes]
        if self.hand is not None:
            rest[self.hand - planes] = tuple(state[self.hand][i] for i in from_hand)
        if not sym.swap:
            return (*mapped, *rest)
        for i in self.per_player:   # a number per player: players 0 and 1's exchanged
            rest[i - planes] = (state[i][1], state[i][0], *state[i][2:])
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
    hand = None if game.ir.hand is None else planes + game.ir.hand
    per_player = tuple(planes + i for i, v in enumerate(game.ir.variables) if v.per_player)
    return Imager(planes, len(game.ir.pieces), len(game.players), tables, cells, hand,
                  per_player)


def map_text(text: str, sym: Symmetry, geometry: Geometry, pieces: Sequence[str] = ()) -> str:
    """A move's text with every cell name in it moved by the symmetry ("b1-c2" -> "b3-c2")
    and, given the kinds' names, every kind it renames renamed ("left b2" -> "right c2")."""
    names = geometry.names

    def move(match: re.Match) -> str:
        cell = names.get(match[0])
        return match[0] if cell is None else geometry.name(sym.perm[cell])
    text = _CELL.sub(move, text)
    renamed = {pieces[k]: pieces[j] for k, j in enumerate(sym.kinds) if j != k and pieces}
    if not renamed:
        return text
    words = re.compile(r"\b(?:" + "|".join(map(re.escape, renamed)) + r")\b")
    return words.sub(lambda match: renamed[match[0]], text)


def inverse(sym: Symmetry) -> Symmetry:
    """The symmetry that undoes `sym`."""
    perm = [0] * len(sym.perm)
    for c, image in enumerate(sym.perm):
        perm[image] = c
    kinds = [0] * len(sym.kinds)
    for k, image in enumerate(sym.kinds):
        kinds[image] = k
    return Symmetry(f"{sym.name} undone", tuple(perm), sym.swap, tuple(kinds))


def cell_names(sym: Symmetry, geometry: Geometry) -> list[str]:
    """The image of each playable cell, by name, in the order of `geometry.cells`."""
    return [geometry.name(sym.perm[c]) for c in geometry.cells]
