"""The AI's seat in a game of simultaneous moves: it draws its own part of the joint move
from a mixed strategy, since any fixed choice can be exploited. A small game (backward
induction within SOLVED_POSITIONS positions) is solved once and played exactly, its
equilibrium strategy at every position; a bigger one is searched at each turn by
regret-matching MCTS (gdl.solvers.simultaneous.smmcts), its root's average strategy drawn
from."""

from __future__ import annotations

import random
from typing import Any

from gdl.errors import SolverError
from gdl.solvers.simultaneous.smmcts import RegretMCTS
from gdl.solvers.simultaneous.stages import StageSolution, solve_stages

SOLVED_POSITIONS = 20_000   # past this, search instead of solving


class SimultaneousAI:
    """An AI seat choosing its part of each joint move (`choose_part`)."""

    def __init__(self, game: Any, level: Any, seed: int | None = None,
                 seconds: float | None = None, name: str = "ai", solve: bool = True) -> None:
        self.rng, self.level, self.seconds, self.name = random.Random(seed), level, seconds, name
        self.solved: StageSolution | None = None
        if solve:
            self.solve(game)

    def solve(self, game: Any) -> None:
        """Solve a small two-player zero-sum game once (`solved`; None when too big). Without
        it, or until it is done (a caller may run it in a thread: `solved` is set at the
        end), every turn is searched."""
        if len(game.players) == 2 and game.zero_sum:
            try:
                self.solved = solve_stages(game, game.initial_state(), SOLVED_POSITIONS)
            except SolverError:   # too big: searched move by move
                self.solved = None

    def choose_part(self, game: Any, state: Any, player: int) -> Any:
        node = None if self.solved is None else self.solved.strategy(state)
        if node is not None:
            moves, shares = node.moves[player], [float(s) for s in node.strategies[player]]
        else:
            budget = self.level.nodes if self.seconds is None else None
            found = RegretMCTS(game, seed=self.rng.getrandbits(32)).search(
                state, simulations=budget or self.level.floor or None,
                time_limit=self.seconds if budget is None else None)
            moves, shares = found.moves[player], list(found.strategies[player])
        if self.level.noise and self.rng.random() < self.level.noise:
            return self.rng.choice(moves)
        return self.rng.choices(moves, shares)[0]

    def choose(self, game: Any, state: Any) -> Any:
        """A whole joint move, each part drawn as this seat would (for self-play)."""
        return tuple(self.choose_part(game, state, p) for p in range(len(game.players)))
