"""ChessNotation: SAN, UCI, FEN/EPD and PGN for a game that declares `notation chess`.

The game keeps its own texts (`e2-e4`) for output; this adapter adds the standard ones
on request and reads them wherever a move or a position is read (CompiledGame's
`parse_move` and `parse_position` ask it when their own form does not fit).
"""

from __future__ import annotations

from typing import Any

from gdl.errors import IllegalMove
from gdl.interpreter.notation import fen as fen_text, moves
from gdl.interpreter.notation.board_map import chess_map


class ChessNotation:
    """The chess family's notations over one compiled (Python) game."""

    name = "chess"
    move_form, position_form = "SAN", "FEN"

    def __init__(self, game: Any):
        self.game = game
        self.map = chess_map(game.ir.players, game.ir.pieces, game.geometry)
        self._described: tuple[Any, list[moves.Described]] = (None, [])   # the last state's
        self._texts: dict = {}   # (move, player) -> its squares and promotion (moves.describe)

    def described(self, state: tuple) -> list[moves.Described]:
        """The legal moves of `state` as the notation sees them (the last state's kept: a
        move is often written and read at the same position)."""
        if self._described[0] != state:
            if len(self._texts) > 1 << 16:   # a bound on the memory it keeps
                self._texts.clear()
            self._described = (state, moves.describe(self.game, self.map, state, self._texts))
        return self._described[1]

    # ---- moves
    def san(self, state: tuple, move: Any, marks: bool = True) -> str:
        """The move's SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`); `marks=False` leaves out + and #."""
        entries = self.described(state)
        entry = next(e for e in entries if e.move == move)
        text = moves.san(entry, entries)
        return text + moves.suffix(self.game, self.map, state, move) if marks else text

    def standard_move(self, state: tuple, move: Any) -> str:
        return self.san(state, move)

    def uci(self, state: tuple, move: Any) -> str:
        entries = self.described(state)
        return moves.uci(next(e for e in entries if e.move == move))

    def legal_texts(self, state: tuple, form: str = "san") -> tuple[str, ...]:
        """Every legal move in SAN (with marks) or UCI, in the game's order."""
        entries = self.described(state)
        if form == "uci":
            return tuple(moves.uci(e) for e in entries)
        return tuple(moves.san(e, entries) + moves.suffix(self.game, self.map, state, e.move)
                     for e in entries)

    def parse_move(self, state: tuple, text: str) -> Any:
        """The legal move `text` names in SAN or UCI; None when it is in neither form.

        Raises:
            IllegalMove: it is SAN or UCI but names no legal move, or several; the legal
                moves are listed in the same form.
        """
        entries = self.described(state)
        found = moves.match(text, entries)
        if found is None and moves.SAN_LIKE.match(text.strip()):
            found = []   # a piece's letter or a castling: meant as SAN, and no move
        if found is None:
            return None
        if len(found) == 1:
            return found[0].move
        form = "uci" if moves.looks_uci(text) else "san"
        reason = "is ambiguous" if found else "is not a legal move"
        if not entries:
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        raise IllegalMove(f"{text!r} {reason}", self.legal_texts(state, form))

    # ---- positions
    def fen(self, state: tuple) -> str:
        return fen_text.fen(self.game, self.map, state, described=self._for_fen)

    def standard_position(self, state: tuple, plies: int | None = None) -> str:
        return self.fen(state)   # its move number comes from the game's own `plies`

    def epd(self, state: tuple) -> str:
        return fen_text.fen(self.game, self.map, state, epd=True, described=self._for_fen)

    def _for_fen(self, game: Any, cmap: Any, state: tuple) -> list[moves.Described]:
        return self.described(state)

    def parse_fen(self, text: str) -> tuple:
        """The state of a FEN or EPD, its result not yet judged (CompiledGame settles it)."""
        return fen_text.parse_fen(self.game, self.map, text)

    looks_like_fen = staticmethod(fen_text.looks_like_fen)
