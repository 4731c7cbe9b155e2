"""A game that starts from another position: what `--position` and `--moves` give the commands
that only ever start from the start (match, bench)."""

from __future__ import annotations

from typing import Any

from gdl.protocol import State

_HOT = ("legal_moves", "apply", "canonical", "is_terminal", "current_player", "returns")


class Started:
    """`game`, but with `state` as its initial state; every other member is the game's own
    (the hot ones copied, so that a solver's lookups cost what they cost on the game)."""

    def __init__(self, game: Any, state: State):
        self._game, self._start = game, state
        for name in _HOT:
            setattr(self, name, getattr(game, name))

    def initial_state(self) -> State:
        return self._start

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)
