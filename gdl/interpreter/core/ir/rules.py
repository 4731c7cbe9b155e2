"""The core IR's rules: the moves a player may make (with their later stages) and the
end rules that decide the game."""

from __future__ import annotations

import attrs

from gdl.interpreter.core.ir.effects import Effect
from gdl.interpreter.core.ir.expressions import BOOL, Expr, Offsets, Op, Owner, Param, walk


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
    every cell before the landing one in `over`. With `screens` (N, read as a distance is),
    a slide passes exactly N pieces, each in `screen` (every other cell passed empty), then
    goes on over empty cells as a slide does: it lands only beyond the N-th screen."""
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
    screens: Expr | None = None       # a screened slide: how many pieces it passes (an INT)
    screen: Expr | None = None        # a screened slide: the pieces that may be passed


@attrs.frozen
class JumpRule:
    """Jump over a neighbour in `over` to the cell beyond in `to`, capturing the jumped piece;
    with `repeat`, the same piece jumps on while it can and the whole chain is one move
    (captured pieces leave the board when the move ends: until then they block, and none is
    jumped twice). A chain's move is its ends and its captures: two paths alike in these are
    one move (unless `by_path`)."""
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
    far: bool = False   # flying: any empty cells before the jumped piece, and it lands on any
                        # cell of `to` beyond it across empty cells (a draughts king)
    takes: bool = True      # False: a hop, the jumped pieces stay (a chain: the cells reached)
    stops: bool = False     # a chain may stop after any jump (`repeatedly at will`)


def shortest_circuit(offsets: Offsets) -> int:
    """The fewest captures a jump chain along `offsets` can make in a circuit back to a cell
    it passed: the only way two chains share their ends and captures. Three when three
    of the steps add up to nothing (straight and diagonal steps together), else four
    (draughts' diagonals). A chain of fewer captures is listed without a look back."""
    steps = set(offsets)
    triangle = any((-a[0] - b[0], -a[1] - b[1]) in steps for a in steps for b in steps)
    return 3 if triangle else 4


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


def guard_levels(rule: ParamRule) -> tuple[tuple[Expr, ...], ...]:
    """The guard's conjuncts by the loop they can be tested in: entry k (0 .. parameters)
    holds those reading no parameter past the k-th (nor written after one that does), in
    their order, so a back end tests each as soon as its numbers are chosen (backgammon's
    first checker before the 25 choices of the second) and in the order written."""
    levels: list[list[Expr]] = [[] for _ in range(len(rule.ranges) + 1)]
    level = 0   # never before a conjunct written earlier: the order of the tests is kept
    for conjunct in _conjuncts(rule.guard):
        reads = [n.index + 1 for n in walk(conjunct) if isinstance(n, Param)]
        level = max([level, *reads])
        levels[level].append(conjunct)
    return tuple(map(tuple, levels))


def _conjuncts(guard: Expr | None) -> list[Expr]:
    if guard is None:
        return []
    if isinstance(guard, Op) and guard.op == "and" and guard.type == BOOL:
        return [c for arg in guard.args for c in _conjuncts(arg)]
    return [guard]


Rule = PlaceRule | ChooseRule | DropRule | StepRule | JumpRule | PassRule | ParamRule


def board_actions(rules: tuple) -> list:
    """Every rule of `rules` and, after each, every action of its later stages (their own
    stages too): each choice a move may be made of."""
    found: list = []
    for rule in rules:
        found.append(rule)
        found += board_actions(tuple(stage.action for stage in getattr(rule, "more", ())))
    return found
BoardRule = PlaceRule | ChooseRule | StepRule | JumpRule | PassRule | SelectRule | DropRule


@attrs.frozen
class EndRule:
    outcome: str            # "wins", "loses", "draw", "score"
    who: Owner | None
    condition: Expr
    score: Expr | None = None   # "score": a number read from each player's point of view

