"""Direction variables (`move for d in DIRS`, `step PIECE DIRS as d`, `any`/`all d in DIRS:
X`, `for d in DIRS: EFFECT`, `-d`, `ray(X, d, Y)`): each file of tests/data/rules/directions/
against a plain generator of the same rules written here, on two board sizes, on both back
ends.

A generator's position is (board, mover, extra): board a dict {(x, y): player}, x the
column from 0, y the row from 0 (north is +y); `children` lists the positions after each
legal move (none once the game is over), so perft counts the same leaves as gdl's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.perft import perft

DATA = Path(__file__).resolve().parent.parent / "data" / "rules" / "directions"
STRAIGHT = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))


class Game:
    """A two-player game on a width x height board; subclasses give the moves and ends."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height

    def on(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def cells(self):
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def ray(self, board, x, y, d, player) -> list[tuple[int, int]]:
        """The cells from (x, y) along d while they hold `player`'s pieces."""
        out, (cx, cy) = [], (x + d[0], y + d[1])
        while self.on(cx, cy) and board.get((cx, cy)) == player:
            out.append((cx, cy))
            cx, cy = cx + d[0], cy + d[1]
        return out

    def count(self, position, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(self.count(child, depth - 1) for child in self.children(position))


class Rule(Game):
    """rule.gdl: steps n s e w; diagonal jumps over any man, the man beyond taken if an enemy."""

    def start(self):
        board = {(x, 0): 0 for x in range(self.width)}
        board.update({(x, self.height - 1): 1 for x in range(self.width)})
        return board, 0, 0

    def children(self, position):
        board, me, plies = position
        if me < 0:
            return []
        out = []
        for (x, y), owner in list(board.items()):
            if owner != me:
                continue
            for dx, dy in DIAGONAL:
                mid, land = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
                if mid in board and self.on(*land) and land not in board:
                    after = dict(board)
                    del after[(x, y)], after[mid]
                    after[land] = me
                    beyond = (land[0] + dx, land[1] + dy)
                    if after.get(beyond) == 1 - me:
                        del after[beyond]
                    out.append(self.end(after, me, plies))
            for dx, dy in STRAIGHT:
                to = (x + dx, y + dy)
                if self.on(*to) and to not in board:
                    after = dict(board)
                    del after[(x, y)]
                    after[to] = me
                    out.append(self.end(after, me, plies))
        return out

    def end(self, board, me, plies):
        over = 1 - me not in board.values() or plies + 1 >= 12
        return board, -1 if over else 1 - me, plies + 1


class AnyAll(Game):
    """any_all.gdl: placements beside an own stone (or anywhere with none); two wins."""

    def start(self):
        return {}, 0, 0

    def children(self, position):
        board, me, _ = position
        if me < 0:
            return []
        mine = [c for c, p in board.items() if p == me]
        out = []
        for x, y in self.cells():
            if (x, y) in board:
                continue
            if mine and not any(board.get((x + dx, y + dy)) == me for dx, dy in STRAIGHT):
                continue
            after = dict(board)
            after[(x, y)] = me
            out.append((after, -1 if self.over(after, me) else 1 - me, 0))
        return out

    def over(self, board, me) -> bool:
        for (x, y), p in board.items():
            if p != me:
                continue
            if all(board.get((x + dx, y + dy)) == me for dx, dy in STRAIGHT):
                return True
            for dx, dy in ((1, 1), (-1, 1)):
                if board.get((x + dx, y + dy)) == 1 - me and board.get((x - dx, y - dy)) == 1 - me:
                    return True
        return len(board) == self.width * self.height


class Effect(Game):
    """effect.gdl: placements taking sandwiched enemies (White along lines, Black diagonals)."""

    def start(self):
        return {}, 0, 0

    def children(self, position):
        board, me, taken = position
        if me < 0:
            return []
        out = []
        for x, y in self.cells():
            if (x, y) in board:
                continue
            after, took = dict(board), taken
            after[(x, y)] = me
            for dx, dy in (STRAIGHT if me == 0 else DIAGONAL):
                # `d is here` is the cell one step back along d: every way is tried alike
                victim, beyond = (x - dx, y - dy), (x - 2 * dx, y - 2 * dy)
                if after.get(victim) == 1 - me and after.get(beyond) == me:
                    del after[victim]
                    took += 1
            full = len(after) == self.width * self.height
            out.append((after, -1 if full else 1 - me, took))
        return out


class Opposite(Game):
    """opposite.gdl: one step in eight directions; withdrawal unless approach, then approach."""

    def start(self):
        board = {(x, 0): 0 for x in range(self.width)}
        board.update({(x, self.height - 1): 1 for x in range(self.width)})
        return board, 0, 0

    def children(self, position):
        board, me, plies = position
        if me < 0:
            return []
        out = []
        for (x, y), owner in list(board.items()):
            if owner != me:
                continue
            for dx, dy in STRAIGHT + DIAGONAL:
                to = (x + dx, y + dy)
                if not self.on(*to) or to in board:
                    continue
                after = dict(board)
                del after[(x, y)]
                after[to] = me
                if after.get((to[0] + dx, to[1] + dy)) != 1 - me:
                    for cell in self.ray(after, x, y, (-dx, -dy), 1 - me):
                        del after[cell]
                for cell in self.ray(after, to[0], to[1], (dx, dy), 1 - me):
                    del after[cell]
                over = 1 - me not in after.values() or plies + 1 >= 10
                out.append((after, -1 if over else 1 - me, plies + 1))
        return out


class Ray(Game):
    """ray.gdl: placements; four in a row through the placed stone wins; a full board draws."""

    def start(self):
        return {}, 0, 0

    def children(self, position):
        board, me, _ = position
        if me < 0:
            return []
        out = []
        for x, y in self.cells():
            if (x, y) in board:
                continue
            after = dict(board)
            after[(x, y)] = me
            four = any(len(self.ray(after, x, y, (dx, dy), me))
                       + len(self.ray(after, x, y, (-dx, -dy), me)) >= 3
                       for dx, dy in ((0, 1), (1, 1), (1, 0), (1, -1)))
            full = len(after) == self.width * self.height
            out.append((after, -1 if four or full else 1 - me, 0))
        return out


# file, generator, two sizes (width, height), depth
CASES = [("rule", Rule, [(4, 4), (5, 4)], 4),
         ("any_all", AnyAll, [(4, 4), (4, 3)], 4),
         ("effect", Effect, [(4, 4), (5, 3)], 4),
         ("opposite", Opposite, [(5, 3), (4, 4)], 4),
         ("travel_as", Opposite, [(5, 3), (4, 4)], 4),
         ("ray", Ray, [(5, 5), (6, 4)], 3)]


@pytest.mark.parametrize("backend", ["python", "native"])
@pytest.mark.parametrize("name, generator, sizes, depth", CASES, ids=[c[0] for c in CASES])
def test_perft_equals_a_plain_generator(name, generator, sizes, depth, backend):
    for width, height in sizes:
        game = with_backend(catalog.load(str(DATA / f"{name}.gdl"),
                                         {"width": str(width), "height": str(height)}), backend)
        mine = generator(width, height)
        start = game.initial_state()
        expected = [mine.count(mine.start(), d) for d in range(1, depth + 1)]
        assert [perft(game, start, d) for d in range(1, depth + 1)] == expected, (width, height)
