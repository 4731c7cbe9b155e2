"""`attacked(s, x)`: could an opponent of a piece on a cell of x take it (docs/core.md, 3).

The general form asks the opponent's move generator (every rule, no priority, no
filter) on the position with a phantom piece of the mover's on an empty cell, and
looks for a move that lands on the cell or captures it. When every rule is a
single stage whose only captures are where it lands or what it jumps (place, step,
slide, single jumps), the fast form tests the cell directly: a step lands on it
from `cells whose neighbour along d is it`, a slide from the first piece met
walking back along d (by direction, a precomputed ray and its nearest piece), a jump
from one cell back over it. Chess's check test is then a few shifts and ray lookups
instead of a move list.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir, lines
from gdl.interpreter.core.geometry import union
from gdl.interpreter.python.expressions import and_or_chain
from gdl.interpreter.python.support import SourceWriter

if TYPE_CHECKING:
    from gdl.interpreter.core.geometry import Geometry

# Effects that change the board away from where a move lands: the fast form cannot see them in a
# placement or a choice (the general form takes such a move's cell for an attack).
_FAR_EFFECTS = (ir.Remove, ir.Add, ir.Carry, ir.Fill, ir.Flip, ir.Sow, ir.Rotate, ir.Reflect,
                ir.Swap, ir.Toggle, ir.CycleCells)


class AttackCode:
    """Mixed into the expression code generator; writes the `attacked` helper."""

    # What it uses of `ExpressionCode` and `MoveCode`, the classes it is mixed with.
    game: ir.GameIR
    globals: dict[str, Any]
    helpers: dict[str, list[str]]
    n_players: int
    n_kinds: int
    n_planes: int
    cell_mask: int
    cell_bits: int
    rule_bits: int
    capture_shift: int
    if TYPE_CHECKING:
        @property
        def state_names(self) -> list[str]: ...
        def occ(self) -> str: ...
        def stage_shift(self, k: int) -> int: ...
        def plane(self, player: int, kind: int) -> str: ...
        def pieces(self, owner: ir.Owner, kind: int | None, p: int) -> str: ...
        def expr(self, e: ir.Expr, p: int) -> str: ...
        def shift(self, offsets: ir.Offsets, operand: str) -> str: ...
        def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str: ...
        def walk(self, w: SourceWriter, dx: int, dy: int
                 ) -> contextlib.AbstractContextManager[None]: ...
        def table(self, name: str, value: object) -> str: ...
        def counted_attack(self, w: SourceWriter, rule: ir.StepRule, q: int) -> None: ...
        geo: Geometry

    def attacks_directly(self) -> bool:
        """Whether every rule's captures can be read off the cell (the fast form applies).

        A travel's effects may change cells elsewhere (castling's rook, en passant's
        `remove`): both forms read a travel's landing cell and jumped cells only, so
        such a rule keeps the fast form."""
        for rule in self.game.rules:
            if getattr(rule, "more", ()) or (isinstance(rule, ir.JumpRule)
                                             and (rule.repeat or rule.far or not rule.takes)):
                return False   # (a hop takes only where it lands: the general form)
            if isinstance(rule, ir.StepRule) and not counted_constant(rule):
                return False   # a count read per piece: its reach depends on the whole line
            travels = isinstance(rule, (ir.StepRule, ir.JumpRule)) and rule.kind is not None
            if not travels and any(isinstance(n, _FAR_EFFECTS) for n in ir.walk(rule)):
                return False
        return True

    def attacked_helper(self) -> None:
        if "attacked" in self.helpers:
            return
        self.helpers["attacked"] = []   # reserved while it is written
        w = SourceWriter()
        n = self.n_players
        w("def attacked(s, x):")
        with w.indent():
            w(f"{', '.join(self.state_names + ['mover', 'res'])} = s")
            w(f"occ = {self.occ()}")
            w("while x:")
            with w.indent():
                w("low = x & -x")
                w("x ^= low")
                w("owner = mover")
                for q in range(n):
                    w(f"if {self.pieces(q, None, q)} & low:")
                    with w.indent():
                        w(f"owner = {q}")
                if self.attacks_directly():
                    self.direct_tests(w)
                else:
                    self.generated_tests(w)
            w("return False")
        self.helpers["attacked"] = w.lines

    def phantom_kind(self) -> int:
        """The kind of the phantom piece an empty cell gets for the test: the first kind
        a player owns."""
        return next(k for k in range(self.n_kinds) if k not in self.game.neutral)

    def generated_tests(self, w: SourceWriter) -> None:
        """Ask the opponents' move generator on the position with the phantom piece."""
        n, k = self.n_players, self.n_kinds
        w(f"here = [{', '.join(f'b{i}' for i in range(self.n_planes))}]")
        w("if not occ & low:")
        with w.indent():
            w(f"here[owner * {k} + {self.phantom_kind()}] |= low")
        w(f"rest = ({''.join(f'v{i}, ' for i in range(len(self.game.variables)))})")
        w("c = low.bit_length() - 1")
        w(f"for q in range({n}):")
        with w.indent():
            w("if q == owner:")
            with w.indent():
                w("continue")
            w("for mm in pseudo((*here, *rest, q, 0)):")
            with w.indent():
                later, landings = "", later_landings(self.game)
                if any(landings):   # a later stage may land on the cell
                    self.globals["LANDS"] = tuple(
                        tuple(self.stage_shift(k) for k in stages)
                        for rule, stages in zip(self.game.rules, landings)
                        if not isinstance(rule, ir.ParamRule))
                    rule = f"mm >> {2 * self.cell_bits} & {(1 << self.rule_bits) - 1}"
                    later = (f" or any(mm >> sh & {self.cell_mask} == c + 1 "
                             f"for sh in LANDS[{rule}])")
                w(f"if mm.__class__ is int and (mm & {self.cell_mask} == c "
                  f"or mm >> {self.capture_shift} >> c & 1{later}):")
                with w.indent():
                    w("return True")

    def direct_tests(self, w: SourceWriter) -> None:
        """Per owner of the cell, per opponent, per rule: the cell test, on the position with
        the phantom piece (the owner's first kind) standing there when it is empty."""
        for o in range(self.n_players):
            w(f"{'if' if o == 0 else 'elif'} owner == {o}:")
            with w.indent():
                plane = self.plane(o, self.phantom_kind())
                w(f"kept = {plane}")
                w("if not occ & low:")
                with w.indent():
                    w(f"{plane} |= low")
                w(f"occ = {self.occ()}")
                for q in range(self.n_players):
                    if q == o:
                        continue
                    travels, slides = [], []
                    for rule in self.game.rules:
                        if isinstance(rule, ir.StepRule) and rule.kind is not None \
                                and not counted(rule):
                            if subsumed(rule, self.game.rules):
                                continue
                            if self.ray_slide(rule):
                                slides.append(rule)
                            else:
                                travels.append(self.travel_test(rule, q))
                        else:
                            self.rule_attack(w, rule, q)
                    self.travel_attacks(w, travels)
                    self.ray_attacks(w, slides, q)
                w(f"{plane} = kept")
                w(f"occ = {self.occ()}")

    def ray_slide(self, rule: ir.Rule) -> bool:
        """A piece's slide on a lattice board (each direction one shift): tested by rays."""
        return (isinstance(rule, ir.StepRule) and rule.slide and rule.kind is not None
                and all(len(self.geo.shifts(-dx, -dy)) == 1
                        for dirs in rule.directions for dx, dy in dirs))

    def ray_attacks(self, w: SourceWriter, slides: list[ir.StepRule], q: int) -> None:
        """Player q's slides, grouped by direction: walking back from the cell along each
        direction once, is the first piece met one that slides that way and may land
        there? The walk is a precomputed ray and the nearest piece on it one bit
        operation (the lowest set bit when the walk goes up the bits, else the highest)."""
        if not slides:
            return
        w("c = low.bit_length() - 1")
        by_direction: dict[tuple[int, int], list[str]] = {}
        for i, rule in enumerate(slides):
            w(f"sl{i} = {self.movers(rule, q)} if {self.expr(rule.to, q)} & low else 0")
            for d in rule.directions[q]:
                by_direction.setdefault(d, []).append(f"sl{i}")
        for (dx, dy), starts in by_direction.items():
            ray = self.ray_table(-dx, -dy)
            ((off, _),) = self.geo.shifts(-dx, -dy)
            up = off > 0   # the walk goes up the bits: its nearest piece is the lowest bit
            w(f"st = {' | '.join(starts)}")
            w("if st:")
            with w.indent():
                w(f"r = {ray}[c] & occ")
                nearest = "r & -r & st" if up else "st >> (r.bit_length() - 1) & 1"
                w(f"if r and {nearest}:")
                with w.indent():
                    w("return True")

    def travel_test(self, rule: ir.StepRule, q: int) -> tuple[str, str, tuple, bool]:
        """A step's or slide's attack as (landing cells, movers, directions, slide) code."""
        return self.expr(rule.to, q), self.movers(rule, q), rule.directions[q], rule.slide

    def travel_attacks(self, w: SourceWriter, tests: list[tuple[str, str, tuple, bool]]) -> None:
        """The steps' and slides' tests, merged: travels alike but for their pieces test the
        pieces together (shogi's five gold movers), then travels alike but for where they may
        land test the landing cells together (a promoting rule beside its plain one). Each
        landing set is computed once."""
        by_to: dict[tuple, list[str]] = {}
        for to, movers, dirs, slide in tests:
            by_to.setdefault((to, dirs, slide), []).append(movers)
        by_movers: dict[tuple, list[str]] = {}
        for (to, dirs, slide), pieces in by_to.items():
            key = (" | ".join(pieces) if len(pieces) > 1 else pieces[0], dirs, slide)
            by_movers.setdefault(key, []).append(to)
        names: dict[str, str] = {}
        for tos in by_movers.values():
            for to in tos:
                if to not in names:
                    names[to] = f"land{len(names)}"
                    w(f"{names[to]} = {to}")
        for (movers, dirs, slide), tos in by_movers.items():
            land = " | ".join(names[to] for to in tos)
            w(f"if ({land}) & low:" if len(tos) > 1 else f"if {land} & low:")
            with w.indent():
                self.travel_attack(w, f"({movers})", dirs, slide)

    def travel_attack(self, w: SourceWriter, movers: str, dirs: tuple, slide: bool) -> None:
        """`return True` when a piece of `movers` reaches `low` along `dirs`."""
        if not slide:
            w(f"if {movers} & {self.shift(dirs, 'low')}:")
            with w.indent():
                w("return True")
            return
        w(f"start = {movers}")
        w("at = low.bit_length() - 1")
        for dx, dy in dirs:   # walk back from the cell to the first piece, if one can be there
            w(f"if start & {self.ray_table(-dx, -dy)}[at]:")
            w.indent()
            w("c = at")
            with self.walk(w, -dx, -dy):
                w("if occ >> c & 1:")
                with w.indent():
                    w("if start >> c & 1:")
                    with w.indent():
                        w("return True")
                    w("break")
            w.depth -= 1

    def ray_table(self, dx: int, dy: int) -> str:
        """RAY_dx_dy[c]: the cells met walking from cell c along (dx, dy) to the board's edge."""
        name = f"RAY_{dx}_{dy}".replace("-", "m")
        if name not in self.globals:
            geo, rays = self.game.geometry, []
            for c in range(geo.height * geo.stride + 1):   # (round a ring: to its start)
                rays.append(union(1 << x for x in lines.ray(geo, c, dx, dy))
                            if geo.playable >> c & 1 else 0)
            self.globals[name] = tuple(rays)
        return name

    def rule_attack(self, w: SourceWriter, rule: ir.Rule, q: int) -> None:
        """`return True` when player q's rule could take on `low` (the cell at hand)."""
        if isinstance(rule, ir.PlaceRule):
            if not ir.within_empty(rule.where):   # a placement on a piece replaces it
                w(f"if {self.expr(rule.where, q)} & low:")
                with w.indent():
                    w("return True")
            return
        if not isinstance(rule, (ir.StepRule, ir.JumpRule)) or rule.kind is None:
            return   # passes, numbers, drops and lines of sight take nothing
        movers = self.movers(rule, q)
        if isinstance(rule, ir.JumpRule):
            w(f"if {self.expr(rule.over, q)} & low:")
            with w.indent():
                w(f"land = {self.expr(rule.to, q)}")
                for dx, dy in rule.directions[q]:
                    back, ahead = self.shift(((dx, dy),), "low"), self.shift(((-dx, -dy),), "low")
                    w(f"if {movers} & {back} and land & {ahead}:")
                    with w.indent():
                        w("return True")
            return
        w(f"if {self.expr(rule.to, q)} & low:")
        with w.indent():
            if counted(rule):
                self.counted_attack(w, rule, q)
                return
            if not rule.slide:
                w(f"if {movers} & {self.shift(rule.directions[q], 'low')}:")
                with w.indent():
                    w("return True")
                return
            w(f"start = {movers}")
            for dx, dy in rule.directions[q]:   # walk back from the cell to the first piece
                w("c = low.bit_length() - 1")
                with self.walk(w, -dx, -dy):
                    w("if occ >> c & 1:")
                    with w.indent():
                        w("if start >> c & 1:")
                        with w.indent():
                            w("return True")
                        w("break")


def counted(rule: ir.Rule) -> bool:
    """A slide by a count or past screens (tested on its own, not merged with others)."""
    return isinstance(rule, ir.StepRule) and (rule.distance is not None
                                              or rule.screens is not None)


def counted_constant(rule: ir.StepRule) -> bool:
    """Whether a travel's counts (its distance, its screens) are constants, if it has any:
    then the cell's test walks back a known way."""
    return all(n is None or isinstance(n, ir.Const) for n in (rule.distance, rule.screens))


def later_landings(game: ir.GameIR) -> list[tuple[int, ...]]:
    """Per rule, its further stages (1-based) that land a piece on a cell and so take what
    stands there: a step, slide or jump of a piece, or a placement on a piece (a rook
    chosen first, then slid onto the king: the king is attacked)."""
    out = []
    for rule in game.rules:
        stages = []
        for k, stage in enumerate(getattr(rule, "more", ()), 1):
            action = stage.action
            travels = isinstance(action, (ir.StepRule, ir.JumpRule)) and action.kind is not None
            replaces = isinstance(action, ir.PlaceRule) and not ir.within_empty(action.where)
            if travels or replaces:
                stages.append(k)
        out.append(tuple(stages))
    return out


def subsumed(rule: ir.StepRule, rules: tuple[ir.Rule, ...]) -> bool:
    """Whether another travel of the same piece along the same directions, from anywhere,
    reaches every cell `rule` does: its landing cells are `rule`'s or a part of them
    (`rule`'s are `theirs and ...`). Shogi's promoting moves attack nothing their plain
    twins do not."""
    earlier = True
    for other in rules:
        if other is rule:
            earlier = False
            continue
        if (not isinstance(other, ir.StepRule) or other.kind != rule.kind
                or other.directions != rule.directions or other.slide != rule.slide
                or other.origin is not None or other.screens != rule.screens
                or other.screen != rule.screen or other.distance != rule.distance
                or other.over != rule.over):
            continue
        if other.to == rule.to and rule.origin is None:
            if earlier and other.distance == rule.distance and other.over == rule.over:
                return True   # a twin (a rule written twice): the earlier one is kept
            continue
        if other.to == rule.to or (isinstance(rule.to, ir.Op) and rule.to.op == "and"
                                   and other.to in and_or_chain(rule.to)):
            return True
    return False
