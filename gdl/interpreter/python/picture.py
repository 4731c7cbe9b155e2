"""The terminal picture of a compiled game's position (`gdl play`, `print(position)`).

The board, top row first, with row numbers and column letters: a square grid as it is;
a go board's points joined along their rows (`+-+-B-+`); a hex grid with each row half a
cell right of the one below (so every cell's six neighbours touch it); a points board on
its grid with its links drawn. Then a connection game's goal edges in words, the hands
(shogi), the heaps of a game without a board (nim), and who is to move or the result. The
state's other variables (plies, a fifty-move counter, castling rights, ko) are
bookkeeping: shown only with `details`.
"""

from __future__ import annotations

from typing import Any

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.python import hands_picture
from gdl.protocol import has_simultaneous


def render(game: Any, state: tuple, details: bool = False) -> str:
    geo, gir = game.geometry, game.ir
    planes = len(gir.initial_planes)
    marks = {}
    for index in range(planes):
        player, kind = divmod(index, len(gir.pieces))
        for cell in bits(state[index]):
            marks[cell] = game.glyph(player, kind)
    counted = next((i for i, v in enumerate(gir.variables) if v.type == ir.COUNTS), None)
    if counted is not None:   # cells that hold a count show it (seeds in pits)
        counts = state[planes + counted]
        width = max(len(str(n)) for n in counts)
        for cell in geo.cells:
            marks.setdefault(cell, str(counts[cell]).rjust(width))
    rows = board_rows(game, marks) + goal_lines(game) + variable_lines(game, state, details)
    if state[-1]:
        rows.append(game.outcome_text(state))
    else:
        rows.append(" and ".join(game.players) + " choose at once"
                    if has_simultaneous(game)
                    else f"{game.players[state[-2]]} to move")
    return "\n".join(rows)


def goal_lines(game: Any) -> list[str]:
    """A connection game's goal edges in words: `Black joins row 1 and row 11`."""
    geo, out = game.geometry, []
    joins: dict[int, list[str]] = {}
    for player, cells in game.style().goals:
        xs, ys = {geo.xy(c)[0] for c in cells}, {geo.xy(c)[1] for c in cells}
        joins.setdefault(player, []).append(
            f"row {ys.pop() + 1}" if len(ys) == 1 else
            f"column {chr(ord('a') + xs.pop())}" if len(xs) == 1 else
            " ".join(geo.name(c) for c in cells))
    for player, edges in joins.items():
        out.append(f"{game.players[player]} joins {' and '.join(edges)}")
    return out


def variable_lines(game: Any, state: tuple, details: bool = False,
                   bookkeeping: bool = False) -> list[str]:
    """The lines under the board: the hands (shogi) and a boardless game's lists (nim's
    heaps); with `details` the other variables too; with `bookkeeping` only those others."""
    geo, gir = game.geometry, game.ir
    rows = []
    rolled = {c.variable for c in gir.chances if c.every_turn}   # the dice a turn moves by
    drawn = {c.variable for c in gir.chances} | {gir.pending, gir.plies}   # 0 between moves
    for number, (variable, value) in enumerate(
            zip(gir.variables, state[len(gir.initial_planes):])):
        if variable.type in (ir.HISTORY, ir.COUNTS):   # counts are drawn on the board
            continue
        shown = number == gir.hand or not geo.width and variable.type == ir.LIST \
            or number in rolled or gir.chances and not geo.width and variable.type == ir.INT \
            and number not in drawn   # a dice game's totals (Pig)
        if shown and bookkeeping or not shown and not (details or bookkeeping):
            continue
        if number == gir.hand:
            rows += hands_picture.hand_lines(gir, game.letters(), value)
            continue
        if variable.type == ir.CELLS:   # a remembered cell: its names
            value = " ".join(geo.name(c) for c in bits(value)) or "none"
        rows.append(f"{variable.name}: {value}")
    return rows


def board_rows(game: Any, marks: dict[int, str]) -> list[str]:
    """The board's rows. A mark may be wider than one letter (a count): every cell then
    takes that width."""
    geo = game.geometry
    wide = max(map(len, marks.values()), default=1)
    tall = 2 if geo.shape == "points" else 1    # canvas lines per row of the grid
    points = game.style().board == "intersections"
    # canvas[line][2x] is the slot of column x (`wide` letters), canvas[line][2x + 1] a gap
    gap = "-" if points else " "
    canvas = [[" " * wide if i % 2 == 0 else gap for i in range(2 * geo.width - 1)]
              for _ in range(tall * geo.height - tall + 1)]
    if geo.shape == "points":
        draw_links(geo, canvas, wide)
    empty = "+" if points else "."
    for c in geo.cells:
        x, y = geo.xy(c)
        canvas[tall * y][2 * x] = marks.get(c, empty).rjust(wide)
    rows = []
    for line in range(len(canvas) - 1, -1, -1) if geo.width else ():   # none without a board
        y, between = divmod(line, tall)
        text = "".join(canvas[line])
        if geo.shape == "hex":
            text = (" " * (y * (wide + 1) // 2) + text).rstrip()
        row = f"{'' if between else geo.row_number(y):>2} {text}"
        rows.append(row.rstrip() if tall > 1 else row)   # a square row keeps its blanks
    if geo.width:
        rows.append("   " + " ".join(chr(ord("a") + x).rjust(wide) for x in range(geo.width)))
    return rows


def draw_links(geo: Any, canvas: list[list[str]], wide: int) -> None:
    """A points board's links, point (x, y) being canvas[2y][2x]: `-` along a row, `|`
    along a column, `/` and `\\` along a diagonal, `+` where two links cross."""
    for a, b in geo.links:
        (ax, ay), (bx, by) = geo.xy(a), geo.xy(b)
        dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
        mark = "|" if not dx else "-" if not dy else "/" if dx == dy else "\\"
        x2, y2 = 2 * ax + dx, 2 * ay + dy
        while (x2, y2) != (2 * bx, 2 * by):
            slot = wide if x2 % 2 == 0 else 1
            old = canvas[y2][x2].strip()
            fill = mark * slot if mark == "-" else mark.rjust(slot)
            canvas[y2][x2] = fill if old in ("", mark) else "+".rjust(slot)
            x2, y2 = x2 + dx, y2 + dy
