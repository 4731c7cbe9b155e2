"""DraughtsNotation: PDN's numbered squares and FEN, both ways, for a game that declares
`notation draughts` (its board numbered by family_maps.draughts_map).

A move is its squares joined by `-` (a step, `32-28`) or `x` (a capture, `28x19`); a
capture is written from its first square to its last when no other legal capture joins
them, else with every square it lands on (`26x37x48`), and either form is read. PDN's FEN
is the side to move (W or B), then each colour's squares, a king's with a K before it:
`W:W31,32,K45:B1,2`; reading also takes ranges (`W31-50`) and a closing `.`. The game
keeps its own texts (`c3-d4`, `a3xc5xe7`) for output.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from gdl.errors import IllegalMove, PositionError
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.notation.described import DescribedMoves
from gdl.interpreter.notation.family_maps import draughts_map

FIELDS = ("side to move", "first colour's squares", "second colour's squares")
PDN_MOVE = re.compile(r"^\d+(?:[-x]\d+)+$")
_SQUARE = re.compile(r"^(K?)(\d+)(?:-(\d+))?$")


@attrs.frozen
class Described:
    """One legal move as PDN sees it."""
    move: Any
    path: tuple[int, ...]   # the squares it stands on, from its start
    takes: bool


class DraughtsNotation(DescribedMoves):
    """Numbered squares and PDN's FEN over one compiled game (Python or native)."""

    name = "draughts"
    move_form, position_form = "PDN", "FEN"
    entry = Described

    def __init__(self, game: Any):
        super().__init__()
        self.game = game
        self.map = draughts_map(tuple(game.ir.players), tuple(game.ir.pieces), game.ir.geometry,
                                tuple(game.ir.initial_planes))

    # ---- moves
    def _fields(self, state: tuple, move: Any) -> tuple:
        """(path, takes) of a move."""
        text = self.game.move_text(state, move)
        names, number = self.game.ir.geometry.names, self.map.number_of
        squares = re.split(r"[-x]", text)
        if len(squares) < 2 or any(s not in names or names[s] not in number for s in squares):
            raise ValueError(f"the move {text!r} is no man's or king's path over the "
                             f"numbered squares")
        return tuple(number[names[s]] for s in squares), "x" in text

    @staticmethod
    def pdn_of(entry: Described, entries: list[Described]) -> str:
        if not entry.takes:
            return "-".join(map(str, entry.path))
        twins = [e for e in entries if e.takes and e.path[0] == entry.path[0]
                 and e.path[-1] == entry.path[-1]]
        path = entry.path if len(twins) > 1 else (entry.path[0], entry.path[-1])
        return "x".join(map(str, path))

    def pdn(self, state: tuple, move: Any) -> str:
        entries = self.described(state)
        return self.pdn_of(next(e for e in entries if e.move == move), entries)

    standard_move = pdn

    def legal_texts(self, state: tuple, form: str = "pdn") -> tuple[str, ...]:
        entries = self.described(state)
        return tuple(self.pdn_of(e, entries) for e in entries)

    def parse_move(self, state: tuple, text: str) -> Any:
        """The legal move `text` names in PDN (`32-28`, `28x19`, `26x37x48`); None when it
        is not numbered squares.

        Raises:
            IllegalMove: it names no legal move, or several (the legal ones listed in PDN).
        """
        word = text.strip().rstrip("!?*")
        if not PDN_MOVE.match(word):
            return None
        squares = tuple(int(s) for s in re.split(r"[-x]", word))
        entries = self.described(state)
        found = [e for e in entries if e.path == squares]
        if not found:   # from-to, or another route over the same pieces (one move in gdl)
            found = [e for e in entries if (e.path[0], e.path[-1]) == (squares[0], squares[-1])
                     and ("x" not in word or e.takes)]
        if len(found) > 1 and len({e.path for e in found}) == 1:
            found = found[:1]   # one path taking other pieces is not written apart
        if len(found) == 1:
            return found[0].move
        if not entries:
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        reason = "is ambiguous" if found else "is not a legal move"
        raise IllegalMove(f"{text!r} {reason}", self.legal_texts(state))

    # ---- positions
    def fen(self, state: tuple) -> str:
        """PDN's FEN of `state`: `W:W31,32,K45:B1,2`."""
        kinds = len(self.game.ir.pieces)
        fields = [self.map.colour_of[state[-2]]]
        for colour in ("W", "B"):
            player = self.map.colour_of.index(colour)
            squares = []
            for kind, prefix in ((self.map.man, ""), (self.map.king, "K")):
                squares += [(self.map.number_of[c], prefix)
                            for c in bits(state[player * kinds + kind])]
            fields.append(colour + ",".join(f"{p}{n}" for n, p in sorted(squares)))
        return ":".join(fields)

    def standard_position(self, state: tuple, plies: int | None = None) -> str:
        return self.fen(state)   # PDN's FEN has no move number

    @staticmethod
    def looks_like_fen(text: str) -> bool:
        """A PDN FEN rather than gdl's own position text, which has no ':'."""
        return ":" in text

    def parse_fen(self, text: str) -> tuple:
        """The state (result not yet judged) of a PDN FEN.

        Raises:
            PositionError: `PDN FEN field N (its name): 'value' ...`.
        """
        fields = [f.strip() for f in text.strip().rstrip(".").split(":")]
        if len(fields) != 3:
            raise PositionError(f"a PDN FEN has 3 fields separated by ':' (the side to move, "
                                f"then each colour's squares), this one {len(fields)}: "
                                f"{text!r}")
        if fields[0] not in ("W", "B"):
            raise _refuse(1, fields[0], "is not W or B")
        ir, kinds = self.game.ir, len(self.game.ir.pieces)
        planes = [0] * len(ir.initial_planes)
        seen: set[int] = set()
        colours = set()
        for index, field in enumerate(fields[1:], 2):
            if not field or field[0] not in "WB" or field[0] in colours:
                raise _refuse(index, field, "does not start with W or B (each once)")
            colours.add(field[0])
            player = self.map.colour_of.index(field[0])
            for number, king in self._squares(index, field[1:]):
                if number in seen:
                    raise _refuse(index, field, f"puts a second piece on square {number}")
                seen.add(number)
                kind = self.map.king if king else self.map.man
                planes[player * kinds + kind] |= 1 << self.map.cell_of[number]
        values = [v.initial for v in ir.variables]
        return (*planes, *values, self.map.colour_of.index(fields[0]), 0)

    def _squares(self, index: int, text: str) -> list[tuple[int, bool]]:
        out: list[tuple[int, bool]] = []
        for word in filter(None, (w.strip() for w in text.split(","))):
            found = _SQUARE.match(word)
            last = len(self.map.cell_of)
            if found is None:
                raise _refuse(index, word, f"is not a square (1-{last}), K and a square, or "
                                           f"a range (31-50)")
            first, end = int(found[2]), int(found[3] or found[2])
            if not 1 <= first <= end <= last:
                raise _refuse(index, word, f"is not a square of this board (1-{last})")
            out += [(n, bool(found[1])) for n in range(first, end + 1)]
        return out


def _refuse(field: int, value: str, why: str) -> PositionError:
    return PositionError(f"PDN FEN field {field} ({FIELDS[field - 1]}): {value!r} {why}")


__all__ = ["Described", "DraughtsNotation", "PDN_MOVE"]
