"""The core IR: what the checker produces and the code generator consumes.

Every name is resolved (players and piece kinds are numbers, directions are
(dx, dy) offsets per player, options and regions are folded to constants) and
every expression is typed. High-level sugar lowers into these few nodes; the
back end knows nothing else.

Expression types: INT, BOOL, CELLS (a set of cells, a bitmask), LIST (of ints).
Owners: MOVER (the player making, or who just made, the move), OPPONENT (the
player after the mover), ANY (every player), or a player number.
"""

from __future__ import annotations

from typing import Any

import attrs

from gdl.interpreter.geometry import Geometry

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
    their turn again) has a legal move other than passing. Ends only."""
    who: str = OPPONENT
    type: str = BOOL


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
        | Repeated | Streak | Captured | Here | Origin | Attacked | Adjacent | Reach | CountAt
        | CountsWhere | InHand | Zone | Slot | LinesHolding | Var | Param | Op | Connected | Axis)


# ----------------------------------------------------------------------- moves and ends

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


@attrs.frozen
class Toggle:
    """The occupied cells of `cells` become empty, the empty ones a piece of kind `kind` of the
    mover (a press in Lights Out: an exclusive or of the board with a region)."""
    kind: int
    cells: Expr


Effect = (Assign | Promote | Flip | Fill | Guard | Again | Remove | Add | Carry | SetCount | Sow
          | Group | Rotate | Reflect | Swap | Toggle | CycleCells)


@attrs.frozen
class PlaceRule:
    name: str
    kind: int
    where: Expr
    effects: tuple[Effect, ...]
    more: tuple[Stage, ...] = ()


@attrs.frozen
class DropRule:
    """A piece of kind `kind` (None: of every kind held) from the mover's hand onto a cell
    of `where`; the move keeps the kind in its `from` field."""
    name: str
    kind: int | None
    where: Expr
    effects: tuple[Effect, ...]
    more: tuple[Stage, ...] = ()


@attrs.frozen
class ChooseRule:
    """A cell of `where` becomes `here`; nothing moves (a removal's target)."""
    name: str
    where: Expr
    effects: tuple[Effect, ...]
    more: tuple[Stage, ...] = ()


@attrs.frozen
class SelectRule:
    """A later stage that chooses numbers: parameter i ranges over `ranges[i]` (constants)
    and is `Param(first + i)` in the stage's effects."""
    name: str
    ranges: tuple[tuple[int, int], ...]
    first: int
    effects: tuple[Effect, ...]
    more: tuple[Stage, ...] = ()


@attrs.frozen
class StepRule:
    """One cell along a direction, or with `slide` any number over empty cells; the
    landing cell must be in `to`, and a slide stops at the first piece it meets. With a
    `distance`, a slide goes exactly that many cells (read for each piece and direction),
    every cell before the landing one in `over`."""
    name: str
    kind: int | None                  # None: a line of sight (`ride`), no piece moves
    directions: tuple[Offsets, ...]   # per player
    to: Expr
    effects: tuple[Effect, ...]
    slide: bool = False
    origin: Expr | None = None        # the cells a piece may start from (None: anywhere)
    more: tuple[Stage, ...] = ()
    distance: Expr | None = None      # a counted slide: how many cells (an INT)
    over: Expr | None = None          # a counted slide: the cells it may pass over


@attrs.frozen
class JumpRule:
    """Jump over a neighbour in `over` to the cell beyond in `to`, capturing the jumped piece;
    with `repeat`, the same piece jumps on while it can and the whole chain is one move
    (captured pieces leave the board when the move ends)."""
    name: str
    kind: int
    directions: tuple[Offsets, ...]
    over: Expr
    to: Expr
    repeat: bool
    effects: tuple[Effect, ...]
    origin: Expr | None = None
    more: tuple[Stage, ...] = ()
    by_path: bool = False   # each path of a chain its own move (its jumps kept in the move)


@attrs.frozen
class PassRule:
    """Do nothing but the effects; legal only when the player has no other move, or
    with `always` at any time."""
    name: str
    always: bool = False
    effects: tuple[Effect, ...] = ()
    more: tuple[Stage, ...] = ()


@attrs.frozen
class Stage:
    """A further choice inside a move: `action` (a board rule; its name and own `more`
    unused) on the position the earlier stages left; skipped when `guard` fails there."""
    action: BoardRule
    guard: Expr | None = None


@attrs.frozen
class ParamRule:
    name: str
    ranges: tuple[tuple[Expr, Expr], ...]   # inclusive (low, high) per parameter
    guard: Expr | None
    effects: tuple[Effect, ...]


Rule = PlaceRule | ChooseRule | DropRule | StepRule | JumpRule | PassRule | ParamRule
BoardRule = PlaceRule | ChooseRule | StepRule | JumpRule | PassRule | SelectRule | DropRule


@attrs.frozen
class EndRule:
    outcome: str            # "wins", "loses", "draw", "score"
    who: Owner | None
    condition: Expr
    score: Expr | None = None   # "score": a number read from each player's point of view


@attrs.frozen
class ZoneFamily:
    """Blocks of width x height cells tiling the board; blocks[i] is block i + 1."""
    name: str
    width: int
    height: int
    blocks: tuple[int, ...]


@attrs.frozen
class Variable:
    name: str
    initial: Any
    type: str


@attrs.frozen
class Symmetry:
    """A map of positions onto positions that the rules are declared to keep.

    Each cell c goes to `perm[c]` (a permutation of the layout's bit indices; cells
    off the playable set stay put). With `swap` (two-player games only) players 0
    and 1 also exchange their pieces, the turn and the result. `kinds`, when not empty,
    renames piece kinds for every owner: kind k's pieces become kind `kinds[k]`'s (plane
    `p * K + k` goes to `p * K + kinds[k]`, and so do the hands' counts). `pos` is where
    the rules file declares it (None for the identity and for composed elements)."""
    name: str
    perm: tuple[int, ...]
    swap: bool = False
    kinds: tuple[int, ...] = ()
    pos: Any = attrs.field(default=None, eq=False)


@attrs.frozen
class Quantity:
    """`conserved: EXPR` or `monotone: EXPR never increases|decreases`.

    The expression is read from each player's view in turn (own, enemy, mover and
    per-player regions meaning that player's) when `per_player`, else once; the
    declaration says no move changes any of these values (kind "conserved") or
    moves one the wrong way (kind "monotone", direction "nonincreasing" or
    "nondecreasing")."""
    text: str
    kind: str
    direction: str | None
    expr: Expr
    per_player: bool
    pos: Any = attrs.field(default=None, eq=False)


@attrs.frozen
class GameIR:
    name: str
    title: str
    kind: str
    players: tuple[str, ...]
    pieces: tuple[str, ...]
    geometry: Geometry
    initial_planes: tuple[int, ...]     # plane p * len(pieces) + k: player p's pieces of kind k
    variables: tuple[Variable, ...]
    rules: tuple[Rule, ...]
    priority: tuple[int, ...]           # indices of rules whose moves, when any exist, are the
                                        # only legal ones
    ends: tuple[EndRule, ...]
    symmetries: tuple[Symmetry, ...]    # the group canonical() uses, identity first
    piece_values: tuple[int, ...]                         # material weight per kind (hints;
                                                          # default 1)
    zones: tuple[ZoneFamily, ...]
    options: tuple[tuple[str, Any], ...]                  # the values this game was built with
    declared_symmetries: tuple[Symmetry, ...] = ()        # as the file states them, in order
    quantities: tuple[Quantity, ...] = ()                 # conserved and monotone declarations
    plies: int | None = None                              # the state variable counting moves,
                                                          # if used
    history: int | None = None                            # the state variable of positions
                                                          # seen, if used
    streaks: tuple[Expr, ...] = ()                        # the conditions `streak` counts
    streak: int | None = None                             # their counts' variable:
                                                          # [slot * players + player]
    illegal: Expr | None = None                           # the legality filter, on the
                                                          # position after a move
    rule_bits: int = 4                                    # bits of a board move's rule field
    neutral: tuple[int, ...] = ()                         # kinds no player owns: their owner
                                                          # is len(players)
    tracks: tuple[tuple[int, ...], ...] = ()              # cells in a cyclic order, by track
    hand: int | None = None                               # the variable of the hands:
                                                          # [player * kinds + kind]
    returns_as: tuple[int, ...] = ()                      # the kind a taken piece joins a hand as
    move_laws: tuple[str, ...] = ()                       # "commutes", "undoes itself"
    heuristic: Quantity | None = None                     # `heuristic: EXPR`, a lower bound on
                                                          # the moves to a win (one player)

    @property
    def stage_slots(self) -> int:
        """The most further stages of any rule: each takes two cell fields of a board move."""
        return max((len(getattr(r, "more", ())) for r in self.rules), default=0)
