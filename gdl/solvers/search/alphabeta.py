"""Negamax alpha-beta for two-player zero-sum games.

Parameterised rather than specialised: the transposition table, the evaluation
at the horizon, the move ordering and the budget (depth and/or time) are all
arguments. With a time budget the search always has a move to return: the best
move of the last completed iteration, or a better root move already proven in
the iteration that ran out of time (or was interrupted with Ctrl-C).

Scores are those of `gdl.solvers.search.evaluation`: the payoff times WIN, minus the
distance to the end, so the search prefers faster wins and slower losses.
Distance scoring costs some cutoffs (a win no longer ends a node's search if a
faster one may exist); "mate-distance" window clamping wins most of them back.
`distance=False` scores only the payoff, as the textbook figures assume.
Scores (`end: score`): the payoff is the margin, so a bigger margin scores higher;
the mate-distance clamp then uses the game's `payoff_bound` (none when unknown).
The clock is read at adaptive node intervals (`gdl.solvers.budget.Clock`).

>>> from tests.references.games import TicTacToe
>>> r = AlphaBeta(TicTacToe(), table=None).search()
>>> r.value, r.stats.exact
(0.0, True)
"""

from __future__ import annotations

from time import perf_counter
from collections.abc import Callable, Hashable

import attrs

from gdl.protocol import Game, Move, State
from gdl.solvers.budget import Clock, payoff_bound, without_gc
from gdl.solvers.search.evaluation import (DECIDED, WIN, Evaluator, make_evaluator, outcome,
                                    terminal_score)
from gdl.solvers.search.minimax import require_two_player_zero_sum
from gdl.solvers.search.tables import EXACT, FULL_DEPTH, LOWER, UPPER, DictTable, Table

INF = float("inf")
HISTORY_DEPTH_CAP = 32
FIRST_PLY = 16        # nodes of the first iteration searched before the clock is read


@attrs.frozen
class Ordering:
    """Which move-ordering heuristics run; all off leaves `legal_moves` order ("square order").

    table_move: the table's best move first (and at the root, the previous iteration's);
    killers: the last two moves that caused a cutoff at the same ply next;
    history: the rest by how often (weighted by depth) they caused cutoffs.
    A table move is only a hint: under a symmetric canonical key it may come from
    another orientation of the position, so it is used only when it is legal here.
    """

    table_move: bool = True
    killers: bool = True
    history: bool = True

    @classmethod
    def none(cls) -> Ordering:
        return cls(False, False, False)


@attrs.frozen
class SearchStats:
    """nodes: positions visited (every call, the root included); depth: plies of the last
    completed iteration (for a search to the end, the deepest ply reached); seconds:
    wall time; table_hits: table entries that ended a node's search; completed: the
    search did all it was asked (no timeout, no interrupt); exact: the value is the
    game-theoretic one (no horizon was reached); stopped: why it stopped, one of
    "exact", "depth", "time", "nodes" (the node budget), "interrupt"."""

    nodes: int
    depth: int
    seconds: float
    table_hits: int
    completed: bool
    exact: bool
    stopped: str


@attrs.frozen
class SearchResult:
    """value: score for the player to move; best_move: None only at a terminal root;
    pv: the principal variation from the root (it may stop early at a table cutoff)."""

    value: float
    best_move: Move | None
    pv: tuple[Move, ...]
    stats: SearchStats

    @property
    def outcome(self) -> str | None:
        """'win'/'loss'/'draw' for the player to move when the value is decided, else None."""
        decided = outcome(self.value)
        return decided if self.stats.exact or decided != "draw" else None


class _Timeout(Exception):
    """Raised inside the search when the clock passes the deadline."""


NEW_TABLE = object()  # the default `table` argument: a fresh DictTable per searcher


class AlphaBeta:
    """Negamax alpha-beta with a transposition table and iterative deepening.

    Args:
        game: a two-player zero-sum game.
        table: a transposition table (see `gdl.solvers.search.tables`) keyed by
            `game.canonical(state)`, kept between searches; None searches without
            one. Default: a new DictTable.
        evaluate: the horizon evaluation, state -> score in [-1, 1] for the player
            to move. Default: `game.heuristic` when present, else 0.
        ordering: the move-ordering heuristics.
        depth: default depth limit in plies (None: no limit).
        time_limit: default time budget in seconds (None: no limit).
        iterative: deepen 1, 2, ... (True) or search once at the depth limit.
        distance: score wins and losses by their distance (True) or by payoff only.
        key: the table key of a state; default `game.canonical`. `lambda state: state`
            ignores the game's symmetries (to measure what they save).
        max_nodes: a node budget per search (None: none); past it the search stops as at
            its deadline, "nodes" in its stats. Unlike time, it gives the same move on
            every run.
        min_nodes: the deadline is not kept before this many nodes (0: always kept): a
            floor under the strength a loaded machine's clock would leave.

    Raises:
        SolverError: the game is not two-player zero-sum.
    """

    def __init__(self, game: Game, *, table: Table | None | object = NEW_TABLE,
                 evaluate: Evaluator | None = None, ordering: Ordering = Ordering(),
                 depth: int | None = None, time_limit: float | None = None,
                 iterative: bool = True, distance: bool = True,
                 key: Callable[[State], Hashable] | None = None,
                 max_nodes: int | None = None, min_nodes: int = 0) -> None:
        require_two_player_zero_sum(game, "alpha-beta")
        self.game = game
        self.table: Table | None = DictTable() if table is NEW_TABLE else table  # type: ignore
        self.evaluate = evaluate or make_evaluator(game, fallback="zero")
        self.ordering = ordering
        self.depth = depth
        self.time_limit = time_limit
        self.iterative = iterative
        self.distance = distance
        self.key = game.canonical if key is None else key
        self.max_nodes = max_nodes
        self.min_nodes = min_nodes

    def search(self, state: State | None = None, *, depth: int | None = None,
               time_limit: float | None = None,
               on_iteration: Callable[[SearchResult], None] | None = None) -> SearchResult:
        """Search `state` (default: the start) within the depth and time budget.

        Args:
            depth, time_limit: override the defaults given at construction.
            on_iteration: called with the result of every completed iteration.

        Returns:
            A SearchResult; its best_move is a legal move unless the root is terminal.
        """
        with without_gc():   # no collector pass inside the budget (budget.without_gc)
            return self._search(state, depth=depth, time_limit=time_limit,
                                on_iteration=on_iteration)

    def _search(self, state: State | None = None, *, depth: int | None = None,
                time_limit: float | None = None,
                on_iteration: Callable[[SearchResult], None] | None = None) -> SearchResult:
        game = self.game
        root = game.initial_state() if state is None else state
        depth = self.depth if depth is None else depth
        time_limit = self.time_limit if time_limit is None else time_limit
        start = perf_counter()
        if game.is_terminal(root):
            value = terminal_score(game.returns(root)[game.current_player(root)], 0)
            return SearchResult(value, None, (), SearchStats(1, 0, perf_counter() - start, 0,
                                                             True, True, "exact"))
        if self.table is not None:
            self.table.new_search()
        run = _Run(self, start + time_limit if time_limit is not None else INF)
        limit = FULL_DEPTH if depth is None else max(1, depth)
        plan = range(1, limit + 1) if self.iterative else (limit,)
        best_move: Move = game.legal_moves(root)[0]
        pv: tuple[Move, ...] = ()
        value, done, exact, stopped = 0.0, 0, False, "depth"
        for d in plan:
            try:
                iteration_value = run.iterate(root, d)
            except (_Timeout, KeyboardInterrupt) as stop:
                stopped = "interrupt" if not isinstance(stop, _Timeout) else \
                    "nodes" if run.out_of_nodes else "time"
                if run.root_best is not None:  # a root move already proven in the cut iteration
                    best_move, value, pv = run.root_best, run.root_value, (run.root_best,)
                break
            value, best_move, pv = iteration_value, run.root_best, run.pv
            done = run.seldepth if d == FULL_DEPTH else d
            exact = run.horizon == 0
            if on_iteration is not None:
                stats = run.stats(done, start, True, exact, "depth")
                on_iteration(SearchResult(value, best_move, pv, stats))
            if exact:
                stopped = "exact"
                break
        stats = run.stats(done, start, stopped in ("exact", "depth"), exact, stopped)
        return SearchResult(value + 0.0, best_move, pv, stats)


class _Run:
    """The state of one `AlphaBeta.search` call: counters, killers, history, the PV."""

    def __init__(self, searcher: AlphaBeta, deadline: float) -> None:
        self.searcher = searcher
        self.deadline = deadline
        self.clock = Clock(deadline)   # one for the whole search: its node rate carries over
        self.nodes = self.hits = self.horizon = self.seldepth = 0
        self.root_best: Move | None = None
        self.root_value = 0.0
        self.pv: tuple[Move, ...] = ()
        self.killers: dict[int, tuple] = {}
        self.node_cap = INF if searcher.max_nodes is None else searcher.max_nodes
        self.out_of_nodes = False
        self.history: dict[Move, int] = {}

    def stats(self, depth: int, start: float, completed: bool, exact: bool,
              stopped: str) -> SearchStats:
        return SearchStats(self.nodes, depth, perf_counter() - start, self.hits, completed,
                           exact, stopped)

    def iterate(self, root: State, depth: int) -> float:
        """One full-window search of `root` to `depth`; the measured hot path.

        Counters live in closure variables while searching (faster than attributes)
        and are written back even when the search is cut by the clock or Ctrl-C.
        """
        searcher = self.searcher
        game, table, evaluate = searcher.game, searcher.table, searcher.evaluate
        is_terminal, returns, player = game.is_terminal, game.returns, game.current_player
        legal_moves, apply, canonical = game.legal_moves, game.apply, searcher.key
        probe = table.probe if table is not None else None
        store = table.store if table is not None else None
        ordering, distance = searcher.ordering, searcher.distance
        use_first, use_killers = ordering.table_move, ordering.killers
        use_history = ordering.history
        reorder = use_first or use_killers or use_history
        killers, history = self.killers, self.history
        clock = self.clock
        # Mate-distance clamping needs the largest payoff; none for unknown scores.
        top = payoff_bound(game) * WIN
        clamp = distance and top != INF
        previous_best = self.root_best if use_first else None
        pvs: dict[int, tuple] = {}
        nodes, hits, horizon, seldepth = self.nodes, self.hits, 0, self.seldepth
        # A first ply of a few moves completes even at a zero budget: a move, not a guess.
        next_check = INF if self.deadline == INF else nodes + (FIRST_PLY if depth == 1 else 1)
        node_cap, node_floor = self.node_cap, self.searcher.min_nodes
        next_check = min(next_check, node_cap)
        self.root_best = None

        def order(moves, first, ply):
            moves = sorted(moves, key=lambda m: -history.get(m, 0)) if use_history else list(moves)
            if use_killers:
                for k in killers.get(ply, ()):
                    if k != first and k in moves:
                        moves.remove(k)
                        moves.insert(0, k)
            if first is not None and first in moves:
                moves.remove(first)
                moves.insert(0, first)
            return moves

        def negamax(state, me, depth, alpha, beta, ply):
            """The value of `state` for `me`, its player to move (the caller knows it)."""
            nonlocal nodes, hits, horizon, seldepth, next_check
            nodes += 1
            pvs[ply] = ()
            if nodes >= next_check:
                if nodes >= node_cap:
                    self.out_of_nodes = True
                    raise _Timeout
                next_check = clock.next_check(nodes)
                if next_check < 0:
                    if nodes >= node_floor:
                        raise _Timeout
                    next_check = nodes + 64   # past the deadline, short of the floor
                if next_check > node_cap:
                    next_check = node_cap
            if is_terminal(state):
                if ply > seldepth:
                    seldepth = ply
                return terminal_score(returns(state)[me], ply if distance else 0)
            if depth <= 0:
                horizon += 1
                return evaluate(state)
            if clamp:
                # Mate-distance clamp: from here the game ends at ply + 1 at the soonest.
                if alpha < ply + 1 - top:
                    alpha = ply + 1 - top
                if beta > top - ply - 1:
                    beta = top - ply - 1
                if alpha >= beta:
                    return alpha
            first = None
            if probe is not None:
                key = canonical(state)
                entry = probe(key)
                if entry is not None:
                    first = entry[3]
                    if ply and entry[0] >= depth:
                        v, flag = entry[1], entry[2]
                        # Table scores count plies from their own node: add ours back.
                        if distance:
                            if v > DECIDED:
                                v -= ply
                            elif v < -DECIDED:
                                v += ply
                        if flag == EXACT or (v >= beta if flag == LOWER else v <= alpha):
                            hits += 1
                            if entry[0] < FULL_DEPTH:
                                horizon += 1  # the entry was itself cut at a horizon
                            return v
            if ply == 0 and previous_best is not None:
                first = previous_best
            moves = legal_moves(state)
            if reorder:
                moves = order(moves, first if use_first else None, ply)
            alpha0, horizon0 = alpha, horizon
            best, best_move = -INF, None
            for m in moves:
                after = apply(state, m)
                them = player(after)
                if them == me:   # an extra turn (`again`): the same side's value
                    v = negamax(after, me, depth - 1, alpha, beta, ply + 1)
                else:
                    v = -negamax(after, them, depth - 1, -beta, -alpha, ply + 1)
                if v > best:
                    best, best_move = v, m
                    if ply == 0:
                        self.root_best, self.root_value = m, v
                    if v > alpha:
                        alpha = v
                        pvs[ply] = (m,) + pvs.get(ply + 1, ())
                        if v >= beta:
                            if use_killers:
                                ks = killers.get(ply, ())
                                if not ks or ks[0] != m:
                                    killers[ply] = (m, ks[0]) if ks else (m,)
                            if use_history:
                                d = depth if depth < HISTORY_DEPTH_CAP else HISTORY_DEPTH_CAP
                                history[m] = history.get(m, 0) + d * d
                            break
            if store is not None:
                flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
                stored = best
                if distance and (best > DECIDED or best < -DECIDED):
                    stored = best + ply if best > 0 else best - ply
                store(key, FULL_DEPTH if horizon == horizon0 else depth, stored, flag, best_move)
            return best

        try:
            value = negamax(root, player(root), depth, -INF, INF, 0)
        finally:
            self.nodes, self.hits, self.horizon, self.seldepth = nodes, hits, horizon, seldepth
        self.pv = pvs.get(0, ())
        return value
