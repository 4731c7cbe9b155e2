"""A position's value as one uint16 code, and the keys the passes compare.

code 0: a draw (or not decided: a position no pass decides is a draw);
code 2d + 1: the player to move wins in d plies; code 2d + 2: loses in d plies
(d = 0: the game is over). A parent compares its children by `key`, from its own side:
a win sooner is better, a loss later is better: win d -> BIG - d, draw 0, loss d -> d - BIG.

>>> code(True, 3), decode(7), decode(code(False, 0)), decode(0)
(7, ('win', 3), ('loss', 0), ('draw', 0))
>>> int(codes_of(np.array([keys(np.array([8]), np.array([False]))[0]]))[0])
9
"""

from __future__ import annotations

import numpy as np

BIG = 1 << 20
NONE = -(1 << 30)    # the key of "no child seen": below every loss
MAX_DISTANCE = (1 << 15) - 2


def code(win: bool, distance: int) -> int:
    return 2 * distance + (1 if win else 2)


def decode(value: int) -> tuple[str, int]:
    """('win' | 'loss' | 'draw', plies to the end) of a code, for the player to move."""
    if value == 0:
        return "draw", 0
    return ("win" if value & 1 else "loss"), (value - 1) >> 1


def score(value: int) -> float:
    """The payoff of a code for the player to move: 1, -1 or 0."""
    return 0.0 if value == 0 else 1.0 if value & 1 else -1.0


def key(value: int, same: bool) -> int:
    """A child's code as its parent's key (`same`: the parent's player moves again)."""
    if value == 0:
        return 0
    d = (value - 1) >> 1
    return BIG - d if bool(value & 1) == same else d - BIG


def terminal_code(payoff: float) -> int:
    """The code of a finished position worth `payoff` to the player to move."""
    return 0 if payoff == 0 else code(payoff > 0, 0)


def keys(values: np.ndarray, same: np.ndarray) -> np.ndarray:
    """`key` over arrays (int64)."""
    v = values.astype(np.int64)
    d = (v - 1) >> 1
    good = (v & 1).astype(bool) == same
    return np.where(v == 0, 0, np.where(good, BIG - d, d - BIG))


def codes_of(best: np.ndarray) -> np.ndarray:
    """The codes of positions whose best child key is `best` (int64; no NONE left)."""
    win = best > 0
    d = np.where(win, BIG - best, best + BIG) + 1
    return np.where(best == 0, 0, np.where(win, 2 * d + 1, 2 * d + 2))
