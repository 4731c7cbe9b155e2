"""Fewest costly moves: a 0-1 breadth-first search where only some moves count.

`cost(move)` is 1 for the moves that count (Sokoban's pushes) and 0 for the rest
(the keeper's walk). A double-ended queue keeps the states in order of cost: a
free move's successor goes to the front, a costly one's to the back, so a state
is settled at its least cost when it is first taken from the queue (Dijkstra's
search with weights 0 and 1). The solution is optimal in cost; among solutions
of that cost, any one.

>>> from tests.references.puzzles import Hanoi
>>> solve_weighted(Hanoi(3), lambda m: 1).length
7
"""

from __future__ import annotations

import heapq
from collections import deque
from itertools import count
from collections.abc import Callable
from typing import Any

from gdl.protocol import Move, State
from gdl.solvers.puzzles.pruning import Budget, PuzzleResult, path_to, proved_unsolvable

METHOD = "weighted"



def solve_weighted(game: Any, cost: Callable[[Move], int], start: State | None = None, *,
                   max_nodes: int | None = None, time_limit: float | None = None,
                   heuristic: Callable[[State], int] | None = None) -> PuzzleResult:
    """A solution with the fewest moves of cost 1 (`cost(m)` is 0 or 1).

    With `heuristic` (a lower bound on the cost left), A* on those costs instead.
    Returns:
        A PuzzleResult whose `length` is the number of moves; `cost_of(result)` is its cost.
    """
    budget = Budget(max_nodes, time_limit)
    start = game.initial_state() if start is None else start
    if heuristic is not None:
        return _astar(game, cost, start, heuristic, budget)
    legal, apply, is_goal = game.legal_moves, game.apply, game.is_goal
    best = {start: 0}
    parent: dict[State, tuple[State, Move] | None] = {start: None}
    queue = deque([(0, start)])
    nodes = generated = 0
    check_at = 0
    while queue:
        g, s = queue.popleft()
        if best[s] < g:
            continue
        if is_goal(s):
            return PuzzleResult(METHOD, path_to(parent, s), nodes, generated, budget.elapsed())
        if nodes >= check_at:
            stop = budget.over(nodes)
            if stop:
                return PuzzleResult(METHOD, None, nodes, generated, budget.elapsed(),
                                    unsolved=stop)
            check_at = budget.next_check(nodes)
        nodes += 1
        for m in legal(s):
            t = apply(s, m)
            generated += 1
            c = cost(m)
            gt = g + c
            if best.get(t, gt + 1) <= gt:
                continue
            best[t] = gt
            parent[t] = (s, m)
            if c:
                queue.append((gt, t))
            else:
                queue.appendleft((gt, t))
    return proved_unsolvable(METHOD, f"the goal is not reachable: all {len(best)} reachable "
                             f"states searched", budget, nodes, generated)


def _astar(game: Any, cost: Callable[[Move], int], start: State,
           h: Callable[[State], int], budget: Budget) -> PuzzleResult:
    """A* on 0-1 costs: a heap on f = cost so far + h, the deeper cost first among equals."""
    legal, apply, is_goal = game.legal_moves, game.apply, game.is_goal
    best = {start: 0}
    parent: dict[State, tuple[State, Move] | None] = {start: None}
    tie = count()
    heap = [(h(start), 0, next(tie), start)]
    nodes = generated = 0
    check_at = 0
    while heap:
        _, negative_g, _, s = heapq.heappop(heap)
        g = -negative_g
        if best[s] < g:
            continue
        if is_goal(s):
            return PuzzleResult(METHOD, path_to(parent, s), nodes, generated, budget.elapsed())
        if nodes >= check_at:
            stop = budget.over(nodes)
            if stop:
                return PuzzleResult(METHOD, None, nodes, generated, budget.elapsed(),
                                    unsolved=stop)
            check_at = budget.next_check(nodes)
        nodes += 1
        for m in legal(s):
            t = apply(s, m)
            generated += 1
            gt = g + cost(m)
            if best.get(t, gt + 1) <= gt:
                continue
            best[t] = gt
            parent[t] = (s, m)
            heapq.heappush(heap, (gt + h(t), -gt, next(tie), t))
    return proved_unsolvable(METHOD, f"the goal is not reachable: all {len(best)} reachable "
                             f"states searched", budget, nodes, generated)
