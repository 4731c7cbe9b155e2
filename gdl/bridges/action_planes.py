"""The "planes" action space: a move is its from-cell and its move type, AlphaZero's layout
(OpenSpiel's `chess` numbers its 4674 actions so), read from a game's rules and board.

For rules whose moves are steps and slides from a cell to a cell on a square board, with
an optional choice of promotion, drops from a hand and passes:

- Each player sees the board from their own side: a player whose directions are the first
  player's mirrored (chess's Black, pawns going south) has the board's rows reversed, as
  OpenSpiel reflects the ranks for Black. Every offset and cell below is in that view.
- Cells are numbered file by file, (x, y) -> x * height + y (OpenSpiel's chess: a1 = 0,
  a2 = 1, .., b1 = 8).
- Move types, for one from-cell, in this order:
  1. the promotion choices past the default, each over the move types that promoting
     rules make (chess: rook, bishop, knight x straight, east, west: OpenSpiel's 9
     under-promotions). A kind with several promotion targets chooses among them, the
     first in the rules' order being the default that shares the plain move's id (chess's
     queen); a kind with one target chooses to promote or not (shogi: 1 = promoted);
  2. rays: the lines the rules move along (orthogonal before diagonal: north, east,
     north-east, south-east) x the signed distance along them, -(n-1) .. -1, 1 .. n-1,
     n the board's longer side (8 x 7 x 2 = 56 on chess's board);
  3. leaps (offsets on no line: the knight's), west before east, the longer x-step first,
     then by dy (OpenSpiel's order of the knight's 8);
  4. drops, one per kind a hand can hold: the cell is where the piece lands.
- After every cell's types: the moves that carry a second piece (castling), one id per
  rule and offset that its rules can make (origin and target read as constants), rays'
  order; then a pass rule each.

Id = cell * types + type. Chess: 64 x 73 + 2 castlings = 4674, OpenSpiel's ids exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits

Offset = tuple[int, int]
View = Callable[[Offset], Offset]

# The views a player's board may be turned by (the first that maps the rules'
# directions for that player onto the first player's): identity first.
VIEWS: tuple[tuple[int, int], ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))   # x, y signs


# --------------------------------------------------------------------------- reading the rules

def takes(game: Any) -> bool:
    """Whether the rules of `game` fit the planes: steps and slides of a piece on a square
    board without wrap or links, drops and passes, each in one stage."""
    geometry = getattr(game, "geometry", None)
    if geometry is None or geometry.shape != "square" or any(geometry.wrap) or \
            geometry.links or not geometry.cells:
        return False
    rules = game.ir.rules
    fits = all(isinstance(r, ir.StepRule) and r.kind is not None or
               isinstance(r, (ir.DropRule, ir.PassRule)) for r in rules)
    return fits and not any(r.more for r in rules) and \
        any(isinstance(r, ir.StepRule) for r in rules)


def promotes_to(rule: Any) -> int | None:
    """The kind a step rule promotes its piece to, or None."""
    return next((e.kind for e in ir.leaf_effects(rule.effects) if isinstance(e, ir.Promote)), None)


def carries(rule: Any) -> bool:
    """A move that carries a second piece along (castling's rook)."""
    return any(isinstance(e, ir.Carry) for e in ir.leaf_effects(rule.effects))


def static_cells(expr: Any, player: int, every: int) -> int:
    """The cells `expr` can hold for `player` in any position: its constants read, any
    other part taken as every cell (so the answer covers the truth)."""
    exact = _exact(expr, player, every)
    return every if exact is None else exact


def _exact(expr: Any, player: int, every: int) -> int | None:
    """`expr`'s cells when constant for `player`; for an `and`, an upper bound."""
    if isinstance(expr, ir.Const) and isinstance(expr.value, int):
        return expr.value & every
    if isinstance(expr, ir.PerPlayer) and isinstance(expr.values[player], int):
        return expr.values[player] & every
    if not (isinstance(expr, ir.Op) and expr.type == ir.CELLS):
        return None
    parts = [_exact(a, player, every) for a in expr.args]
    if expr.op == "and":   # known parts bound it
        known = [p for p in parts if p is not None]
        out = every
        for part in known:
            out &= part
        return out if known else None
    if expr.op == "or" and None not in parts:
        union = 0
        for piece in parts:
            union |= piece or 0
        return union
    if expr.op == "not" and len(parts) == 1 and parts[0] is not None and \
            len(expr.args) == 1 and _constant(expr.args[0]):
        return every & ~parts[0]
    return None


def _constant(expr: Any) -> bool:
    """No part of `expr` depends on the position (so its complement is exact)."""
    if isinstance(expr, (ir.Const, ir.PerPlayer)):
        return True
    return isinstance(expr, ir.Op) and expr.op in ("and", "or", "not") and \
        all(_constant(a) for a in expr.args)


# --------------------------------------------------------------------------- offsets

def line_of(offset: Offset) -> tuple[Offset, int] | None:
    """(the line's direction, the signed distance along it) of an offset on a rank, file
    or diagonal; None for a leap. The direction points east, or north on a file."""
    dx, dy = offset
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    steps = max(abs(dx), abs(dy))
    unit = (dx // steps, dy // steps)
    ahead = unit[0] > 0 or unit[0] == 0 and unit[1] > 0
    return (unit if ahead else (-unit[0], -unit[1])), (steps if ahead else -steps)


def line_key(direction: Offset) -> tuple[int, int, int]:
    """Orthogonal before diagonal; north before east; north-east before south-east."""
    dx, dy = direction
    return abs(dx) + abs(dy), dx, -dy


def leap_key(offset: Offset) -> tuple[bool, int, int]:
    dx, dy = offset
    return dx > 0, -abs(dx), dy


def offset_key(offset: Offset) -> tuple:
    """One order for every offset: rays (by line, then distance), then leaps."""
    on = line_of(offset)
    return (0, line_key(on[0]), on[1]) if on is not None else (1, leap_key(offset), 0)


class Planes:
    """From-cell x move type ids for one compiled game whose rules `takes` accepts."""

    def __init__(self, game: Any) -> None:
        self.game = game
        geometry = game.geometry
        self.width, self.height = geometry.width, geometry.height
        self.reach = max(self.width, self.height) - 1   # the longest ray
        rules = game.ir.rules
        players = len(game.players)
        self.views = [self._view(p) for p in range(players)]
        offsets: set[Offset] = set()
        for rule in rules:
            if isinstance(rule, ir.StepRule):
                for p in range(players):
                    offsets |= set(self._offsets(rule, p))
        lines = sorted({on[0] for on in map(line_of, offsets) if on is not None}, key=line_key)
        leaps = sorted((o for o in offsets if line_of(o) is None), key=leap_key)
        along = [(direction, k) for direction in lines
                 for k in [*range(-self.reach, 0), *range(1, self.reach + 1)]]
        rays = [(k * d[0], k * d[1]) for d, k in along]
        self.choice = self._choices(rules)
        promoted = {o for r, rule in enumerate(rules) if self.choice.get(r)
                    for p in range(players) for o in self._offsets(rule, p)}
        self.moves = rays + leaps
        self.promoting = [o for o in self.moves if o in promoted]
        self.promotion_types = {o: i for i, o in enumerate(self.promoting)}
        self.under = max(self.choice.values(), default=0) * len(self.promoting)
        self.move_type = {o: self.under + i for i, o in enumerate(self.moves)}
        self.drops = sorted({k for rule in rules if isinstance(rule, ir.DropRule)
                             for k in self._droppable(rule)})
        self.drop_type = {k: self.under + len(self.moves) + i for i, k in enumerate(self.drops)}
        self.types = self.under + len(self.moves) + len(self.drops)
        self.base = base = self.width * self.height * self.types
        carried = sorted({(r, o) for r, rule in enumerate(rules)
                          if isinstance(rule, ir.StepRule) and carries(rule)
                          for p in range(players) for o in self._possible(rule, p)},
                         key=lambda ro: (ro[0], offset_key(ro[1])))
        self.carried = {key: base + i for i, key in enumerate(carried)}
        self.passes = {r: base + len(carried) + n for n, r in enumerate(
            r for r, rule in enumerate(rules) if isinstance(rule, ir.PassRule))}
        self.size = base + len(carried) + len(self.passes)

    # ---- reading the rules
    def _view(self, player: int) -> tuple[int, int]:
        """The signs (x, y) that turn `player`'s directions into the first player's."""
        steps = [r for r in self.game.ir.rules if isinstance(r, ir.StepRule)]
        for sx, sy in VIEWS:
            if all({(sx * dx, sy * dy) for dx, dy in r.directions[player]} ==
                   set(r.directions[0]) for r in steps):
                return sx, sy
        return 1, 1   # no mirror fits: the board as it is

    def _turn(self, player: int, offset: Offset) -> Offset:
        sx, sy = self.views[player]
        return sx * offset[0], sy * offset[1]

    def _offsets(self, rule: Any, player: int) -> list[Offset]:
        """Every offset (in `player`'s view) a step or slide rule can move by."""
        out = []
        for dx, dy in rule.directions[player]:
            for k in range(1, self.reach + 1 if rule.slide else 2):
                if abs(k * dx) <= self.width - 1 and abs(k * dy) <= self.height - 1:
                    out.append(self._turn(player, (k * dx, k * dy)))
        return out

    def _possible(self, rule: Any, player: int) -> set[Offset]:
        """The offsets (in `player`'s view) from a cell the rule may start from to one it
        may land on, both read as constants."""
        geometry = self.game.geometry
        every = geometry.playable
        starts = every if rule.origin is None else static_cells(rule.origin, player, every)
        ends = static_cells(rule.to, player, every)
        raw = set(self._offsets(rule, player))
        found = set()
        for start in bits(starts):
            x, y = geometry.xy(start)
            for end in bits(ends):
                ex, ey = geometry.xy(end)
                offset = self._turn(player, (ex - x, ey - y))
                if offset in raw:
                    found.add(offset)
        return found

    def _choices(self, rules: tuple) -> dict[int, int]:
        """Rule -> its promotion choice: 0 plain or the default, 1.. the others."""
        promoting = [(r, rule.kind, kind) for r, rule in enumerate(rules)
                     if isinstance(rule, ir.StepRule) and (kind := promotes_to(rule)) is not None]
        targets: dict[int | None, list[int]] = {}
        for _r, piece, kind in promoting:
            if kind not in targets.setdefault(piece, []):
                targets[piece].append(kind)
        return {r: targets[piece].index(kind) if len(targets[piece]) > 1 else 1
                for r, piece, kind in promoting}

    def _droppable(self, rule: Any) -> list[int]:
        # as the move generators: its own kind, or every kind a hand can hold
        return [rule.kind] if rule.kind is not None else sorted(set(self.game.ir.returns_as))

    # ---- ids
    def cell(self, player: int, cell: int) -> int:
        x, y = self.game.geometry.xy(cell)
        sx, sy = self.views[player]
        return (x if sx > 0 else self.width - 1 - x) * self.height + \
            (y if sy > 0 else self.height - 1 - y)

    def id_of(self, player: int, rule: int, start: int, to: int) -> int:
        """The id of `player`'s move by rule number `rule` from `start` (a drop: the kind)
        to `to`."""
        if rule in self.passes:
            return self.passes[rule]
        kind = self.game.ir.rules[rule]
        if isinstance(kind, ir.DropRule):
            return self.cell(player, to) * self.types + self.drop_type[start]
        xy = self.game.geometry.xy
        (x, y), (tx, ty) = xy(start), xy(to)
        offset = self._turn(player, (tx - x, ty - y))
        if (rule, offset) in self.carried:
            return self.carried[rule, offset]
        choice = self.choice.get(rule, 0)
        at = self.cell(player, start) * self.types
        if choice:
            return at + (choice - 1) * len(self.promotion_types) + self.promotion_types[offset]
        return at + self.move_type[offset]

    def describe(self, player: int, action: int) -> tuple:
        """What an id of `player` means, read back from the layout alone: ("move", from,
        to, choice) with cells as (x, y) on the board, ("drop", kind, to), ("carried", rule
        number, offset) or ("pass", rule number)."""
        if action >= self.base:
            back = {a: key for key, a in self.carried.items()}
            if action in back:
                return ("carried", *back[action])
            return ("pass", next(r for r, a in self.passes.items() if a == action))
        cell, kind = divmod(action, self.types)
        sx, sy = self.views[player]
        vx, vy = divmod(cell, self.height)
        x = vx if sx > 0 else self.width - 1 - vx
        y = vy if sy > 0 else self.height - 1 - vy
        if kind >= self.under + len(self.moves):
            return "drop", self.drops[kind - self.under - len(self.moves)], (x, y)
        offset: Offset
        if kind < self.under:
            choice, slot = divmod(kind, len(self.promoting))
            choice, offset = choice + 1, self.promoting[slot]
        else:
            choice, offset = 0, self.moves[kind - self.under]
        dx, dy = self._turn(player, offset)   # a view is its own inverse
        return "move", (x, y), (x + dx, y + dy), choice
