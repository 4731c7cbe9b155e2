"""The best score of a one-player game that ends with a score (`end: score EXPR if COND`,
docs/core.md 5a): the highest payoff of any finished position reachable from the start,
and a shortest line of play reaching it.

With one player there is nothing to minimise against: the best score is a maximum over the
positions reachable, each searched once. The search goes breadth first with a table of the
positions seen (keyed by the puzzle's `symmetry_key` when it declares symmetries, which
keep the ends), so the first finished position of the best score found is one of fewest
moves. A finished position's payoff is its score, or 1, -1 and 0 for a win, a loss and a
draw by the game's other ends. A limit (nodes, seconds) stops the search with the best
found so far, marked `stopped`.

>>> from gdl.catalog import compile_text
>>> game = compile_text('''game "Two steps"
... players solo
... state n = 0
... move up: n += 2
... move down: n -= 1
... end: score n * n if plies == 3
... ''', "two.gdl")
>>> from gdl.interpreter.layouts.one_player import OnePlayerPuzzle
>>> found = best_score(OnePlayerPuzzle(game))
>>> found.score, len(found.line)
(36, 3)
"""

from __future__ import annotations

from typing import Any

import attrs

from gdl.protocol import Move, State
from gdl.solvers.puzzles.pruning import Budget, symmetry_key


@attrs.frozen
class BestScore:
    """The best score found (None: no finished position was reached), the moves reaching it,
    the positions expanded, the seconds taken, and why the search stopped early (None: it
    searched every reachable position, so the score is the best there is)."""
    score: float | None
    line: tuple[Move, ...]
    nodes: int
    seconds: float
    stopped: str | None = None


def best_score(game: Any, start: State | None = None, *, max_nodes: int | None = None,
               time_limit: float | None = None, use_symmetry: bool = True) -> BestScore:
    """The best score reachable from `start` (default the initial state) in the one-player
    game `game` (a puzzle: `legal_moves`, `apply`, `is_terminal`, `returns`)."""
    budget = Budget(max_nodes, time_limit)
    start = game.initial_state() if start is None else start
    key = (symmetry_key(game) if use_symmetry else None) or (lambda s: s)
    parent: dict[Any, tuple[Any, Move] | None] = {key(start): None}
    best: tuple[float, Any] | None = None
    frontier, nodes, check, stopped = [start], 0, budget.next_check(0), None
    while frontier and stopped is None:
        layer = []
        for state in frontier:
            if game.is_terminal(state):
                value = game.returns(state)[0]
                if best is None or value > best[0]:
                    best = (value, key(state))
                continue
            nodes += 1
            if nodes >= check:
                stopped = budget.over(nodes)
                if stopped:
                    break
                check = budget.next_check(nodes)
            here = key(state)
            for move in game.legal_moves(state):
                after = game.apply(state, move)
                k = key(after)
                if k not in parent:
                    parent[k] = (here, move)
                    layer.append(after)
        frontier = layer
    if best is None:
        return BestScore(None, (), nodes, budget.elapsed(), stopped)
    line: list[Move] = []
    step = parent[best[1]]
    while step is not None:
        line.append(step[1])
        step = parent[step[0]]
    return BestScore(best[0], tuple(reversed(line)), nodes, budget.elapsed(), stopped)
