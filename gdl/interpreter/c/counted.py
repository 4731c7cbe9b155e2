"""The counted travels in C (the twin of gdl/interpreter/python/counted.py): the slide of a
counted length (`slide ... by N over X`), the slide past N screens (`slide ... past N of S`),
the lines through cells (`axis`) and one group (`connected`).

A counted slide reads, for each piece and direction, N (written while `travel` holds the
direction, so `axis origin` is the table entry of the piece's cell `f`), then one entry of
the direction's run table: the landing cell and the mask of the cells passed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.core.lines import axis_table, run_table
from gdl.interpreter.c.alive import AliveC
from gdl.interpreter.c.support import CWriter


def table_name(prefix: str, dx: int, dy: int) -> str:
    return f"{prefix}_{dx}_{dy}".replace("-", "m")


class CountedC(AliveC):
    if TYPE_CHECKING:   # written by MovesC, the class built on this one
        def add(self, to: str, start: str, rule: int, cap: str = "ZERO") -> str: ...
        def walk(self, w: CWriter, dx: int, dy: int) -> Any: ...
        def walk_cell(self, w: CWriter, c: str, dx: int, dy: int) -> Any: ...
        def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str: ...

    def counted_moves(self, w: CWriter, rule: ir.StepRule, tag: int, p: int,
                      mine: str) -> None:
        """The moves of a slide of exactly N cells, in the Python back end's order: piece by
        piece (lowest cell first), direction by direction."""
        assert rule.distance is not None and rule.over is not None   # a counted slide
        over = rule.over
        barred = (self.expr(over.args[0], p) if isinstance(over, ir.Op) and over.op == "not"
                  else f"bb_xor(PLAYABLE, {self.expr(over, p)})")
        w(f"bb barred = {barred};")
        w(f"bb m = {mine};")
        with w.block("while (bb_any(m))"):
            w("int f = bb_pop(&m);")
            distances: dict[str, str] = {}   # code -> its variable: a line's two ways share it
            for dx, dy in rule.directions[p]:
                cells, length = self.run_tables(dx, dy)
                self.travel = (dx, dy)
                try:
                    code = self.expr(rule.distance, p)
                finally:
                    self.travel = None
                if code not in distances:
                    distances[code] = f"far{len(distances)}"
                    w(f"int64_t {distances[code]} = {code};")
                far = distances[code]
                with w.block(f"if ({far} > 0 && {far} < {length})"):
                    w(f"int at = f * {length} + (int)({far}), c = {cells}[at];")
                    w(f"if (c >= 0 && bb_test(to, c) && !bb_any(bb_and({cells}_PASSED[at], "
                      f"barred))) {self.add('c', 'f', tag)}")

    def screened_moves(self, w: CWriter, rule: ir.StepRule, tag: int, p: int,
                       mine: str) -> None:
        """A slide past exactly N screens, in the Python back end's order (its
        `screened_moves` says how the walk counts them)."""
        assert rule.screens is not None and rule.screen is not None   # a screened slide
        w(f"bb screen = {self.expr(rule.screen, p)};")
        w(f"bb m = {mine};")
        with w.block("while (bb_any(m))"):
            w("int f = bb_pop(&m), c;")
            w("int64_t passed;")
            counts: dict[str, str] = {}   # code -> its variable: shared by the directions
            for dx, dy in rule.directions[p]:
                self.travel = (dx, dy)
                try:
                    code = self.expr(rule.screens, p)
                finally:
                    self.travel = None
                if code not in counts:
                    counts[code] = f"need{len(counts)}"
                    w(f"int64_t {counts[code]} = {code};")
                w(f"c = f; passed = {counts[code]};")
                with w.block("if (passed >= 0)"), self.walk(w, dx, dy):
                    with w.block("if (bb_test(occ, c))"):
                        with w.block("if (!passed)"):
                            w(f"if (bb_test(to, c)) {self.add('c', 'f', tag)}")
                            w("break;")
                        w("if (!bb_test(screen, c)) break;")
                        w("passed--;")
                    w(f"else if (!passed && bb_test(to, c)) {self.add('c', 'f', tag)}")

    def counted_attack(self, w: CWriter, rule: ir.StepRule, q: int) -> None:
        """`return 1` when player q's slide by a constant count or past a constant number
        of screens lands on cell `c` (the Python back end's `counted_attack` says how the
        walk back from it goes)."""
        screened = rule.screens is not None
        count = rule.screens if screened else rule.distance
        passing = rule.screen if screened else rule.over
        assert isinstance(count, ir.Const) and passing is not None   # (attacks_directly)
        w(f"bb start = {self.movers(rule, q)}, passing = {self.expr(passing, q)};")
        w("int d; int64_t need;")
        for dx, dy in rule.directions[q]:
            w(f"d = c; need = {int(count.value)};")
            with self.walk_cell(w, "d", -dx, -dy):
                if screened:   # a piece met: the mover when no screen is owed, else a screen
                    with w.block("if (bb_test(occ, d))"):
                        w("if (!need) { if (bb_test(start, d)) return 1; break; }")
                        w("if (!bb_test(passing, d)) break;")
                        w("need--;")
                    continue
                w("if (!--need) { if (bb_test(start, d)) return 1; break; }")
                w("if (!bb_test(passing, d)) break;")

    def run_tables(self, dx: int, dy: int) -> tuple[str, int]:
        """RUN (per cell, n -> the cell n steps along, -1 for none) and RUN_PASSED (the
        cells strictly between), both padded to one length per cell; (name, length)."""
        table = run_table(self.geo, dx, dy)
        length = max(map(len, table))
        name = table_name("RUN", dx, dy)
        if name not in self.helpers:
            cells: list[int] = []
            passed: list[str] = []
            for entries in table:
                padded = [*entries, *[(-1, 0)] * (length - len(entries))]
                cells += [c for c, _ in padded]
                passed += [self.literal(mask) for _, mask in padded]
            self.helpers[name] = [
                f"static const short {name}[] = {{{', '.join(map(str, cells))}}};",
                f"static const bb {name}_PASSED[] = {{{', '.join(passed)}}};"]
        return name, length

    def axis(self, e: ir.Axis, p: int) -> str:
        """The lines through a set of cells: a table per line, looked up by cell (the
        travelling piece's own cell `f` directly, other sets cell by cell)."""
        steps = [self.travel] if e.directions is None else list(e.directions[p])
        parts = []
        for step in steps:
            assert step is not None   # `axis X` without a direction is read in a travel only
            dx, dy = max(step, (-step[0], -step[1]))   # one table a line: its two ways share it
            name = table_name("AXIS", dx, dy)
            if name not in self.helpers:
                items = ", ".join(self.literal(m) for m in axis_table(self.geo, dx, dy))
                self.helpers[name] = [f"static const bb {name}[] = {{{items}}};"]
            if isinstance(e.cells, ir.Origin) and self.travel is not None:
                parts.append(f"{name}[f]")
            else:
                parts.append(f"meet({name}, {self.expr(e.cells, p)})")
        return self.union(parts)

    def connected(self, e: ir.Connected, p: int) -> str:
        """`connected(x)`: the group of x's lowest cell, grown along the links to a fixed
        point, is all of x (and x is not empty)."""
        if "connected" not in self.helpers:
            self.helpers["connected"] = [
                "static inline int connected(bb x) {",
                "    int low = bb_low(x);",
                "    if (low < 0) return 0;",
                "    bb m = bb_bit(low);",
                "    for (;;) {",
                f"        bb grown = bb_and(bb_or(m, {self.shift(self.geo.adjacent, 'm')}), x);",
                "        if (bb_eq(grown, m)) return bb_eq(m, x);",
                "        m = grown;",
                "    }",
                "}"]
        return f"connected({self.expr(e.cells, p)})"
