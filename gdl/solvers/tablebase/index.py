"""A perfect hash over one material class: the rank of a placement of its pieces.

A class is a count of pieces per plane (owner, kind). Its positions are the ways to put
those pieces on the playable cells, times the player to move. The index is
`player * placements + r`, where r is the mixed-radix number of each plane's cells, in
plane order: the colex rank of the plane's cells among the cells the earlier planes left
free (the combinatorial number system). Every index in range(size) is one position, and
`rank(unrank(i)) == i`.

>>> c = ClassIndex((1, 1), (0, 1, 2))   # two planes, one piece each, on three cells
>>> c.size, c.unrank(7), c.rank(c.unrank(7)[0], 1)
(12, ((1, 4), 1), 7)
"""

from __future__ import annotations

from bisect import bisect_right
from math import comb
from collections.abc import Sequence


class ClassIndex:
    """The positions of the class `counts` over `cells` (bit numbers of playable cells)."""

    def __init__(self, counts: Sequence[int], cells: Sequence[int], players: int = 2) -> None:
        self.counts = tuple(counts)
        self.cells = tuple(cells)
        self._ordinal = {cell: i for i, cell in enumerate(self.cells)}
        self._radix: list[int] = []
        free = len(self.cells)
        for c in self.counts:
            self._radix.append(comb(free, c) if c <= free else 0)
            free -= c
        self.placements = 1
        for r in self._radix:
            self.placements *= r
        self.size = self.placements * players
        # binomials by [k][n], looked up in the hot loops instead of computed (a column
        # C(., k) is nondecreasing: unrank bisects it)
        top = max(self.counts, default=0) + 1
        self._columns = [[comb(n, k) for n in range(len(self.cells) + 1)] for k in range(top)]

    def rank(self, planes: Sequence[int], player: int) -> int:
        """The index of the position with these planes (bitboards) and `player` to move."""
        ordinal, columns, taken, r = self._ordinal, self._columns, 0, 0
        for plane, radix in zip(planes, self._radix):
            r *= radix
            j, used = 0, 0
            while plane:
                low = plane & -plane
                o = ordinal[low.bit_length() - 1]
                j += 1
                r += columns[j][o - (taken & ((1 << o) - 1)).bit_count()]
                used |= 1 << o
                plane ^= low
            taken |= used
        return player * self.placements + r

    def unrank(self, index: int) -> tuple[tuple[int, ...], int]:
        """The (planes, player to move) of position `index`."""
        player, r = divmod(index, self.placements)
        digits = []
        for radix in reversed(self._radix):
            r, d = divmod(r, radix)
            digits.append(d)
        free, columns = list(self.cells), self._columns
        planes = []
        for count, d in zip(self.counts, reversed(digits)):
            chosen = []
            p = len(free)
            for j in range(count, 0, -1):
                column = columns[j]   # nondecreasing: the largest p below with C(p, j) <= d
                p = bisect_right(column, d, 0, p) - 1
                d -= column[p]
                chosen.append(p)
            plane = 0
            for p in chosen:   # descending, so the pops leave the others' places
                plane |= 1 << free.pop(p)
            planes.append(plane)
        return tuple(planes), player
