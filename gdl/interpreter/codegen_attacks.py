"""`attacked(s, x)`: could an opponent of a piece on a cell of x take it (docs/core.md, 3).

The general form asks the opponent's move generator (every rule, no priority, no
filter) on the position with a phantom piece of the mover's on an empty cell, and
looks for a move that lands on the cell or captures it. When every rule is a
single stage whose only captures are where it lands or what it jumps (place, step,
slide, single jumps), the fast form tests the cell directly: a step lands on it
from `cells whose neighbour along d is it`, a slide from the first piece met
walking back along d, a jump from one cell back over it. Chess's check test is then
a few shifts per rule instead of a move list.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from gdl.interpreter import ir
from gdl.interpreter.codegen_support import SourceWriter

# Effects that change the board away from where a move lands: the fast form cannot see them in a
# placement or a choice (the general form takes such a move's cell for an attack).
_FAR_EFFECTS = (ir.Remove, ir.Add, ir.Carry, ir.Fill, ir.Flip, ir.Sow, ir.Rotate, ir.Reflect,
                ir.Swap, ir.Toggle)


class AttackCode:
    """Mixed into the expression code generator; writes the `attacked` helper."""

    # What it uses of `ExpressionCode` and `MoveCode`, the classes it is mixed with.
    game: ir.GameIR
    helpers: dict[str, list[str]]
    n_players: int
    n_kinds: int
    n_planes: int
    cell_mask: int
    capture_shift: int
    if TYPE_CHECKING:
        @property
        def state_names(self) -> list[str]: ...
        def occ(self) -> str: ...
        def plane(self, player: int, kind: int) -> str: ...
        def pieces(self, owner: ir.Owner, kind: int | None, p: int) -> str: ...
        def expr(self, e: ir.Expr, p: int) -> str: ...
        def shift(self, offsets: ir.Offsets, operand: str) -> str: ...
        def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str: ...
        def walk(self, w: SourceWriter, dx: int, dy: int
                 ) -> contextlib.AbstractContextManager[None]: ...

    def attacks_directly(self) -> bool:
        """Whether every rule's captures can be read off the cell (the fast form applies).

        A travel's effects may change cells elsewhere (castling's rook, en passant's
        `remove`): both forms read a travel's landing cell and jumped cells only, so
        such a rule keeps the fast form."""
        for rule in self.game.rules:
            if getattr(rule, "more", ()) or (isinstance(rule, ir.JumpRule) and rule.repeat):
                return False
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
                w(f"if mm.__class__ is int and (mm & {self.cell_mask} == c "
                  f"or mm >> {self.capture_shift} >> c & 1):")
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
                    for rule in self.game.rules:
                        self.rule_attack(w, rule, q)
                w(f"{plane} = kept")
                w(f"occ = {self.occ()}")

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
