"""Cells relative to a cell, as tables by cell: `above X`, `below X`, `left of X`, `right of X`,
`before X`, `after X` (docs/core.md, 4). Each relation R is a half of the board seen from a
cell: R X is the union of the table's entries over the cells of X (the cells R of some cell
of X), one lookup per cell of X, as `row X` is.

Rows and columns are the grid's (a wrapped board's too: row 1 is below row 2 on a cylinder);
`before` and `after` follow cell order, `lowest`'s (the lowest row first, then the leftmost).

>>> from gdl.interpreter.core.geometry import Geometry
>>> g = Geometry.rectangle(3, 3)                     # b2 is bit 5
>>> [g.name(c) for c in g.cells if relative_table(g, "above")[5] >> c & 1]
['a3', 'b3', 'c3']
>>> [g.name(c) for c in g.cells if relative_table(g, "before")[5] >> c & 1]
['a1', 'b1', 'c1', 'a2']
"""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import Geometry, Mask

# relation -> whether cell b is so placed from cell a, by their (x, y) and cell order
RELATIONS = {
    "above": lambda a, b: b[1] > a[1], "below": lambda a, b: b[1] < a[1],
    "left of": lambda a, b: b[0] < a[0], "right of": lambda a, b: b[0] > a[0],
    "before": lambda a, b: (b[1], b[0]) < (a[1], a[0]),
    "after": lambda a, b: (b[1], b[0]) > (a[1], a[0]),
}


def relative_table(geo: Geometry, relation: str) -> tuple[Mask, ...]:
    """Per bit of the layout (and one more): the playable cells `relation` of that cell (0
    off the board)."""
    holds = RELATIONS[relation]
    table = [0] * (geo.height * geo.stride + 1)
    for c in geo.cells:
        table[c] = sum(1 << b for b in geo.cells if holds(geo.xy(c), geo.xy(b)))
    return tuple(table)


def relative_of(geo: Geometry, relation: str, cells: Mask) -> Mask:
    """The cells `relation` of some cell of `cells` (a constant folded when the game is built)."""
    table = relative_table(geo, relation)
    out = 0
    for c in geo.cells:
        if cells >> c & 1:
            out |= table[c]
    return out


def joined_table(geo: Geometry, e: ir.LinesHolding | ir.Relative) -> tuple[str, tuple[Mask, ...]]:
    """(its name, the table) of a set read as a table by cell joined over its cells: `row X`
    and `column X` (ROWAT, COLUMNAT), `above X` (REL_ABOVE), ... (both back ends)."""
    if isinstance(e, ir.Relative):
        return "REL_" + e.relation.replace(" of", "").upper(), relative_table(geo, e.relation)
    table = tuple((geo.row(geo.xy(c)[1]) if e.rows else geo.column(geo.xy(c)[0]))
                  if geo.playable >> c & 1 else 0 for c in range(geo.height * geo.stride + 1))
    return "ROWAT" if e.rows else "COLUMNAT", table
