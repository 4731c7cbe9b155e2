"""Expression nodes: names, numbers, operators, and the direction vectors moves walk.

`Ident` is every word the rules name (so an error can point at it); `Expr` is the
union a checker walks; `Dir` is a direction word or a literal vector.
"""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos


@attrs.frozen
class Ident:
    text: str
    pos: SourcePos


@attrs.frozen
class Number:
    value: int
    pos: SourcePos


@attrs.frozen
class Name:
    ident: Ident

    @property
    def pos(self) -> SourcePos:
        return self.ident.pos


@attrs.frozen
class Apply:
    """`f x` (and `f x..y`): row 1, line k, size(heap), own pawn, rows 1..2."""
    fn: Ident
    arg: Expr
    arg2: Expr | None
    pos: SourcePos
    every: Expr | None = None   # rows 1..n every 2: every other row


@attrs.frozen
class ApplyOf:
    """`f x of y`: `line 5 of enemy` (whose line)."""
    fn: Ident
    arg: Expr
    owner: Expr
    pos: SourcePos


@attrs.frozen
class Neighbour:
    """`d is x`: the cells whose neighbour in direction d is in the cell set x (`-d is x`:
    the direction's text is `-d`, the opposite way)."""
    direction: Ident
    operand: Expr
    pos: SourcePos


@attrs.frozen
class ListExpr:
    """`[a, b]`, or `(a, b)` (`parens`): a list, or a function's several arguments."""
    items: tuple[Expr, ...]
    pos: SourcePos
    parens: bool = False


@attrs.frozen
class Index:
    base: Expr
    index: Expr
    pos: SourcePos


@attrs.frozen
class Unary:
    op: str          # "not", "no", "-"
    operand: Expr
    pos: SourcePos


@attrs.frozen
class Binary:
    op: str          # "or", "and", "in", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"
    left: Expr
    right: Expr
    pos: SourcePos


@attrs.frozen
class DirectionQuantifier:
    """`any d in DIRS: body` / `all d in DIRS: body`: the body once per direction of DIRS
    (`d` naming it), joined by `or` (any) or `and` (all); cells join as union or intersection."""
    op: str          # "any" or "all"
    var: Ident
    directions: tuple[Dir, ...]
    body: Expr
    pos: SourcePos


Expr = Number | Name | Apply | Neighbour | ListExpr | Index | Unary | Binary | DirectionQuantifier


@attrs.frozen
class Vector:
    """`(1, 2)` among directions: that offset and its images under the board's symmetries;
    `[1, 2]` (`exact`): that offset alone (a shogi knight's forward leaps)."""
    dx: int
    dy: int
    pos: SourcePos
    exact: bool = False


Dir = Ident | Vector
