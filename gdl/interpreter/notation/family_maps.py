"""What the shogi and draughts notations need of a game, read from its core IR alone (the
chess and go ones are in board_map, OpenSpiel's quoridor and havannah in spiel_maps), and
`derive`, which the checker asks for any of them.

`notation shogi` asks for SFEN positions and USI moves: two players, a square board of at
most 9 x 9, all playable, and kinds named king, rook, bishop, gold, silver, knight, lance and
pawn (SFEN's K R B G S N L P; a game may lack some), plus promoted kinds that a `hands:`
statement returns as one of those (`dragon -> rook`: SFEN's +R). A square is its file, a
digit counted from the first player's right, and its rank, a letter counted from the far
side (`7g`); the first player (sente, `b`) starts at the bottom.

`notation draughts` asks for PDN's numbered squares: two players named White and Black
(PDN's colours), a square board of which every other cell is playable, and the kinds man and
king. The playable cells are numbered row by row from White's far row, each row from
White's left, as the international (1-50) and English (1-32) boards are; which side White
starts on is read from where its men are set up.
"""

from __future__ import annotations

from typing import Any

import attrs

from gdl.interpreter.core.geometry import Geometry, bits
from gdl.interpreter.notation.board_map import NOTATIONS as BOARD_NOTATIONS, _full_square, \
    chess_map, go_map
from gdl.interpreter.notation.spiel_maps import havannah_map, quoridor_map

NOTATIONS = (*BOARD_NOTATIONS, "shogi", "draughts", "quoridor", "havannah")
SHOGI_LETTERS = {"king": "K", "rook": "R", "bishop": "B", "gold": "G", "silver": "S",
                 "knight": "N", "lance": "L", "pawn": "P"}
RANK_LETTERS = "abcdefghi"


@attrs.frozen
class ShogiMap:
    """SFEN's letter of each kind ('+R' for a promoted rook) and back, and the squares."""
    letter_of: dict[int, str]   # kind -> "R", "+R"
    kind_of: dict[str, int]     # "R", "+R" -> kind
    square_of: dict[int, str]   # cell -> "7g"
    cell_of: dict[str, int]
    width: int
    height: int


def shogi_map(players: tuple[str, ...], pieces: tuple[str, ...], geometry: Geometry | None,
              returns_as: tuple[int, ...] = ()) -> ShogiMap:
    """The mapping of a game's pieces and board onto SFEN and USI.

    Raises:
        ValueError: the game cannot be written so (the reason, one sentence).
    """
    if len(players) != 2:
        raise ValueError(f"shogi notation needs two players, this game has {len(players)}")
    geometry = _full_square(geometry, lambda g: max(g.width, g.height) <= 9,
                            "shogi notation needs a square-celled board of at most 9 x 9, all "
                            "playable")
    letter_of: dict[int, str] = {}
    for kind, name in enumerate(pieces):
        base = pieces[returns_as[kind]] if kind < len(returns_as) else name
        if name in SHOGI_LETTERS:
            letter_of[kind] = SHOGI_LETTERS[name]
        elif base in SHOGI_LETTERS and base != name:
            letter_of[kind] = "+" + SHOGI_LETTERS[base]
        else:
            raise ValueError(f"shogi notation has no letter for '{name}' (kinds: "
                             f"{', '.join(SHOGI_LETTERS)}, and promoted kinds the hands return "
                             f"as one of them)")
    if len(set(letter_of.values())) != len(letter_of):
        raise ValueError("shogi notation needs each kind to have its own letter")
    width, height = geometry.width, geometry.height
    square_of = {geometry.cell(x, y): f"{width - x}{RANK_LETTERS[height - 1 - y]}"
                 for y in range(height) for x in range(width)}
    return ShogiMap(letter_of, {v: k for k, v in letter_of.items()}, square_of,
                    {s: c for c, s in square_of.items()}, width, height)


@attrs.frozen
class DraughtsMap:
    """PDN's number of each playable cell and back, and the colours' players."""
    number_of: dict[int, int]   # cell -> 1..
    cell_of: dict[int, int]
    colour_of: tuple[str, str]  # player -> "W" or "B"
    man: int
    king: int


def draughts_map(players: tuple[str, ...], pieces: tuple[str, ...], geometry: Geometry | None,
                 planes: tuple[int, ...] = ()) -> DraughtsMap:
    """The mapping of a game's board and pieces onto PDN's numbered squares.

    Raises:
        ValueError: the game cannot be written so (the reason, one sentence).
    """
    colours = tuple(p.lower() for p in players)
    if sorted(colours) != ["black", "white"]:
        raise ValueError(f"PDN names its players White and Black, not {', '.join(players)}")
    if sorted(pieces) != ["king", "man"]:
        raise ValueError(f"PDN writes men and kings: the kinds man and king, not "
                         f"{', '.join(pieces)}")
    if geometry is None or geometry.shape != "square" or geometry.width != geometry.height \
            or geometry.wraps or 2 * len(geometry.cells) != geometry.width * geometry.height \
            or any(sum(geometry.xy(c)) % 2 != sum(geometry.xy(geometry.cells[0])) % 2
                   for c in geometry.cells):
        board = "no board" if geometry is None else f"a {geometry.description}"
        raise ValueError(f"PDN numbers the dark squares of a square board, not {board}")
    white, man = colours.index("white"), pieces.index("man")
    white_men = planes[white * 2 + man] if len(planes) > white * 2 + man else 0
    side = geometry.height
    at_bottom = not white_men or 2 * sum(geometry.xy(c)[1] for c in bits(white_men)) < \
        (side - 1) * len(list(bits(white_men)))
    rows = range(side - 1, -1, -1) if at_bottom else range(side)
    columns = range(side) if at_bottom else range(side - 1, -1, -1)
    order = [geometry.cell(x, y) for y in rows for x in columns if geometry.on_board(x, y)]
    number_of = {cell: n for n, cell in enumerate(order, 1)}
    return DraughtsMap(number_of, {n: c for c, n in number_of.items()},
                       ("W", "B") if white == 0 else ("B", "W"), man, pieces.index("king"))


def derive(name: str, players: tuple[str, ...], pieces: tuple[str, ...],
           geometry: Geometry | None, returns_as: tuple[int, ...] = (),
           planes: tuple[int, ...] = ()) -> Any:
    """The map of notation `name` for a game (ValueError: why it does not fit)."""
    if name == "shogi":
        return shogi_map(players, pieces, geometry, returns_as)
    if name == "draughts":
        return draughts_map(players, pieces, geometry, planes)
    if name == "quoridor":
        return quoridor_map(players, pieces, geometry, planes)
    if name == "havannah":
        return havannah_map(players, geometry)
    return {"chess": chess_map, "go": go_map}[name](players, pieces, geometry)
