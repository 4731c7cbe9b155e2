"""Go records as SGF, for games that declare `notation go` (see
gdl.interpreter.notation.sgf): `gdl replay FILE --sgf OUT` writes one, `gdl replay GAME.sgf`
reads one as a record of the bundled go at the SGF's board size (SZ).

The record keeps the game's own move texts (`e5`, `pass`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gdl import catalog, records
from gdl.errors import GdlError
from gdl.interpreter.notation import adapter, sgf

MAX_BYTES = 1 << 20


def is_sgf_path(text: str | None) -> bool:
    return bool(text) and str(text).lower().endswith(".sgf")


def notation_of(game: Any, where: str) -> Any:
    found = adapter(game)
    if not isinstance(found, sgf.GoNotation):
        raise GdlError(f"{where}: {game.name} declares no `notation go`: no SGF")
    return found


def export(game: Any, record: records.Record, where: str = "the record") -> str:
    """The record as SGF (the players' specs as PB and PW, its result as RE)."""
    notation = notation_of(game, where)
    start, moves = records.played(game, record, where)
    return notation.write(start, moves, (record.players[0], record.players[1]), record.payoffs)


def read(path: str | Path) -> records.Record:
    """The main line of the SGF file at `path` as a record of go (its moves checked).

    Raises:
        GdlError: unreadable, or an SgfError (malformed, another game, an illegal move:
            where, in one line, after `path`; the moves before it kept for --moves).
    """
    try:
        text = Path(path).read_bytes()[:MAX_BYTES].decode("utf-8", "replace")
    except OSError as err:
        raise GdlError(f"{path}: cannot read the SGF: {err.strerror}") from None
    try:
        root = sgf.main_line(text)[:1]
    except sgf.SgfError as err:
        raise GdlError(f"{path}: {err}") from None
    properties = root[0].properties if root else {}
    if properties.get("GM", ["1"])[0] != "1":
        raise GdlError(f"{path}: GM[{properties['GM'][0]}] is not go (GM[1])")
    size = properties.get("SZ", ["19"])[0]
    options = {"size": size} if size.isdigit() else {}
    try:
        game = catalog.load("go", options)
    except GdlError as err:
        raise GdlError(f"{path}: SZ[{size}]: {err}") from None
    try:
        moves = notation_of(game, str(path)).read(text)
    except sgf.SgfError as err:
        kept = records.kept(game, game.initial_state(), err.played)
        raise GdlError(f"{path}: {err}{kept}") from None
    texts = records.move_texts(game, game.initial_state(), moves)
    return records.Record(
        game="go", rules_sha256=records.rules_hash("go"), options=options,
        start=records.Start(), players=(properties.get("PB", ["?"])[0],
                                        properties.get("PW", ["?"])[0]),
        moves=tuple(texts), seconds=(0.0,) * len(texts), result=None, payoffs=None)


__all__ = ["export", "is_sgf_path", "read"]
