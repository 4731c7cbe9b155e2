"""What generated game code leans on: the small runtime helpers it calls through its globals,
and an indenting line writer. (Result codes and payoff tables: gdl.interpreter.core.results.)"""

from __future__ import annotations

from typing import Any

RULE_BITS = 4      # board rules per game: at most 2 ** RULE_BITS
TABLE_BITS = 12    # boards with at most this many layout bits get whole-board lookup tables
CHUNK_BITS = 8     # otherwise symmetry images are looked up 8 bits at a time


def meet(block_at: tuple[int, ...], cells: int) -> int:
    """The union of the blocks holding any of `cells` (block_at: cell -> its block)."""
    out = 0
    while cells:
        low = cells & -cells
        out |= block_at[low.bit_length() - 1]
        cells ^= low
    return out


def has_run(pieces: int, runs: tuple[int, ...]) -> bool:
    """Whether `pieces` covers one of `runs` completely."""
    for run in runs:  # noqa: SIM110 - a plain loop, faster than any(): generated code calls it
        if pieces & run == run:
            return True
    return False


def lowest(cells: int) -> int:
    """`lowest X`: the first cell of X in cell order (its lowest bit), none when X is empty."""
    return cells & -cells


def item(values: tuple, index: int) -> int:
    """`values[index]` counted from 1, refusing indices outside the list (no wrap-around)."""
    if not 1 <= index <= len(values):
        raise IndexError(f"index {index} is outside 1..{len(values)}")
    return values[index - 1]


class Turner:
    """`TURN(plane, region, quarters)`: the plane with the pieces on a square region turned
    clockwise by that many quarter turns; `TURN.mirror(plane, region)` mirrored left to
    right. The cell maps are made once per region."""

    def __init__(self, geometry: Any):
        self.geometry = geometry
        self.maps: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}

    def _cells(self, region: int) -> list[tuple[int, int, int]]:
        geo = self.geometry
        return [(c, *geo.xy(c)) for c in geo.cells if region >> c & 1]

    def turned(self, region: int, quarters: int) -> tuple[tuple[int, int], ...]:
        cells = self._cells(region)
        x0, y0 = min(x for _, x, _ in cells), min(y for _, _, y in cells)
        side = max(x for _, x, _ in cells) - x0 + 1
        if max(y for _, _, y in cells) - y0 + 1 != side or len(cells) != side * side:
            raise ValueError("only a square region of cells can turn")
        out = []
        for c, x, y in cells:
            u, v = x - x0, y - y0
            for _ in range(quarters):   # clockwise, rows counted upwards: (u, v) -> (v, side-1-u)
                u, v = v, side - 1 - u
            out.append((c, self.geometry.cell(x0 + u, y0 + v)))
        return tuple(out)

    def mirrored(self, region: int, _: int) -> tuple[tuple[int, int], ...]:
        cells = self._cells(region)
        low, high = min(x for _, x, _ in cells), max(x for _, x, _ in cells)
        out = []
        for c, x, y in cells:
            image = self.geometry.cell(low + high - x, y)
            if not region >> image & 1:
                raise ValueError("the region is not symmetric left to right")
            out.append((c, image))
        return tuple(out)

    def _remap(self, plane: int, region: int, key: int, pairs: Any) -> int:
        if key == 0 or not plane & region:   # no turn, or nothing there to move
            return plane
        if (region, key) not in self.maps:
            self.maps[(region, key)] = pairs(region, key)
        out = plane & ~region
        for source, target in self.maps[(region, key)]:
            if plane >> source & 1:
                out |= 1 << target
        return out

    def mirror(self, plane: int, region: int) -> int:
        return self._remap(plane, region, -1, self.mirrored)

    def __call__(self, plane: int, region: int, quarters: int) -> int:
        return self._remap(plane, region, quarters, self.turned)


class SourceWriter:
    """Indented source lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def indent(self) -> SourceWriter:
        self.depth += 1
        return self

    def __enter__(self) -> None:
        pass

    def __exit__(self, *exc: Any) -> None:
        self.depth -= 1
