"""How long one position's move list can be, read off the rules: the size of the C
buffers (MAXM). A bound, not a promise: past it a call fails at run time and the Python
back end makes it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir


class MoveBounds:
    """A mixin of the C generator (it has `game`, `geo` and `droppable`)."""

    if TYPE_CHECKING:
        game: ir.GameIR
        geo: Any

        def droppable(self, rule: ir.DropRule) -> Any: ...

    def move_bound(self) -> int:
        """A bound on one position's move list (checked at run time all the same: past it a
        call fails and the Python back end makes it)."""
        total = 1
        for r in self.game.rules:
            count = self.action_bound(r)
            for stage in getattr(r, "more", ()):
                count *= self.action_bound(stage.action)
            total += count
        return max(64, min(total, 1 << 16))

    def action_bound(self, r) -> int:
        cells = max(1, len(self.geo.cells))
        dirs = max((len(d) for d in getattr(r, "directions", ((),))), default=1) or 1
        if isinstance(r, ir.StepRule):
            return cells * dirs * (max(self.geo.width, self.geo.height) if r.slide else 1)
        if isinstance(r, ir.JumpRule) and r.repeat and not r.takes:
            return cells * cells   # each piece: every cell its hops reach
        if isinstance(r, ir.JumpRule):
            return cells * dirs * (8 if r.repeat else 1)
        if isinstance(r, ir.SelectRule):
            out = 1
            for low, high in r.ranges:
                out *= max(1, high - low + 1)
            return out
        if isinstance(r, ir.DropRule):
            return cells * len(self.droppable(r))
        if isinstance(r, ir.ParamRule):   # a range read from the position: 64 a guess
            size = 1
            for first, last in r.ranges:
                fixed = isinstance(first, ir.Const) and isinstance(last, ir.Const)
                size *= max(1, last.value - first.value + 1) if fixed else 64  # type: ignore
            return size
        return cells + 1
