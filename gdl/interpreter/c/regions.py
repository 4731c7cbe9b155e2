"""Lines, zones and connectivity in C (the twin of those parts of
gdl/interpreter/python/expressions.py): `line K` by doubling shifts or declared runs, zone
blocks and slots as tables by cell, `reach` and `flank` grown to a fixed point, the cells
whose count compares with a number."""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.core.ir import CELLS
from gdl.interpreter.c.expressions import ExprC


class RegionsC(ExprC):
    def line(self, e: ir.Line, p: int) -> str:
        if e.owner == ir.ANY:
            return "(" + " || ".join(self.line(ir.Line(e.length, q, e.within), p)
                                     for q in range(self.n_players)) + ")"
        pieces = self.pieces(e.owner, None, p)
        if e.within is not None:
            where = e.within
            if isinstance(where, ir.Zone) and isinstance(where.arg, ir.Here):
                name = self.zone_runs(where.family, e.length)
                return f"runs_at({pieces}, {name}, {name}_AT, t)"
            return f"runs_within({pieces}, {self.all_runs(e.length)}, " \
                   f"{len(self.geo.runs(e.length))}, {self.expr(where, p)})"
        if not self.geo.line_axes or self.geo.wraps:   # declared lines, or runs going round
            runs = self.geo.runs(e.length)
            return f"runs_any({pieces}, {self.all_runs(e.length)}, {len(runs)})"
        self.line_helper(e.length)
        return f"line{e.length}({pieces})"

    def line_helper(self, length: int) -> None:
        """`lineK(P)`: P holds K in a row, by doubling shifts (the guard column stops wraps)."""
        name = f"line{length}"
        if name in self.helpers:
            return
        out = [f"static inline int {name}(bb P) {{"]
        if length == 1:
            out.append("    return bb_any(P);")
        else:
            for dx, dy in self.geo.line_axes:
                ((off, _),) = self.geo.shifts(dx, dy)
                out.append("    { bb m = P;")
                run = 1
                while run * 2 <= length:
                    out.append(f"      m = bb_and(m, bb_shr(m, {run * off}));")
                    run *= 2
                if run < length:
                    out.append(f"      m = bb_and(m, bb_shr(m, {(length - run) * off}));")
                out.append("      if (bb_any(m)) return 1; }")
            out.append("    return 0;")
        out.append("}")
        self.helpers[name] = out

    def all_runs(self, length: int) -> str:
        name = f"RUNS{length}"
        if name not in self.helpers:
            runs = self.geo.runs(length) or (0,)
            self.runs_helpers()
            items = ", ".join(self.literal(r) for r in runs)
            self.helpers[name] = [f"static const bb {name}[] = {{{items}}};"]
        return name

    def zone_runs(self, family: int, length: int) -> str:
        """Per cell, the runs wholly inside the block holding it (`line K in box here`)."""
        name = f"ZRUNS{family}_{length}"
        if name in self.helpers:
            return name
        self.runs_helpers()
        blocks = self.game.zones[family].blocks
        runs = self.geo.runs(length)
        flat: list[str] = []
        starts = []
        for c in range(self.layout_bits + 1):
            at = next((b for b in blocks if b >> c & 1), 0)
            starts.append(len(flat))
            flat += [self.literal(r) for r in runs if at and r & ~at == 0]
        starts.append(len(flat))
        self.helpers[name] = [
            f"static const bb {name}[] = {{{', '.join(flat) or '{{0}}'}}};",
            f"static const int {name}_AT[] = {{{', '.join(map(str, starts))}}};"]
        return name

    def runs_helpers(self) -> None:
        self.helpers.setdefault("runs", [
            "static inline int runs_any(bb P, const bb *runs, int n) {",
            "    for (int i = 0; i < n; i++)",
            "        if (bb_eq(bb_and(P, runs[i]), runs[i]) && bb_any(runs[i])) return 1;",
            "    return 0;",
            "}",
            "static inline int runs_within(bb P, const bb *runs, int n, bb X) {",
            "    for (int i = 0; i < n; i++)",
            "        if (!bb_any(bb_andnot(runs[i], X))",
            "            && bb_eq(bb_and(P, runs[i]), runs[i])) return 1;",
            "    return 0;",
            "}",
            "static inline int runs_at(bb P, const bb *runs, const int *at, int c) {",
            "    for (int i = at[c]; i < at[c + 1]; i++)",
            "        if (bb_eq(bb_and(P, runs[i]), runs[i])) return 1;",
            "    return 0;",
            "}"])

    def zone_table(self, kind: str, family: int) -> str:
        """ZONE: block masks by number (0: none); ZONEAT: by cell, the block holding it;
        SLOT: by cell, its place in its block (as codegen_expr.zone_table)."""
        name = f"{kind}{family}"
        if name in self.helpers:
            return name
        zones = self.game.zones[family]
        size = self.layout_bits + 1
        if kind == "ZONE":
            items = [self.literal(b) for b in (0, *zones.blocks)]
            self.helpers[name] = [f"static const bb {name}[] = {{{', '.join(items)}}};"]
        elif kind == "ZONEAT":
            items = [self.literal(next((b for b in zones.blocks if b >> c & 1), 0))
                     for c in range(size)]
            self.helpers[name] = [f"static const bb {name}[] = {{{', '.join(items)}}};"]
        else:
            def slot(c: int) -> int:
                x, y = self.geo.xy(c)
                return (y % zones.height) * zones.width + x % zones.width + 1
            table = [slot(c) if self.geo.playable >> c & 1 else 0 for c in range(size)]
            # Python indexes with -1 for an empty set: the last entry (see first_cell)
            numbers = ", ".join(map(str, table))
            self.helpers[name] = [f"static const int64_t {name}_[] = {{{numbers}}};",
                                  f"#define {name} ({name}_ + 0)"]
        return name

    def first_cell(self, e: ir.Expr, p: int) -> str:
        if isinstance(e, ir.Here):
            return "t"
        size = self.layout_bits + 1
        return f"first_cell({self.expr(e, p)}, {size})"

    def zone(self, e: ir.Zone, p: int) -> str:
        if e.arg.type != CELLS:
            table = self.zone_table("ZONE", e.family)
            n = len(self.game.zones[e.family].blocks) + 1
            return f"zone_item({table}, {n}, {self.expr(e.arg, p)})"
        at = self.zone_table("ZONEAT", e.family)
        if isinstance(e.arg, ir.Here):
            return f"{at}[t]"
        return f"meet({at}, {self.expr(e.arg, p)})"

    def reach_helper(self) -> None:
        if "reach" in self.helpers:
            return
        self.helpers["reach"] = [
            "__attribute__((const, noinline)) static bb reach(bb x, bb y) {",
            "    bb m = bb_and(x, y);",
            "    for (;;) {",
            f"        bb grown = bb_and(bb_or(m, {self.shift(self.geo.adjacent, 'm')}), y);",
            "        if (bb_eq(grown, m)) return m;",
            "        m = grown;",
            "    }",
            "}"]

    def flank_helper(self) -> None:
        """`flank(own, x)`: cells from which a run of x cells along some direction ends at own."""
        if "flank" in self.helpers:
            return
        lines = ["static inline bb flank(bb own, bb x) {", "    bb out = ZERO, r, run;"]
        for dx, dy in self.geo.directions.values():
            if not self.geo.shifts(dx, dy):
                continue
            lines += [f"    r = bb_and({self.shift(((dx, dy),), 'own')}, x);", "    run = r;",
                      "    while (bb_any(r)) {",
                      f"        r = bb_and({self.shift(((dx, dy),), 'r')}, x);",
                      "        run = bb_or(run, r);", "    }",
                      f"    out = bb_or(out, {self.shift(((dx, dy),), 'run')});"]
        lines += ["    return out;", "}"]
        self.helpers["flank"] = lines

    def counts_where_helper(self, name: str, op: str) -> None:
        if f"counts_{name}" in self.helpers:
            return
        cells = ", ".join(map(str, self.geo.cells)) or "0"
        self.helpers.setdefault("PLAYABLE_CELLS", [
            f"static const int PLAYABLE_CELLS[] = {{{cells}}};"])
        self.helpers[f"counts_{name}"] = [
            f"static inline bb counts_{name}(const int64_t *k, int64_t x) {{",
            "    bb out = ZERO;",
            f"    for (int i = 0; i < {len(self.geo.cells)}; i++)",
            "        if (k[PLAYABLE_CELLS[i]] " + op + " x)",
            "            out = bb_or(out, bb_bit(PLAYABLE_CELLS[i]));",
            "    return out;",
            "}"]
