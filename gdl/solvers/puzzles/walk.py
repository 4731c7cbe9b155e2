"""A random walk from a puzzle's goal: scrambled starts for the demonstration, `gdl play`,
records and the tests."""

from __future__ import annotations

import random
from typing import Any


def random_walk(puzzle: Any, length: int, seed: int, start: Any = None) -> Any:
    """The state after `length` random legal moves from `start` (default: the goal).

    A move is never followed by its inverse, so the walk wanders off instead of
    dithering. Deterministic for a given seed.
    """
    rng = random.Random(seed)
    state = puzzle.goal_state() if start is None else start
    previous = None
    for _ in range(length):
        undo = None if previous is None else puzzle.inverse(previous)
        choices = [m for m in puzzle.legal_moves(state) if m != undo]
        if not choices:   # a dead end (a one-player game's loss): the walk stops there
            break
        previous = rng.choice(choices)
        state = puzzle.apply(state, previous)
    return state
