"""A*: best-first on f = g + h, optimal with an admissible lower bound h.

The open list is a heap ordered by f, then by the deeper g (so among equal f the
search runs depth-first: a peg solitaire, where every solution has the same
length and f never changes, is solved by what amounts to a depth-first search
with a table of states already seen). A state is expanded again only when it is
reached by a shorter path (h admissible but not consistent). States are
remembered by the puzzle's `symmetry_key` when it has one (see `gdl.solvers.puzzles.bfs`).

>>> from tests.references.puzzles import SlidingPuzzle
>>> p = SlidingPuzzle(3)
>>> solve_astar(p, p.parse_state("123456708")).length
1
"""

from __future__ import annotations

import heapq
from itertools import count
from typing import Any

from gdl.protocol import Move, State
from gdl.solvers.puzzles.idastar import Heuristic, pick_heuristic
from gdl.solvers.puzzles.pruning import (
    Budget, path_to, PuzzleResult, SearchHints, goal_of, hints_from, proved_unsolvable,
    symmetry_key)

METHOD = "astar"



def solve_astar(game: Any, start: State | None = None, *, heuristic: Heuristic | None = None,
                hints: SearchHints | None = None, max_nodes: int | None = None,
                time_limit: float | None = None, use_symmetry: bool = True) -> PuzzleResult:
    """A shortest solution by A*.

    Args:
        game: a puzzle (`is_goal`; `heuristic_distance` and the hints are optional).
        start: the state to solve; default the game's initial state.
        heuristic: an admissible lower bound on the moves left; default as IDA* picks it
            (`gdl.solvers.puzzles.idastar.pick_heuristic`).
        hints: the pruning to use (the inverse of the move just made is not tried).
        max_nodes, time_limit: the budget.
        use_symmetry: remember states by the puzzle's `symmetry_key`, when it has one.
    Returns:
        A PuzzleResult (see `gdl.solvers.puzzles.bfs.solve_bfs`).
    """
    budget = Budget(max_nodes, time_limit)
    hints = hints_from(game) if hints is None else hints
    start = game.initial_state() if start is None else start
    reason = hints.unsolvable_reason(start, goal_of(game))
    if reason:
        return proved_unsolvable(METHOD, reason, budget)
    h = heuristic if heuristic is not None else pick_heuristic(game, hints)[1]
    key = (symmetry_key(game) if use_symmetry else None) or (lambda s: s)
    legal, apply, is_goal = game.legal_moves, game.apply, game.is_goal
    inverse = hints.inverse
    root = key(start)
    best = {root: 0}
    parent: dict[Any, tuple[Any, Move] | None] = {root: None}
    tie = count()
    heap = [(h(start), 0, next(tie), start, root, None)]
    nodes = generated = 0
    check_at = 0
    while heap:
        _, negative_g, _, s, k, prev = heapq.heappop(heap)
        g = -negative_g
        if best[k] < g:
            continue   # reached again by a shorter path since this entry was pushed
        if is_goal(s):
            return PuzzleResult(METHOD, path_to(parent, k), nodes, generated, budget.elapsed())
        if nodes >= check_at:
            stop = budget.over(nodes)
            if stop:
                return PuzzleResult(METHOD, None, nodes, generated, budget.elapsed(),
                                    unsolved=stop)
            check_at = budget.next_check(nodes)
        nodes += 1
        undo = inverse(prev) if inverse is not None and prev is not None else None
        g1 = g + 1
        for m in legal(s):
            if m == undo:
                continue
            t = apply(s, m)
            generated += 1
            kt = key(t)
            if best.get(kt, g1 + 1) <= g1:
                continue
            best[kt] = g1
            parent[kt] = (k, m)
            heapq.heappush(heap, (g1 + h(t), -g1, next(tie), t, kt, m))
    return proved_unsolvable(METHOD, f"the goal is not reachable: all {len(best)} reachable "
                             f"states searched", budget, nodes, generated)
