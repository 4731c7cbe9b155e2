"""Simultaneous-move MCTS with regret matching (Lanctot, Lisy and Winands, 2013): the search
for games of joint moves too big to solve by backward induction (stages.py).

Each position of the tree keeps, per player, regrets over its own moves. A simulation
descends choosing each player's move from its regret-matching strategy mixed with
`explore` uniform exploration, expands one new position, plays a uniformly random game to
the end (in C when the game has native lines) and, going back up, updates each player's
regrets with the outcome-sampling estimate (the payoff divided by the probability of the
move played, for that move; 0 for the others) and adds the strategy used to its average.
The average strategy of the root converges to an equilibrium of a two-player zero-sum
game; tests/solvers/test_matrix_games.py checks it against the exact solution.
"""

from __future__ import annotations

import random
from time import perf_counter
from typing import Any

import attrs

from gdl.errors import SolverError
from gdl.protocol import SIMULTANEOUS, has_simultaneous
from gdl.solvers.simultaneous.regret import matching

MAX_PLIES = 10_000


@attrs.define
class _Node:
    moves: tuple[tuple[Any, ...], ...]           # each player's own moves
    regrets: list[list[float]]
    totals: list[list[float]]                    # the strategies played, summed
    children: dict = attrs.Factory(dict)         # joint move -> _Node


@attrs.frozen
class SMResult:
    """The root's average strategy per player (over `moves`), and the simulations run."""
    moves: tuple[tuple[Any, ...], ...]
    strategies: tuple[tuple[float, ...], ...]
    simulations: int
    seconds: float


class RegretMCTS:
    """SM-MCTS with regret matching on a game of joint moves (two players, zero-sum or not:
    each player's regrets are over its own payoff)."""

    def __init__(self, game: Any, seed: int | None = None, explore: float = 0.1) -> None:
        if not has_simultaneous(game):
            raise SolverError(f"{game.name}: regret-matching MCTS is for games of joint moves")
        self.game, self.rng, self.explore = game, random.Random(seed), explore

    def search(self, state: Any, simulations: int | None = None,
               time_limit: float | None = None) -> SMResult:
        """Run `simulations` (or till `time_limit` seconds) from `state`, a position where
        the players choose at once."""
        if self.game.current_player(state) != SIMULTANEOUS:
            raise SolverError(f"{self.game.name}: no joint move to search here")
        if simulations is None and time_limit is None:
            raise ValueError("give simulations or time_limit")
        start, root, done = perf_counter(), self._node(state), 0
        while (simulations is None or done < simulations) and \
                (time_limit is None or perf_counter() - start < time_limit or done == 0):
            self._simulate(root, state)
            done += 1
        strategies = tuple(tuple(t / sum(total) if sum(total) else 1 / len(total)
                                 for t in total) for total in root.totals)
        return SMResult(root.moves, strategies, done, perf_counter() - start)

    def _node(self, state: Any) -> _Node:
        moves = tuple(tuple(m) for m in self.game.joint_moves(state))
        return _Node(moves, [[0.0] * len(m) for m in moves], [[0.0] * len(m) for m in moves])

    def _simulate(self, node: _Node, state: Any) -> tuple[float, ...]:
        game, n = self.game, len(node.moves)
        picks, probabilities = [], []
        for p in range(n):
            sigma = matching(node.regrets[p])
            k = len(sigma)
            mixed = [(1 - self.explore) * s + self.explore / k for s in sigma]
            pick = self.rng.choices(range(k), mixed)[0]
            picks.append(pick)
            probabilities.append(mixed[pick])
            node.totals[p] = [t + s for t, s in zip(node.totals[p], sigma)]
        joint = tuple(node.moves[p][picks[p]] for p in range(n))
        after = game.apply(state, joint)
        child = node.children.get(joint)
        if game.is_terminal(after):
            payoffs = tuple(game.returns(after))
        elif child is None:
            node.children[joint] = self._node(after)
            payoffs = self._rollout(after)
        else:
            payoffs = self._simulate(child, after)
        for p in range(n):   # outcome sampling: the move played gets u / its probability
            u = payoffs[p]
            regrets = node.regrets[p]
            for k in range(len(regrets)):
                regrets[k] += (u / probabilities[p] if k == picks[p] else 0.0) - u
        return payoffs

    def _rollout(self, state: Any) -> tuple[float, ...]:
        game = self.game
        line = getattr(game, "native_line", None)
        moves = line(state, self.rng.getrandbits(63), MAX_PLIES) if line is not None else None
        if moves is not None:
            for joint in moves:
                state = game.apply(state, joint)
        for _ in range(MAX_PLIES):
            if game.is_terminal(state):
                return tuple(game.returns(state))
            state = game.apply(state, self.rng.choice(game.legal_moves(state)))
        return tuple(0.0 for _ in game.players)
