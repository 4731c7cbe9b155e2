"""The rules over whole moves, `illegal: COND` (the legality filter) and `prefer: most EXPR`
(of the legal moves, those measuring most: majority capture), and the checks of a flying
jump (`jump ... far`); docs/core.md sections 3 and 7."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import ILLEGAL, PREFER, Context, Scope, error, expect
from gdl.interpreter.core.ir import BOOL, INT

if TYPE_CHECKING:
    from gdl.interpreter.core.check.expressions import Lowerer


class WholeMoveChecks:
    if TYPE_CHECKING:   # written by the checker this mixin is part of
        scope: Scope
        lower: Lowerer
        illegal: ir.Expr | None
        rules_ir: list[ir.Rule]
        ends: list[ir.EndRule]

    preference: ir.Preference | None = None
    prefer_node: ast.Prefer | None = None

    def _illegal(self, node: ast.Illegal) -> None:
        if self.illegal is not None:
            raise error("'illegal' is declared twice; join the conditions with 'or'", node)
        self.illegal = expect(self.lower.lower(node.condition, Context(ILLEGAL)), BOOL,
                              node.condition, "the legality filter")

    def _prefer(self, node: ast.Prefer) -> None:
        if self.prefer_node is not None:
            raise error("'prefer' is declared twice; one measure orders the moves", node)
        measure = expect(self.lower.lower(node.measure, Context(PREFER)), INT, node.measure,
                         "what 'prefer' measures (a number read of each move, such as "
                         "`count taken`)")
        self.preference = ir.Preference(node.most, measure)
        self.prefer_node = node

    def _check_preference(self) -> None:
        """Once every rule is known: the preference orders the moves a game lists, which
        neither back end yet joins to a legality filter or to `attacked` (the opponent's
        moves before any preference)."""
        node = self.prefer_node
        if node is None:
            return
        if self.illegal is not None:
            raise error("'prefer' with a legality filter ('illegal:') is not supported yet",
                        node)
        if any(isinstance(n, ir.Attacked) for r in (*self.rules_ir, *self.ends)
               for n in ir.walk(r)):
            raise error("'prefer' with 'attacked' is not supported yet", node)


def check_flying(action: ast.Jump, scope: Scope) -> None:
    """A flying jump walks the lines of a grid, and lists each (start, end, captures) once."""
    if not action.far:
        return
    if action.by_path:
        raise error("a flying jump ('far') lists each chain by its ends and captures; "
                    "'by path' is not supported with it", action)
    if scope.geometry is not None and scope.geometry.shape == "points":
        raise error("a flying jump ('far') walks the lines of a grid board, not a board "
                    "of points", action)
