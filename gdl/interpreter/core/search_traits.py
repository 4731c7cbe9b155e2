"""What a game-tree search may assume of a game, read off its rules (no game named).

- `royal_kinds`: the kinds a player may never leave attacked: the legality filter holds
  `attacked own KIND` as one of its alternatives (`illegal: attacked own king or ...`).
  A move after which the opponent's royal piece stands attacked gives check; the search
  extends such moves by a ply (interpreter/c/search.py).
- `null_move_safe`: whether null-move pruning may be tried at all. It assumes that
  passing never helps the side to move (no zugzwang). That holds best where material
  decides and moves can take it (a travel that lands on a piece, a jump), where every
  turn is one move (no `again`), and where having no move is not itself the way to
  lose, unless a royal piece makes that a checkmate reached through checks. Games where a
  pass would often help are left out: those whose moves never take (placement games:
  connect four's zugzwang, Othello's parity, Hex), and those where the player left
  without a move loses and no piece is royal (draughts, clobber: the last to move wins).
"""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.core.ir import within_empty


def _alternatives(e: ir.Expr | None) -> list[ir.Expr]:
    if e is None:
        return []
    if isinstance(e, ir.Op) and e.op in ("or", "bool", "cells"):   # (and their casts)
        return [a for arg in e.args for a in _alternatives(arg)]
    return [e]


def royal_kinds(game: ir.GameIR) -> tuple[int, ...]:
    """The kinds the legality filter forbids leaving attacked (`attacked own KIND`)."""
    kinds = []
    for alt in _alternatives(game.illegal):
        if isinstance(alt, ir.Attacked) and isinstance(alt.cells, ir.Pieces) and \
                alt.cells.owner == ir.MOVER and alt.cells.kind is not None:
            kinds.append(alt.cells.kind)
    return tuple(sorted(set(kinds)))


def moves_take(game: ir.GameIR) -> bool:
    """Whether some move takes a piece by moving: a jump, a travel onto a cell that may
    hold a piece, a placement that replaces one."""
    for rule in game.rules:
        for node in ir.walk(rule):
            if isinstance(node, ir.JumpRule):
                return True
            if isinstance(node, ir.StepRule) and node.kind is not None and \
                    not within_empty(node.to):
                return True
            if isinstance(node, ir.PlaceRule) and not within_empty(node.where):
                return True
    return False


def null_move_safe(game: ir.GameIR) -> bool:
    """Whether null-move pruning may be tried in this game (see the module doc)."""
    if len(game.players) != 2 or any(isinstance(n, ir.Again) for n in ir.walk(game)):
        return False
    if not moves_take(game):
        return False
    no_move_decides = any(isinstance(n, ir.HasMoves) for end in game.ends
                          for n in ir.walk(end.condition))
    return not no_move_decides or bool(royal_kinds(game))
