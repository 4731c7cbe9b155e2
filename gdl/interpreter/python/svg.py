"""A position as SVG, for notebooks (`Position._repr_svg_`).

Boards are drawn by their kind (see gdl.interpreter.core.picture_style): squares, a go
board's intersections, hexagons with a connection game's goal edges in the player's
colour, points and links, pits with their counts; pieces as chess glyphs, shogi kanji,
stones or lettered discs, White's white and Black's black. Sliding tiles and stacks
puzzles are drawn too. Games with nothing to draw (nim, the permutation puzzles) get
None, and Jupyter shows the text instead.
"""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.layouts import picture as puzzle_picture
from gdl.interpreter.python import svg_pieces

CELL = 40                  # pixels per square, a hex's width, a point's spacing
MARGIN = 20                # room for the coordinates
LIGHT, DARK, LAST = "#f0d9b5", "#b58863", "#f7e463"
WOOD, PIT, HEX_FILL, LINE = "#a0703c", "#7b5230", "#e8dcc4", "#333333"


def _pieces(game: Any, state: tuple) -> dict[int, tuple[int, int]]:
    """cell -> (player, kind) from the state's piece planes."""
    kinds = len(game.ir.pieces)
    out = {}
    for plane in range(len(game.ir.initial_planes)):
        player, kind = divmod(plane, kinds)
        for cell in bits(state[plane]):
            out[cell] = (player, kind)
    return out


def _document(width: float, height: float, parts: list[str]) -> str:
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" '
                      f'height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
                      f'font-family="sans-serif">', *parts, "</svg>"])


def _label(x: float, y: float, words: str, size: int = 12, fill: str = "#333") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{size}" fill="{fill}">{escape(words)}</text>')


def board_svg(game: Any, state: Any, highlight: tuple[str, ...] = ()) -> str | None:
    """The position `state` as an SVG document; the cells named in `highlight` (the last
    move's) are marked. None when there is nothing to draw."""
    if hasattr(game, "state_text") and hasattr(game, "ir"):   # a tiles or stacks puzzle
        return _puzzle_svg(game, state)
    geo = getattr(game, "geometry", None)
    if geo is None or not getattr(geo, "width", 0) or not hasattr(game, "style"):
        return None
    style = game.style()
    marked = {geo.names[name] for name in highlight if name in geo.names}
    if style.board == "hex":
        centres, width, height, parts = _hex_board(game, marked)
    else:
        centres = {c: (MARGIN + geo.xy(c)[0] * CELL + CELL / 2,
                       (geo.height - 1 - geo.xy(c)[1]) * CELL + CELL / 2) for c in geo.cells}
        width, height = geo.width * CELL + MARGIN, geo.height * CELL + MARGIN
        draw = {"intersections": _intersections, "links": _links, "pits": _pits}.get(
            style.board, _squares)
        parts = draw(game, state, centres, marked) + _coordinates(geo, height)
    for cell, (player, kind) in sorted(_pieces(game, state).items()):
        if style.board != "pits":
            cx, cy = centres[cell]
            parts.append(svg_pieces.piece(style, player, kind, cx, cy, CELL,
                                          game.glyph(player, kind).strip().upper()))
    return _document(width, height, parts)


def _squares(game: Any, state: Any, centres: dict, marked: set[int]) -> list[str]:
    geo, parts = game.geometry, []
    all_playable = len(geo.cells) == geo.width * geo.height
    chequered = all_playable and min(geo.width, geo.height) >= 8 and \
        game.style().glyphs != "shogi"   # chess-like boards; a shogi board is plain
    for y in range(geo.height):
        for x in range(geo.width):
            cell = geo.cell(x, y)
            px, py = MARGIN + x * CELL, (geo.height - 1 - y) * CELL
            # A board with a playable subset (draughts' dark squares) shows it dark.
            dark = (x + y) % 2 == 0 if chequered else not all_playable and geo.on_board(x, y)
            fill = LAST if geo.on_board(x, y) and cell in marked else DARK if dark else LIGHT
            parts.append(f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" '
                         f'fill="{fill}" stroke="#8a7a66" stroke-width="1"/>')
    return parts


def _intersections(game: Any, state: Any, centres: dict, marked: set[int]) -> list[str]:
    """A go board: lines through the points, stones on them."""
    geo = game.geometry
    x0, x1 = MARGIN + CELL / 2, MARGIN + (geo.width - 0.5) * CELL
    y0, y1 = CELL / 2, (geo.height - 0.5) * CELL
    parts = [f'<rect x="{MARGIN}" y="0" width="{geo.width * CELL}" '
             f'height="{geo.height * CELL}" fill="#dcb35c"/>']
    for x in range(geo.width):
        px = x0 + x * CELL
        parts.append(f'<line x1="{px}" y1="{y0}" x2="{px}" y2="{y1}" stroke="{LINE}"/>')
    for y in range(geo.height):
        py = y0 + y * CELL
        parts.append(f'<line x1="{x0}" y1="{py}" x2="{x1}" y2="{py}" stroke="{LINE}"/>')
    return parts + [_ring(*centres[c]) for c in sorted(marked)]


def _ring(cx: float, cy: float) -> str:
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{CELL * 0.46:.1f}" fill="none" '
            f'stroke="{LAST}" stroke-width="4"/>')


def _links(game: Any, state: Any, centres: dict, marked: set[int]) -> list[str]:
    """Points joined by lines (nine men's morris)."""
    parts = []
    for a, b in game.geometry.links:
        (ax, ay), (bx, by) = centres[a], centres[b]
        parts.append(f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{LINE}" '
                     f'stroke-width="3"/>')
    for cx, cy in centres.values():
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="{LINE}"/>')
    return parts + [_ring(*centres[c]) for c in sorted(marked)]


def _pits(game: Any, state: Any, centres: dict, marked: set[int]) -> list[str]:
    """Pits and stores with their counts (a store: a counted cell alone in its column)."""
    geo = game.geometry
    planes = len(game.ir.initial_planes)
    counted = next(i for i, v in enumerate(game.ir.variables) if v.type == ir.COUNTS)
    counts = state[planes + counted]
    parts = [f'<rect x="{MARGIN + 2}" y="2" width="{geo.width * CELL - 4}" '
             f'height="{geo.height * CELL - 4}" rx="14" fill="{WOOD}"/>']
    for cell, (cx, cy) in centres.items():
        x, y = geo.xy(cell)
        store = geo.height > 1 and not any(geo.on_board(x, o) for o in range(geo.height)
                                           if o != y)
        top, tall = (CELL * 0.1, geo.height * CELL - CELL * 0.2) if store else \
            (cy - CELL * 0.4, CELL * 0.8)
        ring = LAST if cell in marked else "#4a2f18"
        parts.append(f'<rect x="{cx - CELL * 0.4:.1f}" y="{top:.1f}" width="{CELL * 0.8:.1f}" '
                     f'height="{tall:.1f}" rx="{CELL * 0.4:.1f}" fill="{PIT}" stroke="{ring}" '
                     f'stroke-width="2"/>')
        parts.append(_label(cx, top + tall / 2, str(counts[cell]), 16, "#fff"))
    return parts


def _coordinates(geo: Any, height: float) -> list[str]:
    parts = [_label(MARGIN + x * CELL + CELL / 2, height - MARGIN / 2, chr(ord("a") + x))
             for x in range(geo.width)]
    return parts + [_label(MARGIN / 2, (geo.height - 1 - y) * CELL + CELL / 2,
                           str(geo.row_number(y))) for y in range(geo.height)]


def _hex_board(game: Any, marked: set[int]) -> tuple[dict, float, float, list[str]]:
    """Pointy-top hexagons, each row half a cell right of the one below; a goal edge's
    outer sides in its player's colour."""
    geo, style = game.geometry, game.style()
    r = CELL / math.sqrt(3)
    xs = [CELL * (geo.xy(c)[0] + geo.xy(c)[1] / 2) for c in geo.cells]
    least = min(xs)
    centres = {c: (MARGIN + CELL / 2 + px - least,
                   MARGIN + r + 1.5 * r * (geo.height - 1 - geo.xy(c)[1]))
               for c, px in zip(geo.cells, xs)}
    width, height = max(xs) - least + CELL + 2 * MARGIN, 1.5 * r * (geo.height - 1) + 2 * r + \
        2 * MARGIN
    parts = []
    for c, (cx, cy) in centres.items():
        fill = LAST if c in marked else HEX_FILL
        parts.append(f'<polygon points="{_corners(cx, cy, r)}" fill="{fill}" '
                     f'stroke="#7a6a55" stroke-width="1.5"/>')
    for player, cells in style.goals:
        colour = style.colours[player]
        for (ax, ay), (bx, by) in svg_pieces.outer_sides(geo, cells, centres, r):
            line = f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
            parts.append(line + f'stroke="{colour["line"]}" stroke-width="8" '
                         f'stroke-linecap="round" class="goal" data-player="{player}"/>')
            parts.append(line + f'stroke="{colour["fill"]}" stroke-width="5" '
                         f'stroke-linecap="round"/>')
    for c, (cx, cy) in centres.items():
        x, y = geo.xy(c)
        if y == 0:
            parts.append(_label(cx, cy + r + 9, chr(ord("a") + x), 11))
        if x == 0 or not geo.on_board(x - 1, y):
            parts.append(_label(cx - CELL * 0.75, cy, str(geo.row_number(y)), 11))
    return centres, width, height, parts


def _corners(cx: float, cy: float, r: float) -> str:
    return " ".join(f"{cx + r * math.cos(math.radians(60 * i - 30)):.1f},"
                    f"{cy + r * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))


def _puzzle_svg(puzzle: Any, state: Any) -> str | None:
    """Sliding tiles (numbered squares, a gap for the blank) or pegs of discs."""
    rows, pegs = puzzle_picture.tiles(puzzle, state), puzzle_picture.stacks(puzzle, state)
    if rows is not None:
        parts = []
        for r, row in enumerate(rows):
            for c, tile in enumerate(row):
                if tile:
                    x, y = MARGIN + c * CELL, MARGIN + r * CELL
                    parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" '
                                 f'height="{CELL - 4}" rx="6" fill="{DARK}" stroke="#5a4630"/>')
                    parts.append(_label(x + CELL / 2, y + CELL / 2, str(tile), 18, "#fff"))
        return _document(len(rows[0]) * CELL + 2 * MARGIN, len(rows) * CELL + 2 * MARGIN,
                         parts)
    if pegs is not None:
        return svg_pieces.stacks(pegs, MARGIN)
    return None
