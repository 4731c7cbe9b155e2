"""Legal-move generation in C (the twin of gdl/interpreter/codegen_moves.py).

The moves come out in the order the Python back end lists them, so the two back ends
agree move for move, not only as sets. A move is a `move_t` (to, from, rule, captured
cells); `encode_move` writes it as the Python back end's move int (docs/core.md, 3).
"""

from __future__ import annotations

from gdl.interpreter import ir
from gdl.native.emit_expr import ExprC
from gdl.native.support import CWriter, Unsupported

STACK = 4096   # pending jumps of one chain search (refused past it, never overrun)


class MovesC(ExprC):
    def __init__(self, game: ir.GameIR):
        super().__init__(game)
        self.board_number: dict[int, int] = {}
        for i, r in enumerate(game.rules):
            if isinstance(r, ir.ParamRule):
                raise Unsupported("a move of numbers (ParamRule)")
            self.board_number[i] = len(self.board_number)
        passes = [i for i, r in enumerate(game.rules) if isinstance(r, ir.PassRule)]
        self.pass_index = passes[0] if passes else None
        for r in game.rules:
            if getattr(r, "more", ()):
                raise Unsupported(f"a move of several stages (rule '{r.name}')")
            if isinstance(r, (ir.DropRule, ir.SelectRule)):
                raise Unsupported(f"the rule kind '{type(r).__name__}'")
            if isinstance(r, ir.JumpRule) and r.by_path:
                raise Unsupported("a jump chain kept by path")
        if game.illegal is not None:
            raise Unsupported("the legality filter ('illegal:')")
        if game.hand is not None:
            raise Unsupported("hands of captured pieces")
        S = self.geo.size_bits
        self.cell_bits = S
        self.capture_shift = 2 * S + game.rule_bits + 2 * S * game.stage_slots
        self.move_words = (self.capture_shift + self.layout_bits + 64) // 64
        self.max_moves = self.move_bound()

    def move_bound(self) -> int:
        """A bound on one position's move list (checked at run time all the same)."""
        cells = max(1, len(self.geo.cells))
        total = 1
        for r in self.game.rules:
            dirs = max((len(d) for d in getattr(r, "directions", ((),))), default=1) or 1
            if isinstance(r, ir.StepRule):
                total += cells * dirs * (max(self.geo.width, self.geo.height) if r.slide else 1)
            elif isinstance(r, ir.JumpRule):
                total += cells * dirs * (8 if r.repeat else 1)
            else:
                total += cells
        return max(64, min(total, 2048))   # past it: an error, and Python does the call

    def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str:
        if rule.kind is None:
            assert rule.origin is not None   # a line of sight says where it starts
            return self.expr(rule.origin, p)
        mine = self.plane(p, rule.kind)
        return mine if rule.origin is None else f"bb_and({mine}, {self.expr(rule.origin, p)})"

    def gen_moves(self, w: CWriter) -> None:
        """`gen_moves(s, out)`: every move but a pass, priority rules first."""
        with w.block("static int gen_moves(const state_t *s, move_t *out)"):
            w("int n = 0;")
            w("if (s->res) return 0;")
            self.unpack(w, "s")
            w(f"bb occ = {self.occ()};")
            w("(void)occ;")
            with w.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with w.block(f"case {p}:"):
                        self.legal_for(w, p)
                        w("break;")
            w("return n;")

    def unpack(self, w: CWriter, s: str) -> None:
        for i in range(self.n_planes):
            w(f"bb b{i} = {s}->b[{i}];")
        for i in range(len(self.game.variables)):
            w(f"{self.var_type(i)} v{i} = {s}->{self.var_field(i)};")

    def legal_for(self, w: CWriter, p: int) -> None:
        first = list(self.game.priority)
        rest = [i for i, r in enumerate(self.game.rules)
                if i not in first and not isinstance(r, ir.PassRule)]
        for position, index in enumerate(first + rest):
            if first and position == len(first):
                w("if (n) return n;   /* priority: the rules named first, when they have moves */")
            rule = self.game.rules[index]
            w(f"/* rule {index}: {type(rule).__name__} {self.comment(rule.name)} */")
            with w.block(""):
                self.rule_moves(w, rule, self.board_number[index], p)

    @staticmethod
    def comment(text: str) -> str:
        """A name for a C comment: letters, digits, blanks and a few signs, nothing else."""
        return "".join(ch if ch.isalnum() or ch in " _-'" else "?" for ch in text)[:60]

    def add(self, to: str, start: str, rule: int, cap: str = "ZERO") -> str:
        return f"ADD({to}, {start}, {rule}, {cap});"

    def rule_moves(self, w: CWriter, rule: ir.Rule, tag: int, p: int) -> None:
        if isinstance(rule, (ir.PlaceRule, ir.ChooseRule)):
            w(f"bb m = {self.expr(rule.where, p)};")
            with w.block("while (bb_any(m))"):
                w("int c = bb_pop(&m);")
                w(self.add("c", "0", tag))
        elif isinstance(rule, ir.StepRule):
            self.step_moves(w, rule, tag, p)
        elif isinstance(rule, ir.JumpRule):
            self.jump_moves(w, rule, tag, p)
        else:
            raise Unsupported(f"the rule kind '{type(rule).__name__}'")

    def step_moves(self, w: CWriter, rule: ir.StepRule, tag: int, p: int) -> None:
        w(f"bb to = {self.expr(rule.to, p)};")
        mine = self.movers(rule, p)
        if rule.slide:
            w(f"bb m = {mine};")
            with w.block("while (bb_any(m))"):
                w("int f = bb_pop(&m), c;")
                for dx, dy in rule.directions[p]:
                    w("c = f;")
                    with self.walk(w, dx, dy):
                        w(f"if (bb_test(to, c)) {self.add('c', 'f', tag)}")
                        w("if (bb_test(occ, c)) break;")
            return
        w(f"bb mine = {mine};")
        for dx, dy in rule.directions[p]:
            for off, has in self.geo.shifts(dx, dy):
                moved = (f"bb_shl(bb_and(mine, {self.mask(has)}), {off})" if off > 0
                         else f"bb_shr(bb_and(mine, {self.mask(has)}), {-off})")
                with w.block(""):
                    w(f"bb m = bb_and({moved}, to);")
                    with w.block("while (bb_any(m))"):
                        w("int c = bb_pop(&m);")
                        w(self.add("c", f"c - ({off})", tag))

    def walk(self, w: CWriter, dx: int, dy: int):
        """A loop moving `c` one neighbour along (dx, dy) while there is one; the body goes
        inside (a lattice board adds the offset; a points board reads a table)."""
        pairs = self.geo.shifts(dx, dy)
        if len(pairs) == 1:
            ((off, has),) = pairs
            block = w.block(f"while (bb_test({self.mask(has)}, c))")
            w.lines.append("    " * (w.depth + 1) + f"c += {off};")
            return block
        name = f"NEXT_{dx}_{dy}".replace("-", "m")
        if name not in self.helpers:
            table = self.geo.next_cells(dx, dy)
            self.helpers[name] = [f"static const int {name}[] = {{{', '.join(map(str, table))}}};"]
        block = w.block(f"while ({name}[c] >= 0)")
        w.lines.append("    " * (w.depth + 1) + f"c = {name}[c];")
        return block

    def jump_moves(self, w: CWriter, rule: ir.JumpRule, tag: int, p: int) -> None:
        steps = [step for dx, dy in rule.directions[p] for step in self.geo.jumps(dx, dy)]
        w(f"bb over = {self.expr(rule.over, p)};")
        w(f"bb land = {self.expr(rule.to, p)};")
        w(f"bb m = {self.movers(rule, p)};")
        with w.block("while (bb_any(m))"):
            w("int f = bb_pop(&m);")
            if not rule.repeat:
                for off, land, mask in steps:
                    w(f"if (bb_test({self.mask(mask)}, f) && bb_test(over, f + ({off})) "
                      f"&& bb_test(land, f + ({land}))) "
                      + self.add(f"f + ({land})", "f", tag, f"bb_bit(f + ({off}))"))
                return
            w("bb free = bb_or(land, bb_bit(f));   /* the jumping piece has left its cell */")
            w(f"int sp = 0; static int st_c[{STACK}]; static bb st_cap[{STACK}];")
            w("st_c[sp] = f; st_cap[sp] = ZERO; sp++;")
            with w.block("while (sp)"):
                w("sp--; int c = st_c[sp]; bb cap = st_cap[sp]; int grown = 0;")
                for off, land, mask in steps:
                    with w.block(f"if (bb_test({self.mask(mask)}, c) && bb_test(over, c + ({off})) "
                                 f"&& !bb_test(cap, c + ({off})) && bb_test(free, c + ({land})))"):
                        w(f"if (sp >= {STACK}) {{ gdl_error = 1; return n; }}")
                        w(f"st_c[sp] = c + ({land}); st_cap[sp] = bb_or(cap, bb_bit(c + ({off}))); "
                          "sp++; grown = 1;")
                with w.block("if (bb_any(cap) && !grown)"):
                    w("/* a circuit of four or more captures run both ways is one move */")
                    w(f"if (bb_count(cap) < 4 || !listed(out, n, c, f, {tag}, cap)) "
                      + self.add("c", "f", tag, "cap"))
