"""The core IR's effects: what a move does to the position (assignments, placements,
removals, sowing, the pieces turned or swapped), in order."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from gdl.interpreter.core.ir.expressions import Expr, Owner


@attrs.frozen
class Assign:
    var: int
    index: Expr | None      # 1-based element of a list variable
    op: str                 # "=", "+=", "-="
    value: Expr


@attrs.frozen
class Promote:
    """The moved piece becomes `kind` when it lands in `where`."""
    kind: int
    where: Expr


@attrs.frozen
class Flip:
    """After a placement: the runs of `cells` between the placed piece and another piece of
    the mover, in all eight directions, become the mover's."""
    cells: Expr


@attrs.frozen
class Fill:
    """Every cell of `cells` becomes a piece of kind `kind` of the mover."""
    kind: int
    cells: Expr


@attrs.frozen
class Guard:
    """`effect` happens only when `condition` holds."""
    condition: Expr
    effect: Effect


@attrs.frozen
class Again:
    """The mover moves next as well (an extra turn)."""


@attrs.frozen
class Remove:
    """Whatever stands on `cells` leaves the board."""
    cells: Expr


@attrs.frozen
class Add:
    """A piece of `owner` (MOVER, OPPONENT or a player) and `kind` on every cell of `cells`,
    replacing what stood there."""
    owner: Owner
    kind: int
    cells: Expr


@attrs.frozen
class Carry:
    """The piece on the (first) cell of `source` goes to the (first) cell of `target`,
    taking what stood there; nothing happens when `source` holds no piece."""
    source: Expr
    target: Expr


@attrs.frozen
class SetCount:
    """`counts[CELLS] op= value` on every cell of `cells` (the value read once, before)."""
    var: int
    cells: Expr
    op: str
    value: Expr


@attrs.frozen
class Sow:
    """Take the count on `here`, then add one to each next cell of track `track` (its index
    in GameIR.tracks), passing over `skip`, until none is left; `here` is the last cell."""
    var: int
    track: int
    skip: Expr | None


@attrs.frozen
class Group:
    """Effects in order (one guard for all of them)."""
    effects: tuple[Effect, ...]


@attrs.frozen
class Rotate:
    """The pieces on the square region `cells` turn by `angle` degrees (90: clockwise)."""
    cells: Expr
    angle: Expr


@attrs.frozen
class Reflect:
    """The pieces on the region `cells` mirrored left to right (within its columns)."""
    cells: Expr


@attrs.frozen
class Swap:
    """The first cells of `first` and `second` exchange their pieces."""
    first: Expr
    second: Expr


@attrs.frozen
class CycleCells:
    """The pieces on `cells` (cell indices) move round: cells[0]'s to cells[1], ..., the
    last's to cells[0]; every plane alike (a twist of a puzzle: stickers going round)."""
    cells: tuple[int, ...]

    def shifts(self) -> tuple[int, dict[int, int]]:
        """(the mask of the cycled cells, {offset: the mask of the cells moving by it}):
        one shift per offset moves every plane's pieces round (both back ends)."""
        cycled = 0
        by_offset: dict[int, int] = {}
        for a, b in zip(self.cells, self.cells[1:] + self.cells[:1]):
            by_offset[b - a] = by_offset.get(b - a, 0) | 1 << a
            cycled |= 1 << a
        return cycled, by_offset


@attrs.frozen
class Toggle:
    """The occupied cells of `cells` become empty, the empty ones a piece of kind `kind` of the
    mover (a press in Lights Out: an exclusive or of the board with a region)."""
    kind: int
    cells: Expr


Effect = (Assign | Promote | Flip | Fill | Guard | Again | Remove | Add | Carry | SetCount | Sow
          | Group | Rotate | Reflect | Swap | Toggle | CycleCells)


def leaf_effects(effects: tuple) -> Iterator[Effect]:
    """Every effect of `effects` that is neither a guard nor a group, in order, those under
    guards (whatever their condition) and inside groups included: what a move may do."""
    for effect in effects:
        while isinstance(effect, Guard):
            effect = effect.effect
        if isinstance(effect, Group):
            yield from leaf_effects(effect.effects)
        else:
            yield effect
