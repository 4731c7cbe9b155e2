"""Bidirectional breadth-first search: from the start and from the goal, meeting in the middle.

Why the backward half is sound: if every move m has a declared inverse i(m)
(apply(apply(s, m), i(m)) == s, i(m) legal there), then p reaches s in one move
exactly when s reaches p in one move: p --m--> s gives s --i(m)--> p, and
s --x--> p gives p --i(x)--> s. So the predecessors of s are its successors
and the backward search is a forward search from the goal. The moves of the
solution are read off forwards at the end (every m with apply(p, m) == s), so
nothing relies on i being an involution.

Each round expands the smaller of the two frontiers by one whole layer. Before
a round no state is on both sides, so the shortest solution is longer than
the two depths together; any state the round adds that the other side holds
therefore lies on the other side's frontier, and every meeting gives the same,
optimal, length. Finishing the round finds every meeting state, and every
shortest solution passes through exactly one of them, which is how the "all
solutions" mode enumerates them without duplicates.

With the puzzle's `symmetry_key` (declared symmetries that fix the goal), both sides
keep one state of each class: `dist` is keyed on classes, and a class's distance from
the goal is that of each of its states (a symmetry maps the goal to itself and moves to
moves). The solution is read so that it replays: the start's half through the parent
links of the states the forward side expanded (each reached from the one before by its
move), then from the state that half reaches, down to the goal one move at a time to a
class one step nearer on the goal side. Only the inverse pruning is kept (a move that
commutes is skipped by an order of moves that a class's representative may not have);
every optimal solution (`all_solutions`) is found without symmetry.

>>> from tests.references.puzzles import Hanoi
>>> r = solve_bidirectional(Hanoi(2), all_solutions=True)
>>> r.length, len(r.solutions)
(3, 1)
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Iterator

import attrs

from gdl.errors import SolverError
from gdl.protocol import Move, State
from gdl.solvers.puzzles.pruning import (Budget, PuzzleResult, SearchHints, goal_of, hints_from,
                                 path_to, proved_unsolvable, require_inverses, symmetry_key)

METHOD = "bidirectional"


class _OutOfBudget(Exception):
    """Raised inside a round when the budget runs out; carries the reason."""


class _Side:
    """One direction of the search: distances from its root, and its frontier layer.

    dist: state -> moves from the root (every state within `depth`, exactly);
    layer: the frontier, state -> the move that reached it (for pruning).
    """

    def __init__(self, root: State):
        self.dist: dict[State, int] = {root: 0}
        self.layer: dict[State, Move | None] = {root: None}
        self.depth = 0


class _ClassSide:
    """One direction over classes of symmetric states: `dist` is class key -> distance,
    `layer` key -> (the state expanded for it, the move that reached that state), and
    `parent` key -> (the key before, the move) for the forward side's path."""

    def __init__(self, root: State, key: Callable[[State], Any]):
        k = key(root)
        self.dist: dict[Any, int] = {k: 0}
        self.layer: dict[Any, tuple[State, Move | None]] = {k: (root, None)}
        self.parent: dict[Any, tuple[Any, Move] | None] = {k: None}
        self.depth = 0


class _Search:
    """The state of one bidirectional run: both sides, the counters, the budget."""

    def __init__(self, game: Any, hints: SearchHints, budget: Budget, checked: set | None):
        self.game, self.hints, self.budget = game, hints, budget
        self.checked = checked   # moves known to have an inverse; None: all known up front
        self.nodes = self.generated = 0

    def expand(self, side: _Side, other: _Side, stop_at_meeting: bool) -> list[State]:
        """Grow `side` by one layer; return the new states the other side holds."""
        game, budget, checked = self.game, self.budget, self.checked
        legal, apply, skip = game.legal_moves, game.apply, self.hints.skip
        own, far = side.dist, other.dist
        depth = side.depth + 1
        nodes, generated = self.nodes, self.generated
        check_at = nodes   # look at the budget before the round's first expansion
        layer: dict[State, Move] = {}
        meetings: list[State] = []
        try:
            for s, prev in side.layer.items():
                if nodes >= check_at:
                    stop = budget.over(nodes)
                    if stop:
                        raise _OutOfBudget(stop)
                    check_at = budget.next_check(nodes)
                nodes += 1
                moves = legal(s)
                if checked is not None:
                    require_inverses(game, moves, checked, "bidirectional search")
                blocked = skip[prev]
                for m in moves:
                    if m in blocked:
                        continue
                    t = apply(s, m)
                    generated += 1
                    if t in own:
                        continue
                    own[t] = depth
                    layer[t] = m
                    if t in far:
                        meetings.append(t)
                        if stop_at_meeting:
                            return meetings
        finally:
            self.nodes, self.generated = nodes, generated
            side.layer, side.depth = layer, depth
        return meetings


    def expand_classes(self, side: _ClassSide, other: _ClassSide,
                       key: Callable[[State], Any]) -> list[Any]:
        """`expand` over classes: grow `side` by one layer; return the first new key the
        other side holds (a list of one), or []."""
        game, budget, checked = self.game, self.budget, self.checked
        legal, apply, inverse = game.legal_moves, game.apply, self.hints.inverse
        own, far, parent = side.dist, other.dist, side.parent
        depth = side.depth + 1
        nodes, generated = self.nodes, self.generated
        check_at = nodes
        layer: dict[Any, tuple[State, Move]] = {}
        try:
            for k, (s, prev) in side.layer.items():
                if nodes >= check_at:
                    stop = budget.over(nodes)
                    if stop:
                        raise _OutOfBudget(stop)
                    check_at = budget.next_check(nodes)
                nodes += 1
                moves = legal(s)
                if checked is not None:
                    require_inverses(game, moves, checked, "bidirectional search")
                undo = inverse(prev) if inverse is not None and prev is not None else None
                for m in moves:
                    if m == undo:
                        continue
                    t = apply(s, m)
                    generated += 1
                    kt = key(t)
                    if kt in own:
                        continue
                    own[kt] = depth
                    parent[kt] = (k, m)
                    layer[kt] = (t, m)
                    if kt in far:
                        return [kt]
        finally:
            self.nodes, self.generated = nodes, generated
            side.layer, side.depth = layer, depth
        return []


def _class_solution(game: Any, start: State, fwd: _ClassSide, bwd: _ClassSide, meeting: Any,
                    key: Callable[[State], Any]) -> tuple[Move, ...]:
    """A shortest solution through the class `meeting`, as moves that replay from the start
    (see the module doc)."""
    head = path_to(fwd.parent, meeting)
    state = start
    for m in head:
        state = game.apply(state, m)
    tail: list[Move] = []
    d = bwd.dist[meeting]
    while d:
        d -= 1
        state, m = next((t, m) for m in game.legal_moves(state)
                        if bwd.dist.get(key(t := game.apply(state, m))) == d)
        tail.append(m)
    return head + tuple(tail)


def _toward_root(game: Any, dist: dict, s: State, forward: bool) -> list[tuple[State, Move]]:
    """The steps from s one move closer to its side's root, as (neighbour, move).

    forward=True (start side): (p, m) with apply(p, m) == s; the neighbours are
    found as successors of s, the graph being undirected. forward=False (goal
    side): (t, m) with apply(s, m) == t.
    """
    legal, apply = game.legal_moves, game.apply
    closer = dist[s] - 1
    if not forward:
        return [(t, m) for m in legal(s) if dist.get(t := apply(s, m)) == closer]
    steps: list[tuple[State, Move]] = []
    for p in {apply(s, u) for u in legal(s)}:
        if dist.get(p) == closer:
            steps.extend((p, m) for m in legal(p) if apply(p, m) == s)
    return steps


def _paths(game: Any, dist: dict, s: State, forward: bool,
           memo: dict) -> Iterator[tuple[Move, ...]]:
    """Every shortest move sequence between s and its side's root, in play order."""
    if dist[s] == 0:
        yield ()
        return
    steps = memo.get(s)
    if steps is None:
        steps = memo[s] = _toward_root(game, dist, s, forward)
    for near, m in steps:
        for rest in _paths(game, dist, near, forward, memo):
            yield rest + (m,) if forward else (m,) + rest


def _solutions(game: Any, fwd: _Side, bwd: _Side, meetings: list[State],
               limit: int | None) -> list[tuple[Move, ...]]:
    """Shortest solutions through the meeting states, at most `limit` of them."""
    out: list[tuple[Move, ...]] = []
    heads: dict = {}
    tails: dict = {}
    for x in meetings:
        for head in _paths(game, fwd.dist, x, True, heads):
            for tail in _paths(game, bwd.dist, x, False, tails):
                out.append(head + tail)
                if limit is not None and len(out) >= limit:
                    return out
    return out


def solve_bidirectional(game: Any, start: State | None = None, *, all_solutions: bool = False,
                        max_solutions: int | None = None, hints: SearchHints | None = None,
                        max_nodes: int | None = None, time_limit: float | None = None,
                        use_symmetry: bool = True) -> PuzzleResult:
    """A shortest solution (or all of them) by bidirectional breadth-first search.

    Args:
        game: a puzzle with `goal_state()` and an inverse for every move.
        start: the state to solve; default the game's initial state.
        all_solutions: also return every shortest solution in `solutions`.
        max_solutions: with all_solutions, stop collecting after this many.
        hints: the pruning to use; default everything the game declares.
        max_nodes: stop after this many expansions (both sides together).
        time_limit: stop after this many seconds.
        use_symmetry: keep one state of each class on both sides, by the puzzle's
            `symmetry_key` when it has one (not with all_solutions).
    Returns:
        A PuzzleResult (see `solve_bfs`); `solutions` is set in all_solutions mode.
    Raises:
        SolverError: the game has no goal state, or a move without an inverse.
    """
    budget = Budget(max_nodes, time_limit)
    hints = hints_from(game) if hints is None else hints
    goal = goal_of(game)
    if goal is None:
        raise SolverError(f"bidirectional search needs a goal state; {game.name} has only "
                          "a goal test")
    checked: set | None = set()
    listed: Callable | None = getattr(game, "moves", None)
    if listed is not None:
        require_inverses(game, listed(), set(), "bidirectional search")
        checked = None
    elif getattr(game, "inverse", None) is None:
        raise SolverError(f"bidirectional search needs inverse moves; {game.name} declares none")
    start = game.initial_state() if start is None else start
    reason = hints.unsolvable_reason(start, goal)
    if reason:
        return proved_unsolvable(METHOD, reason, budget)
    if start == goal:
        return PuzzleResult(METHOD, (), 0, 0, budget.elapsed(),
                            solutions=((),) if all_solutions else None)

    key = symmetry_key(game) if use_symmetry and not all_solutions else None
    if key is not None:
        return _solve_classes(_Search(game, attrs.evolve(hints, commutes=None), budget,
                                      checked), start, goal, key)
    search = _Search(game, hints, budget, checked)
    fwd, bwd = _Side(start), _Side(goal)
    try:
        while True:
            forward = len(fwd.layer) <= len(bwd.layer)
            side, other = (fwd, bwd) if forward else (bwd, fwd)
            meetings = search.expand(side, other, stop_at_meeting=not all_solutions)
            if meetings:
                break
            if not side.layer:
                root = "start" if forward else "goal"
                return proved_unsolvable(
                    METHOD, f"the goal is not reachable: all {len(side.dist)} states "
                    f"reachable from the {root} searched", budget, search.nodes, search.generated)
    except _OutOfBudget as stop:
        return PuzzleResult(METHOD, None, search.nodes, search.generated, budget.elapsed(),
                            unsolved=str(stop))
    limit = max(1, max_solutions) if all_solutions and max_solutions is not None else None
    found = _solutions(game, fwd, bwd, meetings, limit if all_solutions else 1)
    return PuzzleResult(METHOD, found[0], search.nodes, search.generated, budget.elapsed(),
                        solutions=tuple(found) if all_solutions else None)


def _solve_classes(search: _Search, start: State, goal: State,
                   key: Callable[[State], Any]) -> PuzzleResult:
    """The bidirectional search over classes of symmetric states (see the module doc)."""
    budget = search.budget
    fwd, bwd = _ClassSide(start, key), _ClassSide(goal, key)
    if key(start) == key(goal):   # a symmetric image of the goal is the goal itself
        return PuzzleResult(METHOD, (), 0, 0, budget.elapsed())
    try:
        while True:
            forward = len(fwd.layer) <= len(bwd.layer)
            side, other = (fwd, bwd) if forward else (bwd, fwd)
            meetings = search.expand_classes(side, other, key)
            if meetings:
                break
            if not side.layer:
                root = "start" if forward else "goal"
                return proved_unsolvable(
                    METHOD, f"the goal is not reachable: all {len(side.dist)} classes of "
                    f"symmetric states reachable from the {root} searched", budget,
                    search.nodes, search.generated)
    except _OutOfBudget as stop:
        return PuzzleResult(METHOD, None, search.nodes, search.generated, budget.elapsed(),
                            unsolved=str(stop))
    solution = _class_solution(search.game, start, fwd, bwd, meetings[0], key)
    return PuzzleResult(METHOD, solution, search.nodes, search.generated, budget.elapsed())
