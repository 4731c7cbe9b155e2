"""Flying jumps (`jump KIND DIRS far over X to Y [repeatedly]`, docs/core.md 3): the piece
walks over empty cells to the first piece along a direction, jumps it when it is in X, and
lands on any cell of Y beyond it before the next piece. A chain's jumped pieces stay on the
board till it ends (they block, and none is jumped twice); a move is its ends and its
captures, so two paths alike in these are one move. Mixed into MoveCode (see travels.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import Geometry
from gdl.interpreter.python.support import SourceWriter

if TYPE_CHECKING:
    from gdl.interpreter.python.travels import Encoding


class FlyingCode:
    geo: Geometry

    def flying_rays(self, rule: ir.JumpRule, p: int) -> list[tuple[int, int]]:
        """(offset, from-mask) of each direction: a lattice board has one pair a direction
        (the checker refuses a flying jump on a board of points)."""
        out = []
        for dx, dy in rule.directions[p]:
            pairs = self.geo.shifts(dx, dy)
            assert len(pairs) == 1   # a lattice board
            out.append(pairs[0])
        return out

    def flying_jumps(self, w: SourceWriter, rule: ir.JumpRule, p: int, enc: Encoding) -> None:
        """The moves of the piece on `f` (bit `low`): with `repeat`, every maximal chain,
        depth first from an explicit stack; each (end, captures) once."""
        w("busy = occ ^ low   # the pieces in the way (the jumping one has left its cell)")
        w("free = land | low   # (a chain may end where it began)")
        if rule.repeat:
            w("seen = set()")
            w("stack = [(f, 0)]")
            w("while stack:")
            w.indent()
            w("c, cap = stack.pop()")
            w("grown = False")
        else:
            w("c, cap = f, 0")
        for off, has in self.flying_rays(rule, p):
            w("t = c")
            w(f"while {has!r} >> t & 1:")
            with w.indent():
                w(f"t += {off}")
                w("if busy >> t & 1:")
                with w.indent():
                    w("if over >> t & 1 and not cap >> t & 1:")
                    with w.indent():
                        w("u = t")
                        w(f"while {has!r} >> u & 1:")
                        with w.indent():
                            w(f"u += {off}")
                            w("if busy >> u & 1:")
                            with w.indent():
                                w("break")
                            w("if free >> u & 1:")
                            with w.indent():
                                if rule.repeat:
                                    w("stack.append((u, cap | 1 << t))")
                                    w("grown = True")
                                else:
                                    w(f"add({enc.move('u', 'f', '1 << t')})")
                    w("break")
        if rule.repeat:
            w("if cap and not grown and (c, cap) not in seen:")
            with w.indent():
                w("seen.add((c, cap))")
                w(f"add({enc.move('c', 'f', 'cap')})")
            w.depth -= 1


def flying_path(geo: Geometry, occupied: int, start: int, to: int, captured: int,
                directions) -> list[int] | None:
    """The landing cells of a flying chain from `start` to `to` taking exactly `captured`
    on a position whose pieces are `occupied` (the move's notation: one of its paths)."""
    def beyond(cell: int, dx: int, dy: int):
        while True:
            nxt = geo.neighbour(cell, dx, dy)
            if nxt is None:
                return
            cell = nxt
            yield cell

    def walk(cell: int, left: int) -> list[int] | None:
        if not left:
            return [cell] if cell == to else None
        for dx, dy in directions:
            ahead = list(beyond(cell, dx, dy))
            hit = next((i for i, c in enumerate(ahead)
                        if occupied >> c & 1 and c != start), None)
            if hit is None or not left >> ahead[hit] & 1:
                continue
            for land in ahead[hit + 1:]:
                if occupied >> land & 1 and land != start:
                    break
                rest = walk(land, left & ~(1 << ahead[hit]))
                if rest:
                    return [cell] + rest
        return None
    return walk(start, captured)
