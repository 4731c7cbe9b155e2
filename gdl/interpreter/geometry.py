"""Board geometry, precomputed once per compiled game: cells, names, directions, masks.

Cells are bits of a Python int. The layout is row-major with one guard column:
cell (x, y) is bit `y * stride + x` with `stride = width + 1`. The guard bits are
never set, so shifting a mask by a direction's offset can never wrap a piece
from one edge of the board to the other; the `has_neighbour` masks drop the
cells whose neighbour is off the board (or not playable).
"""

from __future__ import annotations

import functools

import attrs

Cell = int   # a bit index in the guarded layout
Mask = int   # a set of cells, one bit each

COMPASS = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0),
           "ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}
LINE_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (-1, 1))   # one per axis: a line is symmetric
MAX_WIDTH = 26                                        # columns are named a..z
MAX_HEIGHT = 99


def bits(mask: Mask) -> list[int]:
    """The set bits of `mask`, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def union(masks) -> Mask:
    """The union of some masks."""
    out = 0
    for mask in masks:
        out |= mask
    return out


@attrs.frozen
class Geometry:
    """A width x height grid with an optional playable subset (all cells by default)."""

    width: int
    height: int
    playable: Mask

    @classmethod
    def rectangle(cls, width: int, height: int) -> "Geometry":
        stride = width + 1
        full = sum(1 << (y * stride + x) for y in range(height) for x in range(width))
        return cls(width, height, full)

    @property
    def stride(self) -> int:
        return self.width + 1

    @property
    def size_bits(self) -> int:
        """Bits a cell index needs (the guarded layout's bit length)."""
        return (self.height * self.stride).bit_length()

    def cell(self, x: int, y: int) -> Cell:
        return y * self.stride + x

    def xy(self, cell: Cell) -> tuple[int, int]:
        return cell % self.stride, cell // self.stride

    def on_board(self, x: int, y: int) -> bool:
        return (0 <= x < self.width and 0 <= y < self.height
                and bool(self.playable >> self.cell(x, y) & 1))

    @functools.cached_property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(bits(self.playable))

    def name(self, cell: Cell) -> str:
        x, y = self.xy(cell)
        return f"{chr(ord('a') + x)}{y + 1}"

    @functools.cached_property
    def names(self) -> dict[str, Cell]:
        """Every grid cell's algebraic name (a1 is bottom-left) -> its cell."""
        return {self.name(self.cell(x, y)): self.cell(x, y)
                for y in range(self.height) for x in range(self.width)}

    def mask(self, predicate) -> Mask:
        """The playable cells (x, y) (0-based) for which predicate(x, y) holds."""
        return sum(1 << c for c in self.cells if predicate(*self.xy(c)))

    def row(self, y: int) -> Mask:
        return self.mask(lambda cx, cy: cy == y)

    def column(self, x: int) -> Mask:
        return self.mask(lambda cx, cy: cx == x)

    def offset(self, dx: int, dy: int) -> int:
        return dy * self.stride + dx

    def has_neighbour(self, dx: int, dy: int) -> Mask:
        """The playable cells whose (dx, dy) neighbour is on the board and playable."""
        return self.mask(lambda x, y: self.on_board(x + dx, y + dy))

    def runs(self, length: int) -> tuple[Mask, ...]:
        """Every straight run of `length` playable cells (rows, columns, diagonals)."""
        out = []
        for c in self.cells:
            x, y = self.xy(c)
            for dx, dy in LINE_DIRECTIONS:
                steps = [(x + i * dx, y + i * dy) for i in range(length)]
                if all(self.on_board(a, b) for a, b in steps):
                    out.append(sum(1 << self.cell(a, b) for a, b in steps))
        return tuple(out)

    # ---- symmetries: each is a permutation of the playable cells
    def transforms(self) -> dict[str, tuple[Cell, ...] | None]:
        """The eight square transforms by name; None where one does not fit this board."""
        w, h = self.width - 1, self.height - 1
        maps = {
            "identity": lambda x, y: (x, y), "mirror": lambda x, y: (w - x, y),
            "flip": lambda x, y: (x, h - y), "rotate180": lambda x, y: (w - x, h - y),
            "transpose": lambda x, y: (y, x), "antitranspose": lambda x, y: (h - y, w - x),
            "rotate90": lambda x, y: (h - y, x), "rotate270": lambda x, y: (y, w - x),
        }
        out: dict[str, tuple[Cell, ...] | None] = {}
        for name, fn in maps.items():
            image = {}
            for c in self.cells:
                tx, ty = fn(*self.xy(c))
                if not self.on_board(tx, ty):
                    break
                image[c] = self.cell(tx, ty)
            out[name] = tuple(image.get(c, c) for c in range(self.height * self.stride)) \
                if len(image) == len(self.cells) else None
        return out
