"""Alpha-beta run in C (`gdl_search`, interpreter/c/search.py) with the AlphaBeta API of
gdl.solvers.search.alphabeta, for the AI of a game on the native back end.

`NativeAlphaBeta.search` answers a SearchResult as AlphaBeta's does: the best move of the
last completed iteration, or a better root move already proven in the iteration the
clock, the node budget or Ctrl-C cut. The evaluation at the horizon is compiled too
(interpreter/c/evaluation.py): the derived heuristic, or the fitted one with the weights given here.
`native_searcher` answers None when the search cannot run in C (no library, or an
evaluation with a signal the C generator lacks); the AI then searches on Python. The C
search keeps its tables between searches, in the library: one search at a time per game
(not thread-safe).
"""

from __future__ import annotations

import ctypes
import itertools
from time import perf_counter
from typing import Any

from gdl import interrupts
from gdl.interpreter.c import build
from gdl.solvers.search.native_exact import PAYOFFS, can_search
from gdl.solvers.search.alphabeta import SearchResult, SearchStats
from gdl.solvers.search.evaluation import terminal_score

STOPS = ("exact", "depth", "time", "nodes", "interrupt")
# the selective search's parts (interpreter/c/search.py's AB_F_*): quiescence, PVS and
# reductions; aspiration windows; check extensions; verified null-move pruning; counter-moves;
# singular extensions
SELECT, ASPIRE, CHECKS, NULL_MOVE, COUNTER, SINGULAR = 2, 4, 8, 16, 32, 256
UNVERIFIED, NULL_ANYWHERE = 64, 128   # the tests': null move unverified, or in any game
# the default: singular extensions left out, as they did not pay (chess, with against without
# at 0.5 s a move: 9-3-8 over 20 games, 0.525, 95% 0.32-0.73, for 20-59% more nodes)
SELECTIVE = SELECT | ASPIRE | CHECKS | NULL_MOVE | COUNTER
BEFORE = SELECT   # the selective search before aspiration, extensions, null move, counters
_OWNERS = itertools.count(1)   # each searcher's own table in the library


def set_evaluation(game: Any, weights: tuple | None) -> bool:
    """Set the library's compiled evaluation: the derived heuristic (weights None) or the
    fitted one, (weights, bias) or (weights, bias, (table, planes, stride)) with the learned
    patterns (gdl.ai.patterns); False when that mode was not compiled for the game."""
    if weights is None:
        return game.lib.gdl_eval_set(0, None, 0, 0.0) == 0
    w, bias = weights[0], weights[1]
    array = (ctypes.c_double * max(1, len(w)))(*w)
    if game.lib.gdl_eval_set(1, array, len(w), float(bias)) != 0:
        return False
    if len(weights) < 3 or weights[2] is None:
        return True
    table, planes, stride = weights[2]
    cells = (ctypes.c_int32 * max(1, len(table)))(*table)
    return game.lib.gdl_eval_squares(cells, planes, stride) == 0


def interrupt_poll() -> Any:
    """The callback a search in C reads at its clock: 1 (stop) once Ctrl-C was pressed."""
    def poll(done: int, _: int) -> int:
        try:
            return 1 if interrupts.requested() else 0
        except KeyboardInterrupt:
            return 1
    return build.PROGRESS(poll)


class NativeAlphaBeta:
    """AlphaBeta's search in C over a NativeGame (see the module doc); weights None: the
    derived heuristic, else the fitted evaluation's (weights, bias)."""

    def __init__(self, game: Any, weights: tuple | None, *,
                 time_limit: float | None = None, max_nodes: int | None = None,
                 min_nodes: int = 0, depth: int | None = None, fallback: Any = None,
                 table: bool = True, selective: bool | int | None = None) -> None:
        self.game, self.time_limit, self.max_nodes = game, time_limit, max_nodes
        self.min_nodes, self.depth = min_nodes, depth
        self.weights = weights
        self.table = table   # False: no transposition table (a plain alpha-beta, for tests)
        # the selective search (interpreter/c/search.py): True all of its parts (SELECTIVE), a
        # number those of its bits; by default with the table: the tests' plain search has neither
        self.selective = table if selective is None else selective
        self.soft_time: float | None = None   # a target time within time_limit (a clock's share)
        self.owner = next(_OWNERS)
        self.fallback = fallback   # Python's AlphaBeta, for a position C cannot take

    def ready(self, state: tuple) -> bool:
        """Whether the search runs in C (its evaluation set in the library)."""
        return can_search(self.game, state) and set_evaluation(self.game, self.weights)

    def search(self, state: Any = None, *, depth: int | None = None,
               time_limit: float | None = None, on_iteration: Any = None) -> SearchResult:
        game = self.game
        root = game.initial_state() if state is None else state
        start = perf_counter()
        if game.is_terminal(root):
            value = terminal_score(game.returns(root)[game.current_player(root)], 0)
            return SearchResult(value, None, (), SearchStats(1, 0, 0.0, 0, True, True, "exact"))
        depth = self.depth if depth is None else depth
        seconds = self.time_limit if time_limit is None else time_limit
        raw = game.pack(root) if self.ready(root) else None
        if raw is None:
            return self._on_python(root, depth, time_limit)

        callback = interrupt_poll()
        best = (ctypes.c_uint64 * game.layout.move_words)()
        found = ctypes.c_double(0.0)
        stats = (ctypes.c_int64 * 5)()
        features = SELECTIVE if self.selective is True else int(self.selective)
        soft = self.soft_time if time_limit is None else None
        with interrupts.polled():
            game.lib.gdl_search_plan(-1.0 if soft is None else soft)
            code = game.lib.gdl_search(raw, depth or 0, -1.0 if seconds is None else seconds,
                                       self.max_nodes or 0, self.min_nodes,
                                       int(self.table) | features,
                                       self.owner,
                                       PAYOFFS, callback, best,
                                       ctypes.byref(found), stats)
        if code != 0:   # a call the Python back end must make (a list past its C bound)
            return self._on_python(root, depth, time_limit)
        move = game.decode_moves(bytes(best), 1)[0]
        stopped = STOPS[stats[4]]
        result = SearchStats(int(stats[0]), int(stats[1]), perf_counter() - start, int(stats[2]),
                             stopped in ("exact", "depth"), bool(stats[3]), stopped)
        return SearchResult(found.value + 0.0, move, (move,), result)


    def _on_python(self, root: tuple, depth: int | None, time_limit: float | None
                   ) -> SearchResult:
        if self.fallback is None:
            raise RuntimeError("the native search cannot take this position")
        return self.fallback.search(root, depth=depth, time_limit=time_limit)


def native_searcher(game: Any, weights: tuple | None,
                    **budget: Any) -> NativeAlphaBeta | None:
    """A NativeAlphaBeta for `game` when its search and evaluation run in C, else None
    (the game says once why its AI searches on Python). A game on the Python back end
    (`--backend python`, or a CompiledGame itself) searches on Python without a word."""
    from gdl.interpreter.c.game import NativeGame
    if not isinstance(game, NativeGame):
        return None
    searcher = NativeAlphaBeta(game, weights, **budget)
    if searcher.ready(game.initial_state()):
        return searcher
    game.on_python("the AI searches", "its evaluation has no C code" if game.ready() else None)
    return None
