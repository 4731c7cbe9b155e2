"""What the RL environments share (gdl.bridges.pettingzoo, gdl.bridges.gymnasium): a compiled
game with its action space, its observation encoder and its length cap.

Numpy only: the environments' own packages are imported by their modules alone.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from gdl import catalog
from gdl.bridges.action_space import ActionSpace, length_bound
from gdl.bridges.observation import Encoder
from gdl.errors import GdlError
from gdl.protocol import refuse_simultaneous

DEFAULT_MAX_PLIES = 1000   # the cut of games whose rules do not bound their length


class Table:
    """A game ready for an environment: `game` (the Game protocol), `space` (moves <-> ids),
    `encoder` (state -> tensor) and `max_plies` (where an unbounded game is truncated)."""

    def __init__(self, game: Any, actions: str | None = None, max_plies: int | None = None,
                 backend: str = "python", simultaneous: bool = False) -> None:
        """`simultaneous`: the caller plays joint moves (PettingZoo's parallel API); the
        others refuse a simultaneous game."""
        if not simultaneous:
            refuse_simultaneous(game, "the RL environments (PettingZoo, Gymnasium)")
        bound = length_bound(game)
        self.space = ActionSpace(game, actions, placements_only=bound is not None)
        self.encoder = Encoder(game)
        self.max_plies = bound if bound is not None else max_plies or DEFAULT_MAX_PLIES
        if backend != "python":   # the per-call C back end; states and moves stay the same
            from gdl.interpreter.c.backend import with_backend
            game = with_backend(game, backend)
        self.game = game

    @classmethod
    def load(cls, name: str, options: dict[str, str] | None = None, **kwargs: Any) -> Table:
        """The bundled game or rules file `name`, with its options (as `gdl.catalog.load`)."""
        game = catalog.load(name, options or {})
        if not hasattr(game, "geometry"):
            raise GdlError(f"{game.name} is of kind {game.kind!r}: the environments take "
                           f"board games and one-player board puzzles")
        return cls(game, **kwargs)

    def legal(self, state: tuple) -> dict[int, Hashable]:
        """Action id -> move in `state` (none once it is over)."""
        moves = [] if self.game.is_terminal(state) else list(self.game.legal_moves(state))
        return self.space.actions(state, moves)

    def mask(self, legal: dict[int, Hashable]) -> np.ndarray:
        """The legal ids as an int8 mask of `space.size` (PettingZoo's `action_mask`)."""
        out = np.zeros(self.space.size, np.int8)
        out[list(legal)] = 1
        return out

    def observe(self, state: tuple, player: int) -> np.ndarray:
        """`state` as `player` sees it: a fresh float32 array. In the board layout the planes
        are turned so that the observer's own pieces come first (as PettingZoo's classic
        games show them); the flat layout is the same for everyone."""
        tensor = self.encoder.encode(state, self.game.is_terminal(state)).copy()
        if self.encoder.layout != "board" or not player:
            return tensor
        kinds = (tensor.shape[0] - 1) // len(self.game.players)
        tensor[:-1] = np.roll(tensor[:-1], -player * kinds, axis=0)
        return tensor

    def bounds(self) -> tuple[float, float]:
        """The observation's bounds: 0 and 1 for the board, open for the flat layout (it holds
        numbers: heaps, counts)."""
        return (0.0, 1.0) if self.encoder.layout == "board" else (-np.inf, np.inf)
