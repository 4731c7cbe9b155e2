"""A game's declarations (board, pieces, regions, symmetry, ends, ...) and the whole `Rules`."""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos
from gdl.grammar.ast.expressions import Dir, Expr, Ident
from gdl.grammar.ast.moves import BoardMove, EveryMove, ForMove, MoveLaws, Notation, ParamMove


@attrs.frozen
class Header:
    kind: str        # "game", "puzzle" or "constraints"
    title: str
    pos: SourcePos


@attrs.frozen
class Players:
    names: tuple[Ident, ...]
    pos: SourcePos
    simultaneous: bool = False   # `players A B simultaneous`: all choose at once, every turn


@attrs.frozen
class Option:
    name: Ident
    default: Expr
    pos: SourcePos


@attrs.frozen
class Board:
    """`board 8 x 8 [cells dark]`, `board hex rhombus 11` (`hex_shape` and its size in
    `width`; no height) or `board 7 x 7 links a1-d1-g1, ...` (`links`: the chains)."""
    width: Expr
    height: Expr | None
    cells: Expr | None   # the playable subset; None: every cell
    pos: SourcePos
    hex_shape: Ident | None = None
    links: tuple[tuple[Ident, ...], ...] = ()
    wrap: Wrap | None = None   # `wrap [rows] [columns]`: edges that join round


@attrs.frozen
class Wrap:
    """`wrap rows columns` (or `wrap` alone: both): the edges of the grid that join."""
    axes: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class Pieces:
    names: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class Neutral:
    """`neutral NAME+`: kinds of piece that belong to no player (amazons' arrows)."""
    names: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class Counts:
    """`counts NAME = N [on CELLS]`: every cell (of CELLS) holds a number, N at the start."""
    name: Ident
    initial: Expr
    cells: Expr | None
    pos: SourcePos


@attrs.frozen
class Hands:
    """`hands [: taken -> returned, ...]`: a piece taken by a move joins the taker's hand (as
    the kind it maps to), and `drop` puts pieces from the hand on the board."""
    returns: tuple[tuple[Ident, Ident], ...]
    pos: SourcePos


@attrs.frozen
class Links:
    """`links DIRS`: the directions along which groups connect (`adjacent`, `reach`, ...)."""
    directions: tuple[Dir, ...]
    pos: SourcePos


@attrs.frozen
class Track:
    """`track NAME: a1 b1 ...`: cells in a cyclic order (sowing follows it)."""
    name: Ident
    cells: tuple[Ident, ...]
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
    """`symmetry mirror flip`, `symmetry rotate180 swapping colours`, `symmetry swapping colours`
    or `symmetry swap a1 c1, a2 c2` / `symmetry cycle a1 c1 c3 a3` (cell_map "swap" or "cycle",
    one cycle per group of cells). With `swap`, each symmetry the line declares also
    exchanges the two players' pieces and turn; `kinds` (`recolouring white green red, ...`)
    are cycles of piece kinds each also renames."""
    names: tuple[Ident, ...]
    pos: SourcePos
    swap: bool = False
    cell_map: str | None = None
    cells: tuple[tuple[Ident, ...], ...] = ()
    kinds: tuple[tuple[Ident, ...], ...] = ()


@attrs.frozen
class Quantity:
    """`conserved: EXPR` (kind "conserved") or `monotone: EXPR never increases` (kind
    "monotone", direction "increases" or "decreases", the way it never goes); `text` is the
    expression as written."""
    kind: str
    expr: Expr
    direction: str | None
    text: str
    pos: SourcePos


@attrs.frozen
class Zones:
    """`zones box: 3 x 3`: blocks of 3 x 3 cells tiling the board, numbered from 1
    row by row from the bottom-left, like the cells inside each block."""
    name: Ident
    width: Expr
    height: Expr
    pos: SourcePos


@attrs.frozen
class Priority:
    """`priority: capture`: when a rule named here has a legal move, only those moves are legal."""
    names: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class Prefer:
    """`prefer: most count taken`: of the legal moves, only those whose measure (a number
    read of each move) is greatest (`least`: smallest) stay legal."""
    most: bool
    measure: Expr
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
    per_player: bool = False   # `state walls = 10 per player`: one number for each player


@attrs.frozen
class Illegal:
    """`illegal: COND`: a move is illegal when COND holds on the position after it."""
    condition: Expr
    pos: SourcePos


@attrs.frozen
class End:
    """`end: WHO wins|loses if COND`, `end: draw if COND` (who is None, outcome "draw") or
    `end: score EXPR if COND` (outcome "score": each player's payoff from EXPR, its score)."""
    who: Ident | None
    outcome: str     # "wins", "loses", "draw", "score"
    condition: Expr
    pos: SourcePos
    score: Expr | None = None


@attrs.frozen
class Define:
    """`define NAME(p, q): EXPR` (`params` None for `define NAME: EXPR`): a name for an
    expression; the checker puts each use's arguments in for the parameters."""
    name: Ident
    params: tuple[Ident, ...] | None
    body: Expr
    pos: SourcePos


Statement = (Define | Players | Option | Board | Pieces | Direction | Region | Setup | Symmetry
             | StateVar | PieceValue | Priority | Zones | BoardMove | ForMove | ParamMove | End
             | Quantity
             | Illegal | Neutral | Counts | Track | Hands | Links | EveryMove | MoveLaws
             | Notation | Prefer)


@attrs.frozen
class Rules:
    """A whole rules file: its header and statements in source order."""
    header: Header
    statements: tuple[Statement, ...]
    filename: str
    source: str
