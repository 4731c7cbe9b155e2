"""The C path of a KIF game: its propnet generated as C (c_source.py), built and cached
as gdl's other generated C is (gdl.interpreter.c.build), and called for the loops that
run many states: perft, random playouts, seeded random games."""

from __future__ import annotations

import ctypes
from typing import Any

from gdl.interpreter.c import build
from gdl.interpreter.kif.c_source import c_source

_U64P, _INTP = ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int)


class KifLibrary:
    """A built propnet library and the conversions of states to its words.

    Raises (when built):
        build.NoCompiler, build.BuildFailed.
    """

    def __init__(self, game: Any):
        source = c_source(game.net)
        path, _ = build.build(source)
        if build.checked(path, build.source_digest(source)) is None:
            path, _ = build.build(source)
        lib = ctypes.CDLL(str(path))
        for name, result, args in [
                ("kif_words", ctypes.c_int, []),
                ("kif_perft", ctypes.c_int64, [_U64P, ctypes.c_int]),
                ("kif_line", ctypes.c_int, [_U64P, ctypes.c_uint64, ctypes.c_int, _INTP, _INTP]),
                ("kif_playouts", ctypes.c_int64, [_U64P, ctypes.c_int64, ctypes.c_uint64,
                                                  ctypes.c_int])]:
            function = getattr(lib, name)
            function.restype, function.argtypes = result, args
        self.lib = lib
        self.words = lib.kif_words()
        self.roles = len(game.players)

    def state(self, state: int) -> Any:
        """A state as the library's words."""
        return (ctypes.c_uint64 * self.words)(
            *((state >> (64 * w)) & (2**64 - 1) for w in range(self.words)))

    def perft(self, state: int, depth: int) -> int | None:
        """The perft count; None when a role has no move somewhere (Python then says where)."""
        count = self.lib.kif_perft(self.state(state), depth)
        return None if count < 0 else count

    def line(self, state: int, seed: int, max_plies: int) -> tuple[list[tuple[int, ...]],
                                                                    tuple[int, ...]] | None:
        """One seeded random game: its joint moves (does indexes) and the goals at its end."""
        moves = (ctypes.c_int * (max(1, max_plies) * self.roles))()
        goals = (ctypes.c_int * self.roles)()
        plies = self.lib.kif_line(self.state(state), seed, max_plies, moves, goals)
        if plies < 0:
            return None
        return ([tuple(moves[p * self.roles:(p + 1) * self.roles]) for p in range(plies)],
                tuple(goals))

    def playouts(self, state: int, games: int, seed: int, max_plies: int) -> int:
        """The moves played by `games` random games from `state` (-1: a role had no move)."""
        return int(self.lib.kif_playouts(self.state(state), games, seed, max_plies))
