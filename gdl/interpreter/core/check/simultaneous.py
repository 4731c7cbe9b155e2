"""`players A B simultaneous`: every turn all the players choose at once (docs/core.md,
section 3, simultaneous rounds).

The core keeps one construct, a round of parts: each player in turn order makes a move of
the ordinary rules, and `after every move` and the end rules run once, after the last
player's part (their conditions and effects are guarded by "the last player just moved",
a per-player constant). For the parts to be one joint move, no part may see another's
choice: a move here only records its own player's choice (`chosen[own] = c`, a per-player
state) and reads no other player's per-player state. The checker refuses anything else,
located; `after every move` and the end rules then read every player's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import Scope, error


def round_over(players: int) -> ir.PerPlayer:
    """True when the player who just moved is the last one: the round is complete."""
    return ir.PerPlayer((False,) * (players - 1) + (True,), ir.BOOL)


def at_round_end(game: ir.GameIR) -> ir.GameIR:
    """`game` with its `after every move` effects and end rules run only once a round is
    complete (the lowering of `simultaneous`)."""
    last = round_over(len(game.players))
    after = tuple(ir.Guard(last, effect) for effect in game.after)
    ends = tuple(ir.EndRule(e.outcome, e.who, ir.Op("and", (last, e.condition), ir.BOOL),
                            e.score) for e in game.ends)
    return attrs.evolve(game, after=after, ends=ends, simultaneous=True)


class SimultaneousChecks:
    """The checks of a simultaneous game's moves (a mixin of the checker, first in line)."""

    scope: Scope
    variables: list[ir.Variable]
    rules_ir: list[ir.Rule]
    simultaneous: bool
    if TYPE_CHECKING:
        def _every(self) -> tuple[ast.Effect, ...]: ...

    def _boardmove(self, node: ast.BoardMove) -> None:
        if self.simultaneous and not _plain_pass(node):
            raise error("in a simultaneous game each move is a choice of numbers (`move bid c "
                        "in 1..n: chosen[own] = c`) or a pass; board moves are not built yet",
                        node)
        super()._boardmove(node)   # type: ignore[misc]

    def _parammove(self, node: ast.ParamMove) -> None:
        super()._parammove(node)   # type: ignore[misc]
        if not self.simultaneous:
            return
        rule = self.rules_ir[-1]
        assert isinstance(rule, ir.ParamRule)
        for param, (low, high) in zip(node.params, rule.ranges):
            self._reads_own(low, param.low)
            self._reads_own(high, param.high)
        if rule.guard is not None:
            self._reads_own(rule.guard, node.guard)
        written = self._every() + node.effects
        for source, effect in zip(written, rule.effects):
            self._records_own(effect, source)

    def _own(self, index: Any) -> bool:
        return index == ir.PerPlayer(tuple(range(1, len(self.scope.players) + 1)), ir.INT)

    def _reads_own(self, expr: Any, where: Any) -> None:
        """Refuse a read of another player's per-player state: it is not chosen yet."""
        if isinstance(expr, ir.Op) and expr.op == "index" and self._per_player(expr.args[0]):
            var = expr.args[0]
            assert isinstance(var, ir.Var)
            if not self._own(expr.args[1]):
                name = self.variables[var.index].name
                raise error(f"the players choose at once: a move cannot read another player's "
                            f"'{name}' (only {name}[own]); read it in `after every move` or "
                            f"an end rule", where)
            self._reads_own(expr.args[1], where)
            return
        if self._per_player(expr):
            name = self.variables[expr.index].name
            raise error(f"the players choose at once: a move reads only its own "
                        f"'{name}[own]'", where)
        for child in _children(expr):
            self._reads_own(child, where)

    def _per_player(self, expr: Any) -> bool:
        return isinstance(expr, ir.Var) and self.variables[expr.index].per_player

    def _records_own(self, effect: Any, where: Any) -> None:
        """A part's effect records its own player's choice only."""
        if isinstance(effect, ir.Group):
            for inner in effect.effects:
                self._records_own(inner, where)
            return
        if isinstance(effect, ir.Guard):
            self._reads_own(effect.condition, where)
            self._records_own(effect.effect, where)
            return
        if not (isinstance(effect, ir.Assign) and self.variables[effect.var].per_player
                and self._own(effect.index)):
            raise error("the players choose at once: a move only records its own player's "
                        "choice (`v[own] = ...` of a per-player state); change the rest in "
                        "`after every move`", where)
        self._reads_own(effect.value, getattr(where, "value", where))


def _plain_pass(node: ast.BoardMove) -> bool:
    return isinstance(node.action, ast.Pass) and not node.effects and not node.more


def _children(expr: Any):
    """The IR nodes directly below `expr`."""
    if not attrs.has(type(expr)):
        return
    for field in attrs.fields(type(expr)):
        value = getattr(expr, field.name)
        for item in value if isinstance(value, tuple) else (value,):
            if attrs.has(type(item)):
                yield item
