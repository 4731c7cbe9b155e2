"""What OpenSpiel's cell notations need of a game, read from its core IR alone: the name of
each cell as OpenSpiel's `action_to_string` writes it, and OpenSpiel's order of the cells.

`notation quoridor` (Glendenning's notation, as OpenSpiel writes it): a square board of 2n - 1
cells a side, all playable, squares at gdl's odd rows and columns, wall slots and joints
between. OpenSpiel's (x, y) counts y down from the far row of the first player, who starts in
the bottom half (a game whose first player starts on top is turned round). A cell is named by
its square: the letter of column x // 2 and the number y // 2 + 1, then `v` on a slot between
columns (x odd) or `h` on a slot between rows (y odd): `c4`, `a1v`, `d3h`.

`notation havannah`: a hex board of hexagon shape (side n, 2n - 1 cells across). OpenSpiel's
(x, y) is gdl's column - 1 and its row counted from the top; a cell is the letter of x and
the number y + 1 (`d1` is gdl's top cell of column d).

A move is named by the first cell (in OpenSpiel's order, row by row from its y = 0) that it
fills: a pawn's destination, a wall's first slot, a stone's cell (see spiel_cells).
"""

from __future__ import annotations

import attrs

from gdl.interpreter.core.geometry import Geometry, bits
from gdl.interpreter.notation.board_map import _full_square

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@attrs.frozen
class SpielCells:
    """OpenSpiel's name and index of each cell of a board."""
    name_of: dict[int, str]    # cell -> "c4", "a1v"
    order_of: dict[int, int]   # cell -> OpenSpiel's index (x + y * width)
    pattern: str               # what a name looks like (a regular expression)


def _two_players(name: str, players: tuple[str, ...]) -> None:
    if len(players) != 2:
        raise ValueError(f"{name} notation needs two players, this game has {len(players)}")


def quoridor_map(players: tuple[str, ...], pieces: tuple[str, ...], geometry: Geometry | None,
                 planes: tuple[int, ...] = ()) -> SpielCells:
    """The names of a quoridor board's squares and wall slots.

    Raises:
        ValueError: the game cannot be written so (the reason, one sentence).
    """
    _two_players("quoridor", players)
    geometry = _full_square(
        geometry, lambda g: g.width == g.height and g.width % 2 == 1
        and 3 <= g.width < 2 * len(LETTERS),
        "quoridor notation needs a square board of 2n - 1 cells a side (squares at odd rows "
        "and columns, slots between), all playable")
    side = geometry.width
    first = 0   # the first player's pieces (planes: owner by owner, kind by kind)
    for plane in planes[:len(pieces)]:
        first |= plane
    ys = [geometry.xy(c)[1] for c in bits(first)]
    on_top = bool(ys) and 2 * sum(ys) > (side - 1) * len(ys)
    name_of, order_of = {}, {}
    for cell in geometry.cells:
        gx, gy = geometry.xy(cell)
        x, y = (side - 1 - gx, gy) if on_top else (gx, side - 1 - gy)
        suffix = "v" if x % 2 else "h" if y % 2 else ""
        name_of[cell] = f"{LETTERS[x // 2]}{y // 2 + 1}{suffix}"
        order_of[cell] = x + y * side
    return SpielCells(name_of, order_of, r"[a-z]\d+[hv]?")


def havannah_map(players: tuple[str, ...], geometry: Geometry | None) -> SpielCells:
    """The names of a hexagon board's cells as OpenSpiel's havannah writes them.

    Raises:
        ValueError: the game cannot be written so (the reason, one sentence).
    """
    _two_players("havannah", players)
    if geometry is None or geometry.shape != "hex" or geometry.hex_shape != "hexagon" \
            or geometry.width > len(LETTERS):
        board = "no board" if geometry is None else f"a {geometry.description}"
        raise ValueError(f"havannah notation needs a hex board of hexagon shape, not {board}")
    name_of, order_of = {}, {}
    for cell in geometry.cells:
        x, gy = geometry.xy(cell)
        y = geometry.height - 1 - gy
        name_of[cell] = f"{LETTERS[x]}{y + 1}"
        order_of[cell] = x + y * geometry.width
    return SpielCells(name_of, order_of, r"[a-z]\d+")
