"""Which cell names a record's moves use, and an older record's moves read in the game's.

A game whose `notation` replaces the board's cell names (havannah: OpenSpiel's, rows
counted from the top; see gdl.interpreter.notation.named_geometry) saves its records with
`"names": "havannah"`. A record of it without that field was written before the game
took those names: its moves are in the board's own names (`a1` bottom-left), each of them
also a name of another cell now, so they are renamed cell by cell before anything reads
them. A record naming another notation than the game's is refused in one line.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from gdl.errors import GdlError
from gdl.interpreter.notation import renames_cells

_CELL = re.compile(r"(?<![A-Za-z0-9])[a-z]\d+(?![A-Za-z0-9])")   # `d1` in `d1`, `d1-d2`, `g=d1`


def names_of(game: Any) -> str | None:
    """The notation whose cell names the game's texts use; None: the board's own."""
    ir = getattr(game, "ir", None)
    return ir.notation if ir is not None and renames_cells(ir) else None


def fitted(game: Any, record: Any, where: str = "the record") -> Any:
    """`record` with its moves (and start) in the game's names (unchanged when they are).

    Raises:
        GdlError: the record names its cells in a notation the game does not use.
    """
    wanted = names_of(game)
    if record.names == wanted:
        return record
    if record.names is not None:
        raise GdlError(f"{where}: names: its moves name cells in {record.names} notation, "
                       f"but {game.name} names them "
                       f"{f'in {wanted} notation' if wanted else 'by its board'}")
    board, named = game.ir.geometry, game.geometry

    def renamed(text: str) -> str:
        def cell(found: re.Match) -> str:
            at = board.names.get(found[0])
            return found[0] if at is None or not board.playable >> at & 1 else named.name(at)
        return _CELL.sub(cell, text)

    start = record.start
    start = attrs.evolve(start, moves=tuple(map(renamed, start.moves)),
                         position=None if start.position is None else renamed(start.position))
    return attrs.evolve(record, names=wanted, start=start,
                        moves=tuple(map(renamed, record.moves)))


__all__ = ["fitted", "names_of"]
