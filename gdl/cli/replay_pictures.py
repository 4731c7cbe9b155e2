"""A replayed record as pictures: `gdl replay FILE --svg DIR` writes one SVG a ply (000.svg
the start, 001.svg after the first move, ...), `--animate OUT.svg` one animated SVG that
shows them in turn (SMIL, which browsers play; no raster library needed). Every picture
comes from the one board renderer (gdl.interpreter.python.svg), the last move's cells
marked.

A GIF would need a rasteriser (Pillow cannot draw SVG; cairosvg needs the cairo library),
so it is not offered: an animated SVG plays in any browser, and converts to GIF with
ImageMagick or a browser if one is wanted.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from gdl import records
from gdl.errors import GdlError
from gdl.interpreter.python.svg import board_svg
from gdl.position import move_cells

SECONDS = 1.0        # each ply's time in the animation
CAPTION = 24         # pixels under the board for the move's words
_SIZE = re.compile(r'width="([\d.]+)" height="([\d.]+)"')


def frames(game: Any, record: records.Record) -> list[tuple[str, str]]:
    """(caption, SVG document) of the start and of the position after each move."""
    state = records.start_state(game, record)
    first = board_svg(game, state)
    if first is None:
        raise GdlError(f"{game.name} has no picture to draw (its positions are text only)")
    out = [("start", first)]
    for number, text in enumerate(record.moves, 1):
        mover = game.players[game.current_player(state)]
        state = game.apply(state, game.parse_move(state, text))
        picture = board_svg(game, state, tuple(sorted(move_cells(game, text))))
        out.append((f"{number}. {mover} {text}", picture or ""))
    return out


def write_svgs(game: Any, record: records.Record, folder: Path) -> list[Path]:
    """One SVG a ply into `folder` (made if missing), named by the ply: 000.svg, 001.svg."""
    folder.mkdir(parents=True, exist_ok=True)
    pictures = frames(game, record)
    width = max(3, len(str(len(pictures) - 1)))
    paths = []
    for ply, (_, picture) in enumerate(pictures):
        path = folder / f"{ply:0{width}d}.svg"
        records.write_atomically(path, picture + "\n")
        paths.append(path)
    return paths


def animated(game: Any, record: records.Record, seconds: float = SECONDS) -> str:
    """The record as one SVG that shows each ply for `seconds`, its move written below,
    and starts again after the last."""
    pictures = frames(game, record)
    found = _SIZE.search(pictures[0][1])
    assert found is not None   # board_svg writes both
    width, height = float(found[1]), float(found[2])
    total, count = seconds * len(pictures), len(pictures)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" '
             f'height="{height + CAPTION:g}" font-family="sans-serif">',
             f'<rect width="{width:g}" height="{height + CAPTION:g}" fill="white"/>']
    for index, (caption, picture) in enumerate(pictures):
        start, end = index / count, (index + 1) / count
        times = f"0;{start:.6f};{end:.6f}" if index else f"0;{end:.6f}"
        values = "hidden;visible;hidden" if index else "visible;hidden"
        parts += [f'<g visibility="{"visible" if index == 0 else "hidden"}">',
                  f'<animate attributeName="visibility" values="{values}" keyTimes="{times}" '
                  f'calcMode="discrete" dur="{total:g}s" repeatCount="indefinite"/>',
                  picture,
                  f'<text x="{width / 2:g}" y="{height + CAPTION / 2:g}" text-anchor="middle" '
                  f'dominant-baseline="central" font-size="14">{escape(caption)}</text>',
                  "</g>"]
    return "\n".join([*parts, "</svg>"]) + "\n"


__all__ = ["animated", "frames", "write_svgs"]
