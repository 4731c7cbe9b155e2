"""The OpenSpiel bridge's observer: the position as a string and as a tensor, whose layout
is gdl.bridges.observation's ("board" [planes + 1, rows, columns], or "flat")."""

from __future__ import annotations

from typing import Any

from gdl.bridges.observation import Encoder


class BoardObserver:
    """OpenSpiel's py-observer (`tensor`, `dict`, `set_from`, `string_from`)."""

    def __init__(self, game: Any) -> None:
        self.encoder = Encoder(game)
        self.tensor = self.encoder.tensor
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        self.encoder.encode(state.state, state.is_terminal())

    def string_from(self, state: Any, player: int) -> str:
        return str(state)
