"""Exact probes: before it searches, the AI asks the exact solver in C for the position's
value, with a share of the move's budget.

A position proved won is played by the solver's winning move, and one proved drawn by a
move that keeps the draw: the search's evaluation can prefer a move that loses, where the
game turns on something the evaluation does not see (Dots and Boxes' chains: a reply that
looked even in the search's horizon and lost, against OpenSpiel's MCTSBot). A proved loss
is left to the search, which plays for the most chances.

After a few failed probes in a row, each failed one waits twice as many moves as the last
before the next (1, 2, 4, ...), so a game too large to solve spends a vanishing share of its
time on them, and one that shrinks into reach is solved within a few moves of getting there.
"""

from __future__ import annotations

from typing import Any, cast

from gdl.protocol import Game, State, has_chance
from gdl.solvers.search import native_exact
from gdl.solvers.search.alphabeta import SearchResult, SearchStats
from gdl.solvers.search.evaluation import WIN
from gdl.solvers.search.solved import SolveLimit

SHARE = 0.5    # of the move's seconds (or nodes, for a level of fixed nodes) a probe may take
EAGER = 4      # failed probes in a row before they start to wait (a small game is solved
               # within a few moves of its start: against the 1k MCTSBot, Dots and Boxes 2x2
               # lost 1 game in 20 on each of two seeds with waits from the first failure,
               # none in those 40 without)


class ExactProbe:
    """Probes one game's positions for a proved win or draw (see the module doc)."""

    def __init__(self, game: Game, nodes: int | None, enabled: bool = True) -> None:
        self.game, self.nodes = game, nodes   # nodes: a level's fixed nodes, shared
        # only where the C solver runs: on Python a probe would take the search's time
        self.usable = enabled and hasattr(game, "python") and len(game.players) == 2 and \
            getattr(game, "zero_sum", False) and not has_chance(game)
        self.wait = self.skipped = self.failed = 0

    def move(self, state: State, seconds: float | None) -> tuple[SearchResult | None, float]:
        """(the proved value and a move keeping it, as a search's result, or None; the
        seconds the probe took), for a move of `seconds` (None: of fixed nodes)."""
        if not self.usable:
            return None, 0.0
        if self.skipped < self.wait:
            self.skipped += 1
            return None, 0.0
        nodes = None if self.nodes is None else max(1, int(self.nodes * SHARE))
        share = None if seconds is None else seconds * SHARE
        try:
            found: Any = native_exact.native_solve(self.game, cast(tuple, state), node_limit=nodes,
                                                   time_limit=share)
        except SolveLimit as stopped:
            self.failed += 1
            self.wait = 0 if self.failed < EAGER else max(1, 2 * self.wait)
            self.skipped = 0
            return None, stopped.seconds
        except MemoryError:
            self.usable = False
            return None, 0.0
        if found is None:   # the C solver does not take this game (its positions' history)
            self.usable = False
            return None, 0.0
        self.wait = self.skipped = self.failed = 0
        if found.value == "loss" or found.best_move is None:
            return None, found.seconds
        stats = SearchStats(found.nodes, found.depth, found.seconds, 0, True, True, "exact")
        value = WIN if found.value == "win" else 0.0   # (the solver counts no plies)
        return SearchResult(value, found.best_move, (found.best_move,), stats), found.seconds
