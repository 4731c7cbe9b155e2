"""SVG pieces and small shapes for gdl.interpreter.python.svg: a piece by its style (a chess
glyph, a shogi piece, a stone, a lettered disc), a goal edge's outer sides, pegs of discs.
White's pieces are light with a dark outline, Black's dark."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from gdl.interpreter.core.picture_style import PALETTE, Style

GLYPH_FONTS = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, sans-serif"
KANJI_FONTS = "Noto Sans CJK JP, Hiragino Sans, Yu Gothic, sans-serif"
NEUTRAL = "#8c8c8c"


def piece(style: Style, player: int, kind: int, cx: float, cy: float, cell: float,
          letter: str = "") -> str:
    """One piece centred on (cx, cy) in a cell `cell` pixels wide; a shogi piece shows its
    `letter` (K, +P) small under its kanji."""
    if player >= len(style.colours):   # a neutral piece (an amazons arrow, a blocker)
        s = cell * 0.3
        return (f'<rect x="{cx - s:.1f}" y="{cy - s:.1f}" width="{2 * s:.1f}" '
                f'height="{2 * s:.1f}" rx="4" fill="{NEUTRAL}" stroke="#444"/>')
    colour = style.colours[player]
    symbol = style.symbols.get((player, kind), "")
    if style.glyphs == "chess":
        return (f'<text x="{cx:.1f}" y="{cy:.1f}" text-anchor="middle" '
                f'dominant-baseline="central" font-size="{cell * 0.8:.0f}" '
                f'font-family="{GLYPH_FONTS}" fill="{colour["fill"]}" '
                f'stroke="{colour["line"]}" stroke-width="1.2" class="piece">'
                f'{escape(symbol)}</text>')
    if style.glyphs == "shogi":
        return _shogi(symbol, letter, player, cx, cy, cell)
    radius = cell * (0.45 if style.board == "intersections" else 0.38)
    out = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{colour["fill"]}" '
           f'stroke="{colour["line"]}" stroke-width="1.5" class="piece"/>')
    if symbol:
        out += (f'<text x="{cx:.1f}" y="{cy:.1f}" text-anchor="middle" '
                f'dominant-baseline="central" font-size="{cell * 0.4:.0f}" font-weight="bold" '
                f'fill="{colour["ink"]}">{escape(symbol)}</text>')
    return out


def _shogi(symbol: str, letter: str, player: int, cx: float, cy: float, cell: float) -> str:
    """A five-sided wooden piece with its kanji (and its letter, small: legible where no font
    has the kanji), pointing at the opponent (the second player's turned round)."""
    w, h = cell * 0.36, cell * 0.42
    points = (f"{cx:.1f},{cy - h:.1f} {cx + w * 0.8:.1f},{cy - h * 0.6:.1f} "
              f"{cx + w:.1f},{cy + h:.1f} {cx - w:.1f},{cy + h:.1f} "
              f"{cx - w * 0.8:.1f},{cy - h * 0.6:.1f}")
    turn = f' transform="rotate(180 {cx:.1f} {cy:.1f})"' if player else ""
    return (f'<g class="piece"{turn}><polygon points="{points}" fill="#f3d9a4" stroke="#5a4630"/>'
            f'<text x="{cx:.1f}" y="{cy + h * 0.05:.1f}" text-anchor="middle" '
            f'dominant-baseline="central" font-size="{cell * 0.36:.0f}" '
            f'font-family="{KANJI_FONTS}" fill="#111">{escape(symbol)}</text>'
            f'<text x="{cx:.1f}" y="{cy + h * 0.8:.1f}" text-anchor="middle" '
            f'dominant-baseline="central" font-size="{cell * 0.17:.0f}" '
            f'fill="#5a2d0c">{escape(letter)}</text></g>')


def outer_sides(geo: Any, cells: tuple[int, ...], centres: dict, r: float
                ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The sides of a goal edge's hexagons that face off the board in the directions every
    one of its cells has no neighbour in (row 1: the two steps south)."""
    outward = [(dx, dy) for dx, dy in geo.adjacent
               if all(not geo.on_board(geo.xy(c)[0] + dx, geo.xy(c)[1] + dy) for c in cells)]
    sides = []
    for dx, dy in outward:
        angle = math.atan2(-1.5 * r * dy, r * math.sqrt(3) * (dx + dy / 2))
        for c in cells:
            cx, cy = centres[c]
            a, b = angle - math.pi / 6, angle + math.pi / 6
            sides.append(((cx + r * math.cos(a), cy + r * math.sin(a)),
                          (cx + r * math.cos(b), cy + r * math.sin(b))))
    return sides


def stacks(pegs: list[list[int]], margin: float) -> str:
    """Pegs of discs, bottom first (the towers of Hanoi)."""
    most = max([1] + [d for peg in pegs for d in peg])
    peg_w, height = (most + 1) * 18, (most + 2) * 20 + 2 * margin
    width = len(pegs) * peg_w + 2 * margin
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
             f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif">']
    for i, discs in enumerate(pegs):
        cx, base = margin + i * peg_w + peg_w / 2, height - margin
        parts.append(f'<rect x="{cx - 3:g}" y="{margin:g}" width="6" height="{base - margin:g}" '
                     f'fill="#6b4f2a"/>')
        for k, d in enumerate(discs):
            parts.append(f'<rect x="{cx - d * 9:g}" y="{base - (k + 1) * 20:g}" '
                         f'width="{d * 18}" height="18" rx="5" fill="{PALETTE[2 + d % 6]}"/>')
    return "\n".join(parts + ["</svg>"])
