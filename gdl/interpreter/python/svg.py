"""A square-grid board as SVG, for notebooks (`Position._repr_svg_`).

It reads a compiled game's documented state layout (see CompiledGame): one
bitmask per (player, piece kind) first. Games without a square grid (nim, the
puzzles, hex and points boards) get no picture: None, and Jupyter shows the text
instead.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from gdl.interpreter.core.geometry import bits

CELL = 40                  # pixels per square
MARGIN = 20                # room for the coordinates
PLAYER_COLOURS = ("#222222", "#f4f4f4", "#c0392b", "#2e86c1", "#27ae60", "#8e44ad",
                  "#d68910", "#17a589")
LIGHT, DARK, LAST = "#f0d9b5", "#b58863", "#f7e463"


def _pieces(game: Any, state: tuple) -> dict[int, tuple[int, int]]:
    """cell -> (player, kind) from the state's piece planes."""
    kinds = len(game.ir.pieces)
    out = {}
    for plane in range(len(game.ir.initial_planes)):
        player, kind = divmod(plane, kinds)
        for cell in bits(state[plane]):
            out[cell] = (player, kind)
    return out


def board_svg(game: Any, state: Any, highlight: tuple[str, ...] = ()) -> str | None:
    """The board of `state` as an SVG document; the cells named in `highlight` (the last
    move's) are tinted. None when the game has no square grid."""
    geo = getattr(game, "geometry", None)
    if geo is None or not getattr(geo, "width", 0) or not hasattr(game, "ir"):
        return None
    if getattr(geo, "shape", "square") != "square":   # hex grids, points and links: not yet
        return None
    width, height = geo.width * CELL + MARGIN, geo.height * CELL + MARGIN
    marked = {geo.names[name] for name in highlight if name in geo.names}
    all_playable = len(geo.cells) == geo.width * geo.height
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">']
    pieces = _pieces(game, state)
    for y in range(geo.height):
        for x in range(geo.width):
            cell = geo.cell(x, y)
            px, py = MARGIN + x * CELL, (geo.height - 1 - y) * CELL
            # A board with a playable subset (draughts' dark squares) shows it dark.
            fill = LAST if cell in marked else LIGHT if all_playable or not geo.on_board(
                x, y) else DARK
            parts.append(f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" '
                         f'fill="{fill}" stroke="#8a7a66" stroke-width="1"/>')
            if cell in pieces:
                player, kind = pieces[cell]
                colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
                parts.append(f'<circle cx="{px + CELL / 2}" cy="{py + CELL / 2}" '
                             f'r="{CELL * 0.38}" fill="{colour}" stroke="#555" '
                             f'stroke-width="1.5"/>')
                if kind:   # other kinds than the first carry their initial
                    ink = "#f4f4f4" if player != 1 else "#222222"
                    parts.append(f'<text x="{px + CELL / 2}" y="{py + CELL / 2 + 5}" '
                                 f'text-anchor="middle" font-size="15" fill="{ink}">'
                                 f'{escape(game.ir.pieces[kind][0].upper())}</text>')
    for x in range(geo.width):
        parts.append(f'<text x="{MARGIN + x * CELL + CELL / 2}" y="{height - 5}" '
                     f'text-anchor="middle" font-size="12">{chr(ord("a") + x)}</text>')
    for y in range(geo.height):
        parts.append(f'<text x="{MARGIN / 2}" y="{(geo.height - 1 - y) * CELL + CELL / 2 + 4}" '
                     f'text-anchor="middle" font-size="12">{y + 1}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
