"""A position for people: moves as text, play and undo, the result, a picture.

The Game protocol (`gdl.protocol`) is functional and unchecked, for the solvers'
speed: `game.apply(state, move)` trusts that the move is legal. A `Position`
wraps a game and the line played so far, checks every move and speaks the
game's notation.

>>> from gdl.position import Position
>>> from gdl.catalog import load
>>> pos = Position(load("tictactoe"))
>>> pos.legal_moves[:3]
('a1', 'b1', 'c1')
>>> pos.play("b2").play("a1").to_move
'X'
>>> pos.undo()
'a1'
>>> pos.moves
('b2',)
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

import attrs

from gdl.errors import GdlError, IllegalMove
from gdl.protocol import CONSTRAINTS, PUZZLE, Game, Move, State
from gdl.interpreter.python.svg import board_svg


@attrs.frozen
class Result:
    """A finished game's outcome: payoffs per player, the winners' names (empty for a
    draw) and the outcome in words, e.g. 'X wins (X 1, O -1)'."""

    payoffs: tuple[float, ...]
    winners: tuple[str, ...]
    text: str

    def __str__(self) -> str:
        return self.text


def outcome(game: Game, state: State) -> Result:
    """The Result of a terminal `state`."""
    payoffs = tuple(float(p) for p in game.returns(state))
    names = game.players
    scores = ", ".join(f"{n} {p:g}" for n, p in zip(names, payoffs))
    if len(names) == 1:
        is_goal = getattr(game, "is_goal", None)
        solved = is_goal(state) if is_goal is not None else payoffs[0] > 0
        text = f"{'solved' if solved else 'not solved'} (payoff {payoffs[0]:g})"
        return Result(payoffs, names if solved else (), text)
    best = max(payoffs)
    winners = tuple(n for n, p in zip(names, payoffs) if p == best)
    if len(winners) == len(names):
        return Result(payoffs, (), f"draw ({scores})")
    verb = "wins" if len(winners) == 1 else "win"
    return Result(payoffs, winners, f"{' and '.join(winners)} {verb} ({scores})")


def legal_texts(game: Game, state: State) -> tuple[str, ...]:
    return tuple(game.move_text(state, m) for m in game.legal_moves(state))


def checked_move(game: Game, state: State, move: Move | str, over: bool | None = None
                 ) -> Move:
    """`move` (its text, or the game's own move value) if it is legal in `state`.

    Raises:
        IllegalMove: the game is over, or the move is unreadable or illegal; the
            message names the legal moves.
    """
    if game.is_terminal(state) if over is None else over:
        raise IllegalMove(f"{move!r}: the game is already over")
    legal = game.legal_moves(state)
    if isinstance(move, str):
        parsed = game.parse_move(state, move)   # raises IllegalMove naming the legal ones
        if parsed in legal:
            return parsed
    elif move in legal:
        return move
    raise IllegalMove(f"{move!r} is not a legal move", legal_texts(game, state))


class Position:
    """A game and the moves played from its start (or from `start`).

    Args:
        game: a compiled game (see `gdl.load`).
        moves: moves to play first, in the game's notation.
        start: the state to start from (default: the game's initial state).
        position: or the start as a position text (what `--position` reads and `text` gives).
    Raises:
        IllegalMove: one of `moves` is not legal.
        GdlError: `game` is a constraint puzzle (it has no moves; see `gdl.solve`), or a
            position text it cannot read.
    """

    def __init__(self, game: Game, moves: Iterable[str] = (), start: State | None = None,
                 position: str | None = None) -> None:
        if getattr(game, "kind", None) == CONSTRAINTS:
            raise GdlError(f"{game.name} is a constraint puzzle: it has no moves to play "
                           f"(gdl.solve finds a solution)")
        if position is not None:
            parse = getattr(game, "parse_position", None)
            if parse is None:
                raise GdlError(f"{game.name} has no position text; give moves instead")
            start = parse(position)
        self.game = game
        self._states: list[State] = [game.initial_state() if start is None else start]
        self._moves: list[str] = []
        for text in moves:
            self.play(text)

    # ---- reading
    @property
    def state(self) -> State:
        """The game's own state value (for the Game protocol and the solvers)."""
        return self._states[-1]

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves played, in notation."""
        return tuple(self._moves)

    @property
    def text(self) -> str | None:
        """The position as text (what `position=` and `--position` read); None for a game
        without a position text."""
        write = getattr(self.game, "position_text", None)
        return None if write is None else write(self.state)

    @property
    def legal_moves(self) -> tuple[str, ...]:
        """The legal moves in notation (none once the game is over)."""
        return () if self.is_over else legal_texts(self.game, self.state)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended. A puzzle starts solved, and its start may still be
        scrambled: it is over once it is solved again after a move."""
        if self.game.kind == PUZZLE and len(self._states) == 1:
            return False
        return self.game.is_terminal(self.state)

    @property
    def to_move(self) -> str | None:
        """The name of the player to move; None once the game is over."""
        return None if self.is_over else self.game.players[self.game.current_player(self.state)]

    @property
    def result(self) -> Result | None:
        """The outcome once the game is over, else None."""
        return outcome(self.game, self.state) if self.is_over else None

    # ---- changing
    def play(self, move: str | Move) -> Position:
        """Play `move` (text, or the game's move value); returns the position, so that
        calls chain.

        Raises:
            IllegalMove: the move is not legal here (the legal ones are named).
        """
        state = self.state
        legal = checked_move(self.game, state, move, self.is_over)
        self._moves.append(self.game.move_text(state, legal))
        self._states.append(self.game.apply(state, legal))
        return self

    def undo(self) -> str:
        """Take back the last move; returns its text.

        Raises:
            GdlError: no move has been played.
        """
        if not self._moves:
            raise GdlError("no move to undo")
        self._states.pop()
        return self._moves.pop()

    def copy(self) -> Position:
        twin = Position.__new__(Position)
        twin.game, twin._states, twin._moves = self.game, list(self._states), list(self._moves)
        return twin

    # ---- showing
    def __str__(self) -> str:
        return self.game.render(self.state)

    def __repr__(self) -> str:
        played = " ".join(self._moves) or "the start"
        return f"<Position {self.game.name} after {played}>"

    def _repr_svg_(self) -> str | None:
        """The board as SVG (Jupyter draws it); None for a game with nothing to draw."""
        return board_svg(self.game, self.state, self._last_cells())

    def _last_cells(self) -> tuple[str, ...]:
        """The cells named by the last move (highlighted in the picture)."""
        return tuple(sorted(move_cells(self.game, self._moves[-1]))) if self._moves else ()


def move_cells(game: Any, text: str) -> set[str]:
    """The cell names a move's text mentions (d1; c3-d4; d4xf6xd8)."""
    names = getattr(getattr(game, "geometry", None), "names", {})
    words = text.replace("x", " ").replace("-", " ").split()
    return {w for w in words if w in names}
