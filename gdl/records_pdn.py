"""Draughts records as PDN, for games that declare `notation draughts` (see
gdl.interpreter.notation.pdn): `gdl replay FILE --pdn OUT` writes one, `gdl replay GAME.pdn`
reads one as a record.

A PDN names no rules file: its `GameType` tag picks the bundled game (20, or none:
international_draughts; 21: draughts, the English game; 26: international_draughts on
8 x 8, Brazilian). The record keeps the game's own move texts (`c3-d4`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gdl import catalog, records
from gdl.errors import GdlError
from gdl.interpreter.notation import adapter, pdn, pgn
from gdl.interpreter.notation.draughts import DraughtsNotation

# GameType -> (bundled game, options), and back
GAME_TYPES: dict[str, tuple[str, dict[str, str]]] = {
    "20": ("international_draughts", {}), "21": ("draughts", {}),
    "26": ("international_draughts", {"size": "8"})}
MAX_BYTES = 1 << 20


def is_pdn_path(text: str | None) -> bool:
    return bool(text) and str(text).lower().endswith(".pdn")


def notation_of(game: Any, where: str) -> DraughtsNotation:
    found = adapter(game)
    if not isinstance(found, DraughtsNotation):
        raise GdlError(f"{where}: {game.name} declares no `notation draughts`: no PDN")
    return found


def game_type(notation: DraughtsNotation) -> str | None:
    """PDN's GameType of the board's size and the first player's colour (what its long
    form, `21,B,8,8,N1,0`, spells out), None when it is none of GAME_TYPES."""
    side = notation.game.ir.geometry.width
    return {(10, "W"): "20", (8, "B"): "21", (8, "W"): "26"}.get((side, notation.map.colour_of[0]))


def export(game: Any, record: records.Record, where: str = "the record") -> str:
    """The record as PDN: the players' specs as White and Black (by colour), gdl as Site."""
    notation = notation_of(game, where)
    start, moves = records.played(game, record, where)
    colours = notation.map.colour_of
    tags = {"Event": f"gdl {game.title}", "Site": "gdl",
            "White": record.players[colours.index("W")],
            "Black": record.players[colours.index("B")]}
    number = game_type(notation)
    if number is not None:
        tags["GameType"] = number
    return pdn.write(notation, start, moves, tags, record.payoffs)


def read(path: str | Path) -> records.Record:
    """The first game of the PDN file at `path` as a record (its moves checked).

    Raises:
        GdlError: unreadable, an unknown GameType, or a PgnError (malformed, or an illegal
            move: where, in one line, after `path`; the moves before it kept for --moves).
    """
    try:
        text = Path(path).read_bytes()[:MAX_BYTES].decode("utf-8", "replace")
    except OSError as err:
        raise GdlError(f"{path}: cannot read the PDN: {err.strerror}") from None
    try:
        found = pdn.read(text)
    except pgn.PgnError as err:
        raise GdlError(f"{path}: {err}") from None
    kind = found.tags.get("GameType", "20").split(",")[0].strip()
    if kind not in GAME_TYPES:
        raise GdlError(f"{path}: PDN tag GameType: {kind!r} is not a game gdl has (known: "
                       f"{', '.join(f'{n} {g}' for n, (g, _) in GAME_TYPES.items())})")
    name, options = GAME_TYPES[kind]
    game = catalog.load(name, options)
    notation = notation_of(game, str(path))
    try:
        start, moves = pdn.play(notation, found)
    except pgn.PgnError as err:
        kept = records.kept(game, err.start, err.played) if err.start is not None else ""
        raise pgn.PgnError(f"{path}: {err}{kept}", err.played, err.start) from None
    texts = records.move_texts(game, start, moves)
    position = None if "FEN" not in found.tags else game.position_text(start)
    colours = notation.map.colour_of
    players = tuple(found.tags.get("White" if c == "W" else "Black", "?") for c in colours)
    return records.Record(
        game=name, rules_sha256=records.rules_hash(name), options=dict(options),
        start=records.Start(position=position), players=players, moves=tuple(texts),
        seconds=(0.0,) * len(texts), result=None, payoffs=None)


__all__ = ["GAME_TYPES", "export", "is_pdn_path", "read"]
