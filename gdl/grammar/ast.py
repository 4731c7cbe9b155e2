"""The rules language's syntax tree: frozen attrs classes, each with its source position.

Past `gdl.grammar` nothing sees a `lark.Tree`; the checker and the compiler see
these classes. Identifiers are `Ident`s so that an error can point at the exact
word; every node's `pos` is where it starts.
"""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos


@attrs.frozen
class Ident:
    text: str
    pos: SourcePos


# ----------------------------------------------------------------------- expressions

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
    arg: "Expr"
    arg2: "Expr | None"
    pos: SourcePos


@attrs.frozen
class Neighbour:
    """`d is x`: the cells whose neighbour in direction d is in the cell set x."""
    direction: Ident
    operand: "Expr"
    pos: SourcePos


@attrs.frozen
class ListExpr:
    items: tuple["Expr", ...]
    pos: SourcePos


@attrs.frozen
class Index:
    base: "Expr"
    index: "Expr"
    pos: SourcePos


@attrs.frozen
class Unary:
    op: str          # "not", "no", "-"
    operand: "Expr"
    pos: SourcePos


@attrs.frozen
class Binary:
    op: str          # "or", "and", "in", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"
    left: "Expr"
    right: "Expr"
    pos: SourcePos


Expr = Number | Name | Apply | Neighbour | ListExpr | Index | Unary | Binary


# ----------------------------------------------------------------------- statements

@attrs.frozen
class Header:
    kind: str        # "game", "puzzle" or "constraints"
    title: str
    pos: SourcePos


@attrs.frozen
class Players:
    names: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class Option:
    name: Ident
    default: Expr
    pos: SourcePos


@attrs.frozen
class Board:
    width: Expr
    height: Expr
    cells: Expr | None   # the playable subset; None: every cell
    pos: SourcePos


@attrs.frozen
class Pieces:
    names: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class Direction:
    """`direction forward: White n, Black s` or `direction diagonal: ne nw se sw`.

    Each part is a word list; when the first word names a player the part is that
    player's, else it is everyone's."""
    name: Ident
    parts: tuple[tuple[Ident, ...], ...]
    pos: SourcePos


@attrs.frozen
class Region:
    """`region goal: row 8` or `region goal: White -> row 8, Black -> row 1`."""
    name: Ident
    shared: Expr | None
    per_player: tuple[tuple[Ident, Expr], ...]
    pos: SourcePos


@attrs.frozen
class Setup:
    player: Ident
    piece: Ident | None
    cells: Expr
    pos: SourcePos


@attrs.frozen
class Symmetry:
    names: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class Priority:
    """`priority: capture`: when a rule named here has a legal move, only those moves are legal."""
    names: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class PieceValue:
    """`value king = 3`: an evaluation hint, a piece kind's worth in material counts."""
    piece: Ident
    value: Expr
    pos: SourcePos


@attrs.frozen
class StateVar:
    name: Ident
    initial: Expr
    pos: SourcePos


@attrs.frozen
class Place:
    piece: Ident | None
    where: Expr
    pos: SourcePos


@attrs.frozen
class Step:
    piece: Ident
    directions: tuple[Ident, ...]
    to: Expr
    pos: SourcePos


@attrs.frozen
class Jump:
    piece: Ident
    directions: tuple[Ident, ...]
    over: Expr
    to: Expr
    repeat: bool     # `repeatedly`: the same piece jumps on while it can; the chain is one move
    pos: SourcePos


@attrs.frozen
class Pass:
    """A move that does nothing, legal only when no other move is."""
    pos: SourcePos


Action = Place | Step | Jump | Pass


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


Effect = Assign | Promote | Flip


@attrs.frozen
class Param:
    name: Ident
    low: Expr
    high: Expr
    pos: SourcePos


@attrs.frozen
class BoardMove:
    name: Ident | None
    action: Action
    effects: tuple[Effect, ...]
    pos: SourcePos


@attrs.frozen
class ParamMove:
    name: Ident
    params: tuple[Param, ...]
    guard: Expr | None
    effects: tuple[Effect, ...]
    pos: SourcePos


@attrs.frozen
class End:
    """`end: WHO wins|loses if COND` or `end: draw if COND` (who is None, outcome "draw")."""
    who: Ident | None
    outcome: str     # "wins", "loses", "draw"
    condition: Expr
    pos: SourcePos


Statement = (Players | Option | Board | Pieces | Direction | Region | Setup | Symmetry
             | StateVar | PieceValue | Priority | BoardMove | ParamMove | End)


@attrs.frozen
class Rules:
    """A whole rules file: its header and statements in source order."""
    header: Header
    statements: tuple[Statement, ...]
    filename: str
    source: str
