"""PGN, both ways: a game's moves as the seven tag roster and SAN movetext, and back.

Writing needs the start, the moves and the tags; reading splits the text into tags
and SAN moves (each with its line and column), skipping comments, variations, NAGs
and move numbers, and then plays them on the game. Every refusal is one line naming
where: `PGN line 3, column 7: ...`, and carries the moves read before it (`played`),
so a caller keeps what was good.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from gdl.errors import GdlError, IllegalMove, PositionError

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}?|;[^\n]*|\(|\)|\$\d+|\d+\.(?:\.\.)?|[^\s{}();]+")
_NUMBER = re.compile(r"^\d+\.+")


class PgnError(GdlError):
    """A PGN that cannot be read or played; `played` holds the moves read before the fault
    and `start` the state they start from (None when it was not reached)."""

    def __init__(self, message: str, played: tuple = (), start: Any = None):
        super().__init__(message)
        self.played, self.start = played, start


@attrs.frozen
class Pgn:
    tags: dict[str, str]
    moves: tuple[tuple[str, int, int], ...]   # (SAN, line, column), 1-based
    result: str


def result_token(game: Any, state: tuple) -> str:
    """`1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on."""
    if not game.is_terminal(state):
        return "*"
    winner = game.winner(state)
    return "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")


def write(notation: Any, start: Any, moves: list, tags: dict[str, str] | None = None,
          payoffs: tuple | None = None) -> str:
    """The PGN of `moves` played from `start`: the seven tag roster (unknown ones `?`),
    SetUp and FEN when the start is not the game's own, and SAN movetext. The result is
    the final position's, or `payoffs`' when given (a resignation, a move limit)."""
    game = notation.game
    state, sans = start, []
    for move in moves:
        sans.append(notation.san(state, move))
        state = game.apply(state, move)
    given = dict(tags or {})
    given["Result"] = result_token(game, state) if payoffs is None else \
        "1/2-1/2" if payoffs[0] == payoffs[1] else "1-0" if payoffs[0] > payoffs[1] else "0-1"
    header = {name: given.pop(name, "????.??.??" if name == "Date" else "?") for name in ROSTER}
    if start != game.initial_state():
        header.update(SetUp="1", FEN=notation.fen(start))
    header.update(given)
    lines = [f'[{name} "{_quoted(value)}"]' for name, value in header.items()]
    words = movetext(sans, int(notation.fen(start).split()[5]), start[-2], header["Result"])
    return "\n".join(lines) + "\n\n" + _wrapped(words) + "\n"


def movetext(moves: list[str], number: int, mover: int, result: str) -> list[str]:
    """The movetext's words: the move number before each first player's move (`N...`
    before a first move of the second player's), then the result (PGN's and PDN's)."""
    words: list[str] = []
    for index, text in enumerate(moves):
        if mover == 0 or index == 0:
            words.append(f"{number}." if mover == 0 else f"{number}...")
        words.append(text)
        number += mover
        mover ^= 1
    return words + [result]


def _quoted(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def _wrapped(words: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join(lines + [line])


def read(text: str, form: str = "PGN", results: tuple[str, ...] = RESULTS) -> Pgn:
    """The tags, SAN moves and result of the first game of a PGN text (of a PDN, draughts'
    PGN, with `form` "PDN" and its `results`).

    Raises:
        PgnError: a malformed tag, an unclosed comment or variation (where it is said).
    """
    tags: dict[str, str] = {}
    moves: list[tuple[str, int, int]] = []
    depth, result, body = 0, "*", False
    for number, line in enumerate(text.splitlines(), 1):
        if not body and line.strip().startswith("["):
            found = _TAG.match(line.strip())
            if found is None:
                raise PgnError(f"{form} line {number}: {line.strip()!r} is not a tag "
                               f'([Name "value"])')
            tags[found[1]] = re.sub(r"\\(.)", r"\1", found[2])
            continue
        body = body or bool(line.strip())
        for token in _TOKEN.finditer(line):
            word, column = token.group(), token.start() + 1
            if word.startswith("{") and not word.endswith("}"):
                raise PgnError(f"{form} line {number}, column {column}: a comment '{{' is "
                               f"never closed on its line")
            if word == "(":
                depth += 1
            elif word == ")":
                depth -= 1
                if depth < 0:
                    raise PgnError(f"{form} line {number}, column {column}: ')' closes no "
                                   f"variation")
            elif depth or word[0] in "{;$" or _NUMBER.fullmatch(word):
                continue
            elif word in results:
                result = word
            else:
                moves.append((word, number, column))
    if depth:
        raise PgnError(f"{form}: a variation '(' is never closed")
    return Pgn(tags, tuple(moves), result)


def play(notation: Any, pgn: Pgn, form: str = "PGN") -> tuple[tuple, list]:
    """The start state and the moves of a read PGN (or PDN: `form`), each played in turn.

    Raises:
        PgnError: a FEN tag or a move this game cannot take, with where and what was
            played before.
    """
    game = notation.game
    start = game.initial_state()
    if "FEN" in pgn.tags:
        try:
            start = game.parse_position(pgn.tags["FEN"])
        except PositionError as err:
            raise PgnError(f"{form} tag FEN: {err}") from None
    played: list[Any] = []
    state = start
    for index, (san, line, column) in enumerate(pgn.moves, 1):
        try:
            move = notation.parse_move(state, san)
            if move is None:
                raise IllegalMove(f"{san!r} is not {getattr(notation, 'move_form', 'SAN')}",
                                  notation.legal_texts(state))
        except IllegalMove as err:
            raise PgnError(f"{form} line {line}, column {column}, move {index}: {err}",
                           tuple(played), start) from None
        played.append(move)
        state = game.apply(state, move)
    return start, played
