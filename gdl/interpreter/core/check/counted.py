"""The counted travels' checks (docs/core.md, 3): a slide by a count (`slide ... by N [over
X]`) and a slide past screens (`slide ... past N of S`), whose N is read per piece and
direction. Mixed into `MoveChecks`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.expressions import Lowerer
from gdl.interpreter.core.check.scope import DISTANCE, Context, expect
from gdl.interpreter.core.ir import INT


class CountedChecks:
    lower: Lowerer
    if TYPE_CHECKING:
        def _cells(self, node: ast.Expr, ctx: Context, what: str) -> ir.Expr: ...

    def _counted(self, rule: ir.StepRule, action: ast.Step, ctx: Context) -> ir.StepRule:
        """`slide ... by N [over X]` or `slide ... past N of S`: N is read per piece and
        direction (`origin` is the piece's cell, `axis` the line it travels on); X defaults
        to the empty cells; S holds the pieces that may be passed (the screens)."""
        screened = action.screens is not None
        n = action.screens if screened else action.distance
        assert n is not None   # only a counted slide, or one past screens, comes here
        count = expect(self.lower.lower(n, Context(DISTANCE, ctx.params)), INT, n,
                       "the number of screens a slide passes" if screened else
                       "a slide's distance")
        if action.screen is not None:   # (it comes with `past N`)
            return attrs.evolve(rule, screens=count, screen=self._cells(
                action.screen, ctx, "the pieces a slide passes (its screens)"))
        over = ir.Empty() if action.over is None else self._cells(action.over, ctx,
                                                                   "what a slide passes over")
        return attrs.evolve(rule, distance=count, over=over)
