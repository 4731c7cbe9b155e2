"""Drawing a chance node's outcome by its probabilities (issue 31): the one place random
playouts, MCTS and `gdl play` sample dice."""

from __future__ import annotations

import random

from gdl.protocol import CHANCE, Game, Move, State


def chance_move(game: Game, state: State, rng: random.Random) -> Move:
    """An outcome of the chance node `state`, drawn with its probability."""
    outcomes = game.chance_outcomes(state)   # type: ignore[attr-defined]
    x = rng.random()
    for move, p in outcomes:
        x -= p
        if x < 0:
            return move
    return outcomes[-1][0]   # rounding left a sliver: the last outcome


def any_move(game: Game, state: State, rng: random.Random) -> Move:
    """A uniform random move of a player, or a chance node's outcome by its probability."""
    if game.current_player(state) == CHANCE:
        return chance_move(game, state, rng)
    return rng.choice(game.legal_moves(state))
