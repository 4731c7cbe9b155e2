"""The Game protocol's chance nodes over a compiled game (issue 31, docs/core.md section 7).

The rules lower a chance stage into a rule of the chance player (check/chance.py); here a
state whose hidden variable `chance` is not 0 is the chance player's (`CHANCE`), its legal
moves are the stage's outcomes and `chance_outcomes` gives their probabilities."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gdl.interpreter.core import ir
from gdl.protocol import CHANCE


class ChanceTable:
    """What a compiled game with chance stages answers: who moves, the outcomes' chances,
    an outcome's text (`d=4`, `d=3,5` for two dice)."""

    def __init__(self, game: ir.GameIR, legal_moves: Callable[[tuple], Any]):
        assert game.pending is not None
        self.slot = len(game.initial_planes) + game.pending   # the `chance` variable's place
        self.legal_moves = legal_moves
        self.by_rule = {c.rule: (c, dict(c.outcomes)) for c in game.chances}

    def current_player(self, state: tuple) -> int:
        return CHANCE if state[self.slot] and not state[-1] else state[-2]

    def chance_outcomes(self, state: tuple) -> list[tuple[Any, float]]:
        """The outcomes (the legal moves) of a chance node and their probabilities (they sum
        to 1); [] at a player's node."""
        if not state[self.slot] or state[-1] != 0:
            return []
        return [(m, float(p)) for m, p in self.exact(state)]

    def exact(self, state: tuple) -> list[tuple[Any, Fraction]]:
        """As `chance_outcomes`, the probabilities exact fractions: the declared ones, in
        proportion over the outcomes possible here (a `where` leaves some out)."""
        found = [(m, self.by_rule[m[0]][1][m[1:]]) for m in self.legal_moves(state)]
        total = sum(p for _, p in found)
        return found if total == 1 else [(m, p / total) for m, p in found]

    def text(self, move: tuple) -> str | None:
        """`d=4`: an outcome's text; None for a player's move."""
        found = self.by_rule.get(move[0])
        if found is None:
            return None
        return f"{found[0].name}={','.join(map(str, move[1:]))}"
