"""Which candidate moves the legality filter allows without making them (an IR analysis).

A filter `illegal: attacked own K or G` is read on the position a move leaves. Kept from
the position before (interpreter/c/kept.py): whether the mover's K is attacked now, and
the lines a cell emptied could open onto it. A move of a *quiet* rule then needs neither
the move made nor the test, when K is not attacked now, the cell it leaves is on no such
line, and the cells it leaves and lands on are none of the few the test reads for
themselves (a jump's): it empties only its origin, takes at most what stands where it
lands (an enemy piece gone attacks less, a piece of the mover's come only blocks), leaves
every K where it stands and every variable the test reads the same on K's cells, and G
cannot hold after it.

A rule is quiet, decided from its IR and conservatively (in doubt, it is not):

- a step or slide of one stage, of a piece of a kind not in K, not a counted slide;
- its effects only assign variables (not one the test reads, but for a constant set of
  cells given to a variable the test reads on the tested cells only: en passant's `ep =
  none`, checked against K's cells once per position) and promote the piece to a kind
  not in K;
- every other disjunct G of the filter is false after it: a conjunction with a part
  `here in PIECES` that the piece landed cannot be (`here in own king` after a knight's
  move: the castling clause), or the constant false.

Every other move (K's own, en passant, castling, a rule of several stages, a drop, a
jump) is judged the usual way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from gdl.interpreter.core import ir


class Quiet(NamedTuple):
    """The filter's kept disjuncts (`attacked` of the mover's pieces of `kinds`), the rules
    that are quiet, the constants they give variables the test reads on its cells, and the
    filter's other parts a quiet move leaves as they were (checked false per position)."""
    sites: tuple[ir.Attacked, ...]
    kinds: frozenset[int]
    rules: frozenset[int]
    constants: tuple[tuple[int, ir.Expr], ...]
    checked: tuple[ir.Expr, ...]


def quiet_rules(game: ir.GameIR, kept: Callable[[ir.Attacked], bool],
                read_whole: set[int], read_at: set[int]) -> Quiet | None:
    """The quiet rules of `game` (None: none can be): `kept(e)` says whether the filter's
    `attacked e` is kept from the position before the moves; the test reads the variables
    `read_whole` anywhere and `read_at` on the tested cells only."""
    if game.illegal is None:
        return None
    sites, others = [], []
    for part in _disjuncts(game.illegal):
        if isinstance(part, ir.Attacked) and kept(part) and _fixed(part.cells):
            sites.append(part)
        else:
            others.append(part)
    if not sites:
        return None
    kinds = frozenset(k for site in sites for n in ir.walk(site.cells)
                      if isinstance(n, ir.Pieces) for k in [n.kind] if k is not None)
    rules: set[int] = set()
    constants: list[tuple[int, ir.Expr]] = []
    checked: list[ir.Expr] = []
    for i, rule in enumerate(game.rules):
        assigned = _quiet_effects(rule, kinds, read_whole, read_at)
        if assigned is None or not isinstance(rule, ir.StepRule):
            continue
        landed = {rule.kind} | {e.kind for e in _flat(rule.effects) if isinstance(e, ir.Promote)}
        # (a move that may land on a piece of the mover's may take one of any kind)
        same = landed if _not_own(rule.to) else None
        if all(_never(g, landed) or (same is not None and _unchanged(g, same))
               for g in others):
            rules.add(i)
            constants += assigned
            checked += [g for g in others if not _never(g, landed)]
    if not rules:
        return None
    return Quiet(tuple(sites), kinds, frozenset(rules), tuple(dict.fromkeys(constants)),
                 tuple(dict.fromkeys(checked)))


def _quiet_effects(rule: ir.Rule, kinds: frozenset[int], read_whole: set[int],
                   read_at: set[int]) -> list[tuple[int, ir.Expr]] | None:
    """The constants a quiet rule gives the variables of `read_at`; None: not quiet."""
    if (not isinstance(rule, ir.StepRule) or rule.kind is None or rule.kind in kinds
            or rule.more or rule.distance is not None or rule.screens is not None):
        return None
    assigned: list[tuple[int, ir.Expr]] = []
    for effect in rule.effects:
        guarded = isinstance(effect, ir.Guard)
        inner = effect.effect if isinstance(effect, ir.Guard) else effect
        if isinstance(inner, ir.Promote):
            if inner.kind in kinds:
                return None
            continue
        if not isinstance(inner, ir.Assign):
            return None
        if inner.var in read_whole:
            return None
        if inner.var in read_at:
            # a constant set of cells, given once: compared on K's cells per position
            if (guarded or inner.op != "=" or inner.index is not None
                    or not isinstance(inner.value, ir.Const)
                    or any(a == inner.var for a, _ in assigned)):
                return None
            assigned.append((inner.var, inner.value))
    return assigned


def _flat(effects: tuple) -> list:
    return [e.effect if isinstance(e, ir.Guard) else e for e in effects]


def _disjuncts(e: ir.Expr) -> list[ir.Expr]:
    """The parts of a filter `A or B or ..`, through the checker's conversions between truth
    values and sets of cells (a set of cells is true when it holds one)."""
    if isinstance(e, ir.Op) and (e.op == "or" or (e.op in ("bool", "cells")
                                                   and len(e.args) == 1)):
        return [d for a in e.args for d in _disjuncts(a)]
    return [e]


def _fixed(cells: ir.Expr) -> bool:
    """Cells that only a move of the mover's pieces of their kinds changes: `own king`, and
    such pieces within constant cells (`own king and zone`)."""
    if isinstance(cells, ir.Pieces):
        return cells.owner == ir.MOVER and cells.kind is not None
    if isinstance(cells, ir.Op) and cells.op == "and" and cells.type == ir.CELLS:
        return any(_fixed(a) for a in cells.args) and all(
            _fixed(a) or isinstance(a, ir.Const)
            or (isinstance(a, ir.Zone) and isinstance(a.arg, ir.Const)) for a in cells.args)
    return False


def _never(e: ir.Expr, landed: set[int | None]) -> bool:
    """Whether the truth value e is false after every move that lands the mover's piece of
    a kind of `landed` (and none other) on `here`."""
    if isinstance(e, ir.Const):
        return not e.value
    if isinstance(e, ir.Op) and e.op == "and" and e.type == ir.BOOL:
        return any(_never(a, landed) for a in e.args)
    if isinstance(e, ir.Op) and e.op == "in" and isinstance(e.args[0], ir.Here):
        return _not_here(e.args[1], landed)
    return False


def _unchanged(e: ir.Expr, landed: set[int | None]) -> bool:
    """Whether e has the same value before and after every such move: read of the mover's
    pieces of kinds other than those landed (which lose no piece, gain none) and constants
    only (shogi's `(own pawn or own lance) and last`)."""
    if isinstance(e, ir.Pieces):
        return e.owner == ir.MOVER and e.kind is not None and e.kind not in landed
    if isinstance(e, (ir.Const, ir.PerPlayer)):
        return True
    if isinstance(e, ir.Zone):
        return isinstance(e.arg, ir.Const)
    if isinstance(e, ir.Op):
        return all(_unchanged(a, landed) for a in e.args)
    return False


def _not_own(cells: ir.Expr) -> bool:
    """Whether a landing set holds none of the mover's pieces (`not own`, `empty`, `enemy`)."""
    if isinstance(cells, ir.Empty):
        return True
    if isinstance(cells, ir.Pieces):
        return cells.owner == ir.OPPONENT
    if isinstance(cells, ir.Op) and cells.op == "not" and cells.type == ir.CELLS:
        inner = cells.args[0]
        return isinstance(inner, ir.Pieces) and inner.owner == ir.MOVER and inner.kind is None
    if isinstance(cells, ir.Op) and cells.op == "and" and cells.type == ir.CELLS:
        return any(_not_own(a) for a in cells.args)
    if isinstance(cells, ir.Op) and cells.op == "or" and cells.type == ir.CELLS:
        return all(_not_own(a) for a in cells.args)
    return False


def _not_here(cells: ir.Expr, landed: set[int | None]) -> bool:
    """Whether the landed piece's cell is never in `cells`."""
    if isinstance(cells, ir.Pieces):
        if cells.owner not in (ir.MOVER, ir.OPPONENT):
            return False   # a player named: the mover may be that one
        return cells.owner == ir.OPPONENT or (cells.kind is not None
                                              and cells.kind not in landed)
    if isinstance(cells, ir.Op) and cells.op == "and" and cells.type == ir.CELLS:
        return any(_not_here(a, landed) for a in cells.args)
    return False
