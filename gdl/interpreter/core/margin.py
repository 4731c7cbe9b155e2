"""The margin of a game won by comparing two counts read off the board (Go's area,
`count (Black or its territory) > count (White or its territory) + 7`): the comparison's left
side less its right, an IR expression. Both back ends compile it (`margin(s)`), and the AI's
margin signal (gdl.ai.margin) reads it: how far a player is ahead by it, now.
"""

from __future__ import annotations

from gdl.interpreter.core import ir

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
