"""The expressions that read more than the position itself: `repeated` (the positions seen
before), `streak` (moves in a row after which a condition held) and `moves PLAYER` /
`moves(KIND, X)` (what a player could do next). A mixin of the Lowerer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import END, ILLEGAL, Context, Scope, error, expect
from gdl.interpreter.core.ir import BOOL, CELLS


class PositionReads:
    if TYPE_CHECKING:
        scope: Scope

        def lower(self, node: ast.Expr, ctx: Context) -> ir.Expr: ...
        def _needs_board(self, node: Any, name: str) -> Any: ...

    def repeated(self, ident: ast.Ident, ctx: Context, board: bool, times: int = 2) -> ir.Expr:
        if ctx.mode not in (END, ILLEGAL):
            raise error("'repeated' (the position occurred before) is only known in an end rule "
                        "and the legality filter", ident)
        self.scope.tracks_history = True
        self.scope.tracks_boards |= board
        return ir.Repeated(board, times)

    def streak(self, node: ast.Apply, ctx: Context, who: str = ir.MOVER) -> ir.Expr:
        """`streak COND`: the mover's moves in a row that ended with COND holding."""
        if ctx.mode != END:
            raise error("'streak' (moves in a row after which a condition held) is only "
                        "known in an end rule", node.fn)
        condition = expect(self.lower(node.arg, ctx), BOOL, node.arg, "what 'streak' counts")
        if isinstance(condition, ir.Const):
            raise error("'streak' counts a condition on the position, not a constant", node.arg)
        if condition not in self.scope.streaks:
            self.scope.streaks.append(condition)
        return ir.Streak(condition, who, self.scope.streaks.index(condition))

    def _moves_of(self, node: ast.Apply, ctx: Context) -> ir.Expr:
        """`moves mover` / `moves opponent`: that player could make a move (other than pass);
        `moves(KIND, X)`: the next player has a legal move bringing a KIND onto X."""
        items = node.arg.items if isinstance(node.arg, ast.ListExpr) else None
        players = self.scope.players
        if items is None and (not isinstance(node.arg, ast.Name) or node.arg.ident.text
                              not in ("mover", "opponent", *players)):
            raise error("'moves' is followed by 'mover', 'opponent' or a player, or written "
                        "moves(PIECE, CELLS)", node.arg)
        if ctx.mode != END:
            raise error("'moves' (a player can move) is only known in an end rule", node.fn)
        if items is None:
            assert isinstance(node.arg, ast.Name)
            word = node.arg.ident.text
            return ir.HasMoves(players.index(word) if word in players else word)
        piece = items[0] if len(items) == 2 else None
        if not isinstance(piece, ast.Name) or piece.ident.text not in self.scope.pieces:
            raise error("'moves' is written moves(PIECE, CELLS): a piece name, then the cells "
                        "its move lands on", node.arg)
        self._needs_board(node.fn, "moves")
        cells = expect(self.lower(items[1], ctx), CELLS, items[1], "where the move lands")
        return ir.HasMoves(ir.OPPONENT, kind=self.scope.pieces.index(piece.ident.text),
                           to=cells)
