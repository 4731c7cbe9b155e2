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
    """`d is x`: the cells whose neighbour in direction d is in the cell set x."""
    direction: Ident
    operand: Expr
    pos: SourcePos


@attrs.frozen
class ListExpr:
    items: tuple[Expr, ...]
    pos: SourcePos


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
    """`board 8 x 8 [cells dark]`, `board hex rhombus 11` (`hex_shape` and its size in
    `width`; no height) or `board 7 x 7 links a1-d1-g1, ...` (`links`: the chains)."""
    width: Expr
    height: Expr | None
    cells: Expr | None   # the playable subset; None: every cell
    pos: SourcePos
    hex_shape: Ident | None = None
    links: tuple[tuple[Ident, ...], ...] = ()


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
class Vector:
    """`(1, 2)` among directions: that offset and its images under the board's symmetries;
    `[1, 2]` (`exact`): that offset alone (a shogi knight's forward leaps)."""
    dx: int
    dy: int
    pos: SourcePos
    exact: bool = False


Dir = Ident | Vector


@attrs.frozen
class Illegal:
    """`illegal: COND`: a move is illegal when COND holds on the position after it."""
    condition: Expr
    pos: SourcePos


@attrs.frozen
class EveryMove:
    """`every move then EFFECTS`: effects every move rule after it runs, before its own."""
    effects: tuple[Effect, ...]
    pos: SourcePos


@attrs.frozen
class Place:
    piece: Ident | None
    where: Expr
    pos: SourcePos


@attrs.frozen
class Step:
    """`step`: one cell along a direction; `slide`: any number of cells along one, over
    empty cells, stopping at the first piece (which it may take)."""
    piece: Ident
    directions: tuple[Dir, ...]
    to: Expr
    pos: SourcePos
    slide: bool = False
    origin: Expr | None = None   # `from X`: the piece starts on a cell of X
    distance: Expr | None = None   # `slide ... by N`: exactly N cells (read per piece, direction)
    over: Expr | None = None       # `over X`: the cells a counted slide may pass (default: empty)


@attrs.frozen
class Jump:
    piece: Ident
    directions: tuple[Dir, ...]
    over: Expr
    to: Expr
    repeat: bool     # `repeatedly`: the same piece jumps on while it can; the chain is one move
    pos: SourcePos
    origin: Expr | None = None
    by_path: bool = False   # `repeatedly by path`: two orders of the same captures are two moves


@attrs.frozen
class Ride:
    """`ride DIRS from X to Y`: a line of sight from a cell of X over empty cells, stopping at
    the first piece; no piece moves, `here` becomes the cell reached (amazons' shot)."""
    directions: tuple[Dir, ...]
    origin: Expr
    to: Expr
    pos: SourcePos


@attrs.frozen
class Choose:
    """`choose X`: a cell of X becomes `here`; nothing moves."""
    where: Expr
    pos: SourcePos


@attrs.frozen
class Pass:
    """A move that does nothing, legal only when no other move is (or always)."""
    pos: SourcePos
    always: bool = False


@attrs.frozen
class Select:
    """`select p in A..B, ...`: a later stage that chooses numbers, known in its effects."""
    params: tuple[Param, ...]
    pos: SourcePos


@attrs.frozen
class Drop:
    """`drop [PIECE] on CELLS`: a piece from the mover's hand (of any kind held, by default)."""
    piece: Ident | None
    where: Expr
    pos: SourcePos


Action = Place | Step | Jump | Ride | Choose | Pass | Select | Drop


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
class MoveLaws:
    """`every move commutes, undoes itself`: laws ("commutes", "undoes itself") of every move."""
    laws: tuple[str, ...]
    pos: SourcePos


@attrs.frozen
class Toggle:
    """`toggle X with KIND`: X's occupied cells empty, its empty cells get the mover's KIND."""
    cells: Expr
    piece: Ident
    pos: SourcePos


Effect = (Assign | Promote | Flip | Fill | Guarded | Again | Remove | Add | Carry | Sow | Group
          | Rotate | Reflect | Swap | Toggle)


@attrs.frozen
class Param:
    name: Ident
    low: Expr
    high: Expr
    pos: SourcePos


@attrs.frozen
class Repeat:
    """`repeat [up to N]` before a step: the step again from where it landed, the same way,
    up to N times in all (default: as far as the board goes); every count is one move."""
    limit: Expr | None
    pos: SourcePos


@attrs.frozen
class Stage:
    """A further choice inside a move: `; [if COND:] ACTION [then EFFECTS]`."""
    guard: Expr | None
    action: Action
    effects: tuple[Effect, ...]
    pos: SourcePos
    repeat: Repeat | None = None   # only a move's first stage may repeat


@attrs.frozen
class BoardMove:
    """A move rule: its first stage (action and effects), then any further stages."""
    name: Ident | None
    action: Action
    effects: tuple[Effect, ...]
    pos: SourcePos
    more: tuple[Stage, ...] = ()
    guard: Expr | None = None    # written before the first stage: an error the checker reports
    repeat: Repeat | None = None   # `repeat [up to N]` before the first stage (a step)


@attrs.frozen
class ParamMove:
    name: Ident
    params: tuple[Param, ...]
    guard: Expr | None
    effects: tuple[Effect, ...]
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


Statement = (Players | Option | Board | Pieces | Direction | Region | Setup | Symmetry
             | StateVar | PieceValue | Priority | Zones | BoardMove | ParamMove | End | Quantity
             | Illegal | Neutral | Counts | Track | Hands | Links | EveryMove | MoveLaws)


@attrs.frozen
class Rules:
    """A whole rules file: its header and statements in source order."""
    header: Header
    statements: tuple[Statement, ...]
    filename: str
    source: str


# ----------------------------------------------------------------------- puzzles (issue 5)
# One solver and a goal; the state is one of three forms: permutations with
# orientations (`PermState`), a board of tiles and a blank (`Tiles`), stacks (`Stacks`).

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


# ----------------------------------------------------------------------- constraint puzzles
# A `constraints` file: one grid of variables, a domain, constraints over areas of cells.
# Cells are named r<row>c<column> (r1c1 is the top-left cell).

@attrs.frozen
class GridVars:
    """`grid W x H of LOW..HIGH`: one variable per cell, each taking a value LOW..HIGH."""
    width: Expr
    height: Expr
    low: Expr
    high: Expr
    pos: SourcePos


@attrs.frozen
class Givens:
    """`given "53..7...."`: clues row by row ('.' blank); several lines concatenate."""
    text: str
    pos: SourcePos


@attrs.frozen
class Area:
    """Where a constraint applies; each area is one group of cells.

    kind: "rows", "columns", "diagonals" (every diagonal line, both ways), "diagonal"
    (r1c1 to the bottom right), "antidiagonal", "row"/"column" (args: its number),
    "boxes" (args: width, height), "cells" (the listed cells), "right of"/"below" (cells:
    the cell the run of value cells follows)."""
    kind: str
    args: tuple[Expr, ...]
    cells: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class AllDifferentRule:
    """`all different: AREAS`, or `all different value + E: AREAS` (the shifted values differ)."""
    shift: Expr | None
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class SumRule:
    """`sum 15: AREAS` or `sum <= 10: AREAS`: each area's sum compared with a number."""
    op: str
    total: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class CageRule:
    """`cage 15: r1c1 r1c2`: the cells add up to 15 and are all different (Killer Sudoku)."""
    total: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class CountRule:
    """`exactly K of V: AREAS` (op "=="), `at most` ("<="), `at least` (">="):
    how many cells of each area hold the value V."""
    op: str
    k: Expr
    value: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class Comparison:
    """`r1c1 < r1c2 < r1c3`: operands (cells or numbers) and the operators between them."""
    operands: tuple[Expr, ...]
    ops: tuple[str, ...]
    pos: SourcePos


@attrs.frozen
class RequireRule:
    """`require: r1c1 > r1c2, r2c3 != 4`: comparisons between cells (Futoshiki) or with numbers."""
    comparisons: tuple[Comparison, ...]
    pos: SourcePos


@attrs.frozen
class NoValueRule:
    """`no value: AREAS` or `no value "#..#"` (a picture row by row, '#' marks a cell with no
    value, '.' one with a value; several lines concatenate): cells that are no variable."""
    areas: tuple[Area, ...]
    picture: str | None
    pos: SourcePos


@attrs.frozen
class ArithmeticRule:
    """`product 240: AREAS`, `difference 2: ...`, `quotient 3: ...` (KenKen cages)."""
    op: str                  # "*", "-" or "/"
    target: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class RunsRule:
    """`runs 3 1, 2: rows`: the 1s of each area form runs of these lengths (one list per
    area, in order, or one list for every area); `0` alone is an empty line."""
    clues: tuple[tuple[int, ...], ...]
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class VisibleRule:
    """`visible 3: AREAS` (seen from each area's first cell) or `visible from left "2.3."`
    (one clue per row or column, '.' for none)."""
    count: Expr | None
    areas: tuple[Area, ...]
    side: str | None         # "left", "right", "top", "bottom"
    clues: str | None
    pos: SourcePos


ConstraintStatement = (GridVars | Givens | AllDifferentRule | SumRule | CageRule | CountRule
                       | RequireRule | NoValueRule | ArithmeticRule | RunsRule | VisibleRule)
