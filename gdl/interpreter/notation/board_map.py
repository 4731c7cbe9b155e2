"""What a standard notation needs of a game, read from its core IR alone.

`notation go` asks for SGF (go_map): two players, one kind of piece (the stones), a
square board of at most 25 x 25 cells, all playable; SGF names a point by its column
and its row counted from the top, each a letter from `a`.

`notation chess` asks for the chess family's texts (SAN, UCI, FEN, PGN). They name
squares a1..h8 and pieces K Q R B N (pawns unnamed), so the game must have two players,
an 8 x 8 board with every cell playable (files a..h left to right, ranks 1..8 from the
first player's side) and six kinds named king, queen, rook, bishop, knight and pawn, and
maybe promoted twins of them (`queen~`: FEN's `Q~`, SAN's Q).
`chess_map` derives that mapping or says, in one sentence, why it cannot.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from gdl.interpreter.core.geometry import Geometry

NOTATIONS = ("chess", "go")
# SAN's letter of each kind (upper case; FEN writes the second player's in lower case)
LETTERS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P"}
FILES, RANKS = "abcdefgh", "12345678"
# the state variables the FEN fields come from, when the game keeps them
RIGHTS, PASSED, RESET, PLIES = "rights", "ep", "reset", "plies"


@attrs.frozen
class ChessMap:
    """Kind index by letter and back, and the board's cell of each square name."""
    kind_of: dict[str, int]          # "K" -> the king's kind index
    letter_of: dict[int, str]        # kind index -> "K" (a promoted twin, queen~: "Q")
    cell_of: dict[str, int]          # "e4" -> its cell
    square_of: dict[int, str]        # cell -> "e4"
    twin_of: dict[str, int] = attrs.Factory(dict)   # "Q" -> queen~, the promoted queen (FEN Q~)


def chess_map(players: tuple[str, ...], pieces: tuple[str, ...],
              geometry: Geometry | None) -> ChessMap:
    """The mapping of a game's pieces and board onto chess notation.

    Raises:
        ValueError: the game cannot be written so (the reason, one sentence).
    """
    if len(players) != 2:
        raise ValueError(f"chess notation needs two players, this game has {len(players)}")
    missing = [name for name in LETTERS if name not in pieces]
    extra = [name for name in pieces if name.removesuffix("~") not in LETTERS]
    if missing or extra:
        raise ValueError("chess notation needs the kinds king, queen, rook, bishop, knight and "
                         f"pawn ({'missing ' + ', '.join(missing) if missing else ''}"
                         f"{'; ' if missing and extra else ''}"
                         f"{'no letter for ' + ', '.join(extra) if extra else ''})")
    geometry = _full_square(geometry, lambda g: (g.width, g.height) == (8, 8),
                            "chess notation needs an 8 x 8 board of 64 squares")
    kind_of = {LETTERS[name]: k for k, name in enumerate(pieces) if name in LETTERS}
    twin_of = {LETTERS[name[:-1]]: k for k, name in enumerate(pieces) if name.endswith("~")}
    cell_of = {f + r: geometry.cell(x, y) for y, r in enumerate(RANKS) for x, f in enumerate(FILES)}
    letter_of = {k: c for c, k in (*kind_of.items(), *twin_of.items())}
    return ChessMap(kind_of, letter_of, cell_of, {c: s for s, c in cell_of.items()}, twin_of)


def _full_square(geometry: Geometry | None, fits: Callable[[Geometry], bool],
                 need: str) -> Geometry:
    """The board when it is square-celled, every cell playable, and `fits`; else the
    ValueError `need`, saying what the board is instead."""
    if geometry is None or geometry.shape != "square" or not fits(geometry) \
            or len(geometry.cells) != geometry.width * geometry.height:
        board = "no board" if geometry is None else f"a {geometry.description}"
        raise ValueError(f"{need}, not {board}")
    return geometry


SGF_LETTERS = "abcdefghijklmnopqrstuvwxy"


@attrs.frozen
class GoMap:
    """The board's size and the SGF point (two letters) of each cell, and back."""
    width: int
    height: int
    point_of: dict[int, str]   # cell -> "cd"
    cell_of: dict[str, int]    # "cd" -> cell


def go_map(players: tuple[str, ...], pieces: tuple[str, ...],
           geometry: Geometry | None) -> GoMap:
    """The mapping of a game's board onto SGF's points.

    Raises:
        ValueError: the game cannot be written so (the reason, one sentence).
    """
    if len(players) != 2:
        raise ValueError(f"SGF needs two players, this game has {len(players)}")
    if len(pieces) > 1:
        raise ValueError(f"SGF records stones: one kind of piece, not {len(pieces)}")
    geometry = _full_square(geometry, lambda g: max(g.width, g.height) <= 25,
                            "SGF needs a square-celled board of at most 25 x 25, all playable")
    point_of = {geometry.cell(x, y): SGF_LETTERS[x] + SGF_LETTERS[geometry.height - 1 - y]
                for y in range(geometry.height) for x in range(geometry.width)}
    return GoMap(geometry.width, geometry.height, point_of, {p: c for c, p in point_of.items()})
