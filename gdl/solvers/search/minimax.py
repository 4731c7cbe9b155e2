"""Plain minimax (negamax form): the reference every faster search is checked against.

No pruning, no table: every position of the game tree below the root is visited,
and every visit is counted (the root included). Scores follow
`gdl.solvers.search.evaluation` (payoff times WIN, faster wins score higher).

>>> from tests.references.games import Nim
>>> minimax(Nim((1, 2))).value > 0
True
"""

from __future__ import annotations

import attrs

from gdl.errors import SolverError
from gdl.protocol import Game, Move, State, refuse_simultaneous, has_chance
from gdl.solvers.search.evaluation import make_evaluator, terminal_score


@attrs.frozen
class MinimaxResult:
    """value: score for the player to move at the root; best_move: None at a terminal
    root; nodes: positions visited, the root included."""

    value: float
    best_move: Move | None
    nodes: int


def require_two_player_zero_sum(game: Game, solver: str) -> None:
    """Raise SolverError unless `game` is a two-player zero-sum game of turns, without
    chance."""
    refuse_simultaneous(game, solver)
    if has_chance(game):
        raise SolverError(f"{solver} does not handle chance: {getattr(game, 'name', 'this game')} "
                          f"has chance nodes (gdl solve values it by expectimax; play it "
                          f"with mcts)")
    if len(game.players) != 2 or not getattr(game, "zero_sum", False):
        raise SolverError(f"{solver} needs a two-player zero-sum game, and "
                          f"{getattr(game, 'name', 'this game')} is not one.")


def minimax(game: Game, state: State | None = None, depth: int | None = None) -> MinimaxResult:
    """The negamax value of `state` (default: the start), searched without pruning.

    Args:
        game: a two-player zero-sum game.
        state: the root position.
        depth: plies to search; None searches to the end. Positions at the
            horizon are scored by `make_evaluator(game)`.

    Raises:
        SolverError: the game is not two-player zero-sum.
    """
    require_two_player_zero_sum(game, "minimax")
    root = game.initial_state() if state is None else state
    evaluate = make_evaluator(game)
    is_terminal, returns, player = game.is_terminal, game.returns, game.current_player
    legal_moves, apply = game.legal_moves, game.apply
    nodes = 0

    def negamax(s: State, remaining: float, ply: int) -> float:
        nonlocal nodes
        nodes += 1
        if is_terminal(s):
            return terminal_score(returns(s)[player(s)], ply)
        if remaining <= 0:
            return evaluate(s)
        return max(value(s, apply(s, m), remaining - 1, ply + 1) for m in legal_moves(s))

    def value(s: State, after: State, remaining: float, ply: int) -> float:
        """`after`'s value for the player to move in `s` (the same side after an extra turn)."""
        v = negamax(after, remaining, ply)
        return v if player(after) == player(s) else -v

    limit = float("inf") if depth is None else depth
    nodes += 1
    if is_terminal(root):
        return MinimaxResult(terminal_score(returns(root)[player(root)], 0), None, nodes)
    if limit <= 0:
        return MinimaxResult(evaluate(root), None, nodes)
    best, best_move = -float("inf"), None
    for m in legal_moves(root):
        v = value(root, apply(root, m), limit - 1, 1)
        if v > best:
            best, best_move = v, m
    return MinimaxResult(best + 0.0, best_move, nodes)  # + 0.0 turns -0.0 into 0.0
