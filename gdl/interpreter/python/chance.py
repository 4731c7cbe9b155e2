"""The Game protocol's chance nodes over a compiled game (issue 31, docs/core.md section 7).

The rules lower a chance stage into a rule of the chance player (check/chance.py); here a
state whose hidden variable `chance` is not 0 is the chance player's (`CHANCE`), its legal
moves are the stage's outcomes and `chance_outcomes` gives their probabilities."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gdl.errors import PositionError
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
        self.stages = game.chances   # in their numbers' order
        self.planes = len(game.initial_planes)   # a bag's weights: state[planes + c.bag]

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
        found = [(m, self.weight(state, m)) for m in self.legal_moves(state)]
        if not found and self.current_player(state) == CHANCE:
            raise PositionError(self.empty(state))
        total = sum(p for _, p in found)
        return found if total == 1 else [(m, p / total) for m, p in found]

    def weight(self, state: tuple, move: tuple) -> Fraction:
        """An outcome's declared chance, or a bag's count of it on `state`."""
        stage, chances = self.by_rule[move[0]]
        if stage.bag is None:
            return chances[move[1:]]
        return Fraction(state[self.planes + stage.bag][move[1] - 1])

    def empty(self, state: tuple) -> str:
        """Why a chance node has no outcome: its bag is empty (or `where` left none)."""
        number = state[self.slot]   # the stage due: its number is its place + 1
        stage = self.stages[number - 1] if 0 < number <= len(self.stages) else None
        if stage is not None and stage.bag is not None:
            return f"the bag is empty: '{stage.name}' has no outcome left to draw"
        return "no outcome of the draw is possible here"

    def text(self, move: tuple) -> str | None:
        """`d=4`: an outcome's text; None for a player's move."""
        found = self.by_rule.get(move[0])
        if found is None:
            return None
        return f"{found[0].name}={','.join(map(str, move[1:]))}"


def chance_text(game: ir.GameIR) -> str:
    """`gdl check`'s line of the chance stages: `d (6 outcomes, every turn)`, `card (bag
    deck)`: a bag's weights are read from the position, its outcomes those left in it."""
    def one(stage: ir.Chance) -> str:
        what = f"bag {game.variables[stage.bag].name}" if stage.bag is not None \
            else f"{len(stage.outcomes)} outcomes"
        return f"{stage.name} ({what}{', every turn' if stage.every_turn else ''})"
    return ", ".join(one(stage) for stage in game.chances)
