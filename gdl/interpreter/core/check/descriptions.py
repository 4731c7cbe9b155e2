"""The statements that describe a game without making its moves: quantities (conserved,
monotone), a puzzle's heuristic and move laws, and the notation it is also read in. A
mixin of the checker (check/game.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import MOVE, Context, Scope, error, expect
from gdl.interpreter.core.ir import BOOL, INT
from gdl.interpreter.notation.family_maps import NOTATIONS, derive


class DescriptionChecks:
    if TYPE_CHECKING:
        scope: Scope
        lower: Any
        quantities: list[ir.Quantity]
        heuristic: ir.Quantity | None
        move_laws: list[str]
        notation: ast.Notation | None
        planes: list[int]

    def _quantity(self, node: ast.Quantity) -> None:
        value = self.lower.lower(node.expr, Context(MOVE))
        if node.kind == "heuristic":
            self._heuristic(node, value)
            return
        if node.kind == "monotone" and value.type not in (INT, BOOL):
            raise error(f"a monotone quantity is a number (or a truth value), not a {value.type}",
                        node.expr)
        if isinstance(value, ir.Const):
            raise error("this quantity is a constant: no move can change it", node.expr)
        direction = None
        if node.direction is not None:
            direction = "nonincreasing" if node.direction == "increases" else "nondecreasing"
        self.quantities.append(ir.Quantity(node.text, node.kind, direction, value,
                                           _player_relative(value), node.pos))

    def _heuristic(self, node: ast.Quantity, value: ir.Expr) -> None:
        """`heuristic: EXPR`: a one-player game's lower bound on the moves left to its goal."""
        if len(self.scope.players) != 1:
            raise error("a heuristic bounds the moves of a one-player game (a puzzle); this "
                        f"game has {len(self.scope.players)} players", node)
        if self.heuristic is not None:
            raise error("the heuristic is declared twice", node)
        expect(value, INT, node.expr, "a heuristic")
        self.heuristic = ir.Quantity(node.text, "heuristic", None, value, False, node.pos)

    def _movelaws(self, node: ast.MoveLaws) -> None:
        """`every move commutes, undoes itself`: kept for the puzzle searches (tested when a
        one-player game is solved, see gdl.interpreter.layouts.one_player)."""
        if len(self.scope.players) != 1:
            raise error("move laws are declared for a one-player game (a puzzle)", node)
        for law in node.laws:
            if law in self.move_laws:
                raise error(f"'{law}' is declared twice", node)
            self.move_laws.append(law)

    def _notation(self, node: ast.Notation) -> None:
        if self.notation is not None:
            raise error("the notation is declared twice", node)
        if node.name.text not in NOTATIONS:
            raise error(f"no notation '{node.name.text}' (known: {', '.join(NOTATIONS)})",
                        node.name)
        self.notation = node

    def _check_notation(self) -> None:
        """The board and pieces, complete now, must map onto the notation's (board_map)."""
        if self.notation is None:
            return
        try:
            derive(self.notation.name.text, tuple(self.scope.players), tuple(self.scope.pieces),
                   self.scope.geometry, self.scope.returns_as, tuple(self.planes))
        except ValueError as err:
            raise error(f"`notation {self.notation.name.text}`: {err}", self.notation) from None


def _player_relative(expr: ir.Expr) -> bool:
    """Whether an expression reads the position from the mover's view (own, enemy, a
    per-player region or direction, a line of the mover's)."""
    for node in ir.walk(expr):
        if isinstance(node, (ir.Pieces, ir.Line)) and node.owner in (ir.MOVER, ir.OPPONENT):
            return True
        if isinstance(node, (ir.PerPlayer, ir.Flank)):
            return True
        if isinstance(node, ir.Shift) and len(set(node.directions)) > 1:
            return True
    return False
