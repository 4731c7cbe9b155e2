"""Board geometry, precomputed once per compiled game: cells, names, directions, masks.

A board is a graph of cells with named directions, laid out on a grid so that
cells are bits of a Python int. The layout is row-major with one guard column:
cell (x, y) is bit `y * stride + x` with `stride = width + 1`. The guard bits are
never set, so shifting a mask by a direction's offset can never wrap a piece
from one edge of the board to the other.

Three kinds of board (`shape`) share that layout:

- "square": a grid, every cell or a playable subset; eight compass directions.
- "hex": a hex grid in axial coordinates inside its bounding rectangle; the six
  neighbours of (x, y) are (x +- 1, y), (x, y +- 1), (x + 1, y - 1), (x - 1, y + 1).
- "points": named points of a grid joined by declared links along compass
  directions (a morris board); a link may span several grid steps.

Everything that turns a direction into bit operations asks `shifts(dx, dy)`:
the (bit offset, from-mask) pairs such that the (dx, dy)-neighbours of the cells
in from-mask are exactly those cells shifted by the offset. A lattice board
(square, hex) has one pair per direction; a points board one per link length.

>>> g = Geometry.rectangle(3, 3)
>>> g.shifts(1, 0)            # east: one bit up, from the cells of columns a and b
((1, 819),)
>>> h = Geometry.hex("hexagon", 2)
>>> len(h.cells), h.name(h.neighbour(h.names["b2"], *HEX["ne"]))
(7, 'b3')
>>> m = Geometry.points(7, 7, ((0, 3, 6),))          # a1-d1-g1 (cells 0, 3, 6)
>>> [m.name(c) for c in m.cells], m.shifts(1, 0)     # a link three columns long
(['a1', 'd1', 'g1'], ((3, 9),))
"""

from __future__ import annotations

import functools

import attrs

Cell = int   # a bit index in the guarded layout
Mask = int   # a set of cells, one bit each
Step = tuple[int, int]   # a (dx, dy) lattice offset

COMPASS = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0),
           "ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}
HEX = {"e": (1, 0), "w": (-1, 0), "ne": (0, 1), "nw": (-1, 1), "se": (1, -1), "sw": (0, -1)}
LINE_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (-1, 1))   # one per axis: a line is symmetric
HEX_AXES = ((1, 0), (0, 1), (-1, 1))                  # each with a positive bit offset
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))       # n s e w: a square board's links
HEX_SHAPES = ("rhombus", "hexagon", "triangle", "star")
SQUARE_TRANSFORMS = ("mirror", "flip", "rotate180", "transpose", "antitranspose", "rotate90",
                     "rotate270")
HEX_ROTATIONS = ("rotate60", "rotate120", "rotate240", "rotate300")
TRANSFORMS = ("identity", *SQUARE_TRANSFORMS, *HEX_ROTATIONS)   # every name board_transforms gives
SHAPES = ("square", "hex", "points")
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


def shifted(mask: Mask, offset: int) -> Mask:
    """`mask` with every cell moved by `offset` bits (up for a positive offset)."""
    return mask << offset if offset >= 0 else mask >> -offset


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def link_step(a: tuple[int, int], b: tuple[int, int]) -> Step | None:
    """The compass step from point a to point b when they lie on one row, column or
    diagonal (a1 to d1 is east: (1, 0)); None otherwise, or when a == b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    return sign(dx), sign(dy)


def hex_size(shape: str, n: int) -> tuple[int, int]:
    """The bounding rectangle (width, height) of a hex board of this shape and size."""
    return {"rhombus": (n, n), "hexagon": (2 * n - 1, 2 * n - 1),
            "triangle": (n, n), "star": (4 * n + 1, 4 * n + 1)}[shape]


def _hex_cell(shape: str, n: int, x: int, y: int) -> bool:
    """Whether (x, y) of the bounding rectangle belongs to the hex board."""
    if shape == "rhombus":
        return True
    if shape == "triangle":
        return x + y <= n - 1
    centre = n - 1 if shape == "hexagon" else 2 * n
    q, r = x - centre, y - centre
    s = -q - r
    if shape == "hexagon":
        return max(abs(q), abs(r), abs(s)) <= n - 1
    return min(q, r, s) >= -n or max(q, r, s) <= n   # star: two big triangles


@attrs.frozen
class Geometry:
    """A board: a width x height grid of which `playable` holds the cells; `shape` says
    how they are linked. A points board also has its `links` (pairs of points, each along
    one compass step) and its declared `lines` (the chains the links were given in; a ring
    is a chain whose last point is its first)."""

    width: int
    height: int
    playable: Mask
    shape: str = attrs.field(default="square", validator=attrs.validators.in_(SHAPES))
    links: tuple[tuple[Cell, Cell], ...] = ()
    lines: tuple[tuple[Cell, ...], ...] = ()
    size: int = 0        # a hex board's size (its side, or its star's point)
    hex_shape: str = ""  # a hex board's shape: one of HEX_SHAPES
    link_steps: tuple[Step, ...] = ()   # `links DIRS`: the steps groups connect along
    wrap: tuple[bool, bool] = (False, False)   # a square grid's columns, rows join round
    wrap_links: tuple[tuple[Cell, Cell, Step], ...] = ()   # a points board's links going round
    rows_down: bool = False   # names count rows from the top (a notation's, never the rules')

    @classmethod
    def rectangle(cls, width: int, height: int) -> Geometry:
        stride = width + 1
        full = sum(1 << (y * stride + x) for y in range(height) for x in range(width))
        return cls(width, height, full)

    @classmethod
    def hex(cls, shape: str, n: int) -> Geometry:
        """A hex board: `rhombus` n x n, `hexagon` of side n, `triangle` of side n, or the
        six-pointed `star` whose points have n rows (n = 4: Chinese checkers' 121 holes)."""
        width, height = hex_size(shape, n)
        stride = width + 1
        playable = sum(1 << (y * stride + x) for y in range(height) for x in range(width)
                       if _hex_cell(shape, n, x, y))
        return cls(width, height, playable, "hex", size=n, hex_shape=shape)

    @classmethod
    def points(cls, width: int, height: int, chains: tuple[tuple[Cell, ...], ...]) -> Geometry:
        """A points board on a width x height grid: each chain links its consecutive points
        (cells of the guarded layout) and is one declared line. The caller checks that each
        link is along a compass step (`link_step`) and that no point has two links along the
        same step."""
        links: list[tuple[Cell, Cell]] = []
        for chain in chains:
            for a, b in zip(chain, chain[1:]):
                if (a, b) not in links and (b, a) not in links:
                    links.append((a, b))
        playable = union(1 << c for chain in chains for c in chain)
        return cls(width, height, playable, "points", tuple(links), tuple(chains))

    @property
    def stride(self) -> int:
        return self.width + 1

    @property
    def size_bits(self) -> int:
        """Bits a cell index needs (the guarded layout's bit length)."""
        return (self.height * self.stride).bit_length()

    @property
    def description(self) -> str:
        """The board in words, for messages: `3 x 3 board`, `hex star 4 board`."""
        if self.shape == "hex":
            return f"hex {self.hex_shape} {self.size} board"
        kind = " points" if self.shape == "points" else ""
        wrapped = {(True, True): " torus", (False, False): ""}.get(self.wrap, " cylinder")
        return f"{self.width} x {self.height}{kind}{wrapped} board"

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

    def row_number(self, y: int) -> int:   # row y's number in the cells' names (0: bottom)
        return self.height - y if self.rows_down else y + 1

    def name(self, cell: Cell) -> str:
        x, y = self.xy(cell)
        return f"{chr(ord('a') + x)}{self.row_number(y)}"

    @functools.cached_property
    def names(self) -> dict[str, Cell]:
        """Every grid cell's name (a1 is bottom-left; top-left when rows_down) -> its cell."""
        return {self.name(self.cell(x, y)): self.cell(x, y)
                for y in range(self.height) for x in range(self.width)}

    def mask(self, predicate) -> Mask:
        """The playable cells (x, y) (0-based) for which predicate(x, y) holds."""
        return sum(1 << c for c in self.cells if predicate(*self.xy(c)))

    def row(self, y: int) -> Mask:
        return self.mask(lambda cx, cy: cy == y)

    def column(self, x: int) -> Mask:
        return self.mask(lambda cx, cy: cx == x)

    # ---- directions and links
    @property
    def directions(self) -> dict[str, Step]:
        """The direction names of this board -> their (dx, dy) lattice steps."""
        return HEX if self.shape == "hex" else COMPASS

    @functools.cached_property
    def adjacent(self) -> tuple[Step, ...]:
        """The steps along the board's links (for connectivity): a square board's n s e w,
        a hex board's six directions, the compass steps a points board has links along;
        the steps a `links` statement names instead, when it names them."""
        if self.link_steps:
            return self.link_steps
        if self.shape == "square":
            return ORTHOGONAL
        if self.shape == "hex":
            return tuple(HEX.values())
        return tuple(step for step in COMPASS.values() if self.shifts(*step))

    @property
    def line_axes(self) -> tuple[Step, ...]:
        """One step per axis that `line K` runs along: four on a square board, three on a
        hex board, none on a points board (its lines are the declared ones)."""
        return {"square": LINE_DIRECTIONS, "hex": HEX_AXES, "points": ()}[self.shape]

    def offset(self, dx: int, dy: int) -> int:
        """The bit offset of a lattice step (square and hex boards)."""
        return dy * self.stride + dx

    def has_neighbour(self, dx: int, dy: int) -> Mask:
        """The playable cells whose (dx, dy) lattice neighbour is playable (square and hex
        boards; `shifts` covers every board)."""
        if self.shape == "points":
            raise ValueError("a points board has no lattice neighbours; use shifts()")
        # kept: walks (`neighbour`, the run tables of counted slides) ask once per step
        found = self._neighbour_masks.get((dx, dy))
        if found is None:
            found = self._neighbour_masks[dx, dy] = self.mask(
                lambda x, y: self.on_board(x + dx, y + dy))
        return found

    @functools.cached_property
    def _neighbour_masks(self) -> dict[Step, Mask]:
        return {}

    def shifts(self, dx: int, dy: int) -> tuple[tuple[int, Mask], ...]:
        """The (bit offset, from-mask) pairs such that the (dx, dy)-neighbours of the cells in
        from-mask are exactly those cells shifted by the offset: one pair on a lattice board,
        one per distinct link length along (dx, dy) on a points board (none without links).
        A wrapped grid adds a pair per edge crossed: on a cylinder of width 8, east is +1
        from columns a..g and -7 from column h."""
        if self.shape != "points":
            if self.wraps:
                return self._wrapped_shifts(dx, dy)
            return ((self.offset(dx, dy), self.has_neighbour(dx, dy)),)
        return self._link_shifts.get((dx, dy), ())

    @property
    def wraps(self) -> bool:
        """Whether a walk can come back where it began: a cylinder, a torus, a ring of links."""
        return any(self.wrap) or any(line[0] == line[-1] for line in self.lines)

    def wrapped_xy(self, x: int, y: int) -> tuple[int, int] | None:
        """The grid point (x, y) taken round the wrapped edges, or None off the board."""
        if self.wrap[0]:
            x %= self.width
        if self.wrap[1]:
            y %= self.height
        return (x, y) if self.on_board(x, y) else None

    @functools.cache   # noqa: B019 (a geometry lives as long as its game)
    def _wrapped_shifts(self, dx: int, dy: int) -> tuple[tuple[int, Mask], ...]:
        by_offset: dict[int, Mask] = {}
        for c in self.cells:
            to = self.wrapped_xy(self.xy(c)[0] + dx, self.xy(c)[1] + dy)
            if to is not None and self.cell(*to) != c:
                by_offset[self.cell(*to) - c] = by_offset.get(self.cell(*to) - c, 0) | 1 << c
        return tuple(sorted(by_offset.items(), key=lambda pair: (abs(pair[0]), pair[0])))

    @functools.cached_property
    def _link_shifts(self) -> dict[Step, tuple[tuple[int, Mask], ...]]:
        by_step: dict[Step, dict[int, Mask]] = {}
        declared = {(a, b): step for a, b, step in self.wrap_links}
        declared.update({(b, a): (-step[0], -step[1]) for a, b, step in self.wrap_links})
        for a, b in self.links:
            for start, end in ((a, b), (b, a)):
                step = declared.get((start, end)) or link_step(self.xy(start), self.xy(end))
                if step is not None:
                    masks = by_step.setdefault(step, {})
                    masks[end - start] = masks.get(end - start, 0) | 1 << start
        return {step: tuple(sorted(masks.items())) for step, masks in by_step.items()}

    def neighbour(self, cell: Cell, dx: int, dy: int) -> Cell | None:
        """The (dx, dy)-neighbour of `cell`, or None."""
        for off, from_mask in self.shifts(dx, dy):
            if from_mask >> cell & 1:
                return cell + off
        return None

    def next_cells(self, dx: int, dy: int) -> tuple[Cell, ...]:
        """A per-cell table for walks: entry c is c's (dx, dy)-neighbour, or -1 (one entry
        per bit of the layout, and one more)."""
        table = [-1] * (self.height * self.stride + 1)
        for off, from_mask in self.shifts(dx, dy):
            for c in bits(from_mask):
                table[c] = c + off
        return tuple(table)

    def jumps(self, dx: int, dy: int) -> tuple[tuple[int, int, Mask], ...]:
        """The (over offset, landing offset, from-mask) triples of a jump along (dx, dy):
        from a cell of from-mask, over its neighbour (cell + over) to that cell's neighbour
        (cell + landing). One triple on a lattice board (possibly with no cell)."""
        out = []
        for first, first_mask in self.shifts(dx, dy):
            for second, second_mask in self.shifts(dx, dy):
                mask = first_mask & shifted(second_mask, -first)
                if mask or self.shape != "points":
                    out.append((first, first + second, mask))
        return tuple(out)

    @functools.cached_property
    def adjacent_masks(self) -> tuple[Mask, ...]:
        """Per bit of the layout (and one more), the mask of its neighbours along the
        board's links (`adjacent`); 0 for a bit off the board."""
        masks = [0] * (self.height * self.stride + 1)
        for dx, dy in self.adjacent:
            for off, from_mask in self.shifts(dx, dy):
                for c in bits(from_mask):
                    masks[c] |= 1 << (c + off)
        return tuple(masks)

    @functools.cached_property
    def link_set(self) -> frozenset[frozenset[Cell]]:
        """Every link of the board as a pair of cells (both lattice and declared links)."""
        out = set()
        for step in self.adjacent:
            for c in self.cells:
                other = self.neighbour(c, *step)
                if other is not None:
                    out.add(frozenset((c, other)))
        return frozenset(out)

    def runs(self, length: int) -> tuple[Mask, ...]:
        """Every straight run of `length` playable cells: along the line axes of a lattice
        board (rows, columns, diagonals), along the declared lines of a points board."""
        if self.shape == "points":   # a ring (a chain ending where it starts) wraps round
            out: dict[Mask, None] = {}   # the runs in order, each once
            for line in self.lines:
                ring = line[0] == line[-1]
                points = line[:-1] + line[:length - 1] if ring else line
                for i in range(len(line) - ring - (0 if ring else length - 1)):
                    run = points[i:i + length]
                    if len(set(run)) == length:
                        out.setdefault(union(1 << c for c in run), None)
            return tuple(out)
        if self.wraps:
            return self._wrapped_runs(length)
        found: list[Mask] = []
        for c in self.cells:
            x, y = self.xy(c)
            for dx, dy in self.line_axes:
                steps = [(x + i * dx, y + i * dy) for i in range(length)]
                if all(self.on_board(a, b) for a, b in steps):
                    found.append(sum(1 << self.cell(a, b) for a, b in steps))
        return tuple(found)

    def _wrapped_runs(self, length: int) -> tuple[Mask, ...]:
        """The runs of a wrapped grid: a run may go round an edge, but never meets a cell
        twice (a row of 5 on a torus of width 5 is one run, not five)."""
        found: dict[Mask, None] = {}
        for c in self.cells:
            for dx, dy in self.line_axes:
                run, at = [c], c
                while len(run) < length:
                    nxt = self.neighbour(at, dx, dy)
                    if nxt is None or nxt in run:
                        break
                    run.append(at := nxt)
                if len(run) == length:
                    found.setdefault(union(1 << x for x in run), None)
        return tuple(found)
