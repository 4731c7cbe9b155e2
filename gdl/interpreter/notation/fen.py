"""FEN and EPD, both ways, for a game written in chess notation (see board_map).

The board and the side to move come from the planes; the other fields from the
game's state variables when it keeps them: castling from `rights` (the corners whose
rook may still castle), en passant from `ep` (written, as most programs do, only when
a legal capture lands there), the halfmove clock as `plies - reset` and the fullmove
number from `plies`; three-check's checks left (`3+3`, after en passant) from a per-player
`checks` and the end rule comparing it with a constant. A game without one of them writes
`-` or 0 there and reads only that. Reading a FEN gives the state before its result is
judged.
"""

from __future__ import annotations

from typing import Any

from gdl.errors import PositionError
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.core import ir
from gdl.interpreter.notation.board_map import FILES, PASSED, PLIES, RESET, RIGHTS, ChessMap
from gdl.interpreter.notation.moves import board, describe

CHECKS = "checks"   # a per-player count of checks given (three-check's 3+3 field)
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
    promoted = {cmap.square_of[c] for k in cmap.twin_of.values() for p in (0, 1)
                for c in bits(state[p * len(game.ir.pieces) + k])}
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
            row += "~" if file + rank in promoted else ""   # Q~: a promoted queen
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    if game.ir.hand is not None:   # the hands, crazyhouse's pocket: [QPp]
        rows[-1] += f"[{_pocket(game, cmap, state)}]"
    rights = _value(game, state, RIGHTS) or 0
    castling = "".join(c for c, (corner, king, owner) in CORNERS.items()
                       if rights >> cmap.cell_of[corner] & 1
                       and pieces.get(corner) == (owner, "R") and pieces.get(king) == (owner, "K"))
    passed = [cmap.square_of[c] for c in bits(_value(game, state, PASSED) or 0)]
    passed = passed and [s for s in passed if any(d.piece == "P" and d.to == s
                                       for d in (described or describe)(game, cmap, state))]
    fields = ["/".join(rows), "wb"[state[-2]], castling or "-", passed[0] if passed else "-"]
    checks, limit = _value(game, state, CHECKS), check_limit(game)
    if checks is not None and limit is not None:   # three-check's checks left: 3+3
        fields.append(f"{max(limit - checks[0], 0)}+{max(limit - checks[1], 0)}")
    if epd:
        return " ".join(fields)
    plies, reset = _value(game, state, PLIES), _value(game, state, RESET)
    clock = plies - reset if plies is not None and reset is not None else 0
    return " ".join([*fields, str(clock), str((plies or 0) // 2 + 1)])


def check_limit(game: Any) -> int | None:
    """The number of checks that wins, when the game keeps a per-player `checks` count and
    an end rule compares it with a constant (`checks[own] == 3`); else None."""
    index = _variable(game, CHECKS)
    if index is None or not game.ir.variables[index].per_player:
        return None
    for end in game.ir.ends:
        for node in ir.walk(end.condition):
            if isinstance(node, ir.Op) and node.op in ("==", ">=") and len(node.args) == 2:
                counted, limit = node.args
                if isinstance(limit, ir.Const) and any(
                        isinstance(n, ir.Var) and n.index == index for n in ir.walk(counted)):
                    return int(limit.value)
    return None


def _pocket(game: Any, cmap: ChessMap, state: tuple) -> str:
    """The hands as letters, White's (upper case) then Black's, each Q R B N P."""
    kinds, hand = len(game.ir.pieces), state[len(game.ir.initial_planes) + game.ir.hand]
    return "".join((letter if p == 0 else letter.lower()) * hand[p * kinds + cmap.kind_of[letter]]
                   for p in (0, 1) for letter in "QRBNP")


def looks_like_fen(text: str) -> bool:
    """A FEN (or EPD) rather than gdl's own position text: its board counts empty squares."""
    first = text.split()[0] if text.split() else ""
    return "/" in first and "." not in first


def _refuse(field: int, value: str, why: str) -> PositionError:
    return PositionError(f"FEN field {field} ({FIELDS[field - 1]}): {value!r} {why}")


def _placement(cmap: ChessMap, text: str) -> tuple[dict[str, tuple[int, str]], set[str]]:
    """square -> (owner, letter), and the squares of promoted pieces (`Q~`)."""
    ranks = text.split("/")
    if len(ranks) != 8:
        raise _refuse(1, text, f"has {len(ranks)} ranks, not 8")
    out: dict[str, tuple[int, str]] = {}
    promoted: set[str] = set()
    for rank, row in zip("87654321", ranks):
        file = 0
        for char in row:
            if char == "~" and file and 0 < file <= 8 and FILES[file - 1] + rank in out:
                if out[FILES[file - 1] + rank][1] not in cmap.twin_of:
                    raise _refuse(1, text, f"marks a {out[FILES[file - 1] + rank][1]} in rank "
                                           f"{rank} promoted (~), which this game cannot tell")
                promoted.add(FILES[file - 1] + rank)
            elif char in "12345678":
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
    return out, promoted


def _hand_index(game: Any, text: str) -> int:
    if game.ir.hand is None:
        raise _refuse(1, text, "gives hands ([...]), which this game has not")
    return int(game.ir.hand)


def _hand(game: Any, cmap: ChessMap, text: str, pocket: str) -> tuple[int, ...]:
    """The hands of a pocket, `QPp]`: each letter one piece, upper case White's."""
    kinds = len(game.ir.pieces)
    counts = [0] * (2 * kinds)
    if pocket and not pocket.endswith("]"):
        raise _refuse(1, text, "opens a pocket with '[' and does not close it")
    for char in pocket[:-1]:
        if char.upper() not in "QRBNP":
            raise _refuse(1, text, f"has {char!r} in its pocket, no piece of a hand (QRBNP, "
                                   f"qrbnp)")
        counts[(0 if char.isupper() else 1) * kinds + cmap.kind_of[char.upper()]] += 1
    return tuple(counts)


def _checks(game: Any, fields: list[str]) -> tuple[int, int] | None:
    """The checks each side has given, taken out of `fields`: three-check's `3+3` after the
    en passant square (the checks left) or lichess's `+1+0` at the end (those given)."""
    limit = check_limit(game)
    if limit is None:
        return None
    if len(fields) > 4 and fields[4].count("+") == 1 and not fields[4].startswith("+"):
        left = fields.pop(4).split("+")
        if not all(w.isdigit() and int(w) <= limit for w in left):
            raise PositionError(f"FEN checks field: {'+'.join(left)!r} is not the checks each "
                                f"side has left, each 0 to {limit} (3+3)")
        return limit - int(left[0]), limit - int(left[1])
    if len(fields) > 4 and fields[-1].startswith("+"):
        given = fields.pop().split("+")[1:]
        if len(given) != 2 or not all(w.isdigit() and int(w) <= limit for w in given):
            raise PositionError(f"FEN checks field: {'+' + '+'.join(given)!r} is not the "
                                f"checks each side has given, each 0 to {limit} (+0+0)")
        return int(given[0]), int(given[1])
    return 0, 0


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
    checks = _checks(game, fields)
    if not 4 <= len(fields) <= 6:
        raise PositionError(f"a FEN has 4 to 6 fields ({', '.join(FIELDS)}), "
                            f"this one {len(fields)}: {text!r}")
    placement, _, pocket = fields[0].partition("[")
    pieces, promoted = _placement(cmap, placement)
    if fields[1] not in ("w", "b"):
        raise _refuse(2, fields[1], "is not w or b")
    mover = "wb".index(fields[1])
    kinds, n_planes = len(game.ir.pieces), len(game.ir.initial_planes)
    planes = [0] * n_planes
    for square, (owner, letter) in pieces.items():
        kind = cmap.twin_of[letter] if square in promoted else cmap.kind_of[letter]
        planes[owner * kinds + kind] |= 1 << cmap.cell_of[square]
    values = [v.initial for v in game.ir.variables]
    if pocket or game.ir.hand is not None:
        values[_hand_index(game, fields[0])] = _hand(game, cmap, fields[0], pocket)
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
                        (RESET, plies - clock), (CHECKS, checks)):
        index = _variable(game, name)
        if index is not None:
            values[index] = value
    return (*planes, *values, mover, 0)
