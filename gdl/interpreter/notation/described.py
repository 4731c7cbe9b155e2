"""A family notation's view of the legal moves: each move described once (by the move and
the player to move: a move's text is fixed) and the last position's list kept, since a
notation asks for the same position's moves many times (reading, writing, disambiguating)."""

from __future__ import annotations

from typing import Any

MAX_KEPT = 1 << 16   # descriptions kept before the cache starts again


class DescribedMoves:
    """Subclasses set `game`, `entry` (the description's class, built as entry(move,
    *fields)) and write `_fields(state, move)`."""

    game: Any
    entry: Any

    def __init__(self) -> None:
        self._described: tuple[Any, list[Any]] = (None, [])
        self._texts: dict = {}   # (move, player) -> the description's fields

    def described(self, state: tuple) -> list[Any]:
        """The legal moves of `state` as the notation sees them."""
        if self._described[0] != state:
            if len(self._texts) > MAX_KEPT:
                self._texts.clear()
            self._described = (state, [self._describe(state, m)
                                       for m in self.game.legal_moves(state)])
        return self._described[1]

    def _describe(self, state: tuple, move: Any) -> Any:
        key = (move, state[-2])
        if key not in self._texts:
            self._texts[key] = self._fields(state, move)
        return self.entry(move, *self._texts[key])

    def _fields(self, state: tuple, move: Any) -> tuple:
        raise NotImplementedError
