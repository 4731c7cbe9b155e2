"""The core IR's expressions: the typed nodes that rules, effects and ends read.

Expression types: INT, BOOL, CELLS (a set of cells, a bitmask), LIST (of ints).
Owners: MOVER (the player making, or who just made, the move), OPPONENT (the
player after the mover), ANY (every player), or a player number.
"""

from __future__ import annotations

from typing import Any

import attrs

INT, BOOL, CELLS, LIST = "number", "truth value", "set of cells", "list of numbers"
COUNTS = "number on every cell"   # a state variable: a count per cell (seeds in pits)
HISTORY = "history"   # a hidden state variable: the positions seen so far (for `repeated`)
MOVER, OPPONENT, ANY = "mover", "opponent", "any"   # OPPONENT: in Pieces, every other player
Owner = str | int
Offsets = tuple[tuple[int, int], ...]   # (dx, dy) steps of one direction name


def walk(node: Any):
    """`node` and every IR node below it (expressions inside rules and effects included)."""
    yield node
    if attrs.has(type(node)):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if attrs.has(type(item)):
                    yield from walk(item)


def within_empty(where: Any) -> bool:
    """Whether a set of cells lies within the empty cells (`empty and ...`): a placement or
    a travel onto it can take nothing."""
    if isinstance(where, Empty):
        return True
    return (isinstance(where, Op) and where.op == "and"
            and any(within_empty(a) for a in where.args))


# ----------------------------------------------------------------------- expressions

@attrs.frozen
class Const:
    value: Any
    type: str


@attrs.frozen
class PerPlayer:
    """A constant that depends on the mover: a player's goal row, say."""
    values: tuple[Any, ...]
    type: str


@attrs.frozen
class Pieces:
    """The cells holding pieces of `owner` (of `kind`, or any kind when None)."""
    owner: Owner
    kind: int | None
    type: str = CELLS


@attrs.frozen
class Empty:
    type: str = CELLS


@attrs.frozen
class Full:
    type: str = BOOL


@attrs.frozen
class HasMoves:
    """`who` (OPPONENT: the player to move next; MOVER: the player who just moved, were it
    their turn again) has a legal move other than passing. With `kind` and `to`
    (`moves(king, row 8)`): a legal move that brings a piece of that kind (its travel, its
    placement or its drop) onto a cell of `to`. Ends only."""
    who: Owner = OPPONENT   # or a player's number (`moves Black`)
    type: str = BOOL
    kind: int | None = None
    to: Expr | None = None


@attrs.frozen
class Flank:
    """The cells from which, along some direction, a run of one or more `operand` cells
    ends at a piece of the mover (Othello's legal placements when operand is enemy)."""
    operand: Expr
    type: str = CELLS


@attrs.frozen
class Shift:
    """The cells whose neighbour along one of `directions` (per player) is in `operand`."""
    directions: tuple[Offsets, ...]
    operand: Expr
    type: str = CELLS


@attrs.frozen
class Line:
    """`owner` has `length` pieces in a straight row (horizontal, vertical or diagonal),
    lying wholly inside `within` when that is given (`line 3 in box here`)."""
    length: int
    owner: Owner
    within: Expr | None = None
    type: str = BOOL


@attrs.frozen
class Plies:
    """How many moves have been played (a counter kept in the state when a rule reads it)."""
    type: str = INT


@attrs.frozen
class Repeated:
    """The position after this move (board, variables, player to move) occurred before; with
    `board`, the board alone (positional superko). `times` counts the occurrences, this one
    included: 2 is "occurred before", 3 a threefold repetition."""
    board: bool = False
    times: int = 2
    type: str = BOOL


@attrs.frozen
class Streak:
    """How many moves in a row of `who` (MOVER: the player who just moved; OPPONENT: the
    player to move next), up to their latest one, ended in a position where `condition`
    held, read from that player's side as an end rule reads it (shogi's checks in a row).
    `slot` is the condition's place in `GameIR.streaks`; the counts are a hidden state
    variable that a position's key for repetition leaves out. Ends only."""
    condition: Expr
    who: str
    slot: int
    type: str = INT


@attrs.frozen
class Captured:
    """The move took a piece: its travels or placements so far landed on or jumped over one
    (never at the start, nor for a pass or a move of numbers)."""
    type: str = BOOL


@attrs.frozen
class Taken:
    """The cells the move takes: what its travels land on or jump over, and its placements
    replace (none for a pass or a move of numbers). Read of each legal move by `prefer`."""
    type: str = CELLS


@attrs.frozen
class Here:
    """The cell where the move's piece landed (in the effects of a board move)."""
    type: str = CELLS


@attrs.frozen
class Origin:
    """The cell the move's piece left (in the effects and later stages of a travel)."""
    type: str = CELLS


@attrs.frozen
class Attacked:
    """Some cell of `cells` could be taken by the player to move next: one of their moves
    (by the game's own rules, the legality filter left out) lands on it or captures it,
    an empty cell holding a piece of the mover for the test. Read after a move."""
    cells: Expr
    type: str = BOOL


@attrs.frozen
class Adjacent:
    """The cells linked to a cell of `cells` (along the board's links)."""
    cells: Expr
    type: str = CELLS


@attrs.frozen
class Reach:
    """The cells of `within` connected to `start` through cells of `within` (flood fill
    along the board's links); `start`'s own cells count only when they are in `within`."""
    start: Expr
    within: Expr
    type: str = CELLS


@attrs.frozen
class Connected:
    """The cells of `cells` form one group (connected along the board's links); false for
    no cell at all."""
    cells: Expr
    type: str = BOOL


@attrs.frozen
class Axis:
    """The cells on the lines through the cells of `cells` along a direction, both ways (the
    cells themselves included): along `directions` (per player), or with None along the
    direction a counted travel is trying (in its distance)."""
    cells: Expr
    directions: tuple[Offsets, ...] | None = None
    type: str = CELLS


@attrs.frozen
class InHand:
    """How many pieces of `kind` the mover holds in hand."""
    kind: int
    type: str = INT


@attrs.frozen
class CountAt:
    """The sum of a count variable over the cells of `cells` (one cell: its count)."""
    var: Var
    cells: Expr
    type: str = INT


@attrs.frozen
class CountsWhere:
    """The cells whose count compares with `value` (`seeds > 0`)."""
    var: Var
    op: str
    value: Expr
    type: str = CELLS


@attrs.frozen
class Zone:
    """Cells of a zone family: block number `arg` (a number; 0 gives none), or the blocks
    holding the cells of `arg` (a set of cells)."""
    family: int
    arg: Expr
    type: str = CELLS


@attrs.frozen
class Slot:
    """The place (1..n, numbered like the blocks) of the first cell of `arg` inside its block."""
    family: int
    arg: Expr
    type: str = INT


@attrs.frozen
class LinesHolding:
    """The cells of every column (with `rows`, every row) holding a cell of `cells`:
    `column here`, `count (own pawn and column here)` (shogi's two-pawns rule)."""
    cells: Expr
    rows: bool = False
    type: str = CELLS


@attrs.frozen
class Relative:
    """The cells `relation` (above, below, left of, right of, before, after) of some cell of
    `cells`: a table by cell joined over the cells (gdl/interpreter/core/relative.py)."""
    cells: Expr
    relation: str
    type: str = CELLS


@attrs.frozen
class Var:
    index: int
    type: str


@attrs.frozen
class Param:
    index: int
    type: str = INT


@attrs.frozen
class Op:
    """An operator: and, or, not, no, in, ==, !=, <, <=, >, >=, +, -, *, /, %, neg,
    index, count, size, sum, bool."""
    op: str
    args: tuple[Expr, ...]
    type: str


Expr = (Const | PerPlayer | Pieces | Empty | Full | HasMoves | Flank | Shift | Line | Plies
        | Repeated | Streak | Captured | Taken | Here | Origin | Attacked | Adjacent | Reach
        | CountAt | CountsWhere | InHand | Zone | Slot | LinesHolding | Relative | Var | Param
        | Op | Connected | Axis)
