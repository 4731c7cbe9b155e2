"""What the state update needs to know about a game's IR, read before code is written: which
planes can hold a piece on a travel's landing cell, and which state variables the legality
filter can depend on (so that `allowed` leaves out effects setting the others)."""

from __future__ import annotations

from collections.abc import Callable

from gdl.interpreter.core import ir


def holders(cells: ir.Expr, p: int, planes_of: Callable[[ir.Owner, int | None, int], list[int]],
            n_planes: int) -> list[int] | None:
    """The planes that can hold a piece on a cell of `cells` before a move of player p
    (`planes_of(owner, kind, p)`: the planes of those pieces): `not own` and `enemy` hold
    none of the mover's, `empty` none at all. None: any plane."""
    if isinstance(cells, ir.Pieces):
        return planes_of(cells.owner, cells.kind, p)
    if isinstance(cells, ir.Empty):
        return []
    if (isinstance(cells, ir.Op) and cells.op == "not" and isinstance(cells.args[0], ir.Pieces)
            and cells.args[0].kind is None):   # not X: everyone's pieces but X's owners'
        held = set(planes_of(cells.args[0].owner, None, p))
        return [i for i in range(n_planes) if i not in held]
    if isinstance(cells, ir.Op) and cells.op in ("and", "or"):
        parts = [holders(a, p, planes_of, n_planes) for a in cells.args if a.type == ir.CELLS]
        known = [set(q) for q in parts if q is not None]
        if cells.op == "and" and known:
            return sorted(set.intersection(*known))
        if cells.op == "or" and len(known) == len(parts):
            return sorted(set().union(*known))
    return None


def _reads(node: object) -> set[int]:
    return {n.index for n in ir.walk(node) if isinstance(n, ir.Var)}


def filter_reads(game: ir.GameIR) -> set[int] | None:
    """The state variables the legality filter can depend on (None: every one): those it
    reads, those the rules read when it asks for the opponent's moves (`attacked`), and
    those read by the effects that change the board or set such a variable."""
    kinds = {type(n) for n in ir.walk(game.illegal)}
    if ir.Repeated in kinds:   # a position's key holds every variable
        return None
    needed = _reads(game.illegal)
    if kinds & {ir.Attacked, ir.HasMoves}:   # the opponent's moves, by the rules
        for rule in game.rules:
            needed |= _reads(rule)
    effects = [e for r in game.rules for n in ir.walk(r)
               for e in getattr(n, "effects", ()) if not isinstance(n, ir.Group)]
    while True:
        more = set(needed)
        for e in effects:
            if not sets_only(e, needed):
                more |= _reads(e)
        if more == needed:
            return needed
        needed = more


def sets_only(effect: ir.Effect, needed: set[int] | None) -> bool:
    """Whether `effect` only sets variables outside `needed` (guards and groups of such)."""
    if needed is None:
        return False
    if isinstance(effect, ir.Guard):
        return sets_only(effect.effect, needed)
    if isinstance(effect, ir.Group):
        return all(sets_only(e, needed) for e in effect.effects)
    return isinstance(effect, ir.Assign) and effect.var not in needed


# The effects that can take a piece off the board: what stands on their cells goes.
REMOVING = (ir.Remove, ir.Add, ir.Fill, ir.Carry, ir.Toggle)


def _events(effect: ir.Effect):
    """An effect's reads of `captured` ("read") and removals ("remove"), in the order they
    happen (a guard's condition before its effect)."""
    if isinstance(effect, ir.Guard):
        if any(isinstance(n, ir.Captured) for n in ir.walk(effect.condition)):
            yield "read"
        yield from _events(effect.effect)
    elif isinstance(effect, ir.Group):
        for inner in effect.effects:
            yield from _events(inner)
    else:
        if any(isinstance(n, ir.Captured) for n in ir.walk(effect)):
            yield "read"
        if isinstance(effect, REMOVING):
            yield "remove"


def effect_takes_read(game: ir.GameIR) -> bool:
    """Whether `captured` can see a piece an effect takes (docs/core.md, 4): it is read by an
    end rule, the legality filter or a streak, or by an effect after a removal in one rule.
    When not (chess reads it in `every move`, before en passant's `remove`), the state
    update need not gather an effect's takes into `took`."""
    def reads(node: object) -> bool:
        return any(isinstance(n, ir.Captured) for n in ir.walk(node))
    if reads(game.illegal) or any(reads(e) for e in game.ends) or any(map(reads, game.streaks)):
        return True
    for rule in game.rules:
        removed = False
        for stage in (rule, *(s.action for s in getattr(rule, "more", ()))):
            for effect in getattr(stage, "effects", ()):
                for event in _events(effect):
                    if event == "read" and removed:
                        return True
                    removed = removed or event == "remove"
    return False
