"""What every puzzle search shares: the hints it prunes with, its budget and its result.

A puzzle may declare (all optional, looked up with `getattr`):
- `inverse(m)`: the move that undoes m, or None;
- `commutes(a, b)`: whenever one of `a b` / `b a` is legal from a state, so is
  the other and both reach the same state;
- `quantities()`: named functions of a state that no move changes;
- `moves()`: every move, in a fixed order.

`hints_from` turns these into a `SearchHints`, each part switchable off. The
searches then never try a move right after its inverse, try a commuting pair
in one order only (the earlier move in the canonical order first), and prove a
start unsolvable before searching when a conserved quantity differs from the
goal's. The canonical order is the index in `moves()`; a move the game does not
list ranks after every move seen before it (first seen, first ranked), which
keeps the order total and fixed for the life of the hints.

Both prunings stay safe in breadth-first search with duplicate detection,
where a state remembers only the move of the first path that reached it: let
z be first reachable at depth d+1, and among the moves c from depth-d states
y into z take one of highest rank. If c were skipped after y's remembered move
a (w --a--> y), then either c undoes a, putting z at depth d-1, or a and c
commute with c ranked lower, and then w --c--> v --a--> z makes (v, a) a
higher-ranked move into z from depth d. Either way a contradiction, so every
state is found at its true distance. In depth-first search (IDA*) the same
rules keep, of every path, the one with its commuting moves sorted.

>>> from tests.references.puzzles import SlidingPuzzle
>>> p = SlidingPuzzle(3)
>>> h = hints_from(p)
>>> sorted(h.skip_after(0))       # after the blank moves up, never straight down
[1]
>>> h.unsolvable_reason((2, 1, 3, 4, 5, 6, 7, 8, 0), p.goal_state())
"conserved quantity 'parity' differs: start 1, goal 0"
"""

from __future__ import annotations

from time import perf_counter
from typing import Any
from collections.abc import Callable, Hashable, Iterator, Mapping

import attrs

from gdl import interrupts
from gdl.errors import SolverError
from gdl.protocol import Move, State
from gdl.solvers.budget import Clock

Quantity = Callable[[State], Hashable]
NOTHING: frozenset = frozenset()
CHECK_EVERY = 2048   # expansions between two looks at the clock
INTERRUPTED = "not solved before Ctrl-C"   # a search's `unsolved` when Ctrl-C stopped it


class _SkipTable(dict):
    """previous move -> frozenset of moves not to try next; each entry built on first lookup."""

    def __init__(self, inverse: Callable | None, commutes: Callable | None,
                 order: dict[Move, int]):
        super().__init__()
        self[None] = NOTHING
        self._inverse, self._commutes, self._order = inverse, commutes, order

    def __missing__(self, prev: Move) -> frozenset:
        order = self._order
        rank = order.setdefault(prev, len(order))
        skip = set()
        if self._inverse is not None:
            undo = self._inverse(prev)
            if undo is not None:
                skip.add(undo)
        if self._commutes is not None:
            # Of "prev m" and "m prev", keep the order whose first move ranks lower.
            skip.update(m for m, r in order.items() if r < rank and self._commutes(prev, m))
        self[prev] = frozen = frozenset(skip)
        return frozen


@attrs.frozen
class SearchHints:
    """The declared invariants a search prunes with; None / empty means switched off.

    inverse: move -> the move that undoes it (or None).
    commutes: (a, b) -> True when the two orders are interchangeable.
    quantities: name -> conserved function of a state.
    moves: the known moves in canonical order.
    """

    inverse: Callable[[Move], Move | None] | None = None
    commutes: Callable[[Move, Move], bool] | None = None
    quantities: Mapping[str, Quantity] = attrs.field(factory=dict)
    moves: tuple[Move, ...] = ()
    _skip: _SkipTable = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        order = {m: k for k, m in enumerate(self.moves)}
        object.__setattr__(self, "_skip", _SkipTable(self.inverse, self.commutes, order))

    @property
    def skip(self) -> Mapping[Move | None, frozenset]:
        """prev -> the moves not to try right after `prev` (None: the root, nothing skipped).

        A dict filled on demand: hot loops bind it once and index it.
        """
        return self._skip

    def skip_after(self, prev: Move | None) -> frozenset:
        """The moves a search does not try right after `prev`."""
        return self._skip[prev]

    def unsolvable_reason(self, start: State, goal: State | None) -> str | None:
        """Why `start` cannot reach `goal`: the first conserved quantity that differs, else None.

        Args:
            start: the state to solve from.
            goal: the target state; None (a goal that is only a predicate) proves nothing.
        Returns:
            "conserved quantity 'NAME' differs: start X, goal Y", or None.
        """
        if goal is None:
            return None
        for name, quantity in self.quantities.items():
            a, b = quantity(start), quantity(goal)
            if a != b:
                return f"conserved quantity {name!r} differs: start {a}, goal {b}"
        return None


def path_to(parent: Mapping[Any, tuple[Any, Move] | None], key: Any) -> tuple[Move, ...]:
    """The moves from the root to `key`'s state, read back through the parent links
    (`parent[key]` is `(the key before, the move)`, None at the root)."""
    moves = []
    link = parent[key]
    while link is not None:
        key, move = link
        moves.append(move)
        link = parent[key]
    return tuple(reversed(moves))


def hints_from(game: Any, use_inverse: bool = True, use_commuting: bool = True,
               use_conserved: bool = True) -> SearchHints:
    """The search hints a puzzle declares, each kind switchable off.

    Args:
        game: a puzzle; `inverse`, `commutes`, `quantities`, `moves` are optional.
        use_inverse: never try the move that undoes the previous one.
        use_commuting: try a commuting pair in canonical order only.
        use_conserved: prove unsolvable starts by their conserved quantities.
    Returns:
        A SearchHints; a switched-off or undeclared part is None / empty.
    """
    moves = getattr(game, "moves", None)
    quantities = getattr(game, "quantities", None)
    return SearchHints(
        inverse=getattr(game, "inverse", None) if use_inverse else None,
        commutes=getattr(game, "commutes", None) if use_commuting else None,
        quantities=dict(quantities()) if use_conserved and quantities else {},
        moves=tuple(moves()) if moves else ())


def no_hints(game: Any) -> SearchHints:
    """Hints with every pruning switched off (the baseline the measurements compare to)."""
    return hints_from(game, False, False, False)


def successors(game: Any, hints: SearchHints, state: State,
               prev: Move | None) -> Iterator[tuple[Move, State]]:
    """(move, next state) for each legal move the hints let follow `prev`.

    The searches inline this loop; it is here for callers off the hot path.
    """
    skip = hints.skip[prev]
    for m in game.legal_moves(state):
        if m not in skip:
            yield m, game.apply(state, m)


def goal_of(game: Any) -> State | None:
    """The game's single goal state, or None when the goal is only a predicate."""
    goal_state = getattr(game, "goal_state", None)
    return goal_state() if goal_state else None


def symmetry_key(game: Any) -> Callable[[State], Hashable] | None:
    """The puzzle's `symmetry_key(s)` (one value per class of symmetric states, for declared
    symmetries that map its goal to itself), or None when it has none."""
    return getattr(game, "symmetry_key", None)


def declares_all_inverses(game: Any) -> bool:
    """True when the game lists its moves (`moves()`) and every one has an inverse.

    Then the state graph is undirected: a state's predecessors are its successors.
    """
    inverse, moves = getattr(game, "inverse", None), getattr(game, "moves", None)
    return bool(inverse and moves and all(inverse(m) is not None for m in moves()))


def require_inverses(game: Any, moves: Any, checked: set, what: str) -> None:
    """Raise SolverError unless every move in `moves` has a declared inverse.

    `checked` caches the moves already found to have one.
    """
    inverse = getattr(game, "inverse", None)
    for m in moves:
        if m in checked:
            continue
        if inverse is None or inverse(m) is None:
            raise SolverError(f"{what} needs the inverse of every move; {game.name} declares "
                              f"none for {m!r}")
        checked.add(m)


# --------------------------------------------------------------------------- budget and result


@attrs.define
class Budget:
    """Limits on a search: expansions and/or wall-clock seconds (None: unlimited).

    `over(nodes)` is cheap enough to call every CHECK_EVERY expansions; `next_check`
    tells the loop when to call it next.
    """

    max_nodes: int | None = None
    time_limit: float | None = None
    started: float = attrs.field(factory=perf_counter)

    _clock: Clock | None = attrs.field(default=None, init=False)

    def next_check(self, nodes: int) -> int:
        """The expansion count at which to call `over` again: with a time limit, as often
        as the measured expansion rate needs (see `budget.Clock`)."""
        if self.time_limit is None:
            step = nodes + CHECK_EVERY
        else:
            if self._clock is None:
                self._clock = Clock(self.started + self.time_limit)
            step = self._clock.next_check(nodes)
            if step < 0:   # past the deadline: `over` says so at the next look
                step = nodes + 1
        return step if self.max_nodes is None else min(step, self.max_nodes)

    def over(self, nodes: int) -> str | None:
        """"not solved within ..." when a limit is reached, INTERRUPTED after Ctrl-C (under
        `interrupts.polled`), else None."""
        if interrupts.requested():
            return INTERRUPTED
        if self.max_nodes is not None and nodes >= self.max_nodes:
            return f"not solved within {self.max_nodes} nodes"
        if self.time_limit is not None and perf_counter() - self.started >= self.time_limit:
            return f"not solved within {self.time_limit:g} s"
        return None

    def elapsed(self) -> float:
        return perf_counter() - self.started


@attrs.frozen
class PuzzleResult:
    """What a puzzle search found.

    method: the solver ("bfs", "bidirectional", "idastar").
    solution: the moves from the start to the goal, None when none was found.
    length: len(solution), or None.
    nodes: states expanded (their successors generated).
    generated: successor states generated (calls to `apply`, pruned moves excluded).
    seconds: wall time.
    unsolvable: a proof that no solution exists (the conserved quantity that
        differs, or the reachable space exhausted), else None.
    unsolved: why the search stopped without an answer ("not solved within ..."), else None.
    solutions: every optimal solution, when they were asked for (bidirectional).
    """

    method: str
    solution: tuple[Move, ...] | None
    nodes: int
    generated: int
    seconds: float
    unsolvable: str | None = None
    unsolved: str | None = None
    solutions: tuple[tuple[Move, ...], ...] | None = None
    length: int | None = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "length", None if self.solution is None else len(self.solution))

    @property
    def solved(self) -> bool:
        return self.solution is not None


def proved_unsolvable(method: str, reason: str, budget: Budget,
                      nodes: int = 0, generated: int = 0) -> PuzzleResult:
    """The result for a start proved unable to reach the goal."""
    return PuzzleResult(method, None, nodes, generated, budget.elapsed(), unsolvable=reason)
