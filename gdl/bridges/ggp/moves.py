"""GGP's joint moves over the Game protocol: each role's legal moves as KIF texts, and a
joint move (one text per role, in role order) checked and applied.

GGP asks every role for a move at every step; gdl's protocol lists only the mover's
moves at a turn node (the others' single moves, `noop`, are implicit) and each role's at
a SIMULTANEOUS node (`joint_moves`). `role_moves` joins the two views: per role, the
canonical text of each legal move and the game's move. A KIF game, whose `joint_moves`
answers at every node, gives each waiting role's move too; for another game a waiting
role's move is not known and it is said to pass (`PASS`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from gdl.grammar.sexpr import MessageError, canonical_move
from gdl.errors import IllegalMove
from gdl.interpreter.kif.game import KifGame
from gdl.protocol import SIMULTANEOUS, Game, State

PASS = "noop"   # the text of a waiting role's move when the game does not say it
RoleMoves = list[dict[str, Hashable]]   # per role: canonical text -> the game's move (or
                                        # None for a waiting role's implicit move)


def _texts(game: Game, state: State, moves: Sequence[Hashable]) -> dict[str, Hashable]:
    return {canonical_move(game.move_text(state, m)): m for m in moves}


def role_moves(game: Game, state: State) -> RoleMoves:
    """Each role's legal moves at a non-terminal `state`, by canonical text."""
    mover = game.current_player(state)
    each = getattr(game, "joint_moves", None)
    if each is not None and (mover == SIMULTANEOUS or isinstance(game, KifGame)):
        return [_texts(game, state, list(p)) for p in each(state)]
    out: RoleMoves = []
    for role in range(len(game.players)):
        if role == mover:
            out.append(_texts(game, state, game.legal_moves(state)))
        else:
            out.append({PASS: None})
    return out


def joint_of(game: Game, state: State, chosen: Sequence[Hashable]) -> Any:
    """The game's move for one move per role (its parts, in role order)."""
    mover = game.current_player(state)
    return tuple(chosen) if mover == SIMULTANEOUS else chosen[mover]


def read_joint(game: Game, state: State, texts: Sequence[str]) -> Any:
    """The game's move for a GGP joint move (one KIF text per role).

    Raises:
        IllegalMove: the wrong number of moves, or a role's move is not legal (its legal
            moves listed).
    """
    legal = role_moves(game, state)
    if len(texts) != len(legal):
        raise IllegalMove(f"{len(texts)} moves for {len(legal)} roles")
    chosen = []
    for role, (text, moves) in enumerate(zip(texts, legal)):
        try:
            key = canonical_move(text)
        except MessageError:
            key = text
        if key not in moves and not (len(moves) == 1 and None in moves.values()
                                     and PASS in moves):
            raise IllegalMove(f"{game.players[role]}'s move {text} is not legal",
                              tuple(sorted(moves)))
        chosen.append(moves.get(key))
    return joint_of(game, state, chosen)
