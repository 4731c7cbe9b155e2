"""The lines through cells along a direction, as tables by cell: what a counted slide
(`slide ... by N`) and `axis` read (docs/core.md, 3 and 4). Any board kind: the walks go
neighbour by neighbour (`Geometry.neighbour`), so a hex grid's axes work as a square's.

>>> from gdl.interpreter.core.geometry import Geometry
>>> g = Geometry.rectangle(3, 3)                  # cells a1 b1 c1 are bits 0 1 2
>>> ray(g, 0, 1, 0), bin(axis_table(g, 1, 0)[1])  # from a1 east; the row through b1
([1, 2], '0b111')
>>> run_table(g, 1, 0)[0]                         # from a1: n cells east, the cells passed
((0, 0), (1, 0), (2, 2))
"""

from __future__ import annotations

from gdl.interpreter.core.geometry import Cell, Geometry, Mask, union


def ray(geo: Geometry, cell: Cell, dx: int, dy: int) -> list[Cell]:
    """The cells met walking from `cell` along (dx, dy), one neighbour at a time, until the
    board ends (`cell` not included; a ring of points stops where it began)."""
    out: list[Cell] = []
    nxt = geo.neighbour(cell, dx, dy)
    while nxt is not None and nxt not in out and nxt != cell:
        out.append(nxt)
        nxt = geo.neighbour(nxt, dx, dy)
    return out


def axis_table(geo: Geometry, dx: int, dy: int) -> tuple[Mask, ...]:
    """Per cell of the layout (and one more): the cells of the line through it along
    (dx, dy) both ways, itself included (0 off the board)."""
    table = [0] * (geo.height * geo.stride + 1)
    for c in geo.cells:
        table[c] = union(1 << x for x in [c, *ray(geo, c, dx, dy), *ray(geo, c, -dx, -dy)])
    return tuple(table)


def run_table(geo: Geometry, dx: int, dy: int) -> tuple[tuple[tuple[Cell, Mask], ...], ...]:
    """Per cell of the layout (and one more): for n = 0, 1, 2, ... the pair (the cell n steps
    along (dx, dy), the mask of the cells strictly between), entry 0 the cell itself; as
    many entries as the board holds."""
    table: list[tuple[tuple[Cell, Mask], ...]] = [()] * (geo.height * geo.stride + 1)
    for c in geo.cells:
        entries, between = [(c, 0)], 0
        for x in ray(geo, c, dx, dy):
            entries.append((x, between))
            between |= 1 << x
        table[c] = tuple(entries)
    return tuple(table)
