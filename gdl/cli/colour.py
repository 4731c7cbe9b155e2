"""Colour for `gdl play` on a terminal: the players' pieces in colour, the last move's
cells highlighted. Off when stdout is not a terminal or NO_COLOR is set (no-color.org)."""

from __future__ import annotations

import os
from typing import Any, TextIO

from gdl.position import move_cells

__all__ = ["colour_board", "move_cells", "wanted"]

RESET = "\x1b[0m"
PLAYER_STYLES = ("\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[1;35m", "\x1b[1;33m",
                 "\x1b[1;36m", "\x1b[1;37m", "\x1b[1;90m")
LAST_MOVE = "\x1b[7m"      # reverse video
ROW_LABEL = 3              # render's rows are "NN c c c": cell x at column 3 + 2x


def wanted(stream: TextIO) -> bool:
    """Colour for `stream`: a terminal, and NO_COLOR unset or empty."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR")


def colour_board(game: Any, picture: str, last: set[str]) -> str:
    """`game.render(...)` with pieces coloured by owner and the cells in `last` reversed.
    Pictures of games without a grid and glyphs come back unchanged."""
    geo, glyph = getattr(game, "geometry", None), getattr(game, "glyph", None)
    if geo is None or glyph is None or not geo.width or getattr(geo, "shape", "square") != "square":
        return picture   # the column arithmetic below is the square grid's
    owner = {glyph(p, k): p for p in range(len(game.players)) for k in range(len(game.ir.pieces))}
    rows = picture.split("\n")
    for i in range(geo.height):
        row, y = rows[i], geo.height - i
        out = [row[:ROW_LABEL]]
        for x in range(geo.width):
            mark = row[ROW_LABEL + 2 * x] if ROW_LABEL + 2 * x < len(row) else " "
            style = PLAYER_STYLES[owner[mark] % len(PLAYER_STYLES)] if mark in owner else ""
            if f"{chr(ord('a') + x)}{y}" in last:
                style += LAST_MOVE
            out.append(f"{style}{mark}{RESET}" if style else mark)
        gaps = [row[ROW_LABEL + 2 * x + 1] if ROW_LABEL + 2 * x + 1 < len(row) else " "
                for x in range(geo.width - 1)]   # blanks, or a go board's lines
        rows[i] = row[:ROW_LABEL] + "".join(m + g for m, g in zip(out[1:], gaps + [""]))
    return "\n".join(rows)
