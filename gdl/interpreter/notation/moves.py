"""SAN and UCI, both ways, over a compiled game's legal moves (see board_map).

Each legal move is first described as a `Described` value (its piece's letter, squares,
capture, promotion, castling side) from the game's own move text (`e2-e4`, `e7-e8=Q`)
and the board; SAN and UCI are then pure functions of that list, and reading one is
finding the single described move it names. Only the move written needs the position
after it (the check and mate marks).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from gdl.interpreter.core.geometry import bits
from gdl.interpreter.notation.board_map import ChessMap

_OWN_TEXT = re.compile(r"^([a-h][1-8])-([a-h][1-8])(?:=(\w~?))?$")
_OWN_DROP = re.compile(r"^([PNBRQpnbrq])\*([a-h][1-8])$")   # P*e4: a drop from the hand
DROP = re.compile(r"^(?P<piece>[PNBRQ])?@(?P<to>[a-h][1-8])$")   # SAN and UCI: P@e4 (@e4)
SAN = re.compile(r"^(?P<piece>[KQRBN])?(?P<file>[a-h])?(?P<rank>[1-8])?(?P<takes>x)?"
                 r"(?P<to>[a-h][1-8])(?:=?(?P<promo>[QRBNK]))?$")
UCI = re.compile(r"^(?P<from>[a-h][1-8])(?P<to>[a-h][1-8])(?P<promo>[qrbnk])?$")
SAN_LIKE = re.compile(r"^([KQRBN][a-z0-9x=]+|[O0]-[O0].*)[+#!?]*$")
CASTLES = {"O-O": 1, "O-O-O": -1, "0-0": 1, "0-0-0": -1}
_MARKS = "+#!?"


@attrs.frozen
class Described:
    """One legal move as the notation sees it."""
    move: Any
    piece: str          # K Q R B N P
    start: str          # its square, "e2"
    to: str
    takes: bool
    promo: str = ""     # the letter it becomes, "" when none
    castle: int = 0     # 1 king's side, -1 queen's side, 0 not castling
    drop: bool = False  # put down from the hand (start is "")


def board(game: Any, cmap: ChessMap, state: tuple) -> dict[str, tuple[int, str]]:
    """square -> (owner, letter) of every piece on the board."""
    kinds = len(game.ir.pieces)
    out = {}
    for plane in range(2 * kinds):
        owner, kind = divmod(plane, kinds)
        for cell in bits(state[plane]):
            out[cmap.square_of[cell]] = (owner, cmap.letter_of[kind])
    return out


def describe(game: Any, cmap: ChessMap, state: tuple,
             texts: dict | None = None) -> list[Described]:
    """Every legal move of `state`, described (in the game's order). `texts` keeps the
    squares and promotion letter of each (move, player) seen: a move's text depends on
    nothing else, and writing it is most of the cost.

    Raises:
        ValueError: a legal move's text is not a piece's travel (the game cannot use SAN).
    """
    pieces = board(game, cmap, state)
    letter_kind = {game.letters()[(0, k)]: k for k in range(len(game.ir.pieces))}
    out = []
    texts = {} if texts is None else texts
    for move in game.legal_moves(state):
        key = (move, state[-2])
        if key not in texts:
            text = game.move_text(state, move)
            found = _OWN_TEXT.match(text) or _OWN_DROP.match(text)
            if found is None:
                raise ValueError(f"the move {text!r} is no piece's travel from a square to "
                                 f"another")
            texts[key] = found.groups() if len(found.groups()) == 3 else \
                ("", found[2], found[1].upper())
        start, to, promoted = texts[key]
        if not start:   # a drop: the letter is the piece's
            out.append(Described(move, promoted, "", to, False, drop=True))
            continue
        _, piece = pieces[start]
        promo = cmap.letter_of[letter_kind[promoted]] if promoted else ""
        if piece == "P" and to[1] in "18" and not promo:   # one kind it can become: look
            after = board(game, cmap, game.apply(state, move))
            promo = after[to][1] if after[to][1] != "P" else ""
        takes = to in pieces or (piece == "P" and start[0] != to[0])   # en passant too
        castle = (1 if to[0] > start[0] else -1) if piece == "K" and \
            abs(ord(to[0]) - ord(start[0])) == 2 else 0
        out.append(Described(move, piece, start, to, takes, promo, castle))
    return out


def uci(entry: Described) -> str:
    if entry.drop:
        return f"{entry.piece}@{entry.to}"
    return entry.start + entry.to + entry.promo.lower()


def san(entry: Described, entries: list[Described]) -> str:
    """SAN without the check marks (see `suffix`)."""
    if entry.castle:
        return "O-O" if entry.castle > 0 else "O-O-O"
    if entry.drop:   # a pawn's drop is written without its letter: @e4
        return f"{'' if entry.piece == 'P' else entry.piece}@{entry.to}"
    promo = f"={entry.promo}" if entry.promo else ""
    if entry.piece == "P":
        return (entry.start[0] + "x" if entry.takes else "") + entry.to + promo
    rivals = [e.start for e in entries if e.piece == entry.piece and e.to == entry.to
              and e.start != entry.start and not e.drop]
    which = ""
    if rivals:
        if all(r[0] != entry.start[0] for r in rivals):
            which = entry.start[0]
        elif all(r[1] != entry.start[1] for r in rivals):
            which = entry.start[1]
        else:
            which = entry.start
    return entry.piece + which + ("x" if entry.takes else "") + entry.to + promo


def in_check(game: Any, cmap: ChessMap, state: tuple) -> bool:
    """Is the king of the player to move attacked? (False when the game's kings are not
    royal: it has no `illegal:` filter to keep them out of attack, as in antichess.)"""
    python = getattr(game, "python", game)
    attacked = getattr(python, "attacked", None)
    if game.ir.illegal is None or attacked is None:
        return False
    king = state[state[-2] * len(game.ir.pieces) + cmap.kind_of["K"]]
    return bool(king) and bool(attacked(state, king))


def suffix(game: Any, cmap: ChessMap, state: tuple, move: Any) -> str:
    """`#` when the move ends the game with a winner (a mate; in antichess, a last piece
    taken or the last move taken away), `+` when it gives check, else nothing."""
    after = game.apply(state, move)
    if game.is_terminal(after) and game.winner(after) is not None:
        return "#"
    return "+" if in_check(game, cmap, after) else ""


def match(text: str, entries: list[Described]) -> list[Described] | None:
    """The described moves `text` (SAN or UCI) may name; None when it is neither form."""
    word = text.strip().rstrip(_MARKS)
    if word in CASTLES:
        return [e for e in entries if e.castle == CASTLES[word]]
    found = DROP.match(word)
    if found:
        return [e for e in entries if e.drop and e.to == found["to"]
                and e.piece == (found["piece"] or "P")]
    found = UCI.match(word.lower()) if len(word) in (4, 5) and word[1].isdigit() else None
    if found:
        promo = (found["promo"] or "").upper()
        return [e for e in entries if e.start == found["from"] and e.to == found["to"]
                and e.promo == promo]
    found = SAN.match(word)
    if found is None:
        return None
    piece = found["piece"] or "P"
    return [e for e in entries if e.piece == piece and e.to == found["to"] and not e.castle
            and not e.drop
            and (found["file"] or e.start[0]) == e.start[0]
            and (found["rank"] or e.start[1]) == e.start[1]
            and (found["promo"] or "") == e.promo]


def looks_uci(text: str) -> bool:
    return bool(UCI.match(text.strip().lower()))


__all__ = ["Described", "board", "describe", "in_check", "looks_uci", "match", "san", "suffix",
           "uci"]
