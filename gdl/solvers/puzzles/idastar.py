"""IDA*: depth-first iterative deepening on f = g + h, optimal with an admissible h.

Memory is the current path only, so it reaches depths breadth-first search
cannot hold. Without duplicate detection the pruning matters most here: no
move straight after its inverse, one order per commuting pair.

The lower bound h, in order of preference:
1. the `heuristic` argument;
2. the game's own `heuristic_distance(s)`;
3. pattern databases built here: for each projection in the game's optional
   `abstractions()` (name -> function of a state that the moves act on by
   themselves), a backward breadth-first search from the goal's image over the
   projected states gives each image its distance; h is the largest lookup.
   Without declared abstractions the projection is the state itself, cut at
   `pdb_limit` states: exact near the goal, "farther than the radius" beyond;
4. 0 (plain iterative deepening) when the goal is only a predicate, or the
   game does not list its moves with an inverse for each (the backward search
   needs predecessors).

With the puzzle's `symmetry_key` (declared symmetries that fix the goal), each
iteration keeps a transposition table on class keys: a state whose class was reached
before in this iteration at no greater depth is not searched again (its subtree, or a
symmetric image of it, was searched with at least as much budget: the goal is fixed by
the symmetries, so symmetric states are equally far from it), which also cuts every
cycle. The table holds at most `table_limit` keys (past it, states are looked up, not
added). With the table only the inverse pruning is kept (the commuting order assumes
each path is searched from its own state, not a symmetric one's).

>>> from tests.references.puzzles import SlidingPuzzle
>>> solve_idastar(SlidingPuzzle(3)).length
31
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Hashable

import attrs

from gdl.protocol import Move, State
from gdl.solvers.puzzles.pruning import (Budget, PuzzleResult, SearchHints, declares_all_inverses,
                                 goal_of, hints_from, proved_unsolvable, symmetry_key)

METHOD = "idastar"
Heuristic = Callable[[State], int]
UNREACHABLE = 10 ** 9   # h of a state whose image the complete database never reached
TABLE_LIMIT = 2_000_000   # class keys one iteration's transposition table holds


class _OutOfBudget(Exception):
    """Raised deep in the recursion when the budget runs out; carries the reason."""


def pattern_database(game: Any, goal: State, project: Callable[[State], Hashable],
                     hints: SearchHints, limit: int) -> tuple[dict[Hashable, int], int]:
    """Distance to the goal of every projected state, by backward BFS from the goal's image.

    One concrete representative stands for each image: for a projection the
    moves act on by themselves, any representative has the same projected
    successors. Every move must have an inverse (then successors are predecessors).

    Args:
        game, goal: the puzzle and its goal state.
        project: the abstraction.
        hints: pruning for the backward search.
        limit: stop adding layers once the table holds this many images.
    Returns:
        (table, default): image -> distance, and the bound for images not in the
        table (one more than the last complete layer, or UNREACHABLE if complete).
    """
    legal, apply, skip = game.legal_moves, game.apply, hints.skip
    table = {project(goal): 0}
    frontier: list[tuple[State, Move | None]] = [(goal, None)]
    depth = 0
    while frontier:
        if len(table) >= limit:
            return table, depth + 1
        depth += 1
        layer = []
        for s, prev in frontier:
            blocked = skip[prev]
            for m in legal(s):
                if m in blocked:
                    continue
                t = apply(s, m)
                image = project(t)
                if image not in table:
                    table[image] = depth
                    layer.append((t, m))
        frontier = layer
    return table, UNREACHABLE


def pick_heuristic(game: Any, hints: SearchHints | None = None,
                   pdb_limit: int = 200_000) -> tuple[str, Heuristic]:
    """The admissible lower bound IDA* will use for `game`, and a short description."""
    own = getattr(game, "heuristic_distance", None)
    if own is not None:
        return "heuristic_distance", own
    goal = goal_of(game)
    if goal is None or not declares_all_inverses(game):
        return "none (iterative deepening)", lambda s: 0
    hints = hints_from(game) if hints is None else hints
    declared = getattr(game, "abstractions", None)
    projections = declared() if declared else {"states near the goal": lambda s: s}
    tables = []
    for project in projections.values():
        table, default = pattern_database(game, goal, project, hints, pdb_limit)
        tables.append((project, table.get, default))
    names = ", ".join(projections)

    def h(s: State) -> int:
        return max(get(project(s), default) for project, get, default in tables)
    return f"pattern databases: {names}", h


def solve_idastar(game: Any, start: State | None = None, *, heuristic: Heuristic | None = None,
                  hints: SearchHints | None = None, max_nodes: int | None = None,
                  time_limit: float | None = None, pdb_limit: int = 200_000,
                  use_symmetry: bool = True, table_limit: int = TABLE_LIMIT) -> PuzzleResult:
    """A shortest solution by IDA*.

    Args:
        game: a puzzle (`is_goal`; `goal_state`, inverses and the hints are optional).
        start: the state to solve; default the game's initial state.
        heuristic: an admissible lower bound on the moves left; default see module doc.
        hints: the pruning to use; default everything the game declares.
        max_nodes: stop after this many expansions (all iterations together).
        time_limit: stop after this many seconds (pattern databases included).
        pdb_limit: the most images one pattern database may hold.
        use_symmetry: a transposition table on the puzzle's `symmetry_key`, when it has one.
        table_limit: the most keys that table holds.
    Returns:
        A PuzzleResult (see `solve_bfs`).
    """
    budget = Budget(max_nodes, time_limit)
    hints = hints_from(game) if hints is None else hints
    start = game.initial_state() if start is None else start
    reason = hints.unsolvable_reason(start, goal_of(game))
    if reason:
        return proved_unsolvable(METHOD, reason, budget)
    h = heuristic if heuristic is not None else pick_heuristic(game, hints, pdb_limit)[1]
    key = symmetry_key(game) if use_symmetry else None
    if key is not None:
        hints = attrs.evolve(hints, commutes=None)
    legal, apply, skip, is_goal = game.legal_moves, game.apply, hints.skip, game.is_goal
    path: list[Move] = []
    nodes = generated = 0
    check_at = 0   # look at the budget before the first expansion
    bound = next_bound = h(start)
    seen: dict[Hashable, int] = {}   # this iteration's class key -> least depth reached

    def dfs(s: State, g: int, prev: Move | None) -> bool:
        nonlocal nodes, generated, next_bound, check_at
        if nodes >= check_at:
            stop = budget.over(nodes)
            if stop:
                raise _OutOfBudget(stop)
            check_at = budget.next_check(nodes)
        nodes += 1
        g1 = g + 1
        blocked = skip[prev]
        for m in legal(s):
            if m in blocked:
                continue
            t = apply(s, m)
            generated += 1
            ht = h(t)
            f = g1 + ht
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            if key is not None:
                kt = key(t)
                if seen.get(kt, g1 + 1) <= g1:
                    continue   # this class was searched from no deeper in this iteration
                if len(seen) < table_limit or kt in seen:
                    seen[kt] = g1
            path.append(m)
            if (ht == 0 and is_goal(t)) or dfs(t, g1, m):
                return True
            path.pop()
        return False

    if is_goal(start):
        return PuzzleResult(METHOD, (), 0, 0, budget.elapsed())
    try:
        while bound < UNREACHABLE:
            next_bound = UNREACHABLE
            seen.clear()
            if key is not None:
                seen[key(start)] = 0
            if dfs(start, 0, None):
                return PuzzleResult(METHOD, tuple(path), nodes, generated, budget.elapsed())
            bound = next_bound
    except _OutOfBudget as stop:
        return PuzzleResult(METHOD, None, nodes, generated, budget.elapsed(), unsolved=str(stop))
    return proved_unsolvable(METHOD, "the goal is not reachable (pattern database)", budget,
                             nodes, generated)
