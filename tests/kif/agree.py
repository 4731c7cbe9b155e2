"""gdl's KIF games checked against figures of the independent reasoner (tests/kif_reasoner):
perft counts and seeded random games in the format tools/record_kif.py writes. Used by
tests/kif/test_kif_corpus.py (against tests/data/kif/recorded.json) and by bench/ggp_base.py
(against the reasoner live).

A random game is a list of plies `{"legal": {role: [moves]}, "joint": {role: move},
"terminal": false}` and a last record `{"terminal": true, "goals": {role: value}}` (or
`{"terminal": false}` when the game was cut). gdl's game is asked through the Game protocol
(gdl/protocol.py) as docs/ggp.md describes a KIF game: at a turn node the mover's
`legal_moves` and `move_text`, every other role's one move from `joint_moves`; at a
SIMULTANEOUS node each role's moves from `joint_moves` and the joint moves as their product;
a move is given to `parse_move` as text (`a | b` at a simultaneous node).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from gdl.protocol import SIMULTANEOUS
from gdl.solvers.search.perft import perft


def gdl_perft(game: Any, depth: int) -> int:
    """gdl's perft of `game` from its start."""
    return perft(game, game.initial_state(), depth)


def legal_texts(game: Any, state: Any) -> dict[str, list[str]]:
    """Each role's legal moves at `state` as sorted texts, read as the module doc says."""
    each = game.joint_moves(state)
    parts = {role: sorted(game.action_text[k] for k in moves)
             for role, moves in zip(game.players, each)}
    mover = game.current_player(state)
    moves = game.legal_moves(state)
    if mover == SIMULTANEOUS:
        if len(moves) != math.prod(len(p) for p in parts.values()):
            raise AssertionError(f"{len(moves)} joint moves, not the product of {parts}")
    else:
        parts[game.players[mover]] = sorted(game.move_text(state, m) for m in moves)
    return parts


def _move_text(game: Any, state: Any, joint: dict[str, str]) -> str:
    mover = game.current_player(state)
    if mover == SIMULTANEOUS:
        return " | ".join(joint[role] for role in game.players)
    return joint[game.players[mover]]


def replay(game: Any, plies: Sequence[dict[str, Any]]) -> str | None:
    """The first disagreement of `game` with a recorded random game, as a sentence, or None."""
    state = game.initial_state()
    for number, ply in enumerate(plies[:-1]):
        if game.is_terminal(state):
            return f"ply {number}: gdl says the game is over, the reasoner does not"
        legal = legal_texts(game, state)
        if legal != ply["legal"]:
            return f"ply {number}: legal moves {legal}, the reasoner's {ply['legal']}"
        state = game.apply(state, game.parse_move(state, _move_text(game, state, ply["joint"])))
    last = plies[-1]
    if game.is_terminal(state) != last["terminal"]:
        return f"after {len(plies) - 1} plies: terminal is {game.is_terminal(state)} in gdl"
    if last["terminal"]:
        goals = dict(zip(game.players, game.goals(state)))
        if goals != last["goals"]:
            return f"after {len(plies) - 1} plies: goals {goals}, the reasoner's {last['goals']}"
    return None
