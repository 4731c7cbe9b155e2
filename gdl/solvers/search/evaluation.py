"""Scores shared by the game-tree searches, and the default evaluation of a position.

Scores are floats from the point of view of the player to move. A finished game
scores its payoff times WIN, moved towards zero by the number of plies from the
search root, so a faster win (and a slower loss) scores higher. Static
evaluations live in [-1, 1], far below any decided score.

>>> outcome(terminal_score(1.0, 3)), plies_to_end(terminal_score(1.0, 3))
('win', 3)
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.protocol import Game, State

WIN = 1_000_000.0
DECIDED = 2.0   # |score| above this: the game's end was seen (evaluations stay within 1)

Evaluator = Callable[[State], float]


def terminal_score(payoff: float, ply: int) -> float:
    """The score of a finished game worth `payoff` to the mover, `ply` plies from the root."""
    if payoff > 0:
        return payoff * WIN - ply
    if payoff < 0:
        return payoff * WIN + ply
    return 0.0


def outcome(score: float) -> str | None:
    """'win', 'loss' or 'draw' for a decided score (0 counts as a draw), None otherwise."""
    if score > DECIDED:
        return "win"
    if score < -DECIDED:
        return "loss"
    return "draw" if score == 0 else None


def plies_to_end(score: float) -> int | None:
    """How many plies a decided score's win or loss is away (for +-1 payoffs), else None."""
    if abs(score) <= DECIDED:
        return None
    return int(round(WIN - abs(score)))


def make_evaluator(game: Game, fallback: str = "mobility") -> Evaluator:
    """An evaluation of non-terminal states for the player to move, in [-1, 1].

    Uses `game.heuristic(state)[mover]` when the game has a heuristic; otherwise
    the `fallback`: "mobility" (see `mobility`) or "zero".

    Raises:
        ValueError: an unknown fallback name.
    """
    heuristic = getattr(game, "heuristic", None)
    player = game.current_player
    if heuristic is not None:
        return lambda state: heuristic(state)[player(state)]
    if fallback == "mobility":
        return lambda state: mobility(game, state)
    if fallback == "zero":
        return lambda state: 0.0
    raise ValueError(f"unknown evaluation fallback {fallback!r}; expected 'mobility' or 'zero'")


def mobility(game: Game, state: State) -> float:
    """(mine - theirs) / (mine + theirs), counting legal moves.

    The protocol only lists the mover's moves, so the opponent's count is read
    after the mover's first legal move: a cheap, rough proxy, 0 when unknown.
    """
    moves = game.legal_moves(state)
    if not moves:
        return 0.0
    after = game.apply(state, moves[0])
    if game.is_terminal(after) or game.current_player(after) == game.current_player(state):
        return 0.0
    mine, theirs = len(moves), len(game.legal_moves(after))
    return (mine - theirs) / (mine + theirs)
