"""FEN and EPD, both ways, for a game written in chess notation (see board_map).

The board and the side to move come from the planes; the other fields from the
game's state variables when it keeps them: castling from `rights` (the corners whose
rook may still castle), en passant from `ep` (written, as most programs do, only when
a legal capture lands there), the halfmove clock as `plies - reset` and the fullmove
number from `plies`. A game without one of them writes `-` or 0 there and reads only
that. Reading a FEN gives the state before its result is judged.
"""

from __future__ import annotations

from typing import Any

from gdl.errors import PositionError
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.notation.board_map import FILES, PASSED, PLIES, RESET, RIGHTS, ChessMap
from gdl.interpreter.notation.moves import board, describe

FIELDS = ("piece placement", "side to move", "castling", "en passant", "halfmove clock",
          "fullmove number")
# castling letter -> (its corner, the king's square, the owner)
CORNERS = {"K": ("h1", "e1", 0), "Q": ("a1", "e1", 0), "k": ("h8", "e8", 1),
           "q": ("a8", "e8", 1)}


def _variable(game: Any, name: str) -> int | None:
    return next((i for i, v in enumerate(game.ir.variables) if v.name == name), None)


def _value(game: Any, state: tuple, name: str) -> Any:
    index = _variable(game, name)
    return None if index is None else state[len(game.ir.initial_planes) + index]


def fen(game: Any, cmap: ChessMap, state: tuple, epd: bool = False,
        described: Any = None) -> str:
    """The FEN of `state` (its first four fields, the EPD position, with `epd`);
    `described` gives the legal moves as moves.describe does, when they are known."""
    pieces = board(game, cmap, state)
    rows = []
    for rank in "87654321":
        row, empty = "", 0
        for file in FILES:
            owner_letter = pieces.get(file + rank)
            if owner_letter is None:
                empty += 1
                continue
            owner, letter = owner_letter
            row += (str(empty) if empty else "") + (letter if owner == 0 else letter.lower())
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    rights = _value(game, state, RIGHTS) or 0
    castling = "".join(c for c, (corner, king, owner) in CORNERS.items()
                       if rights >> cmap.cell_of[corner] & 1
                       and pieces.get(corner) == (owner, "R") and pieces.get(king) == (owner, "K"))
    passed = [cmap.square_of[c] for c in bits(_value(game, state, PASSED) or 0)]
    passed = passed and [s for s in passed if any(d.piece == "P" and d.to == s
                                       for d in (described or describe)(game, cmap, state))]
    fields = ["/".join(rows), "wb"[state[-2]], castling or "-", passed[0] if passed else "-"]
    if epd:
        return " ".join(fields)
    plies, reset = _value(game, state, PLIES), _value(game, state, RESET)
    clock = plies - reset if plies is not None and reset is not None else 0
    return " ".join([*fields, str(clock), str((plies or 0) // 2 + 1)])


def looks_like_fen(text: str) -> bool:
    """A FEN (or EPD) rather than gdl's own position text: its board counts empty squares."""
    first = text.split()[0] if text.split() else ""
    return "/" in first and "." not in first


def _refuse(field: int, value: str, why: str) -> PositionError:
    return PositionError(f"FEN field {field} ({FIELDS[field - 1]}): {value!r} {why}")


def _placement(cmap: ChessMap, text: str) -> dict[str, tuple[int, str]]:
    ranks = text.split("/")
    if len(ranks) != 8:
        raise _refuse(1, text, f"has {len(ranks)} ranks, not 8")
    out = {}
    for rank, row in zip("87654321", ranks):
        file = 0
        for char in row:
            if char in "12345678":
                file += int(char)
            elif char.upper() in cmap.kind_of and char.upper() != char.lower():
                if file < 8:
                    out[FILES[file] + rank] = (0 if char.isupper() else 1, char.upper())
                file += 1
            else:
                raise _refuse(1, text, f"has {char!r} in rank {rank}, no piece (KQRBNP, "
                                       f"kqrbnp, or a count of empty squares)")
        if file != 8:
            raise _refuse(1, text, f"rank {rank} ({row!r}) covers {file} squares, not 8")
    return out


def _number(fields: list[str], field: int, default: int, least: int) -> int:
    if len(fields) < field:
        return default
    word = fields[field - 1]
    if not (word.isascii() and word.isdigit()) or int(word) < least:
        raise _refuse(field, word, f"is not a whole number of at least {least}")
    return int(word)


def parse_fen(game: Any, cmap: ChessMap, text: str) -> tuple:
    """The state (result not yet judged) of a FEN, or of an EPD's four fields.

    Raises:
        PositionError: `FEN field N (its name): 'value' ...`, what is wrong with it.
    """
    fields = text.split()
    if len(fields) > 4 and not fields[4].isdigit() and ";" in text:   # EPD operations
        fields = fields[:4]
    if not 4 <= len(fields) <= 6:
        raise PositionError(f"a FEN has 4 to 6 fields ({', '.join(FIELDS)}), "
                            f"this one {len(fields)}: {text!r}")
    pieces = _placement(cmap, fields[0])
    if fields[1] not in ("w", "b"):
        raise _refuse(2, fields[1], "is not w or b")
    mover = "wb".index(fields[1])
    kinds, n_planes = len(game.ir.pieces), len(game.ir.initial_planes)
    planes = [0] * n_planes
    for square, (owner, letter) in pieces.items():
        planes[owner * kinds + cmap.kind_of[letter]] |= 1 << cmap.cell_of[square]
    values = [v.initial for v in game.ir.variables]
    rights = 0
    if fields[2] != "-":
        if any(c not in CORNERS for c in fields[2]) or len(set(fields[2])) != len(fields[2]):
            raise _refuse(3, fields[2], "is not '-' or some of KQkq, each once")
        if _variable(game, RIGHTS) is None:
            raise _refuse(3, fields[2], "is more than this game keeps (it has no castling)")
        rights = sum(1 << cmap.cell_of[CORNERS[c][0]] for c in fields[2])
    passed = 0
    if fields[3] != "-":
        square = fields[3]
        if len(square) != 2 or square[0] not in FILES or square[1] != "63"[mover]:
            raise _refuse(4, square, f"is not '-' or a square of rank {'63'[mover]}")
        beside = [chr(ord(square[0]) + d) + "54"[mover] for d in (-1, 1)]
        if any(pieces.get(s) == (mover, "P") for s in beside):   # gdl keeps it only so
            passed = 1 << cmap.cell_of[square]
    clock, full = _number(fields, 5, 0, 0), _number(fields, 6, 1, 1)
    plies = 2 * (full - 1) + mover
    for name, value in ((RIGHTS, rights), (PASSED, passed), (PLIES, plies),
                        (RESET, plies - clock)):
        index = _variable(game, name)
        if index is not None:
            values[index] = value
    return (*planes, *values, mover, 0)
