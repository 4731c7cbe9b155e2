"""SpielCellNotation: a move named by a cell as OpenSpiel's `action_to_string` names it, both
ways, for a game that declares `notation quoridor` or `notation havannah` (its cells named
by spiel_maps).

A move's text is the name of the first cell, in OpenSpiel's order, that the move fills: a
pawn's destination (`c4`), a wall's first slot (`a1v`, `d3h`), a stone's cell (`d1`). The
cells a move fills are read from the position before and after it, so the rules' own moves
are never parsed. There is no position form: OpenSpiel's games have none.
"""

from __future__ import annotations

import functools
import operator
import re
from typing import Any

import attrs

from gdl.errors import IllegalMove
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.notation.described import DescribedMoves
from gdl.interpreter.notation.spiel_maps import havannah_map, quoridor_map


@attrs.frozen
class Described:
    """One legal move and its OpenSpiel text."""
    move: Any
    text: str


class SpielCellNotation(DescribedMoves):
    """OpenSpiel's cell names over one compiled game (Python or native)."""

    move_form, position_form = "OpenSpiel", None
    entry = Described

    def __init__(self, game: Any):
        super().__init__()
        self.game = game
        ir = game.ir
        self.name = ir.notation
        if self.name == "quoridor":
            self.map = quoridor_map(tuple(ir.players), tuple(ir.pieces), ir.geometry,
                                    tuple(ir.initial_planes))
        else:
            self.map = havannah_map(tuple(ir.players), ir.geometry)
        self._form = re.compile(self.map.pattern)
        self._planes = len(ir.initial_planes)
        # Havannah's names are the game's own texts (notation.named_geometry): the game
        # reads them itself, without describing every legal move first.
        self.typed = self.name == "quoridor"

    def _fields(self, state: tuple, move: Any) -> tuple:
        """(text,): the name of the first cell the move fills (the game's own text for a
        move that fills none, such as a pass)."""
        before = functools.reduce(operator.or_, state[:self._planes], 0)
        after = functools.reduce(operator.or_, self.game.apply(state, move)[:self._planes], 0)
        filled = list(bits(after & ~before))
        if not filled:
            return (self.game.move_text(state, move),)
        return (self.map.name_of[min(filled, key=self.map.order_of.__getitem__)],)

    def standard_move(self, state: tuple, move: Any) -> str:
        """OpenSpiel's text of a legal move."""
        return next(e.text for e in self.described(state) if e.move == move)

    def legal_texts(self, state: tuple, form: str = "") -> tuple[str, ...]:
        """OpenSpiel's texts of the legal moves, in gdl's order."""
        return tuple(e.text for e in self.described(state))

    def parse_move(self, state: tuple, text: str) -> Any:
        """The legal move `text` names in OpenSpiel's form (`e2`, `c3h`; any letter case);
        None when it is not a cell's name.

        Raises:
            IllegalMove: it names no legal move (the legal ones listed in OpenSpiel's form).
        """
        word = text.strip().lower()
        if not self._form.fullmatch(word):
            return None
        entries = self.described(state)
        for entry in entries:
            if entry.text == word:
                return entry.move
        if not entries:
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        raise IllegalMove(f"{text!r} is not a legal move", self.legal_texts(state))

    def standard_position(self, state: tuple, plies: int | None = None) -> None:
        return None   # OpenSpiel writes no position text for these games

    @staticmethod
    def looks_like_fen(text: str) -> bool:
        return False


__all__ = ["SpielCellNotation"]
