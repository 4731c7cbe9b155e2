"""The margin signal: when a player wins by a comparison of two counts read off the board
(Go's area, `count (Black or its territory) > count (White or its territory) + 7`), how far
that player is ahead by it, now. Passes, the move limit and the like decide when the end is
judged; the margin says who it would favour.

The margin is an IR expression (the comparison's left side less its right, found by
gdl.interpreter.core.margin), compiled by each back end like any other: `margin(s)` in the
Python module, and in C by the evaluation's own emitter from the same expression (the spec
carries it).
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.ai.material import _squash, with_spec
from gdl.interpreter.core import ir
from gdl.interpreter.core.margin import margin

def margin_signal(game: ir.GameIR, compiled: Callable | None) -> Callable | None:
    """The signal of `compiled(state)` (the margin's value, the winner's lead), squashed at a
    quarter of the board's cells; None without a margin."""
    found = margin(game)
    if found is None or compiled is None:
        return None
    winner, expr = found
    scale = max(1, game.geometry.playable.bit_count()) / 4

    def signal(state: tuple) -> list[float]:
        lead = _squash(compiled(state), scale)
        return [lead, -lead] if winner == 0 else [-lead, lead]
    return with_spec(signal, "margin", winner, expr, scale)
