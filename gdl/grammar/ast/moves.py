"""Move rule nodes: the actions (`Action`), stages, and the `move` and `every move` forms."""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos
from gdl.grammar.ast.effects import Effect
from gdl.grammar.ast.expressions import Dir, Expr, Ident


@attrs.frozen
class Param:
    name: Ident
    low: Expr
    high: Expr
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
    screens: Expr | None = None    # `slide ... past N of S`: N pieces of S passed (the screens)
    screen: Expr | None = None


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
    far: bool = False   # `far`: empty cells may lie before and after the jumped piece
    takes: bool = True      # False: `hop`, the jumped pieces stay
    at_will: bool = False   # `repeatedly at will`: the chain may stop after any jump


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


@attrs.frozen
class TravelAs:
    """`step PIECE DIRS as d ...` (or slide, jump): `action` tries `var`, one direction of
    DIRS at a time; the whole move is one rule per direction, `d` naming it (`ForMove`)."""
    var: Ident
    directions: tuple[Dir, ...]
    action: Step | Jump
    pos: SourcePos


Action = Place | Step | Jump | Ride | Choose | Pass | Select | Drop   # (or a TravelAs, unwrapped)


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
class ForMove:
    """`move NAME for d in DIRS: ...`: the move rule once per direction of DIRS, `d` naming
    that direction in its stages, conditions and effects."""
    var: Ident
    directions: tuple[Dir, ...]
    move: BoardMove
    pos: SourcePos


@attrs.frozen
class ParamMove:
    name: Ident
    params: tuple[Param, ...]
    guard: Expr | None
    effects: tuple[Effect, ...]
    pos: SourcePos


@attrs.frozen
class EveryMove:
    """`every move then EFFECTS`: effects every move rule after it runs, before its own; with
    `after` (`after every move: EFFECTS`), effects on variables every move runs last, on the
    position it left."""
    effects: tuple[Effect, ...]
    pos: SourcePos
    after: bool = False


@attrs.frozen
class MoveLaws:
    """`every move commutes, undoes itself`: laws ("commutes", "undoes itself") of every move."""
    laws: tuple[str, ...]
    pos: SourcePos


@attrs.frozen
class Notation:
    """`notation chess`: the standard notation family the game is also written in."""
    name: Ident
    pos: SourcePos
