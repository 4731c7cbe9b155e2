"""The margin signal: when a player wins by a comparison of two counts read off the board
(Go's area, `count (Black or its territory) > count (White or its territory) + 7`), how far
that player is ahead by it, now. Passes, the move limit and the like decide when the end is
judged; the margin says who it would favour.

The margin is an IR expression (the comparison's left side less its right), compiled by
each back end like any other: `margin(s)` in the Python module (codegen), and in C by the
evaluation's own emitter from the same expression (the spec carries it).
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.interpreter import ir
from gdl.interpreter.heuristics_material import _squash, with_spec

SIDES = {">": 1, ">=": 1, "<": -1, "<=": -1}   # which side of the comparison is the winner's
# what a margin may read: the position alone (not the move just made, the plies, the moves)
POSITIONAL = (ir.Const, ir.PerPlayer, ir.Pieces, ir.Empty, ir.Full, ir.Adjacent, ir.Reach,
              ir.Shift, ir.Zone, ir.InHand, ir.CountAt, ir.Var, ir.Op)


def margin(game: ir.GameIR) -> tuple[int, ir.Expr] | None:
    """(the winner, the margin expression) of the first winning end of a two-player game
    that compares two counts, each side reading the position; None when there is none."""
    if len(game.players) != 2:
        return None
    for end in game.ends:
        if end.outcome != "wins" or not isinstance(end.who, int):
            continue
        for e in ir.walk(end.condition):
            if isinstance(e, ir.Op) and e.op in SIDES and len(e.args) == 2 \
                    and all(_counts_the_board(side) for side in e.args):
                ahead, behind = e.args if SIDES[e.op] > 0 else e.args[::-1]
                return end.who, ir.Op("-", (ahead, behind), ir.INT)
    return None


def _counts_the_board(side: ir.Expr) -> bool:
    nodes = list(ir.walk(side))
    return all(isinstance(n, POSITIONAL) for n in nodes) and \
        any(isinstance(n, ir.Op) and n.op == "count" for n in nodes)


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
