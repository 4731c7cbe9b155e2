"""Game records as PGN, for games that declare `notation chess` (see
gdl.interpreter.notation.pgn): `gdl replay FILE --pgn OUT` writes one, `gdl replay GAME.pgn`
reads one as a record.

A PGN names no rules file: its `Variant` tag picks antichess (Antichess, Giveaway), crazyhouse,
three_check (Three-check, 3check), anything else chess. The record keeps the game's own
move texts (`e2-e4`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gdl import catalog, records
from gdl.errors import GdlError
from gdl.interpreter.notation import adapter, pgn

VARIANTS = {"antichess": "antichess", "giveaway": "antichess", "crazyhouse": "crazyhouse",
            "three-check": "three_check", "3check": "three_check"}
MAX_BYTES = 1 << 20


def is_pgn_path(text: str | None) -> bool:
    return bool(text) and str(text).lower().endswith(".pgn")


def notation_of(game: Any, where: str) -> Any:
    found = adapter(game)
    if getattr(found, "name", None) != "chess":
        raise GdlError(f"{where}: {game.name} declares no `notation chess`: no SAN, FEN or "
                       "PGN")
    return found


def export(game: Any, record: records.Record, where: str = "the record") -> str:
    """The record as PGN: the players' specs as White and Black, gdl as the Site."""
    notation = notation_of(game, where)
    start, moves = records.played(game, record, where)
    tags = {"Event": f"gdl {game.title}", "Site": "gdl", "White": record.players[0],
            "Black": record.players[1]}
    if game.name in VARIANTS.values():
        tags["Variant"] = game.title
    return pgn.write(notation, start, moves, tags, record.payoffs)


def read(path: str | Path) -> records.Record:
    """The first game of the PGN file at `path` as a record (its moves checked).

    Raises:
        GdlError: unreadable, or a PgnError (malformed, or an illegal move: where, in one
            line, after `path`).
    """
    try:
        text = Path(path).read_bytes()[:MAX_BYTES].decode("utf-8", "replace")
    except OSError as err:
        raise GdlError(f"{path}: cannot read the PGN: {err.strerror}") from None
    try:
        found = pgn.read(text)
    except pgn.PgnError as err:
        raise GdlError(f"{path}: {err}") from None
    name = VARIANTS.get(found.tags.get("Variant", "").lower(), "chess")
    game = catalog.load(name)
    try:
        start, moves = pgn.play(notation_of(game, str(path)), found)
    except pgn.PgnError as err:   # what was read before the fault is kept, for --moves
        kept = records.kept(game, err.start, err.played)
        raise pgn.PgnError(f"{path}: {err}{kept}", err.played, err.start) from None
    texts = records.move_texts(game, start, moves)
    position = None if "FEN" not in found.tags else game.position_text(start)
    return records.Record(
        game=name, rules_sha256=records.rules_hash(name), options={},
        start=records.Start(position=position),
        players=(found.tags.get("White", "?"), found.tags.get("Black", "?")),
        moves=tuple(texts), seconds=(0.0,) * len(texts), result=None, payoffs=None)


__all__ = ["export", "is_pgn_path", "read"]
