"""A compiled game's positions as placements of pieces: what endgame tables index.

`Placement` binds the material classes read off the IR (gdl.interpreter.core.material) to a
compiled game's states (docs/core.md, section 2: one bitboard per (owner, kind), then the
variables, the player to move and the result). A table position is its planes, the
variables at their fixed values and the player to move; its result is judged by the rules
(the compiled game's `settle`), so no game is named here.

>>> from gdl.catalog import load
>>> p = Placement(load("draughts"))
>>> s = p.state((1 << 0, 0, 0, 1 << 9 * 7 + 7), 0)
>>> p.counts(s), p.game.position_text(s)
((1, 0, 0, 1), '...k/..../..../..../..../..../..../M... Black reset=0 plies=0')
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from gdl.interpreter.core.material import material


class Placement:
    """A game's table positions (see the module doc).

    Raises:
        MaterialError: the game has no material classes (one line why).
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.material = material(game.ir)
        self.planes = self.material.planes
        self.cells: tuple[int, ...] = tuple(game.geometry.cells)
        # the rules' digest, and the options: they change the rules, not the file's digest
        options = " ".join(f"{k}={v!r}" for k, v in sorted(game.options.items()))
        self.digest = hashlib.sha256(f"{game.rules_hash} {options}".encode()).hexdigest()
        self._variables = tuple(value for _, value in self.material.fixed)
        self._settle = game._settle   # a NativeGame hands it on from its CompiledGame

    def counts(self, state: tuple) -> tuple[int, ...]:
        """The class of `state`: its count of pieces per plane."""
        return tuple(b.bit_count() for b in state[:self.planes])

    def state(self, planes: Sequence[int], player: int) -> tuple:
        """The table position of these planes with `player` to move, its result judged."""
        return self._settle((*planes, *self._variables, player, 0))

    def fixed(self, state: tuple) -> tuple:
        """`state` with its variables at their fixed values (its result as it was)."""
        return (*state[:self.planes], *self._variables, *state[-2:])


def open_placement(rules: str, options: tuple[tuple[str, str], ...] = (),
                   backend: str | None = None) -> Placement:
    """Load a game and its placement (a worker's loader: top level, so it pickles)."""
    from gdl.catalog import load
    from gdl.interpreter.c.backend import with_backend
    return Placement(with_backend(load(rules, dict(options)), backend))
