"""Effect nodes: what a move does after its action (`then ...`), joined into `Effect`."""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos
from gdl.grammar.ast.expressions import Dir, Expr, Ident


@attrs.frozen
class Assign:
    target: Ident
    index: Expr | None
    op: str          # "=", "+=", "-="
    value: Expr
    pos: SourcePos


@attrs.frozen
class Promote:
    piece: Ident
    where: Expr
    pos: SourcePos


@attrs.frozen
class Flip:
    """The lines of `cells` outflanked by the placed piece and another own piece change owner."""
    cells: Expr
    pos: SourcePos


@attrs.frozen
class Fill:
    """Every cell of `cells` becomes a piece of the mover of kind `piece` (whatever was there)."""
    cells: Expr
    piece: Ident
    pos: SourcePos


@attrs.frozen
class Guarded:
    """An effect that happens only `if condition` holds (after the earlier effects)."""
    effect: Effect
    condition: Expr
    pos: SourcePos


@attrs.frozen
class Again:
    """The player who moved moves again (an extra turn)."""
    pos: SourcePos


@attrs.frozen
class Remove:
    """Whatever stands on the cells of `cells` leaves the board."""
    cells: Expr
    pos: SourcePos


@attrs.frozen
class Add:
    """`add [OWNER] KIND at X`: a piece on every cell of X (replacing what stood there)."""
    owner: Ident | None
    piece: Ident
    cells: Expr
    pos: SourcePos


@attrs.frozen
class Carry:
    """`move X to Y`: the piece on cell X goes to cell Y (taking what stood there)."""
    source: Expr
    target: Expr
    pos: SourcePos


@attrs.frozen
class Sow:
    """`sow COUNTS along TRACK [skipping CELLS]`: empty `here`, then one into each next cell
    of the track (skipping CELLS); `here` becomes the last cell sown."""
    counts: Ident
    track: Ident
    skip: Expr | None
    pos: SourcePos


@attrs.frozen
class Group:
    """`(E1, E2, ...)`: effects in order, under one guard when one follows."""
    effects: tuple[Effect, ...]
    pos: SourcePos


@attrs.frozen
class Rotate:
    """`rotate CELLS [by ANGLE]`: the pieces of a square region turn (90 clockwise, -90 back)."""
    cells: Expr
    angle: Expr | None
    pos: SourcePos


@attrs.frozen
class Reflect:
    """`reflect CELLS`: the pieces of a region mirrored left to right."""
    cells: Expr
    pos: SourcePos


@attrs.frozen
class Swap:
    """`swap X with Y`: the first cells of X and Y exchange what stands on them."""
    first: Expr
    second: Expr
    pos: SourcePos


@attrs.frozen
class CycleCells:
    """`cycle A B C ...`: what stands on A goes to B, B's to C, ..., the last's to A."""
    cells: tuple[Expr, ...]
    pos: SourcePos


@attrs.frozen
class Toggle:
    """`toggle X with KIND`: X's occupied cells empty, its empty cells get the mover's KIND."""
    cells: Expr
    piece: Ident
    pos: SourcePos


@attrs.frozen
class ForEffect:
    """`for d in DIRS: EFFECT`: the effect once per direction of DIRS, `d` naming it."""
    var: Ident
    directions: tuple[Dir, ...]
    effect: Effect
    pos: SourcePos


Effect = (Assign | Promote | Flip | Fill | Guarded | Again | Remove | Add | Carry | Sow | Group
          | Rotate | Reflect | Swap | Toggle)   # (or a ForEffect, which the checker expands)
