"""The engine choice: a short seeded tournament between alpha-beta and MCTS, both with the
fitted evaluation (MCTS scores its rollouts by it after CUTOFF_PLIES random moves, or
plays them to the end, whichever won a first match between the two). Where MCTS searches
in C, a match of its rollouts by MAST against uniform ones decides `mcts_mast` (MAST's
epsilon, 0 for off) too: MAST helps on some games and harms others (docs/ai.md).

The choice and its figures are stored with the weights; the AI's "auto" engine reads it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.mcts import MAX_ROLLOUT_PLIES, MCTS
from gdl.solvers.search.tables import BoundedTable

CUTOFF_PLIES = 8          # MCTS rollouts: this many random moves, then the evaluation
MAST_EPSILON = 0.4        # MAST's rollouts, when chosen: the best-mean move 60% of the time
TABLE_ENTRIES = 100_000
GAME_PLIES = 300          # a tournament game this long is a draw


def engines(game: Any, heuristic: Callable[[Any], tuple[float, ...]], seconds: float,
            seed: int, weights: tuple | None = None,
            cutoff: int | None = CUTOFF_PLIES) -> dict[str, Any]:
    """Both engines for `game`, by name, each with the time per move `seconds`; MCTS's
    rollouts cut after `cutoff` random moves and scored by the evaluation (None: played
    to the end). On a back end asked for (`gdl train --backend native`) they are the AI's
    there: alpha-beta in C with the fitted `weights` (its evaluation compiled), MCTS's tree
    and rollouts in C; so the tournament measures what the AI would play."""
    from gdl.solvers.search.native_mcts import native_mcts
    from gdl.solvers.search.native_alphabeta import native_searcher
    mover = game.current_player
    python = AlphaBeta(game, table=BoundedTable(TABLE_ENTRIES),
                       evaluate=lambda s: heuristic(s)[mover(s)], time_limit=seconds)
    native = native_searcher(game, weights, time_limit=seconds, fallback=python) \
        if weights is not None else None
    plies = cutoff or MAX_ROLLOUT_PLIES
    mcts = MCTS(game, seed=seed, time_limit=seconds, evaluate=heuristic, max_rollout_plies=plies)
    tree = native_mcts(game, weights, seed=seed, time_limit=seconds, max_rollout_plies=plies,
                       fallback=mcts) if weights is not None else None
    return {"alphabeta": native or python, "mcts": tree or mcts}


def play(game: Any, first: Any, second: Any) -> float:
    """One game between two searchers; the first player's score (1, 0.5, 0)."""
    state = game.initial_state()
    for searcher in (first, second):
        if hasattr(searcher, "reset"):
            searcher.reset()
    for _ in range(GAME_PLIES):
        if game.is_terminal(state):
            return (game.returns(state)[0] + 1) / 2
        searcher = (first, second)[game.current_player(state)]
        state = game.apply(state, searcher.search(state).best_move)
    return 0.5


def _match(game: Any, games: int, engine_a: Callable[[int], Any], engine_b: Callable[[int], Any],
           report: Callable[[int, float], None]) -> float:
    """A's share of `games` games against B, colours alternating (0.5 when none are played)."""
    score = 0.0
    for i in range(games):
        a, b = engine_a(i), engine_b(i)
        score += play(game, a, b) if i % 2 == 0 else 1 - play(game, b, a)
        report(i, score)
    return score / games if games else 0.5


def choose(game: Any, heuristic: Callable[[Any], tuple[float, ...]], games: int,
           seconds: float, seed: int, progress: Callable[[str], None] | None = None,
           weights: tuple | None = None) -> dict[str, Any]:
    """Two matches of `games` games (colours alternating): MCTS with its rollouts cut and
    evaluated against MCTS with them played out, then alpha-beta against the better MCTS;
    the engine with the higher score wins the choice (on a tie, the evaluation's cut and
    alpha-beta: reproducible at a depth). `weights` (the fitted ones) let the engines
    search in C where the game is on C."""
    def say(what: str) -> Callable[[int, float], None]:
        def report(i: int, score: float) -> None:
            if progress is not None:
                progress(f"engine choice: game {i + 1}/{games}, {what} {score:g}")
        return report

    def mcts(cutoff: int | None) -> Callable[[int], Any]:
        return lambda i: engines(game, heuristic, seconds, seed + i, weights, cutoff)["mcts"]

    cut_share = _match(game, games, mcts(CUTOFF_PLIES), mcts(None),
                       say("MCTS with evaluated rollouts"))
    cutoff = CUTOFF_PLIES if cut_share >= 0.5 else None
    share = _match(game, games,
                   lambda i: engines(game, heuristic, seconds, seed + i, weights)["alphabeta"],
                   mcts(cutoff), say("alpha-beta"))
    chosen = {"choice": "alphabeta" if share >= 0.5 else "mcts", "alphabeta_score": share,
              "games": games, "seconds_per_move": seconds, "mcts_cutoff_plies": cutoff,
              "cutoff_score": cut_share}
    if hasattr(mcts(cutoff)(0), "mast"):   # MCTS in C: MAST's rollouts or uniform ones
        def mast(i: int) -> Any:
            tree = mcts(cutoff)(i)
            tree.mast = MAST_EPSILON
            return tree
        mast_share = _match(game, games, mast, mcts(cutoff), say("MCTS with MAST"))
        chosen.update(mcts_mast=MAST_EPSILON if mast_share > 0.5 else 0.0,
                      mast_score=mast_share)
    return chosen


def compare(game: Any, fitted: Callable[[Any], tuple[float, ...]],
            derived: Callable[[Any], tuple[float, ...]], games: int, nodes: int, seed: int,
            progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Alpha-beta with the fitted evaluation against alpha-beta with the derived one, both
    at `nodes` nodes a move, from seeded random two-move openings (each played with both
    colours): the fitted evaluation is kept only when it scores at least half."""
    rng = random.Random(seed)
    mover = game.current_player
    score, opening = 0.0, game.initial_state()
    for i in range(games):
        if i % 2 == 0:
            opening = game.initial_state()
            for _ in range(2):
                if not game.is_terminal(opening):
                    opening = game.apply(opening, rng.choice(list(game.legal_moves(opening))))
        a, b = (AlphaBeta(game, table=BoundedTable(TABLE_ENTRIES), max_nodes=nodes,
                          evaluate=_for_mover(h, mover)) for h in (fitted, derived))
        started = _Started(game, opening)
        score += play(started, a, b) if i % 2 == 0 else 1 - play(started, b, a)
        if progress is not None:
            progress(f"fitted against derived: game {i + 1}/{games}, fitted {score:g}")
    share = score / games if games else 1.0
    return {"evaluation": "fitted" if share >= 0.5 else "derived", "fitted_score": share,
            "evaluation_games": games, "evaluation_nodes": nodes}


def _for_mover(heuristic: Callable[[Any], tuple[float, ...]],
               mover: Callable[[Any], int]) -> Callable[[Any], float]:
    return lambda state: heuristic(state)[mover(state)]


class _Started:
    """`game` from another start (the searchers see the same game)."""

    def __init__(self, game: Any, start: Any) -> None:
        self._game, self._start = game, start

    def initial_state(self) -> Any:
        return self._start

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def measured(engine: dict[str, Any], scores: dict[str, float], games: int,
             against: str) -> dict[str, Any]:
    """The stored engine part after a play-off of each engine against one outside opponent
    at equal time: `scores` maps "alphabeta" and "mcts" to their shares over `games` games
    each. The higher share chooses (a tie keeps the tournament's choice); the figures are
    kept under "playoff". The self-play tournament plays a few games at 0.2 s a move, one
    engine against the other; a longer match against a fixed outside engine is the truer
    judge of what the AI should play, so it overrides the tournament where it was run."""
    unknown = set(scores) - {"alphabeta", "mcts"}
    if unknown or not scores:
        raise ValueError(f"scores for alphabeta and mcts expected, got {sorted(scores)}")
    best = max(scores.values())
    leaders = sorted(name for name, share in scores.items() if share == best)
    choice = engine.get("choice") if engine.get("choice") in leaders else leaders[0]
    playoff = {"against": against, "games": games,
               **{f"{name}_score": round(share, 4) for name, share in sorted(scores.items())}}
    return {**engine, "choice": choice, "playoff": playoff}


MEASURED_KEYS = ("choice", "playoff", "choice_note")   # what a measure outside the tournament set


def keep_measured(new: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
    """The engine part a retrain writes: the tournament's `new`, except that a choice the old
    file holds from a measure outside the tournament (a play-off against an outside engine,
    `playoff`, or a duel noted in `choice_note`) is kept, with the MCTS settings (`mcts_*`)
    it was measured with: a few self-play games at 0.2 s a move do not overrule it.

    >>> keep_measured({"choice": "alphabeta", "games": 6},
    ...               {"choice": "mcts", "playoff": {"games": 20}, "mcts_c": 0.4})
    {'choice': 'mcts', 'games': 6, 'playoff': {'games': 20}, 'mcts_c': 0.4}
    >>> keep_measured({"choice": "alphabeta"}, {"choice": "mcts"})
    {'choice': 'alphabeta'}
    """
    if not new or not old or not any(key in old for key in MEASURED_KEYS[1:]):
        return new
    return {**new, **{key: value for key, value in old.items()
                      if key in MEASURED_KEYS or key.startswith("mcts_")}}

