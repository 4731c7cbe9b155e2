"""A lower bound on the moves to a one-player game's goal, derived from its checked IR.

A* and IDA* need a bound that never overestimates (admissible). This module proves one
from the rules where it can, and gives none where it cannot: no per-game case, only
what the IR says.

The goal (the player's `wins` end; several: the least of their bounds) is read as a
conjunction of *atoms*, each a count of a cell set X (pieces of some kinds, maybe within
a constant region) compared with a constant: `count own == 1`, `no X` (count X == 0),
`count (A and f4) > 0`, `d4 and own` (the cell holds a piece). An atom's *deficit* is how
far the count is from what it needs (`|count - 1|`, `count X`, `1 - count`). Conjuncts
the analysis cannot read are left out, which only weakens the bound. Then:

- count: each move changes count X by at most k (read off every rule: a travel keeps a
  piece count and changes a region's by one, what it takes on landing one more, a jump's
  capture one, an added, removed or toggled region as many cells as it can hold), so at
  least ceil(deficit / k) moves are left;
- distance, all on a region: for `no (K and not R)` (every K piece on R), when K pieces
  move only by one-step travels (t at most in one move) and nothing else adds, removes
  or takes one, each K piece must travel its distance to R in the graph of K's steps:
  ceil(sum / t);
- distance, one on a region: for `count (K and R) > 0`, when a K piece appears only
  where a K travel went or left (effects add K only at `origin` or `here`), some K
  piece must travel to R: ceil(least distance / t).
The bound is the largest atom's, and a position some K piece can never bring to R has
no solution (`DEAD`).

>>> from gdl import catalog
>>> bound = derive_bound(catalog.load("peg_solitaire").ir)
>>> bound.text
'derived: |count own - 1|, at most 1 a move; count (own and d4) >= 1, at most 2 a move'
>>> bound.function(catalog.load("peg_solitaire").initial_state())
31
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits

DEAD = 10 ** 9   # the bound of a position with no solution (IDA*'s "unreachable" too)
COMPARE = ("==", ">", ">=", "<", "<=")


@attrs.frozen
class Bound:
    """A proved lower bound: `function(state)` moves at least, and what it is made of."""
    text: str
    function: Callable[[tuple], int]


@attrs.frozen
class _Set:
    """A counted cell set: the planes of some (owner, kind) pairs, within `mask` (None: all)."""
    planes: tuple[int, ...]
    kinds: frozenset[int]
    mask: int | None
    text: str


@attrs.frozen
class _Atom:
    counted: _Set
    op: str
    target: int

    def deficit(self, n: int) -> int:
        t = self.target
        return {"==": abs(n - t), ">": max(0, t + 1 - n), ">=": max(0, t - n),
                "<": max(0, n - t + 1), "<=": max(0, n - t)}[self.op]

    def text(self) -> str:
        c = self.counted.text
        if self.op == "==":
            return f"|count {c} - {self.target}|" if self.target else f"count {c}"
        return f"count {c} {self.op} {self.target}"


# --------------------------------------------------------------------------- the goal

def _cell_set(game: ir.GameIR, e: Any) -> _Set | None:
    """X as pieces within a constant region, or None when it is anything else."""
    pieces, mask, names = [], None, []
    for part in _conjuncts(e, "and"):
        if isinstance(part, ir.Pieces):
            pieces.append(part)
        elif isinstance(part, ir.Const) and part.type == ir.CELLS:
            mask = part.value if mask is None else mask & part.value
            region = _region(game, part.value)
            names.append(f"({region})" if " or " in region else region)
        else:
            return None
    if len(pieces) != 1:
        return None
    p = pieces[0]
    owners = range(len(game.players) + bool(game.neutral)) if p.owner == "any" else \
        [0] if p.owner in ("mover", 0) else []
    kinds = range(len(game.pieces)) if p.kind is None else [p.kind]
    if not owners:
        return None
    word = "own" if p.kind is None else game.pieces[p.kind]
    text = word if not names else f"({word} and {' and '.join(names)})"
    return _Set(tuple(o * len(game.pieces) + k for o in owners for k in kinds),
                frozenset(kinds), mask, text)


def _region(game: ir.GameIR, mask: int) -> str:
    cells = [game.geometry.name(c) for c in bits(mask) if c in game.geometry.cells]
    return " or ".join(cells) if len(cells) <= 4 else f"a region of {len(cells)} cells"


def _conjuncts(e: Any, op: str) -> Iterator[Any]:
    if isinstance(e, ir.Op) and e.op == op:
        for a in e.args:
            yield from _conjuncts(a, op)
    else:
        yield e


def _atoms(game: ir.GameIR, cond: Any) -> list[_Atom]:
    """The atoms of a goal condition (a truth value); the unread conjuncts are left out."""
    out: list[_Atom] = []
    for part in _conjuncts(cond, "and"):
        if isinstance(part, ir.Op) and part.op == "bool":   # a set of cells, not empty
            cells = [a for a in _conjuncts(part.args[0], "and")
                     if not (isinstance(a, ir.Op) and a.op == "cells")]
            for a in _conjuncts(part.args[0], "and"):
                if isinstance(a, ir.Op) and a.op == "cells":   # a truth value as cells
                    out += _atoms(game, a.args[0])
            counted = _cell_set(game, _and(cells)) if cells else None
            if counted is not None:
                out.append(_Atom(counted, ">=", 1))
        elif isinstance(part, ir.Op) and part.op == "no":
            counted = _cell_set(game, part.args[0])
            if counted is not None:
                out.append(_Atom(counted, "==", 0))
        elif isinstance(part, ir.Op) and part.op in COMPARE:
            left, right = part.args
            if isinstance(left, ir.Op) and left.op == "count" and isinstance(right, ir.Const):
                counted = _cell_set(game, left.args[0])
                if counted is not None and isinstance(right.value, int):
                    out.append(_Atom(counted, part.op, right.value))
    return out


def _and(parts: list[Any]) -> Any:
    return parts[0] if len(parts) == 1 else ir.Op("and", tuple(parts), ir.CELLS)


# --------------------------------------------------------------------------- the moves

def _stages(rule: ir.Rule) -> list[Any]:
    return [rule, *(s.action for s in getattr(rule, "more", ()))]


def cells_bound(game: ir.GameIR, e: Any) -> int:
    """The most cells the set `e` can hold (the whole board when nothing tighter is known)."""
    board = len(game.geometry.cells)
    if isinstance(e, (ir.Here, ir.Origin)):
        return 1
    if isinstance(e, ir.Const) and e.type == ir.CELLS:
        return e.value.bit_count()
    if isinstance(e, ir.Op) and e.op == "or":
        return min(board, sum(cells_bound(game, a) for a in e.args))
    if isinstance(e, ir.Op) and e.op == "and":
        return min(cells_bound(game, a) for a in e.args)
    if isinstance(e, ir.Adjacent):
        return min(board, cells_bound(game, e.cells) * len(game.geometry.adjacent))
    if isinstance(e, ir.Shift):
        ways = max(len(d) for d in e.directions)
        return min(board, cells_bound(game, e.operand) * ways)
    return board


def _changes(game: ir.GameIR, rule: ir.Rule, counted: _Set) -> int | None:
    """The most a move of `rule` changes count X by, or None when unbounded or unknown."""
    moved = 0 if counted.mask is None else 1   # a travel changes a region's count only
    total = 0
    for a in _stages(rule):
        if isinstance(a, ir.StepRule):
            if a.kind is not None:
                total += (moved if a.kind in counted.kinds else 0) + \
                    (0 if ir.within_empty(a.to) else 1)
        elif isinstance(a, ir.JumpRule):
            if a.repeat:
                return None
            total += (moved if a.kind in counted.kinds else 0) + 1 + \
                (0 if ir.within_empty(a.to) else 1)
        elif isinstance(a, ir.PlaceRule):
            total += 1 if ir.within_empty(a.where) else 2
        elif not isinstance(a, (ir.ChooseRule, ir.PassRule, ir.SelectRule)):
            return None
        for e in ir.leaf_effects(a.effects):
            if isinstance(e, (ir.Add, ir.Remove, ir.Toggle)):
                total += cells_bound(game, e.cells)
            elif isinstance(e, ir.Carry):   # the pieces carried, what the target held
                carried = 0 if all(_other_kind(e.source, k) for k in counted.kinds) else \
                    cells_bound(game, e.source)
                total += carried + (0 if isinstance(e.target, ir.Origin) else
                                    cells_bound(game, e.target))
            elif not isinstance(e, (ir.Assign, ir.Again)):
                return None
    return total


def _travels(game: ir.GameIR, kind: int, keep_count: bool,
             costly: frozenset[str] | None) -> tuple[int, set] | None:
    """(the most one-step travels of `kind` in one move, their offsets) when pieces of
    `kind` move only so and appear nowhere else; with keep_count, also when none is ever
    added, removed or taken; with `costly` rule names, when only those rules move them.
    None otherwise."""
    most, offsets = 0, set[tuple[int, int]]()
    for rule in game.rules:
        count = 0
        for a in _stages(rule):
            if isinstance(a, ir.StepRule) and a.kind == kind:
                if a.slide or a.distance is not None:
                    return None
                count += 1
                offsets.update(a.directions[0])
                if keep_count and not ir.within_empty(a.to):
                    return None
            elif isinstance(a, ir.StepRule):
                if keep_count and a.kind is not None and not ir.within_empty(a.to):
                    return None
            elif isinstance(a, (ir.JumpRule, ir.PlaceRule)):
                if a.kind == kind or keep_count:
                    return None
            elif not isinstance(a, (ir.ChooseRule, ir.PassRule, ir.SelectRule)):
                return None
            for e in ir.leaf_effects(a.effects):
                if not _keeps(e, a, kind, keep_count):
                    return None
        if costly is not None and rule.name not in costly and count:
            return None   # a free move that brings a piece nearer
        most = max(most, count)
    return (most, offsets) if most else None


def _keeps(e: Any, stage: Any, kind: int, keep_count: bool) -> bool:
    """Whether the effect `e` of `stage` leaves the pieces of `kind` where travels put them."""
    if isinstance(e, (ir.Assign, ir.Again)):
        return True
    if isinstance(e, ir.Add):   # only where this stage's travel went or left (for `kind`:
        # the cell it left held one), and for the count kept, never one of `kind`
        travel = isinstance(stage, ir.StepRule) and stage.kind is not None
        if not (travel and isinstance(e.cells, (ir.Origin, ir.Here))):
            return False
        if e.kind != kind:   # at `here` it replaces the traveller: one of `kind`, maybe
            return not (keep_count and stage.kind == kind and isinstance(e.cells, ir.Here))
        return stage.kind == kind and not keep_count
    if isinstance(e, ir.Remove):
        return not keep_count or _other_kind(e.cells, kind)
    if isinstance(e, ir.Carry):
        return _other_kind(e.source, kind) and isinstance(e.target, ir.Origin)
    return False


def _other_kind(e: Any, kind: int) -> bool:
    """Whether the set `e` holds pieces of some other kind only."""
    return any(isinstance(p, ir.Pieces) and p.kind is not None and p.kind != kind
               for p in _conjuncts(e, "and"))


def _distances(game: ir.GameIR, region: int, offsets: set) -> dict[int, int]:
    """Each cell's distance to `region` along the steps `offsets` (backward breadth-first)."""
    geo = game.geometry
    dist = {c: 0 for c in bits(region) if c in geo.cells}
    frontier = list(dist)
    while frontier:
        layer = []
        for c in frontier:
            for dx, dy in offsets:
                p = geo.neighbour(c, -dx, -dy)
                if p is not None and p not in dist:
                    dist[p] = dist[c] + 1
                    layer.append(p)
        frontier = layer
    return dist


# --------------------------------------------------------------------------- the bound

def _atom_bound(game: ir.GameIR, atom: _Atom, costly: frozenset[str] | None
                ) -> tuple[str, Callable[[tuple], int]] | None:
    counted = atom.counted
    planes, mask = counted.planes, counted.mask
    board = sum(1 << c for c in game.geometry.cells)
    single = next(iter(counted.kinds)) if len(counted.kinds) == 1 else None
    if single is not None and mask is not None:
        # Every K piece off R (`no (K and not R)`), or some K piece on R (`count > 0`).
        every = atom.op == "==" and atom.target == 0
        some = (atom.op, atom.target) in ((">", 0), (">=", 1))
        travels = _travels(game, single, every, costly) if every or some else None
        if travels is not None:
            t, offsets = travels
            dist = _distances(game, board & ~mask if every else mask, offsets)
            name = game.pieces[single]

            def by_distance(state: tuple) -> int:
                pieces = 0
                for i in planes:
                    pieces |= state[i]
                if every:
                    total = sum(dist.get(c, DEAD) for c in bits(pieces & mask))
                else:
                    total = min((dist.get(c, DEAD) for c in bits(pieces)), default=DEAD)
                return DEAD if total >= DEAD else -(-total // t)
            region = _region(game, board & ~mask if every else mask)
            how = f"the sum of each {name}'s distance" if every else \
                f"the least distance of a {name}"
            per_move = "1 step" if t == 1 else f"{t} steps"
            return f"{how} to {region}, at most {per_move} a move", by_distance
    changes = [_changes(game, r, counted) for r in game.rules]
    known = [c for c in changes if c is not None]
    if len(known) < len(changes) or not known:
        return None
    if costly is not None:   # the free moves must leave the count alone
        if any(c for r, c in zip(game.rules, known) if r.name not in costly):
            return None
        known = [c for r, c in zip(game.rules, known) if r.name in costly]
    k = max([1, *known])

    def by_count(state: tuple) -> int:
        n = 0
        for i in planes:
            n += (state[i] & mask).bit_count() if mask is not None else state[i].bit_count()
        return -(-atom.deficit(n) // k)
    return f"{atom.text()}, at most {k} a move", by_count


def derive_bound(game: ir.GameIR, costly: frozenset[str] | None = None) -> Bound | None:
    """The proved lower bound of a one-player game's goal, or None (see the module doc).

    With `costly` (rule names), a bound on the moves of those rules only, the others free
    (Sokoban's pushes): proved when no free move changes what the bound measures."""
    if len(game.players) != 1 or not game.geometry.cells:
        return None
    wins = [e for e in game.ends if e.outcome == "wins"]
    if not wins:
        return None
    per_goal = []
    for end in wins:
        parts = [b for a in _atoms(game, end.condition)
                 if (b := _atom_bound(game, a, costly))]
        if not parts:
            return None
        per_goal.append(parts)
    functions = [[f for _, f in parts] for parts in per_goal]

    least = 1 if costly is None else 0   # a game not over needs a move (maybe a free one)

    def bound(state: tuple) -> int:
        if state[-1]:   # the game is over (the ends are checked after every move): a goal,
            return 0    # or a dead end the search does not extend
        return max(least, min(max(f(state) for f in fs) for fs in functions))
    texts = [" ; ".join(t for t, _ in parts) for parts in per_goal]
    return Bound("derived: " + " | ".join(texts).replace(" ; ", "; "), bound)



def heuristic_text(game: ir.GameIR) -> str:
    """Which lower bound a one-player game's searches use: "declared: EXPR" (the file's
    `heuristic:`), "derived: ..." (proved here), or "none"."""
    if game.heuristic is not None:
        return f"declared: {game.heuristic.text}"
    bound = derive_bound(game)
    return bound.text if bound is not None else "none"
