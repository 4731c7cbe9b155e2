"""The OpenSpiel bridge's observer: the position as a string and as a flat tensor.

The tensor reads a compiled game's documented state layout, `(plane.., variable..,
player, result)` (see CompiledGame), as float32 in three views:
- "pieces":    (planes, C) - 1 where plane p (player p // kinds, kind p % kinds) has a
               piece on playable cell c (cells in the bridge's dense order);
- "to_move":   (players,)  - one-hot, all 0 once the game is over;
- "variables": (V,)        - the state variables: a number or truth value as itself, a
               list as its numbers, a set of cells as C bits (the history is left out).
The game has perfect information: every player observes the same.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gdl.interpreter.core import ir
from gdl.interpreter.python.compiled import CompiledGame
from gdl.interpreter.core.geometry import bits


def _variable_width(variable: ir.Variable, cells: int) -> int:
    if variable.type == ir.HISTORY:
        return 0
    if variable.type == ir.CELLS:
        return cells
    if isinstance(variable.initial, tuple):   # a list, or counts on cells
        return len(variable.initial)
    return 1


def tensor_shape(game: CompiledGame) -> tuple[int, int, int, int]:
    """(planes, cells, players, variable slots)."""
    cells = len(game.geometry.cells)
    slots = sum(_variable_width(v, cells) for v in game.ir.variables)
    return len(game.ir.initial_planes), cells, len(game.players), slots


class BoardObserver:
    """OpenSpiel's py-observer (`tensor`, `dict`, `set_from`, `string_from`)."""

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        self.dense = {cell: i for i, cell in enumerate(game.geometry.cells)}
        planes, cells, players, slots = tensor_shape(game)
        self.tensor = np.zeros(planes * cells + players + slots, np.float32)
        pieces, rest = self.tensor[:planes * cells], self.tensor[planes * cells:]
        self.dict = {"pieces": pieces.reshape(planes, cells), "to_move": rest[:players],
                     "variables": rest[players:]}

    def set_from(self, state: Any, player: int) -> None:
        gdl_state, game = state.state, self.game
        self.tensor.fill(0)
        pieces = self.dict["pieces"]
        for plane in range(pieces.shape[0]):
            for cell in bits(gdl_state[plane]):
                pieces[plane, self.dense[cell]] = 1.0
        if not state.is_terminal():
            self.dict["to_move"][game.current_player(gdl_state)] = 1.0
        self._set_variables(gdl_state[pieces.shape[0]:])

    def _set_variables(self, values: tuple) -> None:
        out, at = self.dict["variables"], 0
        for variable, value in zip(self.game.ir.variables, values):
            width = _variable_width(variable, len(self.dense))
            if variable.type == ir.CELLS:
                for cell, index in self.dense.items():
                    out[at + index] = value >> cell & 1
            elif isinstance(variable.initial, tuple):
                out[at:at + width] = value
            elif width:
                out[at] = float(value)
            at += width

    def string_from(self, state: Any, player: int) -> str:
        return str(state)
