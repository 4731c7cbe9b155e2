"""How a GGP seat chooses its move: gdl's AI within the play clock, or at random.

At a turn node where the seat moves, the AI is `gdl.ai.players`' (alpha-beta or MCTS by
the game's kind); at a SIMULTANEOUS node, `gdl.ai.simultaneous` (regret-matching MCTS,
and a small game's equilibrium once a background thread has solved it); a turn of a
game that also has simultaneous nodes, which neither takes, is played by flat Monte
Carlo (random playouts per move within the time). A seat waiting for another role's
turn plays its single move at once.

The search gets `search_seconds(play_clock)`; it runs in a worker thread that is waited
for until `answer_seconds(play_clock)`. A search still running then (a slow rules
evaluation) is left to finish and its move thrown away: the answer is a random legal
move, logged. No answer is ever later than the clock, and no search starts while the
last one still runs (the next move waits for it, up to its own deadline).
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Hashable
from time import perf_counter
from typing import Any

from gdl.ai.players import DEFAULT_LEVEL, AIPlayer, make_player, parse_level
from gdl.ai.simultaneous import SimultaneousAI
from gdl.bridges.ggp.moves import role_moves
from gdl.errors import GdlError
from gdl.protocol import SIMULTANEOUS, Game, State, has_simultaneous

log = logging.getLogger("gdl.ggp")

MARGIN = 0.3          # seconds kept for the message's way back and the interpreter
SEARCH_SHARE = 0.6    # of the time left after the margin, the search's budget
PLAYOUT_PLIES = 500   # a flat Monte Carlo playout's length at most


def answer_seconds(play_clock: float) -> float:
    """How long a move may take from the message's arrival: the clock minus a margin."""
    return max(0.05, play_clock - max(MARGIN, 0.1 * play_clock))


def search_seconds(play_clock: float) -> float:
    """The search's own budget (the rest covers its final checks and the fallback)."""
    return max(0.02, SEARCH_SHARE * answer_seconds(play_clock))


def flat_monte_carlo(game: Game, state: State, seconds: float, rng: random.Random) -> Any:
    """The mover's move with the best mean payoff over random playouts, within `seconds`."""
    mover = game.current_player(state)
    moves = list(game.legal_moves(state))
    totals, counts = [0.0] * len(moves), [0] * len(moves)
    deadline, i = perf_counter() + seconds, 0
    while perf_counter() < deadline or i == 0:
        k = i % len(moves)
        s = game.apply(state, moves[k])
        for _ in range(PLAYOUT_PLIES):
            if game.is_terminal(s):
                break
            s = game.apply(s, rng.choice(list(game.legal_moves(s))))
        totals[k] += game.returns(s)[mover] if game.is_terminal(s) else 0.0
        counts[k] += 1
        i += 1
    best = max(range(len(moves)), key=lambda j: totals[j] / counts[j] if counts[j] else 0.0)
    return moves[best]


class Brain:
    """One seat of one match: `role` of `game`, playing by `policy` ("ai" or "random")."""

    def __init__(self, game: Game, role: int, play_clock: float, policy: str = "ai",
                 seed: int | None = None) -> None:
        self.game, self.role, self.play_clock, self.policy = game, role, play_clock, policy
        self.rng = random.Random(seed)
        self.turns: AIPlayer | Any | None = None
        self.joint: SimultaneousAI | None = None
        self.worker: threading.Thread | None = None   # the last search, while it runs
        seconds = search_seconds(play_clock)
        if policy == "ai" and has_simultaneous(game):
            # solved in the background (a small game's equilibrium can take seconds, more
            # than a start clock); until then each joint move is searched
            self.joint = SimultaneousAI(game, parse_level(DEFAULT_LEVEL), seed, seconds,
                                        solve=False)
            threading.Thread(target=self.joint.solve, args=(game,), daemon=True,
                             name="gdl-ggp-solve").start()
        elif policy == "ai":
            self.turns = make_player("ai", game, seed=seed, time_per_move=seconds)

    def _search(self, state: State, mine: dict[str, Hashable]) -> Any:
        """The game's move (a part, at a SIMULTANEOUS node) the seat's policy picks."""
        game, seconds = self.game, search_seconds(self.play_clock)
        if self.policy == "random":
            return self.rng.choice(list(mine.values()))
        if game.current_player(state) == SIMULTANEOUS:
            assert self.joint is not None
            return self.joint.choose_part(game, state, self.role)
        if self.turns is not None:
            return self.turns.choose(game, state)
        return flat_monte_carlo(game, state, seconds, self.rng)

    def choose(self, state: State, started: float) -> str:
        """The seat's move at `state` as canonical KIF, answered before the play clock
        (counted from `started`, a perf_counter() value)."""
        game = self.game
        moves = role_moves(game, state)[self.role]
        if len(moves) == 1 or game.current_player(state) not in (self.role, SIMULTANEOUS):
            return next(iter(moves))
        by_move = {m: t for t, m in moves.items()}
        found: list[Any] = []
        failed: list[BaseException] = []

        def work() -> None:
            try:
                found.append(self._search(state, moves))
            except (GdlError, ValueError, RuntimeError) as err:   # a rules or search failure
                failed.append(err)

        deadline = started + answer_seconds(self.play_clock)
        if self.worker is not None:   # one search at a time: the last one's overrun first
            self.worker.join(max(0.0, deadline - perf_counter()))
        busy = self.worker is not None and self.worker.is_alive()
        if not busy:
            self.worker = threading.Thread(target=work, daemon=True, name="gdl-ggp-search")
            self.worker.start()
            self.worker.join(max(0.0, deadline - perf_counter()))
        if found and found[0] in by_move:
            return by_move[found[0]]
        why = "the last search still runs" if busy else \
            f"the search failed: {failed[0]}" if failed else \
            "the search was not done in time" if not found else "the search chose no legal move"
        text = self.rng.choice(sorted(moves))
        log.warning("%s; playing the random legal move %s", why, text)
        return text
