"""UCT run in C (`gdl_mcts`, interpreter/c/mcts.py) with the MCTS API of gdl.solvers.search.mcts,
for the AI of a two-player game on the native back end.

`NativeMCTS.search` answers an MCTSResult as MCTS's does: the best root move (a proved win,
else the most visited), its mean payoff, the root moves' visits. With `reuse` its tree stays
in the library between searches and a search from a child or grandchild of the last root
goes on with that subtree (as the Python MCTS's tree); `solver` asks for MCTS-Solver's
proofs (in a game of wins, losses and draws), `rave` for RAVE, `mast` and `ppa` for
rollout policies learnt online, `widen` for progressive widening, `eyes` for the rollouts'
eye rule (the game's own by default), `order` for expansion by MAST's means
(interpreter/c/mcts.py and playouts.py say what each does). A rollout cut short is scored
by the compiled evaluation (the derived heuristic, or the fitted one with the weights
given), as the Python MCTS scores it by the heuristic.
`native_mcts` answers None when the search cannot run in C; the AI then searches on Python.
"""

from __future__ import annotations

import ctypes
import itertools
import random
from time import perf_counter
from typing import Any

from gdl import interrupts
from gdl.protocol import playout_eyes
from gdl.solvers.search.native_alphabeta import interrupt_poll, set_evaluation
from gdl.solvers.search.native_exact import PAYOFFS, can_search
from gdl.solvers.search.mcts import (
    DEFAULT_C, MAX_ROLLOUT_PLIES, MAX_TREE_NODES, MCTSResult, MCTSStats, wins_or_loses)

STOPS = ("iterations", "time", "nodes", "interrupt", "proved")   # never "nodes"
OWNERS = itertools.count(1)   # the library keeps the tree of one owner (reuse)


class NativeMCTS:
    """MCTS's search in C over a NativeGame (see the module doc). weights: None for the
    derived heuristic, else the fitted evaluation's (weights, bias); evaluate False: a
    rollout cut short is a draw (a game without a heuristic)."""

    def __init__(self, game: Any, weights: tuple[list[float], float] | None, *,
                 evaluate: bool = True, seed: int | None = None, c: float = DEFAULT_C,
                 iterations: int | None = None, time_limit: float | None = None,
                 max_rollout_plies: int = MAX_ROLLOUT_PLIES,
                 max_nodes: int = MAX_TREE_NODES, min_iterations: int = 0,
                 fallback: Any = None, rave: float = 0.0, mast: float = 0.0,
                 solver: bool = False, reuse: bool = False, widen: float = 0.0,
                 ppa: float = 0.0, eyes: int | None = None, order: bool = False,
                 decisive: bool = False, stratify: bool = False) -> None:
        self.game, self.weights, self.evaluate = game, weights, evaluate
        self.rave = rave   # RAVE's equivalence visits (0: plain UCT), interpreter/c/mcts.py
        self.mast = mast   # MAST rollouts' epsilon (0: uniform rollouts)
        self.ppa = ppa     # PPA rollouts' learning rate (0: off; on, it draws, not MAST)
        # rollouts keep the mover's eyes as the game's playouts do (its `playout_eyes`, a
        # mode of interpreter/core/playout_eyes.py; 0 off)
        self.eyes = playout_eyes(game) if eyes is None else eyes
        self.order = order   # children expanded by MAST's means, not in a random order
        self.decisive = decisive   # a rollout plays a move that wins at once when it has one
        self.stratify = stratify   # a chance node's outcomes visited by their shares, not drawn
        self.solver = solver and wins_or_loses(game)   # MCTS-Solver, as MCTS(solver=True)
        self.reuse = reuse   # keep the tree in the library between searches
        self.widen = widen   # progressive widening's W (0: every move expanded)
        self.owner = next(OWNERS)
        self.rng = random.Random(seed)
        self.c, self.iterations, self.time_limit = c, iterations, time_limit
        self.max_rollout_plies, self.max_nodes = max_rollout_plies, max(2, max_nodes)
        self.min_iterations = min_iterations
        self.fallback = fallback   # Python's MCTS, for a position C cannot take

    def ready(self, state: tuple) -> bool:
        """Whether the search runs in C (its evaluation, when it has one, set in the library)."""
        return can_search(self.game, state) and \
            (not self.evaluate or set_evaluation(self.game, self.weights))

    def advance(self, move: Any) -> None:
        """Nothing: a search finds its root among the kept root's children and grandchildren."""

    def reset(self) -> None:
        """Forget the tree (the library drops it at the next search)."""
        self.owner = next(OWNERS)

    def search(self, state: Any = None, *, iterations: int | None = None,
               time_limit: float | None = None) -> MCTSResult:
        game = self.game
        root = game.initial_state() if state is None else state
        iterations = self.iterations if iterations is None else iterations
        time_limit = self.time_limit if time_limit is None else time_limit
        if iterations is None and time_limit is None:
            iterations = 1000
        start = perf_counter()
        raw = game.pack(root) if self.ready(root) else None
        if raw is None:
            return self._on_python(root, iterations, time_limit)

        callback = interrupt_poll()
        lay = game.layout
        best = (ctypes.c_uint64 * lay.move_words)()
        value = ctypes.c_double(0.0)
        visits = (ctypes.c_int64 * max(1, lay.max_moves))()
        stats = (ctypes.c_int64 * 7)()
        options = (ctypes.c_double * 10)(self.c, self.rave, self.mast, float(self.solver),
                                         self.widen, self.ppa, float(self.eyes),
                                         float(self.order), float(self.decisive),
                                         float(self.stratify))
        with interrupts.polled():
            code = game.lib.gdl_mcts(raw, iterations or 0,
                                     -1.0 if time_limit is None else time_limit,
                                     self.min_iterations, self.max_nodes,
                                     self.rng.getrandbits(64), self.owner if self.reuse else 0,
                                     self.max_rollout_plies, int(self.evaluate), options,
                                     PAYOFFS, callback, best, ctypes.byref(value), visits, stats)
        if code != 0:   # a call the Python back end must make (a list past its C bound)
            return self._on_python(root, iterations, time_limit)
        move = game.decode_moves(bytes(best), 1)[0]
        moves = game.legal_moves(root)
        counts = tuple((m, int(visits[i])) for i, m in enumerate(moves) if visits[i])
        result = MCTSStats(int(stats[0]), perf_counter() - start, int(stats[1]),
                           int(stats[5]), int(stats[2]), STOPS[stats[3]])
        return MCTSResult(move, value.value, counts, result)

    def _on_python(self, root: tuple, iterations: int | None, time_limit: float | None
                   ) -> MCTSResult:
        if self.fallback is None:
            raise RuntimeError("the native MCTS cannot take this position")
        return self.fallback.search(root, iterations=iterations, time_limit=time_limit)


def native_mcts(game: Any, weights: tuple[list[float], float] | None, **budget: Any
                ) -> NativeMCTS | None:
    """A NativeMCTS for `game` when its search (and evaluation, if any) run in C, else None;
    as `native_searcher`, the game saying once why it is None."""
    from gdl.interpreter.c.game import NativeGame
    if not isinstance(game, NativeGame):
        return None
    searcher = NativeMCTS(game, weights, **budget)
    if searcher.ready(game.initial_state()):
        return searcher
    game.on_python("the AI searches", "its evaluation has no C code" if game.ready() else None)
    return None
