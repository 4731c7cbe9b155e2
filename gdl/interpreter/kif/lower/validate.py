"""The lowered game checked against the propnet game before it is used: both walked in step
over every line of play to a small depth (perft, node by node) and over seeded random
games; at each node the same end, the same goals, the same player to move and the same
legal moves (KIF action terms) in the same order; then, for the ends random play seldom
reaches, positions of those games with one role's pieces taken off. The first difference
is the reason the lowering is refused. A sample, not a proof: docs/ggp.md says what it
can miss."""

from __future__ import annotations

import random
from typing import Any

from gdl.interpreter.kif.game import KifGame
from gdl.interpreter.kif.lower.dnf import NotLowered

DEPTH, DEEPER_BELOW = 2, 300   # perft to 2; to 3 when depth 2 has fewer nodes than this
GAMES, MAX_PLIES = 10, 500
PROBES = 20          # positions of the random games probed with a role's pieces taken off


def _differ(kif: KifGame, low: Any, a: int, b: Any) -> str | None:
    """Why node `a` of the propnet game and `b` of the lowered one differ (None: they agree)."""
    if kif.is_terminal(a) != low.is_terminal(b):
        return "one game ends where the other goes on"
    if kif.is_terminal(a):
        if kif.goals(a) != low.goals(b):
            return f"goals {kif.goals(a)} against {low.goals(b)}"
        return None if _same_ranks(kif.goals(a), low.inner_returns(b)) else \
            f"the goals {kif.goals(a)} rank the roles otherwise than gdl's end rules"
    if kif.current_player(a) != low.current_player(b):
        return "another role is to move"
    ours, theirs = kif.legal_moves(a), low.legal_moves(b)
    if ours != theirs:
        return (f"legal moves {sorted(kif.move_text(a, m) for m in ours)} against "
                f"{sorted(kif.move_text(a, m) for m in theirs)}")
    return None


def _same_ranks(goals: tuple[int, ...], returns: tuple[float, ...]) -> bool:
    """Whether the lowered game's own payoffs (per KIF role) order the roles as the goals
    do: what gdl's searches and AI maximise is then what the description rewards."""
    return all((g > h) == (r > s) and (g == h) == (r == s)
               for g, r in zip(goals, returns) for h, s in zip(goals, returns))


def _walk(kif: KifGame, low: Any, a: int, b: Any, depth: int, path: list[str]) -> str | None:
    reason = _differ(kif, low, a, b)
    if reason is not None:
        return f"{reason} after {' '.join(path) or 'no move'}"
    if depth == 0 or kif.is_terminal(a):
        return None
    for move in kif.legal_moves(a):
        found = _walk(kif, low, kif.apply(a, move), low.apply(b, move), depth - 1,
                      path + [kif.move_text(a, move)])
        if found is not None:
            return found
    return None


def _nodes(kif: KifGame, state: int, depth: int) -> int:
    if depth == 0 or kif.is_terminal(state):
        return 1
    return sum(_nodes(kif, kif.apply(state, m), depth - 1) for m in kif.legal_moves(state))


def disagreement(kif: KifGame, low: Any, seed: int = 0) -> tuple[str | None, str]:
    """(why the two games differ, or None; what was compared, for `gdl check`)."""
    try:
        return _disagreement(kif, low, seed)
    except NotLowered as err:   # a move of the lowered game that maps to no KIF move
        return str(err), ""


def _disagreement(kif: KifGame, low: Any, seed: int) -> tuple[str | None, str]:
    start = kif.initial_state()
    depth = DEPTH + (_nodes(kif, start, DEPTH) < DEEPER_BELOW)
    found = _walk(kif, low, start, low.initial_state(), depth, [])
    done = f"perft to depth {depth} node by node and {GAMES} random games agree"
    if found is not None:
        return found, done
    rng = random.Random(seed)
    seen = []
    for game in range(GAMES):
        a, b, path = start, low.initial_state(), list[str]()
        for _ in range(MAX_PLIES):
            reason = _differ(kif, low, a, b)
            if reason is not None:
                return f"random game {game + 1}: {reason} after {' '.join(path)}", done
            if kif.is_terminal(a):
                break
            seen.append(b)
            move = rng.choice(kif.legal_moves(a))
            path.append(kif.move_text(a, move))
            a, b = kif.apply(a, move), low.apply(b, move)
    found = _wiped(kif, low, rng.sample(seen, min(len(seen), PROBES)))
    return found, done + ", and so do positions with a role's pieces taken off"


def _wiped(kif: KifGame, low: Any, states: list[Any]) -> str | None:
    """Ends that random play seldom reaches, probed: in positions met in the random games,
    each role's pieces taken off with that role to move; both games must end, or go on,
    alike, with the same goals (gdl judges such a position by its `settle`)."""
    players = len(low.turn)
    for state in states:
        for player in range(players):
            planes = [0 if p == player else state[p] for p in range(players)]
            b = low.compiled._settle((*planes, *state[players:-2], player, 0))
            a = low.kif_state(b)
            if kif.is_terminal(a) != low.is_terminal(b) or \
                    kif.is_terminal(a) and kif.goals(a) != low.goals(b):
                return (f"with {low.players[low.turn[player]]}'s pieces taken off a position "
                        f"of the random games, the ends differ")
    return None
