"""Breadth-first search: the plain, optimal puzzle solver the others are checked against.

Layer by layer from the start, each state remembered with its parent, so the
first goal generated ends the search with a shortest solution. Moves after
their inverse and commuting pairs out of canonical order are not tried (see
`gdl.solvers.puzzles.pruning`); a start whose conserved quantity differs from the
goal's is reported unsolvable before any expansion. When the puzzle has a
`symmetry_key` (declared symmetries that keep its goal), states are remembered
by their key: one state of each symmetry class is expanded, at its true
distance, since symmetric states are equally far from a symmetric goal.

>>> from tests.references.puzzles import Hanoi
>>> solve_bfs(Hanoi(3)).length
7
"""

from __future__ import annotations

from typing import Any

from gdl.protocol import Move, State
from gdl.solvers.puzzles.pruning import (
    Budget, path_to, PuzzleResult, SearchHints, goal_of, hints_from, proved_unsolvable,
    symmetry_key)

METHOD = "bfs"



def solve_bfs(game: Any, start: State | None = None, *, hints: SearchHints | None = None,
              max_nodes: int | None = None, time_limit: float | None = None,
              use_symmetry: bool = True) -> PuzzleResult:
    """A shortest solution by breadth-first search.

    Args:
        game: a puzzle (`is_goal`; `goal_state` and the hints are optional).
        start: the state to solve; default the game's initial state.
        hints: the pruning to use; default everything the game declares.
        max_nodes: stop after this many expansions.
        time_limit: stop after this many seconds.
        use_symmetry: remember states by the puzzle's `symmetry_key`, when it has one.
    Returns:
        A PuzzleResult: the solution, or `unsolvable` (a conserved quantity differs,
        or every reachable state was searched), or `unsolved` (a limit was reached).
    """
    budget = Budget(max_nodes, time_limit)
    hints = hints_from(game) if hints is None else hints
    start = game.initial_state() if start is None else start
    goal = goal_of(game)
    reason = hints.unsolvable_reason(start, goal)
    if reason:
        return proved_unsolvable(METHOD, reason, budget)
    is_goal = (lambda s: s == goal) if goal is not None else game.is_goal
    if is_goal(start):
        return PuzzleResult(METHOD, (), 0, 0, budget.elapsed())

    legal, apply, skip = game.legal_moves, game.apply, hints.skip
    key = symmetry_key(game) if use_symmetry else None
    if key is None:
        return _search(game, start, is_goal, legal, apply, skip, budget)
    return _search_classes(game, start, is_goal, key, legal, apply, skip, budget)


def _search(game: Any, start: State, is_goal: Any, legal: Any, apply: Any, skip: Any,
            budget: Budget) -> PuzzleResult:
    """Breadth-first search over states (the hot loop, without symmetry)."""
    parent: dict[State, tuple[State, Move] | None] = {start: None}
    frontier: list[tuple[State, Move | None]] = [(start, None)]
    nodes = generated = 0
    check_at = 0   # look at the budget before the first expansion
    while frontier:
        layer: list[tuple[State, Move | None]] = []
        for s, prev in frontier:
            if nodes >= check_at:
                stop = budget.over(nodes)
                if stop:
                    return PuzzleResult(METHOD, None, nodes, generated, budget.elapsed(),
                                        unsolved=stop)
                check_at = budget.next_check(nodes)
            nodes += 1
            blocked = skip[prev]
            for m in legal(s):
                if m in blocked:
                    continue
                t = apply(s, m)
                generated += 1
                if t in parent:
                    continue
                parent[t] = (s, m)
                if is_goal(t):
                    return PuzzleResult(METHOD, path_to(parent, t), nodes, generated,
                                        budget.elapsed())
                layer.append((t, m))
        frontier = layer
    return proved_unsolvable(
        METHOD, f"the goal is not reachable: all {len(parent)} reachable states searched",
        budget, nodes, generated)


def _search_classes(game: Any, start: State, is_goal: Any, key: Any, legal: Any, apply: Any,
                    skip: Any, budget: Budget) -> PuzzleResult:
    """Breadth-first search over symmetry classes: a table keyed on `key(state)`.

    Not an invariant the search checks: the hints' pruning is not used here, because a
    move remembered for a class is the move into one of its states, not into the one
    expanded (the pruning's proof needs the move that reached the expanded state).
    """
    root = key(start)
    parent: dict[Any, tuple[Any, Move] | None] = {root: None}
    frontier: list[tuple[State, Any]] = [(start, root)]
    nodes = generated = 0
    check_at = 0
    while frontier:
        layer: list[tuple[State, Any]] = []
        for s, k in frontier:
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
                kt = key(t)
                if kt in parent:
                    continue
                parent[kt] = (k, m)
                if is_goal(t):
                    return PuzzleResult(METHOD, path_to(parent, kt), nodes, generated,
                                        budget.elapsed())
                layer.append((t, kt))
        frontier = layer
    return proved_unsolvable(
        METHOD, f"the goal is not reachable: all {len(parent)} reachable classes of "
                f"symmetric states searched", budget, nodes, generated)
