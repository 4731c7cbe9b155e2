"""The named transforms of a board (docs/core.md, 1): each a permutation of its cells, or None
where it does not map the board (its cells, its links, the wrapped ones too) onto itself.

>>> from gdl.interpreter.core.geometry import Geometry
>>> import attrs
>>> cylinder = attrs.evolve(Geometry.rectangle(4, 4), wrap=(True, False))
>>> sorted(name for name, perm in transforms(cylinder).items() if perm)
['flip', 'identity', 'mirror', 'rotate180']
"""

from __future__ import annotations

from gdl.interpreter.core.geometry import TRANSFORMS, Cell, Geometry

# The hex grid's own transforms as linear maps of (x, y) steps (a translation then centres
# them): rotateN turns anticlockwise as the board is drawn (e to ne for rotate60), mirror
# and flip reflect the picture left-right and top-bottom, transpose exchanges e and ne.
_HEX_LINEAR = {
    "identity": lambda x, y: (x, y), "rotate60": lambda x, y: (-y, x + y),
    "rotate120": lambda x, y: (-x - y, x), "rotate180": lambda x, y: (-x, -y),
    "rotate240": lambda x, y: (y, -x - y), "rotate300": lambda x, y: (x + y, -x),
    "mirror": lambda x, y: (-x - y, y), "flip": lambda x, y: (x + y, -y),
    "transpose": lambda x, y: (y, x), "antitranspose": lambda x, y: (-y, -x),
}

def transforms(self: Geometry) -> dict[str, tuple[Cell, ...] | None]:
    """Every transform of TRANSFORMS by name: the permutation of the layout's cells, or
    None where it does not map the board (its cells, and on a points board its links)
    onto itself. A square or points board has the eight square transforms of its grid; a
    hex board has its grid's own (`_HEX_LINEAR`), never rotate90 or rotate270."""
    if self.shape == "hex":
        return _hex_transforms(self)
    w, h = self.width - 1, self.height - 1
    maps = {
        "identity": lambda x, y: (x, y), "mirror": lambda x, y: (w - x, y),
        "flip": lambda x, y: (x, h - y), "rotate180": lambda x, y: (w - x, h - y),
        "transpose": lambda x, y: (y, x), "antitranspose": lambda x, y: (h - y, w - x),
        "rotate90": lambda x, y: (h - y, x), "rotate270": lambda x, y: (y, w - x),
    }
    out: dict[str, tuple[Cell, ...] | None] = dict.fromkeys(TRANSFORMS)
    for name, fn in maps.items():
        image = {}
        for c in self.cells:
            tx, ty = fn(*self.xy(c))
            if not self.on_board(tx, ty):
                break
            image[c] = self.cell(tx, ty)
        fits = len(image) == len(self.cells)
        if fits and (self.shape == "points" or self.wraps):   # links kept, wrapped ones too
            links = self.link_set
            fits = all(frozenset(image[c] for c in link) in links for link in links)
        out[name] = _permutation(self, image) if fits else None
    return out

def _hex_transforms(self: Geometry) -> dict[str, tuple[Cell, ...] | None]:
    """Each linear map of the hex grid, moved so that the board's lowest cell (row by row)
    is the image of some cell; it fits when the image of the board is the board."""
    out: dict[str, tuple[Cell, ...] | None] = dict.fromkeys(TRANSFORMS)
    cells = [self.xy(c) for c in self.cells]
    lowest = min(cells, key=lambda p: (p[1], p[0]))
    for name, fn in _HEX_LINEAR.items():
        moved = [fn(x, y) for x, y in cells]
        low = min(moved, key=lambda p: (p[1], p[0]))
        dx, dy = lowest[0] - low[0], lowest[1] - low[1]
        image = {self.cell(*c): self.cell(x + dx, y + dy) for c, (x, y) in zip(cells, moved)
                 if self.on_board(x + dx, y + dy)}
        if len(image) == len(cells):
            out[name] = _permutation(self, image)
    return out

def _permutation(self: Geometry, image: dict[Cell, Cell]) -> tuple[Cell, ...]:
    """A map of the playable cells as a permutation of every cell of the layout."""
    return tuple(image.get(c, c) for c in range(self.height * self.stride))
