"""Permutation puzzle nodes (issue 5): one solver and a goal.

The state is one of three forms: permutations with orientations (`PermState`), a
board of tiles and a blank (`Tiles`), stacks (`Stacks`).
"""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos
from gdl.grammar.ast.expressions import Expr, Ident, Number


@attrs.frozen
class Orientation:
    """`twist: 7 x mod 3`: one value mod `modulus` per piece of the permutation, moving with it."""
    name: Ident
    size: Expr
    modulus: Expr
    pos: SourcePos


@attrs.frozen
class PermState:
    """`state corner: permutation 7, twist: 7 x mod 3`: pieces on positions 1..N, and their
    orientations."""
    name: Ident
    size: Expr
    orientations: tuple[Orientation, ...]
    pos: SourcePos


@attrs.frozen
class Tiles:
    """`tiles 1..8 and blank`: the board's cells hold these numbered tiles and one blank."""
    low: Expr
    high: Expr
    pos: SourcePos


@attrs.frozen
class Stacks:
    """`stacks 3 of 8`: 3 stacks holding items 1..8, 1 the smallest."""
    count: Expr
    items: Expr
    pos: SourcePos


@attrs.frozen
class Cycle:
    """`cycle corner (1 2 6 5) twist (-1 +1 -1 +1)`: the piece at 1 moves to 2 (gaining -1), 2's
    to 6, ...

    `turns` pairs an orientation with one amount per position of the cycle."""
    part: Ident
    positions: tuple[Number, ...]
    turns: tuple[tuple[Ident, tuple[Number, ...]], ...]
    pos: SourcePos


@attrs.frozen
class CycleMove:
    """`move front: cycle ..., cycle ...`: a named move made of disjoint cycles; with
    `symmetry` True, `symmetry NAME: cycle ...` (a symmetry of the puzzle, not a move)."""
    name: Ident
    cycles: tuple[Cycle, ...]
    pos: SourcePos
    symmetry: bool = False


@attrs.frozen
class SlideMove:
    """`move: slide tile into blank`: a tile beside the blank slides into it (up, down, left,
    right)."""
    pos: SourcePos


@attrs.frozen
class StackMove:
    """`move: top onto larger or empty` (rule "larger") or `move: top onto any` (rule "any")."""
    rule: str
    pos: SourcePos


@attrs.frozen
class Inverse:
    """`inverse front back, up down`: each pair of moves undo each other."""
    pairs: tuple[tuple[Ident, Ident], ...]
    pos: SourcePos


@attrs.frozen
class Target:
    """A start or goal position: `initial`, `all on EXPR`, `tiles in order, blank last`, or a
    position's text ("123456780")."""
    form: str                # "initial", "all on", "in order", "text"
    where: Expr | None       # `all on` only
    text: str | None         # "text": the position; "in order": "first" or "last" (the blank)
    pos: SourcePos


@attrs.frozen
class PuzzleStart:
    target: Target
    pos: SourcePos


@attrs.frozen
class PuzzleGoal:
    target: Target
    pos: SourcePos


PuzzleStatement = (PermState | Tiles | Stacks | CycleMove | SlideMove | StackMove | Inverse
                   | PuzzleStart | PuzzleGoal)
