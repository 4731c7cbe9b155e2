"""Seeded self-play and a logistic fit of the outcome on the features.

Each game starts with a few random moves (so the games differ), then both sides play
by a small alpha-beta search (a node budget) with the current evaluation, with a small
chance of a random move. Every position reached is a sample: its features and the first player's
final score (1 win, 0.5 draw, 0 loss). Training runs in rounds (gdl.ai.training_runs,
which spreads the games over processes or Ray): the first plays by the derived
evaluation, each later one by the weights fitted so far, and the final fit uses every
round's samples. Each game's randomness comes from (seed, round, game), so a seed gives
one file however the games were spread.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.tables import BoundedTable

RANDOM_OPENING = 4     # up to this many random moves open each game
NOISE = 0.05           # chance of a random move after the opening
NODES = 200            # alpha-beta nodes a self-play move
TABLE_ENTRIES = 50_000
MAX_PLIES = 300        # a longer game is scored as a draw
RIDGE = 1e-2           # the L2 penalty of the fit (per sample)
NEWTON_STEPS = 30

Heuristic = Callable[[Any], tuple[float, ...]]
Features = Callable[[Any], Any]   # a position's row: a list or an array of floats


def play_one(game: Any, features: Features, heuristic: Heuristic, rng: random.Random,
             nodes: int, native: Any = None) -> tuple[list[list[float]], float]:
    """One self-play game: the feature vectors of its positions and the first player's score.
    Both sides search `nodes` alpha-beta nodes a move (a budget, not a time: reproducible).
    native: a function of the heuristic giving the same search in C
    (gdl.solvers.search.native_alphabeta), or None."""
    mover = game.current_player
    search: Any = AlphaBeta(game, table=BoundedTable(TABLE_ENTRIES),
                            evaluate=lambda s: heuristic(s)[mover(s)], max_nodes=nodes)
    if native is not None:
        search = native(heuristic, search)
    state = game.initial_state()
    rows: list[list[float]] = []
    opening = rng.randrange(RANDOM_OPENING + 1)
    for ply in range(MAX_PLIES):
        if game.is_terminal(state):
            return rows, (game.returns(state)[0] + 1) / 2
        rows.append(features(state))
        if ply < opening or rng.random() < NOISE:
            move = rng.choice(list(game.legal_moves(state)))
        else:
            move = search.search(state).best_move
        state = game.apply(state, move)
    return rows, 0.5


def fit(rows: np.ndarray, targets: np.ndarray, ridge: float = RIDGE) -> tuple[np.ndarray, float]:
    """Logistic regression (targets in [0, 1]) by Newton's method with an L2 penalty on the
    weights (not the bias): deterministic, so the same samples give the same weights."""
    n, k = rows.shape
    x = np.hstack([rows, np.ones((n, 1))])
    w = np.zeros(k + 1)
    penalty = np.full(k + 1, ridge * n)
    penalty[-1] = 0.0
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - targets) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(k + 1)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return w[:-1], float(w[-1])


def log_loss(rows: np.ndarray, targets: np.ndarray, w: np.ndarray, b: float) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-(rows @ w + b))), 1e-9, 1 - 1e-9)
    return float(-np.mean(targets * np.log(p) + (1 - targets) * np.log(1 - p)))
