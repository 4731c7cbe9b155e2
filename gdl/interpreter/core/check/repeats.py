"""Travels again and again: `repeat [up to N]` before a step or a jump (sugar for stages),
and the checks of a jump chain's words (`hop`, `repeatedly at will`, `by path`).

`repeat` is lowered here into N rules per direction, the k-th made of k copies of the
travel, each later one from `here`: every count is a move of its own, the same way each
time (a Rush Hour vehicle's slide; konane's straight multi-jump, which may stop after any
jump). Nothing new reaches the back ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import CONST, EFFECT, Context, constant, error, expect
from gdl.interpreter.core.ir import INT

MAX_REPEAT = 64    # `repeat up to N`: each count is a rule of N stages


def check_chain(action: ast.Jump) -> None:
    """A jump's chain words: a hop takes nothing, so its chain is the cells it can reach
    (it may stop after any hop); `at will` and `by path` need a chain."""
    if action.at_will and not action.repeat:
        raise error("'at will' follows 'repeatedly': a chain that may stop after any jump",
                    action)
    if action.takes:
        return
    if action.by_path:
        raise error("a hop takes nothing, so its moves are the cells it reaches: 'by path' is "
                    "for chains that take", action)
    if action.repeat and not action.at_will:
        raise error("a chain of hops may stop after any hop: write `repeatedly at will`",
                    action)


class RepeatChecks:
    """`repeat [up to N]` before a move's first stage (mixed into `moves.MoveChecks`)."""

    scope: Any
    lower: Any
    if TYPE_CHECKING:   # provided by `moves.MoveChecks`
        def _stage_rule(self, name: str, action: ast.Action, effects: tuple[ast.Effect, ...],
                        ctx: Context) -> Any: ...

    def _repeated(self, node: ast.BoardMove, first: ir.BoardRule,
                  rest: tuple[ir.Stage, ...]) -> list[ir.StepRule | ir.JumpRule]:
        """`repeat [up to N] step|jump ...`: sugar for N rules per direction, the k-th made of
        k copies of the travel (each later one from `here`, the cell the piece landed on, the
        same way, its effects run after each), then the move's further stages. Every count
        is a move of its own, so a piece of several cells slides as far as it can go in one
        move (a Rush Hour vehicle), or a piece jumps on in a straight line as far as it
        chooses (each jump takes as it goes), without a new form in the back end."""
        repeat, action = node.repeat, node.action
        assert repeat is not None
        jump = isinstance(action, ast.Jump) and isinstance(first, ir.JumpRule)
        if isinstance(action, ast.Jump) and action.repeat:
            raise error("'repeat' makes a straight chain of jumps itself: leave out "
                        "'repeatedly'", repeat)
        if not jump and (not isinstance(action, ast.Step) or action.slide
                         or not isinstance(first, ir.StepRule)):
            raise error("'repeat' goes before a step or a jump (a slide already goes any "
                        "distance)", repeat)
        assert isinstance(action, (ast.Step, ast.Jump))
        assert isinstance(first, (ir.StepRule, ir.JumpRule))
        verb = "jump" if jump else "step"
        geometry = self.scope.geometry
        reach = max(1, geometry.width - 1, geometry.height - 1) if geometry else 1
        limit = max(1, reach // 2) if jump else reach   # a jump goes two cells
        if repeat.limit is not None:
            limit = constant(expect(self.lower.lower(repeat.limit, Context(CONST)), INT,
                                    repeat.limit, f"how many times a {verb} repeats"),
                             repeat.limit, f"how many times a {verb} repeats")
            if not 1 <= limit <= MAX_REPEAT:
                raise error(f"a {verb} repeats 1..{MAX_REPEAT} times, not {limit}",
                            repeat.limit)
        here = ast.Name(ast.Ident("here", repeat.pos))
        origin = here if action.origin is None else ast.Binary("and", here, action.origin,
                                                              repeat.pos)
        again = self._stage_rule(first.name, attrs.evolve(action, origin=origin), node.effects,
                                 Context(EFFECT, later=True))
        assert isinstance(again, (ir.StepRule, ir.JumpRule))
        ways = {len(offsets) for offsets in first.directions}
        if len(ways) != 1:
            raise error(f"a repeated {verb}'s directions must give each player as many ways",
                        action)
        rules: list[ir.StepRule | ir.JumpRule] = []
        for way in range(ways.pop()):
            direction = tuple((offsets[way],) for offsets in first.directions)
            travel = attrs.evolve(first, directions=direction)
            later = ir.Stage(attrs.evolve(again, directions=direction))
            rules += [attrs.evolve(travel, more=(later,) * (k - 1) + rest)
                      for k in range(1, limit + 1)]
        return rules
