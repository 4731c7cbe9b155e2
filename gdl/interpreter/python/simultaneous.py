"""A simultaneous game (`players A B simultaneous`) on the protocol's joint moves.

The checked IR plays a round as parts, one per player in turn order, with `after every
move` and the end rules run after the last part (check/simultaneous.py); the checker
guarantees no part reads another's choice. So a player's own legal moves are those of
the round's first position with that player to move, and a joint move is the parts
applied one after the other.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from gdl.errors import GdlError, IllegalMove
from gdl.interpreter.python.compiled import CompiledGame
from gdl.protocol import SIMULTANEOUS

State = tuple
SEPARATOR = " | "   # between the players' parts of a joint move: `throw 1 | throw 3`


class SimultaneousGame(CompiledGame):
    """A compiled game whose every turn is a joint move: a tuple of one move per player."""

    has_simultaneous = True

    def _compile(self, game: Any) -> dict[str, Any]:
        namespace = super()._compile(game)
        self.part_moves, self.part_apply = self.legal_moves, self.apply
        self.legal_moves, self.apply = self._joint_legal, self._joint_apply
        return namespace

    def with_mover(self, state: State, player: int) -> State:
        """`state` with `player` to move: where that player's parts are listed and written."""
        return (*state[:-2], player, state[-1])

    def current_player(self, state: State) -> int:
        return state[-2] if state[-1] != 0 else SIMULTANEOUS

    def joint_moves(self, state: State) -> tuple[Sequence[Any], ...]:
        """Each player's own legal moves, in player order (none once the game is over).

        Raises:
            GdlError: one player has no move while another has one (give them a pass).
        """
        if state[-1] != 0:
            return tuple(() for _ in self.players)
        each = tuple(self.part_moves(self.with_mover(state, p)) for p in range(len(self.players)))
        stuck = [self.players[p] for p, moves in enumerate(each) if not moves]
        if stuck and len(stuck) < len(each):
            raise GdlError(f"{' and '.join(stuck)} has no move in a simultaneous turn, yet "
                            f"the others have: give every player a move (a `move pass: pass`)")
        return each

    def _joint_legal(self, state: State) -> list[tuple]:
        each = self.joint_moves(state)
        return [] if not all(each) else list(itertools.product(*each))

    def _joint_apply(self, state: State, joint: tuple) -> State:
        for part in joint:
            state = self.part_apply(state, part)
        return state

    def move_text(self, state: State, move: Any) -> str:
        return SEPARATOR.join(self.part_text(self.with_mover(state, p), m)
                              for p, m in enumerate(move))

    def parse_move(self, state: State, text: str) -> Any:
        """The joint move written `text`: each player's part in player order, separated by
        `|` (`throw 1 | throw 3`); each part is read as a turn's move is (a unique beginning).

        Raises:
            IllegalMove: a part missing, extra or not legal; the choices are listed, per player.
        """
        parts = [part.strip() for part in text.split("|")]
        each = self.joint_moves(state)
        if not all(each):
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        if len(parts) != len(self.players) or not all(parts):
            raise IllegalMove(f"{text!r} is not a joint move: write one part per player, "
                              f"{' | '.join(self.players)}; {self.choices(state)}")
        return tuple(self.parse_part(state, p, part) for p, part in enumerate(parts))

    def parse_part(self, state: State, player: int, text: str) -> Any:
        """`player`'s own move written `text` (its text, or a unique beginning of one)."""
        mover = self.with_mover(state, player)
        legal = {self.part_text(mover, m).lower(): m for m in self.part_moves(mover)}
        word = " ".join(text.lower().split())
        starts = [m for t, m in legal.items() if t.startswith(word)]
        if word in legal or len(starts) == 1:
            return legal.get(word, starts[0] if starts else None)
        raise IllegalMove(f"{text!r} is not a legal move of {self.players[player]}; "
                          f"{self.choices(state)}")

    def part_text(self, mover: State, move: Any) -> str:
        """One player's part of a joint move, as a turn's move is written."""
        return super().move_text(mover, move)

    def choices(self, state: State) -> str:
        """Each player's legal choices, one clause per player: `A: throw 1, throw 2; B: ...`."""
        return "; ".join(
            f"{name}: " + ", ".join(self.part_text(self.with_mover(state, p), m) for m in moves)
            for p, (name, moves) in enumerate(zip(self.players, self.joint_moves(state))))
