"""A game of simultaneous moves on the C back end (docs/native.md).

The C generator compiles such a game's rounds as it compiles any game: a round is one part
per player, each an ordinary move, with the end rules and `after every move` guarded to run
after the last part (docs/core.md, section 3). Since the checker lets no part see another's
choice, the parts of a round are the same whatever came before in it, so counting and
drawing parts in C counts and draws joint moves: perft at depth d is C's perft at depth
d * players, and a uniformly random part per player is a uniformly random joint move. The
protocol's calls (joint_moves, legal_moves, apply, texts) stay the Python twin's.
"""

from __future__ import annotations

from typing import Any


class JointLoops:
    """The loops of a game of joint moves, over each round's parts (mixed into NativeGame as
    NativeSimultaneous, c/game.py): its loops in C over parts, its calls Python's."""

    python: Any

    def __init__(self, python: Any, per_call: bool = False, eager: bool = True,
                 quiet: bool = False):
        # per call, C would list a part where the protocol lists joint moves: never per call
        super().__init__(python, per_call=False, eager=eager, quiet=quiet)  # type: ignore[call-arg]
        self.parts = len(python.players)

    def __repr__(self) -> str:
        return f"NativeSimultaneous({self.python.name!r})"

    def native_perft(self, state: tuple, depth: int) -> int | None:
        return super().native_perft(state, depth * self.parts)  # type: ignore[misc]

    def native_playouts(self, state: tuple, games: int, seed: int = 1,
                        max_plies: int = 10_000, exact: bool = False,
                        eyes: int = 0) -> tuple[int, dict[int, int]] | None:
        """As NativeGame's, counting joint moves; None for `exact`, whose draws the Python
        replay makes over joint moves, not parts (and `eyes`: no such game has the rule)."""
        if exact or eyes:
            return None
        found = super().native_playouts(  # type: ignore[misc]
            state, games, seed, max_plies * self.parts)
        if found is None:
            return None
        parts, results = found
        return parts // self.parts, results

    def native_line(self, state: tuple, seed: int, plies: int) -> list | None:
        """One random playout's joint moves (its parts drawn in C, grouped per round)."""
        parts = super().native_line(state, seed, plies * self.parts)  # type: ignore[misc]
        if parts is None:
            return None
        n = self.parts
        return [tuple(parts[k:k + n]) for k in range(0, len(parts) - len(parts) % n, n)]
