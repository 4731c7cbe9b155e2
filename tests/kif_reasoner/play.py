"""Perft and seeded random games over a Reasoner: the figures tests/data/kif/recorded.json
holds (tools/record_kif.py writes them; the tests and bench/ggp_base.py recompute them).

Perft counts joint moves: perft(s, 0) = 1; a terminal state at depth > 0 counts 0; otherwise
the sum over the cartesian product of every role's legal moves. In a game of turns where the
others play `noop` that is the count over the mover's moves.

>>> from tests.kif_reasoner.reasoner import Reasoner
>>> r = Reasoner("(role a) (role b) (init s) (<= (legal ?r x) (role ?r) (true s))"
...              "(<= (legal ?r y) (role ?r) (true s)) (<= terminal (not (true s)))"
...              "(goal a 50) (goal b 50)")
>>> perft(r, r.initial(), 1), perft(r, r.initial(), 2)
(4, 0)
>>> random_game(r, 0)[-1]
{'terminal': True, 'goals': {'a': 50, 'b': 50}}
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from tests.kif_reasoner.reasoner import Reasoner, ReasonerError, State

MAX_PLIES = 200


def joint_moves(reasoner: Reasoner, state: State) -> list[dict[str, str]]:
    """Every joint move at `state`, in the order of the roles' sorted legal lists."""
    legal = reasoner.legal(state)
    return [dict(zip(reasoner.roles, combo))
            for combo in itertools.product(*(legal[role] for role in reasoner.roles))]


def perft(reasoner: Reasoner, state: State, depth: int) -> int:
    """The number of joint-move paths of length `depth` from `state` (see the module doc)."""
    if depth == 0:
        return 1
    if reasoner.terminal(state):
        return 0
    return sum(perft(reasoner, reasoner.next(state, joint), depth - 1)
               for joint in joint_moves(reasoner, state))


def random_game(reasoner: Reasoner, seed: int, max_plies: int = MAX_PLIES
                ) -> list[dict[str, Any]]:
    """One game from the start, each role's move drawn by random.Random(seed) from its sorted
    legal list in role order: a record per ply, then the final one (goals when terminal;
    `{"terminal": false}` alone when `max_plies` ran out first)."""
    rng = random.Random(seed)
    state = reasoner.initial()
    plies: list[dict[str, Any]] = []
    while not reasoner.terminal(state):
        if len(plies) == max_plies:
            plies.append({"terminal": False})
            return plies
        legal = reasoner.legal(state)
        stuck = [role for role in reasoner.roles if not legal[role]]
        if stuck:
            raise ReasonerError(f"role {stuck[0]} has no legal move in a state that is not "
                                "terminal")
        joint = {role: rng.choice(legal[role]) for role in reasoner.roles}
        plies.append({"legal": legal, "joint": joint, "terminal": False})
        state = reasoner.next(state, joint)
    plies.append({"terminal": True, "goals": reasoner.goals(state)})
    return plies
