"""Observation tensors of a compiled game's state, shared by the OpenSpiel, PettingZoo and
Gymnasium bridges (numpy only: no bridge's package needed).

Two layouts, read from the compiled game's state layout `(plane.., variable.., player,
result)` (see CompiledGame), as float32:
- "board", shape (planes + 1, rows, columns), when the game's state is its board alone
  (every variable is the history): plane p holds player p // kinds's pieces of kind
  p % kinds, the last plane the empty playable cells; row 0 is rank 1, the rows go up
  the board (OpenSpiel's `connect_four`: [3, 6, 7], each player's pieces then empty).
  Cells off the board are 0 in every plane. The player to move is left out, as OpenSpiel's
  board games leave it out.
- "flat", otherwise, (planes * C + players + V,) in three parts: the pieces on the C
  playable cells (board order), the player to move one-hot (all 0 once the game is over),
  and the state variables (a number or truth value as itself, a list as its numbers, a
  set of cells as C bits; the history left out).
The games have perfect information: every player observes the same.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits


def _variable_width(variable: ir.Variable, cells: int) -> int:
    if variable.type == ir.HISTORY:
        return 0
    if variable.type == ir.CELLS:
        return cells
    if isinstance(variable.initial, tuple):   # a list, or counts on cells
        return len(variable.initial)
    return 1


def tensor_shape(game: Any) -> tuple[int, int, int, int]:
    """(planes, cells, players, variable slots) of the flat layout."""
    cells = len(game.geometry.cells)
    slots = sum(_variable_width(v, cells) for v in game.ir.variables)
    return len(game.ir.initial_planes), cells, len(game.players), slots


def board_shape(game: Any) -> tuple[int, int, int] | None:
    """(planes + 1, rows, columns) when the state is the board alone; else None."""
    geometry = game.geometry
    if not geometry.cells or any(v.type != ir.HISTORY for v in game.ir.variables):
        return None
    return len(game.ir.initial_planes) + 1, geometry.height, geometry.width


class Encoder:
    """Writes a state's tensor into `tensor` (allocated once): `encode(state, terminal)`."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.dense = {cell: i for i, cell in enumerate(game.geometry.cells)}
        shaped = board_shape(game)
        self.layout = "flat" if shaped is None else "board"
        self.tensor: np.ndarray
        if shaped is not None:
            self.tensor = np.zeros(shaped, np.float32)
            self.where = {c: game.geometry.xy(c)[::-1] for c in game.geometry.cells}
            self.empty = self.tensor[-1].copy()   # the playable cells
            for y, x in self.where.values():
                self.empty[y, x] = 1.0
            return
        planes, cells, players, slots = tensor_shape(game)
        self.tensor = np.zeros(planes * cells + players + slots, np.float32)
        pieces, rest = self.tensor[:planes * cells], self.tensor[planes * cells:]
        self.pieces, self.to_move = pieces.reshape(planes, cells), rest[:players]
        self.variables = rest[players:]

    def encode(self, state: tuple, terminal: bool) -> np.ndarray:
        """`state`'s tensor (the same array each call, overwritten)."""
        if self.layout == "board":
            return self._board(state)
        self.tensor.fill(0)
        for plane in range(self.pieces.shape[0]):
            for cell in bits(state[plane]):
                self.pieces[plane, self.dense[cell]] = 1.0
        if not terminal:
            self.to_move[self.game.current_player(state)] = 1.0
        self._set_variables(state[self.pieces.shape[0]:])
        return self.tensor

    def _board(self, state: tuple) -> np.ndarray:
        out, where = self.tensor, self.where
        out.fill(0)
        out[-1] = self.empty
        for plane in range(out.shape[0] - 1):
            for cell in bits(state[plane]):
                y, x = where[cell]
                out[plane, y, x] = 1.0
                out[-1, y, x] = 0.0
        return out

    def _set_variables(self, values: tuple) -> None:
        out, at = self.variables, 0
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
