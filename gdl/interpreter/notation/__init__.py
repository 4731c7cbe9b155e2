"""Standard notations a game may declare (`notation chess`), read and written from its IR.

`adapter(game)` gives the compiled game's adapter (None without a `notation`
statement): for chess, SAN and UCI moves, FEN/EPD positions and PGN records (see
chess.ChessNotation); for go, SGF records (sgf.GoNotation); for shogi, SFEN and USI; for
draughts, PDN; for quoridor and havannah, OpenSpiel's cell names (spiel_cells). Havannah's
names are also the game's own (`named_geometry`): its move texts, positions and pictures count
rows from the top. The mapping onto the
notation is derived from the board and the piece names (board_map), never from the
game's name.
"""

from __future__ import annotations

from typing import Any

import attrs

from gdl.interpreter.core.geometry import Geometry

# Notations whose cell names replace the board's own wherever a move or position is read or
# written: they count rows from the top, so each of their names is also the board's name of
# another cell, and only one of the two sets may be what a user meets.
ROWS_FROM_TOP = ("havannah",)


def renames_cells(ir: Any) -> bool:
    """Whether the game's declared notation replaces the board's cell names."""
    return getattr(ir, "notation", None) in ROWS_FROM_TOP


def named_geometry(ir: Any) -> Geometry:
    """The board as people meet it: the rules' geometry, its rows numbered from the top
    when the notation says so (the rules text keeps its own names: `row 1` is the bottom)."""
    if renames_cells(ir):
        return attrs.evolve(ir.geometry, rows_down=True)
    return ir.geometry


def adapter(game: Any) -> Any:
    """The notation adapter of a compiled game (Python or native: it asks that game for
    legal moves), made once; None when the game declares no notation."""
    if getattr(game.ir, "notation", None) is None:
        return None
    made = game.__dict__.get("_notation_adapter")
    if made is None:
        if game.ir.notation == "go":
            from gdl.interpreter.notation.sgf import GoNotation
            made = GoNotation(game)
        elif game.ir.notation == "shogi":
            from gdl.interpreter.notation.shogi import ShogiNotation
            made = ShogiNotation(game)
        elif game.ir.notation in ("quoridor", "havannah"):
            from gdl.interpreter.notation.spiel_cells import SpielCellNotation
            made = SpielCellNotation(game)
        elif game.ir.notation == "draughts":
            from gdl.interpreter.notation.draughts import DraughtsNotation
            made = DraughtsNotation(game)
        else:
            from gdl.interpreter.notation.chess import ChessNotation
            made = ChessNotation(game)
        game.__dict__["_notation_adapter"] = made
    return made
