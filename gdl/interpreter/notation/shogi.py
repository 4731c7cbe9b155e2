"""ShogiNotation: USI moves and SFEN positions, both ways, for a game that declares
`notation shogi` (its pieces and board mapped by family_maps.shogi_map).

USI writes a move as its squares (`7g7f`), `+` when the piece promotes (`8h2b+`), and a
drop as the piece's letter, `*` and the square (`P*5e`). SFEN is the board from the far
rank, each rank from file 9 (or the board's width) down to 1, with digits for empty
squares and `+` before a promoted piece; then `b` or `w` for the side to move, the hands
(`-`, or each piece's letter after its count when over one, the first player's in upper
case first, each in the order R B G S N L P) and the move number, 1 at the start. The
game keeps its own texts (`g7-g6`, `b2-h8=H`, `P*e5`) for output.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from gdl.errors import IllegalMove, PositionError
from gdl.interpreter.notation.described import DescribedMoves
from gdl.interpreter.notation.family_maps import RANK_LETTERS, shogi_map

FIELDS = ("board", "side to move", "hands", "move number")
HAND_ORDER = "RBGSNLP"
_OWN_TEXT = re.compile(r"^([a-z]\d+)-([a-z]\d+)(?:=(\w~?))?$")
_OWN_DROP = re.compile(r"^(\w)\*([a-z]\d+)$")
USI_MOVE = re.compile(r"^(?P<from>[1-9][a-i])(?P<to>[1-9][a-i])(?P<promo>\+)?$")
USI_DROP = re.compile(r"^(?P<piece>[RBGSNLP])\*(?P<to>[1-9][a-i])$")
_HANDS = re.compile(r"(\d*)([A-Za-z])")


@attrs.frozen
class Described:
    """One legal move as USI sees it."""
    move: Any
    start: str          # "7g"; "" for a drop
    to: str
    promotes: bool = False
    piece: str = ""     # a drop's letter


class ShogiNotation(DescribedMoves):
    """USI and SFEN over one compiled game (Python or native)."""

    name = "shogi"
    move_form, position_form = "USI", "SFEN"
    entry = Described

    def __init__(self, game: Any):
        super().__init__()
        self.game = game
        self.map = shogi_map(tuple(game.ir.players), tuple(game.ir.pieces), game.ir.geometry,
                             tuple(game.ir.returns_as))
        self.kinds = len(game.ir.pieces)
        self._letter_kind = {game.letters()[(p, k)]: k for p in (0, 1)
                             for k in range(self.kinds)}
        self._promotable = {back for kind, back in enumerate(game.ir.returns_as) if back != kind}

    # ---- moves
    def _fields(self, state: tuple, move: Any) -> tuple:
        """(start, to, promotes, piece) of a move as USI sees it."""
        text = self.game.move_text(state, move)
        square = self.map.square_of
        names = self.game.ir.geometry.names
        found = _OWN_TEXT.match(text)
        if found:
            start, to = names[found[1]], names[found[2]]
            return (square[start], square[to],
                    bool(found[3]) or self._promotes(state, move, start, to), "")
        found = _OWN_DROP.match(text)
        if found is None:
            raise ValueError(f"the move {text!r} is neither a piece's step nor a drop")
        letter = self.map.letter_of[self._letter_kind[found[1]]]
        return "", square[names[found[2]]], False, letter

    def _promotes(self, state: tuple, move: Any, start: int, to: int) -> bool:
        """Whether the piece on `start` arrives on `to` as another kind (asked only of kinds
        some kind returns to the hand as, in a game that writes no `=X`)."""
        before = self._kind_at(state, start)
        return before in self._promotable and self._kind_at(self.game.apply(state, move), to) \
            != before

    def _kind_at(self, state: tuple, cell: int) -> int | None:
        for plane in range(2 * self.kinds):
            if state[plane] >> cell & 1:
                return plane % self.kinds
        return None

    @staticmethod
    def usi_of(entry: Described) -> str:
        if entry.piece:
            return f"{entry.piece}*{entry.to}"
        return entry.start + entry.to + ("+" if entry.promotes else "")

    def usi(self, state: tuple, move: Any) -> str:
        return self.usi_of(next(e for e in self.described(state) if e.move == move))

    standard_move = usi

    def legal_texts(self, state: tuple, form: str = "usi") -> tuple[str, ...]:
        return tuple(self.usi_of(e) for e in self.described(state))

    def parse_move(self, state: tuple, text: str) -> Any:
        """The legal move `text` names in USI; None when it is not USI.

        Raises:
            IllegalMove: USI naming no legal move (the legal ones listed in USI).
        """
        word = text.strip()
        found = USI_MOVE.match(word) or USI_DROP.match(word)
        if found is None:
            return None
        entries = self.described(state)
        fields = found.groupdict()
        if "piece" in fields:
            matched = [e for e in entries if e.piece == fields["piece"] and e.to == fields["to"]]
        else:
            matched = [e for e in entries if e.start == fields["from"] and e.to == fields["to"]
                       and e.promotes == bool(fields["promo"])]
        if len(matched) == 1:
            return matched[0].move
        if not entries:
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        raise IllegalMove(f"{text!r} is not a legal move", self.legal_texts(state))

    # ---- positions
    def sfen(self, state: tuple, number: int | None = None) -> str:
        """The SFEN of `state`; its move number from the game's ply count when it keeps
        one, else `number` (1 when not given)."""
        rows = []
        for y in range(self.map.height - 1, -1, -1):
            row, empty = "", 0
            for x in range(self.map.width):
                cell = self.game.ir.geometry.cell(x, y)
                piece = self._piece_at(state, cell)
                if piece is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + piece
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        plies = self._value(state, self.game.ir.plies)
        if plies is not None:
            number = plies + 1
        return f"{'/'.join(rows)} {'bw'[state[-2]]} {self._hands_text(state)} {number or 1}"

    def standard_position(self, state: tuple, plies: int | None = None) -> str:
        """The SFEN, numbered after `plies` moves when the game keeps no count of its own."""
        return self.sfen(state, None if plies is None else plies + 1)

    def _piece_at(self, state: tuple, cell: int) -> str | None:
        for plane in range(2 * self.kinds):
            if state[plane] >> cell & 1:
                owner, kind = divmod(plane, self.kinds)
                letter = self.map.letter_of[kind]
                return letter if owner == 0 else letter.lower()
        return None

    def _value(self, state: tuple, index: int | None) -> Any:
        return None if index is None else state[len(self.game.ir.initial_planes) + index]

    def _hands_text(self, state: tuple) -> str:
        hand = self._value(state, self.game.ir.hand)
        if hand is None:
            return "-"
        out = ""
        for owner in (0, 1):
            for letter in HAND_ORDER:
                kind = self.map.kind_of.get(letter)
                count = 0 if kind is None else hand[owner * self.kinds + kind]
                if count:
                    out += (str(count) if count > 1 else "") + \
                        (letter if owner == 0 else letter.lower())
        return out or "-"

    @staticmethod
    def looks_like_fen(text: str) -> bool:
        """An SFEN rather than gdl's own position text: its board counts empty squares."""
        words = text.split()
        first = words[1] if words[:1] == ["sfen"] and len(words) > 1 else \
            words[0] if words else ""
        return "/" in first and "." not in first

    def parse_fen(self, text: str) -> tuple:
        """The state (result not yet judged) of an SFEN (`sfen ` before it is allowed).

        Raises:
            PositionError: `SFEN field N (its name): 'value' ...`, what is wrong with it.
        """
        fields = text.split()
        if fields and fields[0] == "sfen":
            fields = fields[1:]
        if not 3 <= len(fields) <= 4:
            raise PositionError(f"an SFEN has 3 or 4 fields ({', '.join(FIELDS)}), this one "
                                f"{len(fields)}: {text!r}")
        ir = self.game.ir
        planes = [0] * len(ir.initial_planes)
        for (x, y), (owner, kind) in self._board(fields[0]).items():
            planes[owner * self.kinds + kind] |= 1 << ir.geometry.cell(x, y)
        if fields[1] not in ("b", "w"):
            raise _refuse(2, fields[1], "is not b or w")
        values = [v.initial for v in ir.variables]
        hands = self._hands(fields[2])
        if ir.hand is not None:
            values[ir.hand] = hands
        if len(fields) == 4:
            if not (fields[3].isascii() and fields[3].isdigit()) or int(fields[3]) < 1:
                raise _refuse(4, fields[3], "is not a whole number of at least 1")
            if ir.plies is not None:
                values[ir.plies] = int(fields[3]) - 1
        return (*planes, *values, "bw".index(fields[1]), 0)

    def _board(self, text: str) -> dict[tuple[int, int], tuple[int, int]]:
        """(x, y) -> (owner, kind) of an SFEN's board field."""
        ranks = text.split("/")
        width, height = self.map.width, self.map.height
        if len(ranks) != height:
            raise _refuse(1, text, f"has {len(ranks)} ranks, not {height}")
        out = {}
        for number, row in enumerate(ranks):
            y, x, plus = height - 1 - number, 0, False
            rank = RANK_LETTERS[number]
            for char in row:
                if char.isdigit():
                    if plus:
                        raise _refuse(1, text, f"has '+' before a digit in rank {rank}")
                    x += int(char)
                elif char == "+":
                    plus = True
                elif (("+" if plus else "") + char.upper()) in self.map.kind_of:
                    if x < width:
                        kind = self.map.kind_of[("+" if plus else "") + char.upper()]
                        out[(x, y)] = (0 if char.isupper() else 1, kind)
                    x, plus = x + 1, False
                else:
                    raise _refuse(1, text, f"has {('+' if plus else '') + char!r} in rank "
                                           f"{rank}, no piece of this game "
                                           f"({' '.join(sorted(self.map.kind_of))})")
            if x != width:
                raise _refuse(1, text, f"rank {rank} ({row!r}) covers {x} squares, not {width}")
        return out

    def _hands(self, text: str) -> tuple[int, ...]:
        counts = [0] * (2 * self.kinds)
        if text == "-":
            return tuple(counts)
        at = 0
        for found in _HANDS.finditer(text):
            if found.start() != at or found[2].upper() not in HAND_ORDER or \
                    found[2].upper() not in self.map.kind_of or found[1].startswith("0"):
                break
            at = found.end()
            owner = 0 if found[2].isupper() else 1
            counts[owner * self.kinds + self.map.kind_of[found[2].upper()]] += \
                int(found[1] or 1)
        if at != len(text):
            raise _refuse(3, text, "is not '-' or counts and letters of pieces in hand "
                                   "(RBGSNLP, rbgsnlp: 2P means two pawns)")
        if self.game.ir.hand is None and any(counts):
            raise _refuse(3, text, "gives hands, which this game has not")
        return tuple(counts)


def _refuse(field: int, value: str, why: str) -> PositionError:
    return PositionError(f"SFEN field {field} ({FIELDS[field - 1]}): {value!r} {why}")


__all__ = ["Described", "ShogiNotation", "USI_DROP", "USI_MOVE"]
