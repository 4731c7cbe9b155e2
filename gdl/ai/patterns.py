"""The learned board patterns of the fitted evaluation: piece-square tables.

One weight for each (plane, cell): a plane is one player's pieces of one kind (plane
p * kinds + k, as the state holds them), so the table learns both sides' planes apart and
needs no symmetry the rules would have to promise (a side that moves up the board and one
that moves down each get their own table; colour swap and board symmetries are learned, not
assumed). The weights are in the first player's view, as the features' are: the fit puts
each (plane, cell)'s 0/1 indicator next to the hand-derived features and learns one
logistic regression over both (gdl/ai/selfplay.py, gdl/cli/train.py).

The learned weights are kept as integers, fixed point with SCALE units per logit, and a
position's pattern score is their integer sum: the same integer in any order of addition,
so the C inference (gdl/interpreter/c/evaluation.py) gives the Python reference's value to
the last bit. The score enters the logit as `sum * 2**-12` (exact: a power of two).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

SCALE = 4096            # fixed-point units per logit (2**12: the C side multiplies by 0x1p-12)
KIND = "squares"        # the patterns' kind in the weights file


class Squares:
    """The (plane, cell) columns of a two-player board game and its table's layout: `stride`
    table entries a plane (the cells' bit indices run below it)."""

    def __init__(self, game_ir: Any) -> None:
        cells = sorted(game_ir.geometry.cells)
        self.planes = 2 * len(game_ir.pieces)
        self.stride = (max(cells) + 1) if cells else 0
        self.columns = [(p, c) for p in range(self.planes) for c in cells]
        self.index = {pc: i for i, pc in enumerate(self.columns)}

    def indicators(self, state: tuple) -> np.ndarray:
        """The 0/1 row of the position's occupied (plane, cell) columns."""
        row = np.zeros(len(self.columns), dtype=np.float32)
        index = self.index
        for p in range(self.planes):
            x = state[p]
            while x:
                low = x & -x
                row[index[(p, low.bit_length() - 1)]] = 1.0
                x ^= low
        return row

    def table(self, weights: Sequence[float]) -> list[int]:
        """The fitted column weights (logits) as the fixed-point flat table, plane by plane."""
        flat = [0] * (self.planes * self.stride)
        for (p, c), w in zip(self.columns, weights):
            flat[p * self.stride + c] = int(round(float(w) * SCALE))
        return flat

    def describe(self, table: Sequence[int]) -> dict[str, Any]:
        return {"kind": KIND, "scale": SCALE, "planes": self.planes, "stride": self.stride,
                "table": list(table)}


def rows(features: Callable[[tuple], list[float]], squares: Squares
         ) -> Callable[[tuple], np.ndarray]:
    """The fit's row of a position: its features, then its (plane, cell) indicators."""
    def row(state: tuple) -> np.ndarray:
        return np.concatenate([np.asarray(features(state), dtype=np.float64),
                               squares.indicators(state)])
    return row


def score(table: Sequence[int], planes: int, stride: int, state: tuple) -> int:
    """The integer sum of the table's entries at the occupied (plane, cell)s."""
    total = 0
    for p in range(planes):
        x, base = state[p], p * stride
        while x:
            low = x & -x
            total += table[base + low.bit_length() - 1]
            x ^= low
    return total


def logit(patterns: dict[str, Any] | None) -> Callable[[tuple], float] | None:
    """The patterns' term of the logit, `score * 2**-12`, or None without patterns."""
    if not patterns:
        return None
    table, planes, stride = tuple(patterns["table"]), patterns["planes"], patterns["stride"]
    unit = 1.0 / patterns["scale"]

    def term(state: tuple) -> float:
        return score(table, planes, stride, state) * unit
    return term


def check(patterns: dict[str, Any], game_ir: Any) -> str | None:
    """Why the patterns do not fit the game's board and pieces, or None when they do."""
    squares = Squares(game_ir)
    if patterns.get("kind") != KIND or patterns.get("scale") != SCALE:
        return f"patterns of kind {patterns.get('kind')!r} at scale {patterns.get('scale')!r}"
    if (patterns.get("planes"), patterns.get("stride")) != (squares.planes, squares.stride) \
            or len(patterns.get("table", ())) != squares.planes * squares.stride:
        return "patterns for another board or other pieces"
    return None
