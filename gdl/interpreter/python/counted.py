"""Code for the counted travels (docs/core.md, 3, 4 and 6): the slide of a counted
length (`slide ... by N over X`), the slide past N screens (`slide ... past N of S`), the
lines through cells (`axis`) and one group (`connected`). Mixed into the move and
expression generators.

A counted slide reads, for each piece and direction, N (written while `travel` holds the
direction, so `axis origin` is the table entry of the piece's cell `f`), then one entry of
the direction's run table: the landing cell and the mask of the cells passed, two bit tests.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.python.support import SourceWriter, meet
from gdl.interpreter.core.geometry import Geometry
from gdl.interpreter.core.lines import axis_table, run_table

if TYPE_CHECKING:
    from gdl.interpreter.python.travels import Encoding


class CountedCode:
    """Counted slides, `axis` and `connected`."""

    # What it uses of `ExpressionCode`, the class it is mixed with.
    geo: Geometry
    globals: dict[str, Any]
    helpers: dict[str, list[str]]
    playable: int
    travel: tuple[int, int] | None
    if TYPE_CHECKING:
        def expr(self, e: ir.Expr, p: int) -> str: ...
        def shift(self, offsets: ir.Offsets, operand: str) -> str: ...
        def links(self) -> ir.Offsets: ...
        def table(self, name: str, value: Any) -> str: ...
        def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str: ...
        def walk(self, w: SourceWriter, dx: int, dy: int
                 ) -> contextlib.AbstractContextManager[None]: ...

    def counted_moves(self, w: SourceWriter, rule: ir.StepRule, p: int, mine: str,
                      enc: Encoding) -> None:
        """A slide of exactly `distance` cells (read per piece and direction): the run table
        of the direction gives the landing cell and the cells passed, tested at once."""
        assert rule.distance is not None and rule.over is not None   # a counted slide
        over = rule.over
        barred = (self.expr(over.args[0], p) if isinstance(over, ir.Op) and over.op == "not"
                  else f"({self.playable!r} ^ {self.expr(over, p)})")
        w(f"barred = {barred}")
        w(f"m = {mine}")
        w("while m:")
        with w.indent():
            w("low = m & -m")
            w("m ^= low")
            w("f = low.bit_length() - 1")
            distances: dict[str, str] = {}   # code -> its variable: a line's two ways share it
            for dx, dy in rule.directions[p]:
                table = run_table(self.geo, dx, dy)
                length = max(map(len, table))   # every entry padded to it: no len() per move
                off = len(table) - 1   # a bit no set of cells holds: the padding lands nowhere
                runs = self.table(f"RUN_{dx}_{dy}".replace("-", "m"),
                                  tuple(r + ((off, 0),) * (length - len(r)) for r in table))
                self.travel = (dx, dy)
                try:
                    code = self.expr(rule.distance, p)
                finally:
                    self.travel = None
                if code not in distances:
                    distances[code] = f"far{len(distances)}"
                    w(f"{distances[code]} = {code}")
                far = distances[code]
                w(f"if 0 < {far} < {length}:")
                with w.indent():
                    w(f"c, passed = {runs}[f][{far}]")
                    w("if to >> c & 1 and not passed & barred:")
                    with w.indent():
                        w(f"add({enc.move('c', 'f')})")

    def screened_moves(self, w: SourceWriter, rule: ir.StepRule, p: int, mine: str,
                       enc: Encoding) -> None:
        """A slide past exactly N screens (N read per piece and direction): walking along
        the direction, a piece of `screen` is counted and passed, any other piece before
        the N-th screen blocks, and from there on the walk is a slide's (every cell of `to`
        a landing, the first piece the last)."""
        assert rule.screens is not None and rule.screen is not None   # a screened slide
        w(f"screen = {self.expr(rule.screen, p)}")
        w(f"m = {mine}")
        w("while m:")
        with w.indent():
            w("low = m & -m")
            w("m ^= low")
            w("f = low.bit_length() - 1")
            counts: dict[str, str] = {}   # code -> its variable: shared by the directions
            for dx, dy in rule.directions[p]:
                self.travel = (dx, dy)
                try:
                    code = self.expr(rule.screens, p)
                finally:
                    self.travel = None
                if code not in counts:
                    counts[code] = f"need{len(counts)}"
                    w(f"{counts[code]} = {code}")
                w(f"c, passed = f, {counts[code]}")
                w("if passed >= 0:")
                with w.indent(), self.walk(w, dx, dy):
                    w("if occ >> c & 1:")
                    with w.indent():
                        w("if not passed:")
                        with w.indent():
                            w("if to >> c & 1:")
                            with w.indent():
                                w(f"add({enc.move('c', 'f')})")
                            w("break")
                        w("if not screen >> c & 1:")
                        with w.indent():
                            w("break")
                        w("passed -= 1")
                    w("elif not passed and to >> c & 1:")
                    with w.indent():
                        w(f"add({enc.move('c', 'f')})")

    def counted_attack(self, w: SourceWriter, rule: ir.StepRule, q: int) -> None:
        """`return True` when a slide by a constant count, or past a constant number of
        screens, of player q's lands on `low`: walking back from it, a slide by N finds its
        piece N cells back over cells of `over`; a slide past N screens finds N pieces of
        `screen` (and empty cells) before its piece."""
        w(f"start = {self.movers(rule, q)}")
        screened = rule.screens is not None
        count = rule.screens if screened else rule.distance
        passing = rule.screen if screened else rule.over
        assert isinstance(count, ir.Const) and passing is not None   # (attacks_directly)
        w(f"passing = {self.expr(passing, q)}")
        for dx, dy in rule.directions[q]:
            w(f"c, need = low.bit_length() - 1, {int(count.value)}")
            with self.walk(w, -dx, -dy):
                if screened:   # a piece met: the mover when no screen is owed, else a screen
                    w("if occ >> c & 1:")
                    with w.indent():
                        w("if not need:")
                        with w.indent():
                            w("if start >> c & 1:")
                            with w.indent():
                                w("return True")
                            w("break")
                        w("if not passing >> c & 1:")
                        with w.indent():
                            w("break")
                        w("need -= 1")
                    continue
                w("need -= 1")   # a cell passed: the piece's own N cells back, else `over`
                w("if not need:")
                with w.indent():
                    w("if start >> c & 1:")
                    with w.indent():
                        w("return True")
                    w("break")
                w("if not passing >> c & 1:")
                with w.indent():
                    w("break")

    def connected_helper(self) -> None:
        """`connected(x)`: x is one group: the group of its lowest cell, grown to a fixed
        point along the links, is all of x."""
        if "connected" in self.helpers:
            return
        self.helpers["connected"] = [
            "def connected(x):", "    m = x & -x", "    while True:",
            f"        grown = (m | {self.shift(self.links(), 'm')}) & x",
            "        if grown == m:", "            return m == x and x != 0", "        m = grown"]

    def axis(self, e: ir.Axis, p: int) -> str:
        """The lines through a set of cells: a table per step, looked up by cell (the
        travelling piece's own cell `f` directly, other sets cell by cell)."""
        # (the checker allows `axis X`, with no direction, in a slide's distance only)
        steps = [self.travel] if e.directions is None else list(e.directions[p])
        parts = []
        for step in steps:
            assert step is not None
            dx, dy = max(step, (-step[0], -step[1]))   # one table a line: its two ways share it
            name = self.table(f"AXIS_{dx}_{dy}".replace("-", "m"), axis_table(self.geo, dx, dy))
            if isinstance(e.cells, ir.Origin) and self.travel is not None:
                parts.append(f"{name}[f]")
            else:
                self.globals["meet"] = meet   # the union of a table's entries over the cells
                parts.append(f"meet({name}, {self.expr(e.cells, p)})")
        return "(" + " | ".join(parts) + ")" if len(parts) > 1 else parts[0]
