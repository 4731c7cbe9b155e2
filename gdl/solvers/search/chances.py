"""Among moves equally good against perfect play, the one that keeps the most chances.

Alpha-beta's value assumes an opponent who never errs. Once it has proved the root lost,
every move loses and it plays the one that loses slowest; once it has proved a draw, any
drawing move. Against a fallible opponent (a person, a random mover) some of those moves
keep more chances than others: a position where most replies are mistakes is worth more
than one with a single quiet refutation. `best_chance` ranks the moves worth the proven
value by an MCTS search from the root, whose rollouts model an opponent who errs, and plays
the most visited of them. It never gives up the proven value: a drawn root keeps a drawing
move (each root move's position is searched to the end to know which draw), and a lost
root has nothing to keep.

>>> from tests.references.games import TicTacToe
>>> g = TicTacToe()
>>> s = g.initial_state()
>>> for m in (4, 0):   # X in the centre, O in a corner: a draw
...     s = g.apply(s, m)
>>> searcher = AlphaBeta(g)
>>> r = searcher.search(s)
>>> r.outcome, sorted(equal_moves(g, s, r, searcher))
('draw', [1, 2, 3, 5, 6, 7, 8])
"""

from __future__ import annotations

import random
from time import perf_counter
from typing import Any, Protocol

from gdl.protocol import Game, Move, State
from gdl.solvers.search.alphabeta import AlphaBeta, SearchResult  # noqa: F401  (the doctest's)
from gdl.solvers.search.mcts import MCTS

ROLLOUT_PLIES = 64   # rollouts longer than this are scored by the game's heuristic


class Searcher(Protocol):
    """What these helpers search with: AlphaBeta, or its twin in C
    (gdl.solvers.search.native_alphabeta)."""

    def search(self, state: State = None, *, depth: int | None = None,
               time_limit: float | None = None, on_iteration: Any = None) -> SearchResult: ...


def equal_moves(game: Game, state: State, result: SearchResult, searcher: Searcher,
                seconds: float | None = None) -> list[Move] | None:
    """The root moves worth `result`'s proven value: every move when the root is lost, the
    drawing moves when it is an exact draw (each move's position searched to the end with
    `searcher`, which shares its table); None when the value is not proved (a win needs no
    help: the search plays the fastest) or when `seconds` run out first."""
    moves = list(game.legal_moves(state))
    if result.outcome == "loss":
        return moves
    if result.outcome != "draw":
        return None
    deadline = None if seconds is None else perf_counter() + seconds
    me, keep = game.current_player(state), []
    for move in moves:
        after = game.apply(state, move)
        if game.is_terminal(after):
            payoff = game.returns(after)[me]
        else:
            left = None if deadline is None else deadline - perf_counter()
            if left is not None and left <= 0:
                return None
            found = searcher.search(after, time_limit=left)
            if not found.stats.exact:
                return None
            payoff = found.value if game.current_player(after) == me else -found.value
        if payoff == 0:   # a draw (a decided score is never 0: the distance moves it off)
            keep.append(move)
    return keep or None


def best_chance(game: Game, state: State, result: SearchResult, searcher: Searcher, *,
                seconds: float | None = None, iterations: int | None = None,
                rng: random.Random | None = None) -> Move:
    """The move to play after `searcher` found `result` at `state`: the most visited, in
    an MCTS search of `seconds` or `iterations`, of the moves worth the proven value (see
    `equal_moves`, given half the time), seeded from `rng`; `result.best_move` when the
    value is not proved, there is one such move, or the time runs out."""
    assert result.best_move is not None   # the root is not terminal
    start = perf_counter()
    equal = equal_moves(game, state, result, searcher,
                        None if seconds is None else seconds / 2)
    if equal is None or len(equal) < 2:
        return result.best_move
    left = None if seconds is None else seconds - (perf_counter() - start)
    if left is not None and left <= 0:
        return result.best_move
    if left is None and iterations is None:
        iterations = 1000
    me = game.current_player(state)
    tree = MCTS(game, seed=(rng or random.Random()).randrange(2**32), time_limit=left,
                iterations=iterations, max_rollout_plies=ROLLOUT_PLIES, fallible=1 - me)
    visits = dict(tree.search(state).visits)
    # ties (unvisited moves too) go to alpha-beta's own choice, then to the listing order
    return max(equal, key=lambda m: (visits.get(m, 0), m == result.best_move))
