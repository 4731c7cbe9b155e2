"""PDN, draughts' PGN, both ways, for a game that declares `notation draughts`: the tags
(White and Black by colour, GameType when known, FEN when the game starts from a position
of its own) and the numbered moves, and back (pgn.read with PDN's results, then the moves
played through DraughtsNotation).

A result is written as PDN's draughts scores, White's first: `2-0`, `0-2`, `1-1`; reading
also takes PGN's `1-0`, `0-1`, `1/2-1/2` and `0-0`.
"""

from __future__ import annotations

from typing import Any

from gdl.interpreter.notation import pgn

RESULTS = ("2-0", "0-2", "1-1", "0-0", *pgn.RESULTS)
FORM = "PDN"


def result_token(notation: Any, state: tuple, payoffs: tuple | None) -> str:
    """`2-0` (White won), `0-2`, `1-1`, or `*` while the game goes on."""
    game = notation.game
    if payoffs is None:
        if not game.is_terminal(state):
            return "*"
        payoffs = game.returns(state)
    white = notation.map.colour_of.index("W")
    ours, theirs = payoffs[white], payoffs[1 - white]
    return "1-1" if ours == theirs else "2-0" if ours > theirs else "0-2"


def write(notation: Any, start: Any, moves: list, tags: dict[str, str] | None = None,
          payoffs: tuple | None = None) -> str:
    """The PDN of `moves` played from `start`: the tags given (White and Black, GameType),
    FEN when the start is not the game's own, and the numbered movetext."""
    game = notation.game
    state, texts = start, []
    for move in moves:
        texts.append(notation.pdn(state, move))
        state = game.apply(state, move)
    header = dict(tags or {})
    header["Result"] = result_token(notation, state, payoffs)
    if start != game.initial_state():
        header["FEN"] = notation.fen(start)
    lines = [f'[{name} "{pgn._quoted(value)}"]' for name, value in header.items()]
    words = pgn.movetext(texts, 1, start[-2], header["Result"])
    return "\n".join(lines) + "\n\n" + pgn._wrapped(words) + "\n"


def read(text: str) -> pgn.Pgn:
    """The tags, moves and result of the first game of a PDN text.

    Raises:
        pgn.PgnError: a malformed tag, an unclosed comment or variation (`PDN line ...`).
    """
    return pgn.read(text, FORM, RESULTS)


def play(notation: Any, found: pgn.Pgn) -> tuple[tuple, list]:
    """The start (its FEN tag, or the game's) and the moves of a read PDN, each checked.

    Raises:
        pgn.PgnError: a FEN or a move this game cannot take (`PDN line 3, column 4, move
            5: '32-27' is not a legal move; legal moves: ...`), what was played before kept.
    """
    return pgn.play(notation, found, FORM)


__all__ = ["RESULTS", "play", "read", "result_token", "write"]
