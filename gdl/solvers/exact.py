"""Exact solving of small two-player zero-sum games: the game-theoretic value and a best move.

Two methods, both keyed on `game.canonical(state)` (or the solver's `key`):
    "alphabeta"  full-depth negamax alpha-beta on the payoff alone (no distance,
                 no horizon), a transposition table with exact/lower/upper
                 bounds, the table move first, then an immediate win if a child
                 ends the game in the mover's favour, then the history heuristic.
    "memo"       retrograde-style memoised negamax: the exact value of every
                 position reachable from the root, no pruning. Slower, but it
                 leaves the value of every reachable position in the table.

Payoffs are assumed to lie in [-1, 1], as the protocol specifies: a payoff of 1
ends a node's search at once.

>>> from gdl.games.reference import TicTacToe
>>> r = solve(TicTacToe())
>>> r.value, r.score
('draw', 0.0)
"""

from __future__ import annotations

import sys
from time import perf_counter
from collections.abc import Callable, Hashable

import attrs

from gdl.errors import SolverError
from gdl.protocol import Game, Move, State
from gdl.solvers.minimax import require_two_player_zero_sum
from gdl.solvers.tables import EXACT, FULL_DEPTH, LOWER, UPPER, DictTable, Table

METHODS = ("alphabeta", "memo")


@attrs.frozen
class SolveProgress:
    """A snapshot passed to the progress callback during a long solve."""

    nodes: int
    seconds: float
    table_size: int

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@attrs.frozen
class SolveResult:
    """value: 'win', 'loss' or 'draw' for the player to move; score: the payoff the player
    to move gets with perfect play; best_move: a move that achieves it (None at a terminal
    root); nodes: positions searched, the root included (a child only looked at as an
    immediate win is counted when it is one); table_size: entries stored."""

    value: str
    score: float
    best_move: Move | None
    nodes: int
    seconds: float
    table_size: int
    method: str

    def to_json(self) -> dict:
        """Plain data (the move as its repr, since moves are game-specific values)."""
        return {"value": self.value, "score": self.score, "best_move": repr(self.best_move),
                "nodes": self.nodes, "seconds": round(self.seconds, 3),
                "table_size": self.table_size, "method": self.method}


class _NodeLimit(Exception):
    """Raised when a solve exceeds its node limit."""


class ExactSolver:
    """Solves positions of one game, keeping its table between calls.

    Args:
        game: a two-player zero-sum game.
        table: a transposition table (see `gdl.solvers.tables`); default a new DictTable.
            A bounded table works too; it only costs re-searches.
        method: "alphabeta" or "memo" (see the module docstring).
        progress: called with a SolveProgress every `progress_every` nodes.
        node_limit: give up (SolverError) after this many nodes; None never gives up.
        key: the table key of a state; default `game.canonical` (positions equal under the
            game's symmetries share an entry). A key that ignores them, such as
            `lambda state: state`, measures what the symmetries save.

    Raises:
        SolverError: the game is not two-player zero-sum.
        ValueError: an unknown method.
    """

    def __init__(self, game: Game, *, table: Table | None = None, method: str = "alphabeta",
                 progress: Callable[[SolveProgress], None] | None = None,
                 progress_every: int = 100_000, node_limit: int | None = None,
                 key: Callable[[State], Hashable] | None = None) -> None:
        require_two_player_zero_sum(game, "the exact solver")
        if method not in METHODS:
            raise ValueError(f"unknown solving method {method!r}; expected one of {METHODS}")
        self.game = game
        self.table: Table = DictTable() if table is None else table
        self.method = method
        self.progress = progress
        self.progress_every = max(1, progress_every)
        self.node_limit = node_limit
        self.key = game.canonical if key is None else key

    def solve(self, state: State | None = None) -> SolveResult:
        """Solve `state` (default: the start).

        Raises:
            SolverError: the node limit was reached first.
        """
        game = self.game
        root = game.initial_state() if state is None else state
        start = perf_counter()
        self._start, self._nodes = start, 0
        self._next_report = self.progress_every
        self._history: dict[Move, int] = {}
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 20_000))  # full depth: one frame per ply
        try:
            if self.method == "memo":
                score, best = self._memo_root(root)
            else:
                score, best = self._alphabeta(root, -1.0, 1.0, True)
        except _NodeLimit:
            raise SolverError(f"{game.name} was not solved within {self.node_limit} nodes."
                              ) from None
        finally:
            sys.setrecursionlimit(old_limit)
        value = "win" if score > 0 else "loss" if score < 0 else "draw"
        return SolveResult(value, score + 0.0, best, self._nodes, perf_counter() - start,
                           len(self.table), self.method)

    def _count(self) -> None:
        """Count one node; report progress and enforce the node limit."""
        self._nodes += 1
        if self._nodes >= self._next_report:
            self._next_report += self.progress_every
            if self.progress is not None:
                elapsed = perf_counter() - self._start
                self.progress(SolveProgress(self._nodes, elapsed, len(self.table)))
        if self.node_limit is not None and self._nodes > self.node_limit:
            raise _NodeLimit

    def _alphabeta(self, state: State, alpha: float, beta: float, root: bool = False
                   ) -> tuple[float, Move | None]:
        """(fail-soft value for the mover, best move); the measured hot path."""
        game = self.game
        self._count()
        if game.is_terminal(state):
            return game.returns(state)[game.current_player(state)], None
        key: Hashable = self.key(state)
        entry = self.table.probe(key)
        first = None
        if entry is not None:
            first = entry[3]
            v, flag = entry[1], entry[2]
            if not root and (flag == EXACT or (v >= beta if flag == LOWER else v <= alpha)):
                return v, first
        mover = game.current_player(state)
        children = []
        for m in game.legal_moves(state):
            child = game.apply(state, m)
            # An immediate win cannot be bettered: no need to look further.
            if game.is_terminal(child) and game.returns(child)[mover] >= 1.0:
                self._count()
                self.table.store(key, FULL_DEPTH, 1.0, EXACT, m)
                return 1.0, m
            children.append((m, child))
        history = self._history
        children.sort(key=lambda mc: (mc[0] != first, -history.get(mc[0], 0)))
        alpha0 = alpha
        best, best_move = -2.0, None
        for m, child in children:
            if game.current_player(child) == mover:   # an extra turn (`again`)
                v = self._alphabeta(child, alpha, beta)[0]
            else:
                v = -self._alphabeta(child, -beta, -alpha)[0]
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        history[m] = history.get(m, 0) + 1
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.table.store(key, FULL_DEPTH, best, flag, best_move)
        return best, best_move

    def _memo_root(self, root: State) -> tuple[float, Move | None]:
        """The exact value of the root and a move achieving it, by memoised negamax."""
        game = self.game
        self._count()
        if game.is_terminal(root):
            return game.returns(root)[game.current_player(root)], None
        best, best_move = -2.0, None
        for m in game.legal_moves(root):
            v = self._child(root, game.apply(root, m))
            if v > best:
                best, best_move = v, m
        self.table.store(self.key(root), FULL_DEPTH, best, EXACT, best_move)
        return best, best_move

    def _child(self, state: State, child: State) -> float:
        """`child`'s exact value for the player to move in `state` (the same after `again`)."""
        v = self._memo(child)
        return v if self.game.current_player(child) == self.game.current_player(state) else -v

    def _memo(self, state: State) -> float:
        game = self.game
        self._count()
        if game.is_terminal(state):
            return game.returns(state)[game.current_player(state)]
        key = self.key(state)
        entry = self.table.probe(key)
        if entry is not None:
            return entry[1]
        best, best_move = -2.0, None
        for m in game.legal_moves(state):
            v = self._child(state, game.apply(state, m))
            if v > best:
                best, best_move = v, m
        self.table.store(key, FULL_DEPTH, best, EXACT, best_move)
        return best


def solve(game: Game, state: State | None = None, **options) -> SolveResult:
    """Solve `state` (default: the start) of `game`; options as for ExactSolver.

    Raises:
        SolverError: not a two-player zero-sum game, or the node limit was reached.
    """
    return ExactSolver(game, **options).solve(state)
