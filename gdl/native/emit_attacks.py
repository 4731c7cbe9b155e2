"""`attacked(planes.., variables.., mover, x)` in C: could an opponent take a piece on a cell
of x (the C twin of gdl/interpreter/codegen_attacks.py's direct form).

Per cell: its owner (the mover when it is empty, a phantom piece of the owner's first kind
standing there for the test), then per opponent and rule a test of the cell itself: a
step from the cells one offset back, a slide from the first piece met walking back, a
jump from one cell back over it. The general form (the opponent's whole move list) is not
written yet: a game that needs it runs on Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter import ir
from gdl.interpreter.codegen_attacks import AttackCode
from gdl.native.emit_counted import CountedC
from gdl.native.support import CWriter, Unsupported


class AttacksC(CountedC):
    if TYPE_CHECKING:   # written by MovesC, the class built on this one
        def local_params(self) -> str: ...
        def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str: ...
        def walk_cell(self, w: CWriter, c: str, dx: int, dy: int) -> Any: ...

    def attacked_helper(self) -> None:
        if "attacked" in self.helpers:
            return
        if not AttackCode.attacks_directly(self):   # type: ignore[arg-type]
            raise Unsupported("'attacked' by rules of several stages or chains")
        for rule in self.game.rules:
            for part in (getattr(rule, "to", None), getattr(rule, "over", None),
                         getattr(rule, "origin", None), getattr(rule, "where", None)):
                if part is not None and any(isinstance(n, (ir.Here, ir.Origin))
                                            for n in ir.walk(part)):
                    raise Unsupported("'attacked' by a rule that reads 'here'")
        self.helpers["attacked"] = []   # reserved while it is written
        w = CWriter()
        # not inlined: its callers are many, and gcc's time grows with what it inlines
        with w.block(f"__attribute__((noinline)) static int attacked({self.local_params()}"
                     "int mover, bb x)"):
            w(f"bb occ = {self.occ()}, kept;")
            w("(void)kept;")
            with w.block("while (bb_any(x))"):
                w("int c = bb_pop(&x); bb low = bb_bit(c); int owner = mover;")
                for q in range(self.n_players):
                    w(f"if (bb_test({self.pieces(q, None, q)}, c)) owner = {q};")
                with w.block("switch (owner)"):
                    for o in range(self.n_players):
                        with w.block(f"case {o}:"):
                            self.owner_tests(w, o)
                            w("break;")
            w("return 0;")
        self.helpers["attacked"] = w.lines

    def owner_tests(self, w: CWriter, o: int) -> None:
        kind = next(k for k in range(self.n_kinds) if k not in self.game.neutral)
        plane = self.plane(o, kind)
        w(f"kept = {plane};")
        w(f"if (!bb_test(occ, c)) {plane} = bb_or({plane}, low);")
        w(f"occ = {self.occ()};")
        for q in range(self.n_players):
            if q == o:
                continue
            for rule in self.game.rules:
                with w.block(""):
                    self.rule_attack(w, rule, q)
        w(f"{plane} = kept;")
        w(f"occ = {self.occ()};")

    def rule_attack(self, w: CWriter, rule: ir.Rule, q: int) -> None:
        """`return 1` when player q's rule could take on `low` (the cell `c`)."""
        if isinstance(rule, ir.PlaceRule):
            if not ir.within_empty(rule.where):   # a placement on a piece replaces it
                w(f"if (bb_test({self.expr(rule.where, q)}, c)) return 1;")
            return
        if not isinstance(rule, (ir.StepRule, ir.JumpRule)) or rule.kind is None:
            return   # passes, numbers and lines of sight take nothing
        movers = self.movers(rule, q)
        if isinstance(rule, ir.JumpRule):
            with w.block(f"if (bb_test({self.expr(rule.over, q)}, c))"):
                w(f"bb land = {self.expr(rule.to, q)};")
                for dx, dy in rule.directions[q]:
                    back = self.shift(((dx, dy),), "low")
                    ahead = self.shift(((-dx, -dy),), "low")
                    w(f"if (bb_any(bb_and({movers}, {back})) && bb_any(bb_and(land, {ahead}))) "
                      "return 1;")
            return
        with w.block(f"if (bb_test({self.expr(rule.to, q)}, c))"):
            if not rule.slide:
                w(f"if (bb_any(bb_and({movers}, {self.shift(rule.directions[q], 'low')}))) "
                  "return 1;")
                return
            w(f"bb start = {movers}; int d;")
            for dx, dy in rule.directions[q]:   # walk back from the cell to the first piece
                w("d = c;")
                with self.walk_cell(w, "d", -dx, -dy):
                    w("if (bb_test(occ, d)) { if (bb_test(start, d)) return 1; break; }")
