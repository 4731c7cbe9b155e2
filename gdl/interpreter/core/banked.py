"""Banked cells: the cells of a count variable whose count no move can lower (Kalah's stores,
Oware's houses of captured seeds). What lies there is kept for good, so the AI's counts
signal weighs it, not the seeds still in play (gdl.ai.heuristics).

The analysis over-approximates, so it errs towards "may be lowered": every effect that can
lower the variable (`counts[X] = v`, `-=`, a `+=` of a value that may be negative, sowing
from the cell a move takes the count of) marks every cell X may name. `here` is the chosen
cell of a `choose` rule until a sowing moves it, else any cell; a guard `here in R` (or
`here == R`) narrows it to R inside the guarded effect; a state variable holding cells may
name any cell some assignment may give it (Oware's captured run: never a store).
"""

from __future__ import annotations

import attrs

from gdl.interpreter.core import ir
from gdl.interpreter.core.check.expressions import shift_const
from gdl.interpreter.core.geometry import Geometry, union


def banked_cells(game: ir.GameIR, var: int) -> int:
    """The mask of the playable cells whose count in variable `var` no move lowers."""
    scope = _Scope(game.geometry, game.geometry.playable, {})
    _hold(game, scope)
    lowered = 0
    for rule in ir.board_actions(game.rules):
        here = _may(rule.where, scope) if isinstance(rule, ir.ChooseRule) else scope.everything
        lowered |= _lowers(rule.effects, var, scope, here)
    return scope.everything & ~lowered


@attrs.define
class _Scope:
    geo: Geometry
    everything: int         # the playable cells
    held: dict[int, int]    # per variable holding cells: the cells it may hold


def _hold(game: ir.GameIR, scope: _Scope) -> None:
    """Fill `scope.held`: for each state variable holding cells, the cells any assignment may
    give it (a least fixed point: an assignment may read the variable itself)."""
    assigns = [(e.var, e.value) for rule in game.rules for e in ir.walk(rule)
               if isinstance(e, ir.Assign) and e.index is None and e.op == "=" and
               e.value.type == ir.CELLS]
    held = scope.held
    held.update({i: v.initial for i, v in enumerate(game.variables)
                 if v.type == ir.CELLS and isinstance(v.initial, int)})
    for i, _ in assigns:
        held.setdefault(i, scope.everything)   # a start we cannot read: anything
    changed = True
    while changed:
        changed = False
        for i, value in assigns:
            grown = held[i] | _may(value, scope)
            if grown != held[i]:
                held[i], changed = grown, True


def _lowers(effects: tuple, var: int, scope: _Scope, here: int) -> int:
    """The cells the effects (in order) may lower the count of, `here` starting as given."""
    lowered = 0
    for effect in effects:
        if isinstance(effect, ir.Guard):
            lowered |= _lowers((effect.effect,), var, scope,
                               _narrowed(effect.condition, here, scope))
        elif isinstance(effect, ir.Group):
            lowered |= _lowers(effect.effects, var, scope, here)
        elif isinstance(effect, ir.Sow):
            if effect.var == var:
                lowered |= here        # the count taken up
            here = scope.everything    # the last cell sown
        elif isinstance(effect, ir.SetCount) and effect.var == var:
            if effect.op != "+=" or not _non_negative(effect.value):
                lowered |= _may(effect.cells, scope, here)
        elif isinstance(effect, ir.Assign) and effect.var == var:
            lowered |= scope.everything
    return lowered


def _non_negative(value: ir.Expr) -> bool:
    if isinstance(value, ir.Const):
        return isinstance(value.value, int) and value.value >= 0
    if isinstance(value, ir.CountAt):
        return True   # counts are never negative
    return isinstance(value, ir.Op) and value.op in ("+", "*") and \
        all(_non_negative(a) for a in value.args)


def _narrowed(condition: ir.Expr, here: int, scope: _Scope) -> int:
    """`here` under a guard: each conjunct `here in R` or `here == R` keeps R's cells."""
    terms = condition.args if isinstance(condition, ir.Op) and condition.op == "and" \
        else (condition,)
    for term in terms:
        if isinstance(term, ir.Op) and term.op == "and":
            here = _narrowed(term, here, scope)
        elif isinstance(term, ir.Op) and term.op in ("in", "==") and \
                isinstance(term.args[0], ir.Here):
            here &= _may(term.args[1], scope, here)
    return here


def _may(expr: ir.Expr, scope: _Scope, here: int | None = None) -> int:
    """The cells `expr` may name in some position, for some player (a superset)."""
    if isinstance(expr, ir.Const) and isinstance(expr.value, int) and expr.type == ir.CELLS:
        return expr.value
    if isinstance(expr, ir.PerPlayer) and all(isinstance(v, int) for v in expr.values):
        return union(expr.values)
    if isinstance(expr, ir.Here):
        return scope.everything if here is None else here
    if isinstance(expr, ir.Var):
        return scope.held.get(expr.index, scope.everything)
    if isinstance(expr, ir.Reach):   # a flood stays within its cells
        return _may(expr.within, scope, here)
    if isinstance(expr, ir.Shift):   # the cells whose neighbour along a direction is in it
        inner = _may(expr.operand, scope, here)
        return union(shift_const(scope.geo, offsets, inner) for offsets in expr.directions)
    if isinstance(expr, ir.Op) and expr.op in ("and", "or"):
        parts = [_may(a, scope, here) for a in expr.args if a.type == ir.CELLS]
        if expr.op == "or":
            return union(parts)
        mask = scope.everything
        for part in parts:
            mask &= part
        return mask
    return scope.everything
