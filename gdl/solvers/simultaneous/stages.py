"""Backward induction over the stages of a small two-player zero-sum game with
simultaneous moves: the exact value of each position, with a matrix game (matrix.py) at
each node where both players choose at once, and plain maximum or minimum where one player
moves alone. A goofspiel of 4 cards (imp_info=false) is 1,201 positions.

The strategies found are subgame-perfect: the optimal mixed strategy of the matrix game at
every position reached, kept in `StageSolution.nodes` (OpenSpiel's exploitability of them
is measured in tests/solvers/test_matrix_games.py).
"""

from __future__ import annotations

from fractions import Fraction
from time import perf_counter
from typing import Any

import attrs

from gdl.errors import SolverError
from gdl.protocol import SIMULTANEOUS
from gdl.solvers.simultaneous.matrix import solve_matrix

MAX_POSITIONS = 200_000   # the positions kept; past it, a SolverError says the game is too big


@attrs.frozen
class Node:
    """A position's value to player 0 and each player's optimal mixed strategy over their
    own moves (`moves[p][k]` played with probability `strategies[p][k]`)."""
    value: Fraction
    moves: tuple[tuple[Any, ...], ...]
    strategies: tuple[tuple[Fraction, ...], ...]


@attrs.frozen
class StageSolution:
    value: Fraction                 # to player 0, at the start
    root: Node | None               # None when the game is over there
    nodes: dict                     # state -> Node, every non-terminal position solved
    seconds: float

    def strategy(self, state: Any) -> Node | None:
        return self.nodes.get(state)


def solve_stages(game: Any, state: Any, max_positions: int = MAX_POSITIONS) -> StageSolution:
    """The exact value (to player 0) and subgame-perfect strategies of `game` from `state`.

    Raises:
        SolverError: not a two-player zero-sum game, or more than `max_positions` positions.
    """
    if len(game.players) != 2 or not game.zero_sum:
        raise SolverError(f"{game.name}: backward induction over matrix games solves "
                          f"two-player zero-sum games only")
    nodes: dict[Any, Node] = {}
    start = perf_counter()

    def value(s: Any) -> Fraction:
        if game.is_terminal(s):
            return Fraction(game.returns(s)[0])
        known = nodes.get(s)
        if known is not None:
            return known.value
        if len(nodes) >= max_positions:
            raise SolverError(f"{game.name} has more than {max_positions:,} positions: too big "
                              f"to solve by backward induction")
        player = game.current_player(s)
        if player == SIMULTANEOUS:
            each = tuple(tuple(moves) for moves in game.joint_moves(s))
            matrix = [[value(game.apply(s, (a, b))) for b in each[1]] for a in each[0]]
            solved = solve_matrix(matrix)
            node = Node(solved.value, each, (solved.row, solved.column))
        else:   # one player moves alone: the best of its moves, a pure strategy
            moves = tuple(game.legal_moves(s))
            if not moves:
                raise SolverError(f"{game.name}: a position has no legal move, yet the game "
                                  f"is not over")
            values = [value(game.apply(s, m)) for m in moves]
            best = (max if player == 0 else min)(values)
            pure = tuple(Fraction(int(k == values.index(best))) for k in range(len(moves)))
            node = Node(best, (moves,), (pure,))
        nodes[s] = node
        return node.value

    total = value(state)
    return StageSolution(total, nodes.get(state), nodes, perf_counter() - start)
