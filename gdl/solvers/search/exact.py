"""Exact solving of small two-player zero-sum games: the game-theoretic value and a best move.

Two methods, both keyed on `game.canonical(state)` (or the solver's `key`):
    "alphabeta"  full-depth negamax alpha-beta on the payoff alone (no distance,
                 no horizon), a transposition table with exact/lower/upper
                 bounds, the table move first, then an immediate win if a child
                 ends the game with the best payoff there is, then the history heuristic.
    "memo"       retrograde-style memoised negamax: the exact value of every
                 position reachable from the root, no pruning. Slower, but it
                 leaves the value of every reachable position in the table (but
                 for values that rest on a repetition: see below).

Both run on an explicit stack (no recursion: a game may be thousands of plies deep).

Repetition: a position that repeats one on the current line of play scores
REPETITION (0, a draw), as under a "repetition draws" rule; the line is not
followed round the cycle. A value that rests on such a repetition of a position
above it depends on the path, so it is not stored in the table (the usual
approximation of the graph-history problem: exact on games without cycles).

Scores: payoffs are those of `game.returns`, the margin when the rules give scores
(`end: score`), so the solver maximises the margin. A node's search ends early only
on a payoff of `budget.payoff_bound(game)` (1 for win/loss games; never for scores).

Limits: `node_limit`, `time_limit` and `max_positions` (table entries) stop a solve
with SolveLimit, a SolverError that says which limit and how far the search got.

>>> from tests.references.games import TicTacToe
>>> r = solve(TicTacToe())
>>> r.value, r.score
('draw', 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import cast


from gdl.errors import SolverError
from gdl.protocol import Game, Move, State
from gdl.solvers.budget import payoff_bound
from gdl.solvers.search import native_exact, pns
from gdl.solvers.search.meter import Meter
from gdl.solvers.search.minimax import require_two_player_zero_sum
from gdl.solvers.search.solved import SolveProgress, SolveResult
from gdl.solvers.search.solved import SolveLimit as SolveLimit   # callers catch it from here
from gdl.solvers.search.tables import EXACT, FULL_DEPTH, LOWER, UPPER, DictTable, Table

METHODS = ("alphabeta", "memo")
SOLVE_METHODS = METHODS + ("pn",)   # `solve` also answers by proof-number search (pns.py)
REPETITION = 0.0   # the value of a position repeated on the current line: a draw
NO_REPEAT = 1 << 62  # "rests on no repetition above": deeper than any stack


class ExactSolver:
    """Solves positions of one game, keeping its table between calls.

    Args:
        game: a two-player zero-sum game.
        table: a transposition table (see `gdl.solvers.search.tables`); default a new DictTable.
            A bounded table works too; it only costs re-searches.
        method: "alphabeta" or "memo" (see the module docstring).
        progress: called with a SolveProgress every `progress_every` nodes.
        node_limit: give up (SolveLimit) after this many nodes; None never gives up.
        time_limit: give up after this many seconds (the clock is read adaptively).
        max_positions: give up when the table holds more entries (a memory bound).
        key: the table key of a state; default `game.canonical` (positions equal under the
            game's symmetries share an entry). A key that ignores them, such as
            `lambda state: state`, measures what the symmetries save.
        tables: a position's payoff for its player to move when known without search (an
            endgame table's probe, gdl.solvers.tablebase.probe), else None; the root is
            searched, so that a best move is found. Set, the solve runs on Python.

    Raises:
        SolverError: the game is not two-player zero-sum.
        ValueError: an unknown method.
    """

    def __init__(self, game: Game, *, table: Table | None = None, method: str = "alphabeta",
                 progress: Callable[[SolveProgress], None] | None = None,
                 progress_every: int = 100_000, node_limit: int | None = None,
                 time_limit: float | None = None, max_positions: int | None = None,
                 key: Callable[[State], Hashable] | None = None,
                 tables: Callable[[State], float | None] | None = None) -> None:
        require_two_player_zero_sum(game, "the exact solver")
        if method not in METHODS:
            raise ValueError(f"unknown solving method {method!r}; expected one of {METHODS}")
        self.game = game
        self.table: Table = DictTable() if table is None else table
        self.method = method
        self.progress = progress
        self.progress_every = max(1, progress_every)
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.max_positions = max_positions
        self.key = game.canonical if key is None else key
        self.bound = payoff_bound(game)
        self.tables = tables
        # A game compiled to C solves there (same value; its table is bounded by memory,
        # not by max_positions), unless the solve asks for a table or key of its own.
        self._native = getattr(game, "backend", None) == "native" and method == "alphabeta" \
            and table is None and key is None and tables is None

    def solve(self, state: State | None = None) -> SolveResult:
        """Solve `state` (default: the start).

        Raises:
            SolveLimit: a node, time or table limit was reached first, or Ctrl-C was
                pressed (reason "interrupted").
        """
        game = self.game
        root = game.initial_state() if state is None else state
        if self._native:
            answer = native_exact.native_solve(
                game, cast(tuple, root), node_limit=self.node_limit, time_limit=self.time_limit,
                progress=self.progress, progress_every=self.progress_every)
            if answer is not None:
                return answer
        meter = self._meter = Meter(
            game.name, self.table.__len__, progress=self.progress,
            progress_every=self.progress_every, node_limit=self.node_limit,
            time_limit=self.time_limit, max_positions=self.max_positions)
        self._history: dict[Move, int] = {}
        try:
            score, best = self._search(root, prune=self.method == "alphabeta")
        except KeyboardInterrupt:   # Ctrl-C: stopped like a limit, with how far it got
            meter.give_up("interrupted", "", before="before Ctrl-C")
        value = "win" if score > 0 else "loss" if score < 0 else "draw"
        return SolveResult(value, score + 0.0, best, meter.nodes, meter.seconds(),
                           len(self.table), self.method)

    def _search(self, root: State, prune: bool) -> tuple[float, Move | None]:
        """(value of `root` for its mover, a best move): negamax on an explicit stack.
        prune=False searches every child with an open window (the "memo" method).

        A frame is [key, children, next child, alpha, beta, alpha0, best, best move, the
        move being searched, the shallowest repetition the values rest on, the mover,
        whether that child's player moves again (`again`: its value is not negated)];
        a child is (move, state, its payoffs when known to be over, or None)."""
        game, count = self.game, self._meter.count
        is_terminal, returns, player = game.is_terminal, game.returns, game.current_player
        legal_moves, apply, key_of, known = game.legal_moves, game.apply, self.key, self.tables
        table, history = self.table, self._history
        probe, store = table.probe, table.store
        bound = self.bound if prune else math.inf
        early = prune and bound != math.inf   # a child with the best payoff ends the search
        path: dict[Hashable, int] = {}
        stack: list[list] = []

        def enter(state: State, mover: int, payoffs: tuple | None, alpha: float, beta: float,
                  root: bool) -> tuple | None:
            """Start the search of `state` (`payoffs` when it is known to be over): its
            (value, repetition depth, move) when known at once, else None after pushing
            its frame on `stack`."""
            count()
            if payoffs is not None or is_terminal(state):
                return (payoffs or returns(state))[mover], NO_REPEAT, None
            if known is not None and not root:
                v = known(state)
                if v is not None:
                    return v, NO_REPEAT, None
            key: Hashable = key_of(state)
            at = path.get(key)
            if at is not None:
                return REPETITION, at, None
            entry = probe(key)
            first = None
            if entry is not None:
                first = entry[3]
                v, flag = entry[1], entry[2]
                if not root and (flag == EXACT or (v >= beta if flag == LOWER else v <= alpha)):
                    return v, NO_REPEAT, first
            children = []
            for m in legal_moves(state):
                child = apply(state, m)
                over = None
                if early and is_terminal(child):
                    over = returns(child)
                    # The best payoff there is cannot be bettered: no need to look further.
                    if over[mover] >= bound:
                        count()
                        store(key, FULL_DEPTH, bound, EXACT, m)
                        return bound, NO_REPEAT, m
                children.append((m, child, over))
            if prune:
                children.sort(key=lambda c: (c[0] != first, -history.get(c[0], 0)))
            path[key] = len(stack)
            stack.append([key, children, 0, alpha, beta, alpha, -math.inf, None, None,
                          NO_REPEAT, mover, False])
            return None

        result = enter(root, player(root), None, -bound, bound, True)
        while stack:
            frame = stack[-1]
            if result is not None:  # the answer of the child searched last
                v = result[0] if frame[11] else -result[0]
                rests_on = result[1]
                result = None
                if rests_on < frame[9]:
                    frame[9] = rests_on
                if v > frame[6]:
                    frame[6], frame[7] = v, frame[8]
                    if prune and v > frame[3]:  # memo keeps an open window: exact values
                        frame[3] = v
                        if v >= frame[4]:
                            history[frame[8]] = history.get(frame[8], 0) + 1
                            frame[2] = len(frame[1])  # a cutoff: no more children
            children = frame[1]
            if frame[2] < len(children):
                m, child, over = children[frame[2]]
                frame[2] += 1
                frame[8] = m
                mover = player(child)
                frame[11] = again = mover == frame[10]
                if again:
                    result = enter(child, mover, over, frame[3], frame[4], False)
                else:
                    result = enter(child, mover, over, -frame[4], -frame[3], False)
                continue
            stack.pop()
            key, depth = frame[0], len(stack)
            del path[key]
            best, alpha0, beta = frame[6], frame[5], frame[4]
            if frame[9] >= depth:  # rests on no repetition of a position above this one
                flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
                store(key, FULL_DEPTH, best, flag, frame[7])
            result = best, frame[9] if frame[9] < depth else NO_REPEAT, frame[7]
        assert result is not None   # the root's frame always leaves a value
        return result[0], result[2]


def solve(game: Game, state: State | None = None, **options) -> SolveResult:
    """Solve `state` (default: the start) of `game`; options as for ExactSolver, whose
    method may also be "pn": df-pn (gdl.solvers.search.pns.ProofSolver, which takes the
    limits and `key` but no `table`).

    Raises:
        SolverError: not a two-player zero-sum game (for "pn": or one ending by score, or
            with positions that repeat); SolveLimit: a limit was reached.
    """
    if options.get("method") == "pn":
        del options["method"]
        if options.pop("tables", None) is not None:
            raise SolverError("endgame tables are read by the alpha-beta solver "
                              "(--method alphabeta), not by proof-number search")
        return pns.ProofSolver(game, **options).solve(state)
    return ExactSolver(game, **options).solve(state)
