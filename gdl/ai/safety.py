"""No move that loses at once when another does not: the AI's last check on its choice.

A search may pick a move after which the opponent wins in one (MCTS that never expanded
that reply; alpha-beta cut to one ply by its clock). Before the AI plays a move, every
reply to it is tried; when one ends the game with the mover losing, the moves ranked next
are tried the same way and the first that leaves no such reply is played instead. A
rule-free check: it asks the game only for its moves, their results and the payoffs, so it
holds for every game (no game is named), and it is bounded (MAX_APPLIES, and a share of
the move's time) so that a game of thousands of replies (amazons) is not held up by it.
"""

from __future__ import annotations

from collections.abc import Iterable
from time import perf_counter
from typing import Any

MAX_APPLIES = 20_000   # replies tried in all, at most, before the first choice is kept
TIME_SHARE = 0.05      # of the time a move, at most (at least MIN_SECONDS)
MIN_SECONDS = 0.02


def loses_at_once(game: Any, state: Any, move: Any, mover: int, budget: list[int],
                  deadline: float | None = None) -> bool:
    """Whether some reply to `move` ends the game with `mover` losing (budget[0]: applies
    left, spent here; once out, or past `deadline`, the answer is False: not known)."""
    after = game.apply(state, move)
    if game.is_terminal(after) or game.current_player(after) == mover:
        return False   # over, or the mover moves again: no reply to fear here
    for reply in game.legal_moves(after):
        if budget[0] <= 0 or (deadline is not None and budget[0] % 64 == 0
                               and perf_counter() > deadline):
            budget[0] = 0
            return False
        budget[0] -= 1
        end = game.apply(after, reply)
        if game.is_terminal(end) and game.returns(end)[mover] < 0:
            return True
    return False


def safe_choice(game: Any, state: Any, best: Any, ranked: Iterable[Any],
                seconds: float | None = None) -> Any:
    """`best`, unless a reply to it wins at once for the opponent; then the first move of
    `ranked` (the others, best first) that leaves no such reply; `best` when none does or
    the budget runs out (`seconds`: the move's time, of which the check takes a share)."""
    if len(getattr(game, "players", ())) != 2:
        return best
    mover = game.current_player(state)
    budget = [MAX_APPLIES]
    deadline = None if seconds is None else \
        perf_counter() + max(MIN_SECONDS, TIME_SHARE * seconds)
    if not loses_at_once(game, state, best, mover, budget, deadline):
        return best
    for move in ranked:
        if move == best:
            continue
        if budget[0] <= 0:
            break
        if not loses_at_once(game, state, move, mover, budget, deadline):
            return move
    return best
