"""Perft: count the positions reached after exactly `depth` moves, a move generator's test.

The count follows every line of play for `depth` plies. A game that ends
earlier is a leaf of its own branch: it is not extended, so it adds nothing to
the count at any greater depth (it was counted at the depth where it ended).
Formally

    perft(s, 0) = 1
    perft(s, d) = 0                                   if s is terminal and d > 0
    perft(s, d) = sum(perft(apply(s, m), d - 1) for m in legal_moves(s))

which gives 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872 for
tic-tac-toe at depths 1..9 (5 moves never end the game; 1440 of the 15120
five-move lines are won by X, so 13680 x 4 = 54720 six-move lines, and so on).
Positions are not merged: two move orders reaching one position count twice.

>>> from tests.references.games import TicTacToe
>>> g = TicTacToe()
>>> [perft(g, g.initial_state(), d) for d in range(4)]
[1, 9, 72, 504]
>>> divide(g, g.initial_state(), 2)[:2]
[(0, 8), (1, 8)]
"""

from __future__ import annotations

from collections.abc import Iterator

from gdl.protocol import Game, Move, State


def perft(game: Game, state: State, depth: int) -> int:
    """The number of move sequences of exactly `depth` plies from `state` (see the module doc).

    Raises:
        ValueError: a negative depth.
    """
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, got {depth}")
    return _counted(game, state, depth)


def iter_divide(game: Game, state: State, depth: int) -> Iterator[tuple[Move, int]]:
    """(move, perft of the position after it at depth - 1) for each legal move, lazily.

    The counts sum to `perft(game, state, depth)`; a caller can show progress
    between moves. Nothing is yielded for depth 0 or a terminal state.

    Raises:
        ValueError: a negative depth.
    """
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, got {depth}")
    if depth == 0 or game.is_terminal(state):
        return
    for move in game.legal_moves(state):
        yield move, _counted(game, game.apply(state, move), depth - 1)


def _counted(game: Game, state: State, depth: int) -> int:
    """The count, by the game's own native loop when it has one (gdl.interpreter.c), else here
    (a finished game is counted here: one over by score has no words to cross to C in)."""
    if depth == 0:
        return 1
    if game.is_terminal(state):
        return 0
    native = getattr(game, "native_perft", None)
    count = native(state, depth) if native is not None else None
    return _perft(game, state, depth) if count is None else count


def divide(game: Game, state: State, depth: int) -> list[tuple[Move, int]]:
    """The perft count below each legal move, in legal-move order (the classic debugging split)."""
    return list(iter_divide(game, state, depth))


def _perft(game: Game, state: State, depth: int) -> int:
    """The recursion; the last ply is counted from the move list without being played."""
    if depth == 0:
        return 1
    if game.is_terminal(state):
        return 0
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    apply = game.apply
    return sum(_perft(game, apply(state, m), depth - 1) for m in moves)
