"""`every move then EFFECTS` and `after every move: EFFECTS`: the effects every move runs,
first (sugar: each later rule's first stage runs them before its own) or last (`GameIR.after`,
on the position the whole move left, before the end rules; docs/core.md, section 3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import END, Context, error


def leaves(effects: tuple[ast.Effect, ...]):
    """Every effect, inside guards and groups too."""
    for effect in effects:
        while isinstance(effect, (ast.Guarded, ast.ForEffect)):
            effect = effect.effect
        if isinstance(effect, ast.Group):
            yield from leaves(effect.effects)
        else:
            yield effect


class EveryMoveChecks:
    """The checker's `every move` statements (mixed into `MoveChecks`)."""

    rules_ir: list[ir.Rule]
    every_move: ast.EveryMove | None
    after: tuple[ir.Effect, ...] | None
    if TYPE_CHECKING:   # provided by MoveChecks
        def _effects(self, effects: tuple[ast.Effect, ...], ctx: Context,
                     cell: bool = True) -> tuple[ir.Effect, ...]: ...

    def _everymove(self, node: ast.EveryMove) -> None:
        """`every move then EFFECTS`: sugar, each later rule's first stage runs the effects
        before its own (docs/language.md, every move)."""
        if node.after:
            self._after_move(node)
            return
        if self.every_move is not None:
            raise error("'every move' is declared twice; list all its effects in one", node)
        if self.rules_ir:
            raise error("'every move' comes before the move rules it applies to", node)
        self.every_move = node

    def _after_move(self, node: ast.EveryMove) -> None:
        """`after every move: EFFECTS`: effects on variables that every move runs last, on
        the position it left (all its stages and effects made), read as an end rule reads
        it; they run after the legality filter and before the end rules."""
        if self.after is not None:
            raise error("'after every move' is declared twice; list all its effects in one",
                        node)
        for effect in leaves(node.effects):
            if not isinstance(effect, ast.Assign):
                raise error("'after every move' changes state variables only (v = e, "
                            "v[i] += e), not the board", effect)
        self.after = self._effects(node.effects, Context(END))

    def _every(self) -> tuple[ast.Effect, ...]:
        return self.every_move.effects if self.every_move is not None else ()

