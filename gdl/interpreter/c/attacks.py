"""`attacked(planes.., variables.., mover, x)` in C: could an opponent take a piece on a cell
of x (the C twin of gdl/interpreter/python/attacks.py's direct form).

Per cell: its owner (the mover when it is empty, a phantom piece of the owner's first kind
standing there for the test), then per opponent and rule a test of the cell itself: a
step from the cells one offset back, a slide from the first piece met walking back (on
a lattice board by direction: a precomputed ray, its nearest piece one bit operation), a
jump from one cell back over it; travels alike but for their pieces or their landing
cells are tested together, and a travel another of the same piece covers is left out, as
the Python back end does. The general form (the opponent's whole move list) is not
written yet: a game that needs it runs on Python.

The legality filter's tests kept from the position before the moves: interpreter/c/kept.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir, lines
from gdl.interpreter.core.geometry import union
from gdl.interpreter.python.attacks import AttackCode, counted, later_landings, subsumed

from gdl.interpreter.c.counted import CountedC
from gdl.interpreter.c.support import PARAM_BASE, CWriter


class AttacksC(CountedC):
    if TYPE_CHECKING:   # written by MovesC, the class built on this one
        def local_params(self) -> str: ...
        def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str: ...
        def walk_cell(self, w: CWriter, c: str, dx: int, dy: int) -> Any: ...
        def unpack(self, w: CWriter, s: str) -> None: ...
        def fill_state(self, w: CWriter, target: str) -> None: ...

    def attacked_helper(self) -> None:
        if "attacked" in self.helpers:
            return
        self.helpers["attacked"] = []   # reserved while it is written
        w = CWriter()
        general = not self.attacks_directly()
        if general:   # candidates() is written after the helpers: declared here
            w("static int candidates(const state_t *s, move_t *out, int cls, int firsts);")
            w("static move_t ATK_MOVES[MAXM];   /* the opponent's moves of the general form */")
        # not inlined: its callers are many, and gcc's time grows with what it inlines
        with w.block(f"__attribute__((noinline)) static int attacked({self.local_params()}"
                     "int mover, bb x)"):
            w(f"bb occ = {self.occ()}, kept;")
            w("(void)kept;")
            with w.block("while (bb_any(x))"):
                w("int c = bb_pop(&x); bb low = bb_bit(c); int owner = mover;")
                for q in range(self.n_players):
                    w(f"if (bb_test({self.pieces(q, None, q)}, c)) owner = {q};")
                if general:
                    self.general_tests(w)
                else:
                    with w.block("switch (owner)"):
                        for o in range(self.n_players):
                            with w.block(f"case {o}:"):
                                self.owner_tests(w, o)
                                w("break;")
            w("return 0;")
        self.helpers["attacked"] = w.lines

    def attacks_directly(self) -> bool:
        """Whether the direct test of the cell applies (AttackCode.attacks_directly, and no
        rule whose landing cells read `here` or `origin`); else the general form."""
        if not AttackCode.attacks_directly(self):   # type: ignore[arg-type]
            return False
        for rule in self.game.rules:
            for part in (getattr(rule, "to", None), getattr(rule, "over", None),
                         getattr(rule, "origin", None), getattr(rule, "where", None),
                         getattr(rule, "screen", None)):
                if part is not None and any(isinstance(n, (ir.Here, ir.Origin))
                                            for n in ir.walk(part)):
                    return False
        return True

    def general_tests(self, w: CWriter) -> None:
        """The general form (AttackCode.generated_tests): every opponent's moves, every rule
        and no filter, on the position with a phantom piece of the owner's on the cell when
        it is empty; a move attacks the cell when it lands there (in any stage) or takes it."""
        kind = next(k for k in range(self.n_kinds) if k not in self.game.neutral)
        w("state_t t; memset(&t, 0, sizeof t); int who = mover;")
        self.fill_state(w, "t.")
        w(f"if (!bb_test(occ, c)) t.b[owner * {self.n_kinds} + {kind}] = "
          f"bb_or(t.b[owner * {self.n_kinds} + {kind}], low);")
        later = later_landings(self.game)
        with w.block(f"for (int q = 0; q < {self.n_players}; q++)"):
            w("if (q == owner) continue;")
            w("t.pl = q;")
            with w.block("for (int cls = 0; cls < NCLASS; cls++)"):
                w("int n = candidates(&t, ATK_MOVES, cls, 0);")
                with w.block("for (int i = 0; i < n; i++)"):
                    w("const move_t *m = &ATK_MOVES[i];")
                    w(f"if (m->rule >= {PARAM_BASE}) continue;   /* a move of numbers */")
                    w("if (m->to == c || bb_test(m->cap, c)) return 1;")
                    for i, stages in enumerate(later):
                        if stages and i in self.board_number:
                            test = " || ".join(f"m->sto[{k - 1}] == c + 1" for k in stages)
                            w(f"if (m->rule == {self.board_number[i]} && ({test})) return 1;")

    def owner_tests(self, w: CWriter, o: int) -> None:
        kind = next(k for k in range(self.n_kinds) if k not in self.game.neutral)
        plane = self.plane(o, kind)
        w(f"kept = {plane};")
        w(f"if (!bb_test(occ, c)) {plane} = bb_or({plane}, low);")
        w(f"occ = {self.occ()};")
        for q in range(self.n_players):
            if q == o:
                continue
            travels, slides = [], []
            for rule in self.game.rules:
                if isinstance(rule, ir.StepRule) and rule.kind is not None and not counted(rule):
                    if subsumed(rule, self.game.rules):
                        continue
                    if AttackCode.ray_slide(self, rule):   # type: ignore[arg-type]
                        slides.append(rule)
                    else:
                        travels.append((self.expr(rule.to, q), self.movers(rule, q),
                                        rule.directions[q], rule.slide))
                    continue
                with w.block(""):
                    self.rule_attack(w, rule, q)
            with w.block(""):
                self.travel_attacks(w, travels)
            with w.block(""):
                self.ray_attacks(w, slides, q)
        w(f"{plane} = kept;")
        w(f"occ = {self.occ()};")

    def travel_attacks(self, w: CWriter, tests: list[tuple[str, str, tuple, bool]]) -> None:
        """The steps' and slides' tests merged as codegen_attacks.travel_attacks merges them:
        travels alike but for their pieces test the pieces together, then travels alike but
        for where they land test the landing cells together; each landing set once."""
        by_to: dict[tuple, list[str]] = {}
        for to, movers, dirs, slide in tests:
            by_to.setdefault((to, dirs, slide), []).append(movers)
        by_movers: dict[tuple, list[str]] = {}
        for (to, dirs, slide), pieces in by_to.items():
            by_movers.setdefault((self.union(pieces), dirs, slide), []).append(to)
        names: dict[str, str] = {}
        for tos in by_movers.values():
            for to in tos:
                if to not in names:
                    names[to] = f"land{len(names)}"
                    w(f"bb {names[to]} = {to};")
        for (movers, dirs, slide), tos in by_movers.items():
            land = self.union([names[to] for to in tos])
            with w.block(f"if (bb_test({land}, c))"):
                if not slide:
                    w(f"if (bb_any(bb_and({movers}, {self.shift(dirs, 'low')}))) return 1;")
                    continue
                w(f"bb start = {movers}; int d;")
                for dx, dy in dirs:   # walk back from the cell to the first piece
                    w("d = c;")
                    with self.walk_cell(w, "d", -dx, -dy):
                        w("if (bb_test(occ, d)) { if (bb_test(start, d)) return 1; break; }")

    def ray_attacks(self, w: CWriter, slides: list[ir.StepRule], q: int) -> None:
        """Player q's slides on a lattice board, by direction: walking back from the cell
        once, is the first piece met one that slides that way and may land there? The walk
        is a precomputed ray, its nearest piece the lowest set bit when it goes up the bits,
        else the highest (codegen_attacks.ray_attacks)."""
        if not slides:
            return
        if "bb_high" not in self.helpers:   # (a table: written before `attacked`)
            self.helpers["bb_high"] = []
            self.tables += [
                "static inline int bb_high(bb a) {   /* the highest cell, -1 for none */",
                "    for (int i = W - 1; i >= 0; i--) if (a.w[i]) return i * 64 + 63 - "
                "__builtin_clzll(a.w[i]);",
                "    return -1;",
                "}"]
        by_direction: dict[tuple[int, int], list[str]] = {}
        for i, rule in enumerate(slides):
            w(f"bb sl{i} = bb_test({self.expr(rule.to, q)}, c) ? {self.movers(rule, q)} : ZERO;")
            for d in rule.directions[q]:
                by_direction.setdefault(d, []).append(f"sl{i}")
        for (dx, dy), starts in by_direction.items():
            ray = self.ray_table(-dx, -dy)
            ((off, _),) = self.geo.shifts(-dx, -dy)
            nearest = "bb_low(r)" if off > 0 else "bb_high(r)"
            with w.block(""):
                w(f"bb st = {self.union(starts)};")
                w(f"bb r = bb_and({ray}[c], occ);")
                w(f"if (bb_any(st) && bb_any(r) && bb_test(st, {nearest})) return 1;")

    def ray_table(self, dx: int, dy: int) -> str:
        """RAY_dx_dy[c]: the cells met walking from cell c along (dx, dy) to the board's edge."""
        name = f"RAY_{dx}_{dy}".replace("-", "m")
        if name not in self.helpers:
            geo, rays = self.geo, []
            for c in range(self.layout_bits + 1):   # (round a ring: to its start)
                ray = union(1 << x for x in lines.ray(geo, c, dx, dy)) \
                    if geo.playable >> c & 1 else 0
                rays.append(self.literal(ray))
            self.helpers[name] = []   # (a table: written before `attacked`)
            self.tables.append(f"static const bb {name}[] = {{{', '.join(rays)}}};")
        return name

    def rule_attack(self, w: CWriter, rule: ir.Rule, q: int) -> None:
        """`return 1` when player q's rule could take on `low` (the cell `c`)."""
        if isinstance(rule, ir.PlaceRule):
            if not ir.within_empty(rule.where):   # a placement on a piece replaces it
                w(f"if (bb_test({self.expr(rule.where, q)}, c)) return 1;")
            return
        if not isinstance(rule, (ir.StepRule, ir.JumpRule)) or rule.kind is None:
            return   # passes, numbers and lines of sight take nothing
        movers = self.movers(rule, q)
        if isinstance(rule, ir.JumpRule):
            with w.block(f"if (bb_test({self.expr(rule.over, q)}, c))"):
                w(f"bb land = {self.expr(rule.to, q)};")
                for dx, dy in rule.directions[q]:
                    back = self.shift(((dx, dy),), "low")
                    ahead = self.shift(((-dx, -dy),), "low")
                    w(f"if (bb_any(bb_and({movers}, {back})) && bb_any(bb_and(land, {ahead}))) "
                      "return 1;")
            return
        with w.block(f"if (bb_test({self.expr(rule.to, q)}, c))"):
            if counted(rule):
                self.counted_attack(w, rule, q)
                return
            if not rule.slide:
                w(f"if (bb_any(bb_and({movers}, {self.shift(rule.directions[q], 'low')}))) "
                  "return 1;")
                return
            w(f"bb start = {movers}; int d;")
            for dx, dy in rule.directions[q]:   # walk back from the cell to the first piece
                w("d = c;")
                with self.walk_cell(w, "d", -dx, -dy):
                    w("if (bb_test(occ, d)) { if (bb_test(start, d)) return 1; break; }")
