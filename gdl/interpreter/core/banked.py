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

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import Geometry

NON_NEGATIVE = (ir.Const, ir.CountAt)   # what a `+=` may add without lowering


def banked_cells(game: ir.GameIR, var: int) -> int:
    """The mask of the playable cells whose count in variable `var` no move lowers."""
    geo, everything = game.geometry, game.geometry.playable
    held = _held(game, everything)
    lowered = 0
    for rule in ir.board_actions(game.rules):
        here = _may(rule.where, geo, everything, held) \
            if isinstance(rule, ir.ChooseRule) else everything
        lowered |= _lowers(rule.effects, var, _Scope(geo, everything, held), here)
    return everything & ~lowered


class _Scope:
    def __init__(self, geo: Geometry, everything: int, held: dict[int, int]) -> None:
        self.geo, self.everything, self.held = geo, everything, held


def _held(game: ir.GameIR, everything: int) -> dict[int, int]:
    """For each state variable holding cells, the cells any assignment may give it (a least
    fixed point: an assignment may read the variable itself)."""
    assigns = [(e.var, e.value) for rule in game.rules for e in ir.walk(rule)
               if isinstance(e, ir.Assign) and e.index is None and e.op == "=" and
               e.value.type == ir.CELLS]
    held = {i: v.initial for i, v in enumerate(game.variables)
            if v.type == ir.CELLS and isinstance(v.initial, int)}
    for i, _ in assigns:
        held.setdefault(i, everything)   # a start we cannot read: anything
    changed = True
    while changed:
        changed = False
        for i, value in assigns:
            grown = held[i] | _may(value, game.geometry, everything, held)
            if grown != held[i]:
                held[i], changed = grown, True
    return held


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
                lowered |= _may(effect.cells, scope.geo, scope.everything, scope.held, here)
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
            here &= _may(term.args[1], scope.geo, scope.everything, scope.held, here)
    return here


def _may(expr: ir.Expr, geo: Geometry, everything: int, held: dict[int, int],
         here: int | None = None) -> int:
    """The cells `expr` may name in some position, for some player (a superset); `held`:
    what each variable holding cells may hold."""
    if isinstance(expr, ir.Const) and isinstance(expr.value, int) and expr.type == ir.CELLS:
        return expr.value
    if isinstance(expr, ir.PerPlayer) and all(isinstance(v, int) for v in expr.values):
        mask = 0
        for v in expr.values:
            mask |= v
        return mask
    if isinstance(expr, ir.Here):
        return everything if here is None else here
    if isinstance(expr, ir.Var):
        return held.get(expr.index, everything)
    if isinstance(expr, ir.Reach):   # a flood stays within its cells
        return _may(expr.within, geo, everything, held, here)
    if isinstance(expr, ir.Shift):   # the cells whose neighbour along a direction is in it
        inner, mask = _may(expr.operand, geo, everything, held, here), 0
        for offsets in expr.directions:
            for dx, dy in offsets:
                mask |= sum(1 << c for c in geo.cells
                            if (n := geo.neighbour(c, dx, dy)) is not None and inner >> n & 1)
        return mask
    if isinstance(expr, ir.Op) and expr.op in ("and", "or"):
        parts = [_may(a, geo, everything, held, here) for a in expr.args
                 if a.type == ir.CELLS]
        if expr.op == "or":
            mask = 0
            for part in parts:
                mask |= part
            return mask
        mask = everything
        for part in parts:
            mask &= part
        return mask
    return everything
