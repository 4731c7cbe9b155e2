"""The effects that move pieces round without taking any, in C: `swap`, `cycle` and the turns
of regions (`rotate`, `reflect`); the twins of those parts of gdl/interpreter/python/effects.py
and of its `Turner`. Every plane is changed alike, so a piece keeps its owner and kind."""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.c.moves import MovesC
from gdl.interpreter.c.support import CWriter

# The general turn's answer to a region that cannot turn (not square, not symmetric): the
# call fails and the Python back end makes it, and reports the rules' error.
TURN_ERROR = 3


class RearrangeC(MovesC):
    def swap(self, w: CWriter, effect: ir.Swap, p: int) -> None:
        """The first cells of the two sets exchange their pieces: a plane holding exactly
        one of the two cells has both flipped (nothing happens when a set is empty or both
        name one cell)."""
        with w.block(""):
            w(f"bb x = {self.expr(effect.first, p)}, y = {self.expr(effect.second, p)};")
            w("int cx = bb_low(x), cy = bb_low(y);")
            with w.block("if (cx >= 0 && cy >= 0 && cx != cy)"):
                w("bb xy = bb_or(bb_bit(cx), bb_bit(cy)), h;")
                for i in range(self.n_planes):
                    w(f"h = bb_and(b{i}, xy); if (bb_any(h) && !bb_eq(h, xy)) "
                      f"b{i} = bb_xor(b{i}, xy);")
            w(f"occ = {self.occ()};")

    def cycle(self, w: CWriter, effect: ir.CycleCells) -> None:
        """What stands on cells[0] goes to cells[1], ..., the last's to cells[0]: on every
        plane the cycled cells are cleared, then each group of cells one offset apart is
        shifted by it (one shift per offset, as the Python back end groups them)."""
        cycled, by_offset = effect.shifts()
        keep = self.mask(cycled)
        for i in range(self.n_planes):
            parts = [f"bb_shl(bb_and(b{i}, {self.mask(m)}), {d})" if d > 0
                     else f"bb_shr(bb_and(b{i}, {self.mask(m)}), {-d})"
                     for d, m in sorted(by_offset.items())]
            w(f"b{i} = {self.union([f'bb_andnot(b{i}, {keep})', *parts])};")
        w(f"occ = {self.occ()};")

    def turn(self, w: CWriter, effect: ir.Rotate | ir.Reflect, p: int) -> None:
        """Every plane turned on the region: `q` quarter turns clockwise, or 4 for the
        mirror image; an angle that is no multiple of 90 fails the call."""
        self.turn_helper()
        with w.block(""):
            w(f"bb x = {self.expr(effect.cells, p)};")
            if isinstance(effect, ir.Rotate):
                w(f"int64_t q = {self.expr(effect.angle, p)};")
                w("if (floormod(q, 90, &gdl_error)) gdl_error = 4;   /* not a quarter turn */")
                w("q = floormod(floordiv(q, 90, &gdl_error), 4, &gdl_error);")
            else:
                w("int64_t q = 4;   /* the mirror image */")
            for i in range(self.n_planes):
                w(f"b{i} = turn(b{i}, x, (int)q);")
            w(f"occ = {self.occ()};")

    def turn_helper(self) -> None:
        """`turn(plane, region, q)`: the pieces on a zone block turned clockwise q quarter
        turns (q = 4: mirrored left to right), from cell maps made here for every block of
        every zone family (gdl.interpreter.python.support.Turner's); a region that is no
        block fails the call (the Python back end then makes it). A game without zones
        turns any region, its map made at each turn (`general_turn`)."""
        if "turn" in self.helpers:
            return
        from gdl.interpreter.python.support import Turner
        turner = Turner(self.geo)
        blocks = sorted({b for family in self.game.zones for b in family.blocks})
        if not blocks:
            self.general_turn()
            return
        size = self.layout_bits + 1
        table: list[int] = []
        for block in blocks:
            for q in range(5):
                row = [-1] * size
                try:
                    pairs = turner.mirrored(block, 0) if q == 4 else \
                        turner.turned(block, q) if q else ()
                except ValueError:   # not square, or not symmetric: no map (an error in C)
                    pairs = ()
                for source, target in pairs:
                    row[source] = target
                table += row
        regions = ", ".join(self.literal(b) for b in blocks)
        self.helpers["turn"] = [
            f"static const bb TURN_REGIONS[] = {{{regions}}};",
            f"static const short TURN_MAP[] = {{{', '.join(map(str, table))}}};",
            "static inline bb turn(bb plane, bb region, int q) {",
            "    if ((q == 0) || !bb_any(bb_and(plane, region))) return plane;",
            "    int j = -1;",
            f"    for (int i = 0; i < {len(blocks)}; i++)",
            "        if (bb_eq(TURN_REGIONS[i], region)) j = i;",
            "    if (j < 0) { gdl_error = 3; return plane; }",
            "    bb out = bb_andnot(plane, region), x = bb_and(plane, region);",
            "    while (bb_any(x)) {",
            f"        int c = bb_pop(&x), to = TURN_MAP[(j * 5 + q) * {size} + c];",
            "        if (to < 0) { gdl_error = 3; return plane; }",
            "        out = bb_or(out, bb_bit(to));",
            "    }",
            "    return out;",
            "}"]

    def general_turn(self) -> None:
        """`turn` of any region, as Turner makes its maps: the region's cells on the board
        (x = c % stride, y = c / stride) must be a square to turn, (u, v) -> (v, side - 1 - u)
        a quarter; a mirror sends x to low + high - x and must stay in the region."""
        stride = self.geo.stride
        self.helpers["turn"] = [
            "static inline bb turn(bb plane, bb region, int q) {",
            "    if ((q == 0) || !bb_any(bb_and(plane, region))) return plane;",
            "    bb r = bb_and(region, PLAYABLE), x = r;",
            "    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1, n = 0;",
            "    while (bb_any(x)) {",
            f"        int c = bb_pop(&x), cx = c % {stride}, cy = c / {stride}; n++;",
            "        if (cx < x0) x0 = cx; if (cx > x1) x1 = cx;",
            "        if (cy < y0) y0 = cy; if (cy > y1) y1 = cy;",
            "    }",
            "    int side = x1 - x0 + 1;",
            f"    if (q != 4 && (y1 - y0 + 1 != side || n != side * side)) "
            f"{{ gdl_error = {TURN_ERROR}; return plane; }}",
            "    for (x = r; q == 4 && bb_any(x); ) {   /* every cell's image in the region */",
            "        int c = bb_pop(&x);",
            f"        if (!bb_test(region, c - c % {stride} + x0 + x1 - c % {stride})) "
            f"{{ gdl_error = {TURN_ERROR}; return plane; }}",
            "    }",
            "    bb out = bb_andnot(plane, region); x = bb_and(plane, r);",
            "    while (bb_any(x)) {",
            f"        int c = bb_pop(&x), u = c % {stride} - x0, v = c / {stride} - y0;",
            "        for (int k = 0; q < 4 && k < q; k++) { int t = u; u = v; v = side - 1 - t; }",
            f"        out = bb_or(out, bb_bit((y0 + v) * {stride} + (q == 4 ? x1 - u : x0 + u)));",
            "    }",
            "    return out;",
            "}"]
