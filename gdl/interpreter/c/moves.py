"""Legal-move generation in C (the twin of gdl/interpreter/python/moves.py).

The moves come out in the order the Python back end lists them, so the two back ends
agree move for move, not only as sets. A move is a `move_t` (to, from, rule, captured
cells); `encode_move` writes it as the Python back end's move int (docs/core.md, 3).
"""

from __future__ import annotations

import functools

from gdl.interpreter.core import ir
from gdl.interpreter.c.jumps import PATH_BITS, JumpsC
from gdl.interpreter.c.move_bounds import MoveBounds
from gdl.interpreter.c.preference import preferred
from gdl.interpreter.c.staged import staged_draw, staged_rules
from gdl.interpreter.c.support import CWriter, Unsupported

# Stages in all the rules (shogi has 26): each is a few KB of C, and a `repeat`ed step's
# rules (Rush Hour's 240 stages, a 1.2 MB source) would keep the C compiler for minutes.
MAX_STAGES = 64
# a first stage's move into ARR[CNT], refused past MAXM (a C bound, never overrun)
PUT_DEFINE = ("#define PUT(ARR, CNT, TO, FROM, RULE, CAP) do { if ((CNT) >= MAXM) "
              "{ gdl_error = 1; return n; } ARR[CNT] = NOMOVE; ARR[CNT].to = (TO); "
              "ARR[CNT].from = (FROM); ARR[CNT].rule = (RULE); ARR[CNT].cap = (CAP); "
              "(CNT)++; } while (0)")


class MovesC(JumpsC, MoveBounds):
    def __init__(self, game: ir.GameIR):
        super().__init__(game)
        self.board_number: dict[int, int] = {}   # a board rule's number in its moves
        for i, r in enumerate(game.rules):
            if not isinstance(r, ir.ParamRule):
                self.board_number[i] = len(self.board_number)
        passes = [i for i, r in enumerate(game.rules) if isinstance(r, ir.PassRule)]
        self.pass_index = passes[0] if passes else None
        stages = sum(1 + len(getattr(r, "more", ())) for r in game.rules)
        if stages > MAX_STAGES:
            raise Unsupported(f"{stages} move stages in all (more than {MAX_STAGES}: its C "
                              f"source would take the compiler minutes)")
        # a jump chain kept by path: its jumps in a 64-bit word of the move (`path`)
        self.by_path = any(isinstance(a, ir.JumpRule) and a.by_path
                           for r in game.rules
                           for a in (r, *(stage.action for stage in getattr(r, "more", ()))))
        # where the moves being listed go: (array, its count), and the stage they make
        # (None: the first; k: further stage k, written into a copy of the move `mv`)
        self.target = ("out", "n")
        self.stage_k: int | None = None
        self.stage_functions: dict[str, list[str]] = {}
        S = self.geo.size_bits
        self.cell_bits = S
        self.capture_shift = 2 * S + game.rule_bits + 2 * S * game.stage_slots
        path_bits = PATH_BITS if self.by_path else 0   # above the captures, as in Python's
        self.board_move_words = (self.capture_shift + self.layout_bits + path_bits + 64) // 64
        # a move of numbers after the board part: its rule index + 1, then its numbers
        params = self.param_slots()
        self.move_words = self.board_move_words + (1 + params if self.numbered else 0)
        self.max_moves = self.move_bound()

    def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str:
        if rule.kind is None:
            assert rule.origin is not None   # a line of sight says where it starts
            return self.expr(rule.origin, p)
        mine = self.plane(p, rule.kind)
        return mine if rule.origin is None else f"bb_and({mine}, {self.expr(rule.origin, p)})"

    @functools.cached_property
    def staged(self) -> dict[int, int]:
        """The rules of several stages the random draw takes stage by stage, each with its
        bound (interpreter/c/staged.py); none in a game with a legality filter (its draw judges
        whole moves)."""
        if self.game.illegal is not None or self.game.prefer is not None:
            return {}   # (a preference judges whole moves too)
        return staged_rules(self.game, self.geo)

    @property
    def n_classes(self) -> int:
        """1, or 2 when rules are named first (`priority`): class 0 is theirs, legal when
        it has an allowed move; class 1 the other rules'."""
        return 2 if self.game.priority else 1

    def gen_moves(self, w: CWriter) -> None:
        """`candidates(s, out, cls, firsts)`: the moves of a class before the legality
        filter, pass aside; with `firsts`, of the `staged` rules only their first stages;
        `gen_moves(s, out)`: every legal move but a pass, priority rules first."""
        self.write_candidates(w, "candidates")
        with w.block("static int gen_moves(const state_t *s, move_t *out)"):
            w("int n = 0;")
            with w.block("for (int cls = 0; cls < NCLASS && n == 0 && !gdl_error; cls++)"):
                w("n = candidates(s, out, cls, 0);")
                self.filter(w)
            w("return n;")
        if self.staged:
            staged_draw(self, w)
        if self.counts_moves:
            self.count_moves(w)

    def write_candidates(self, w: CWriter, name: str) -> None:
        with w.block(f"static int {name}(const state_t *s, move_t *out, int cls, int firsts)"):
            w("int n = 0;")
            w("if (s->res) return 0;")
            self.unpack(w, "s")
            w(f"bb occ = {self.occ()};")
            w("(void)occ; (void)cls; (void)firsts; (void)out;")
            with w.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with w.block(f"case {p}:"):
                        self.legal_for(w, p)
                        w("break;")
            w("return n;")

    @property
    def counts_moves(self) -> bool:
        """Whether a position's legal moves can be counted without being written (perft's
        last ply): every rule a board rule of one stage that is not a jump chain (a chain
        reads back the moves it listed), and no legality filter to judge them by."""
        return self.game.illegal is None and self.game.prefer is None and all(
            not isinstance(r, ir.ParamRule) and not getattr(r, "more", ())
            and not (isinstance(r, ir.JumpRule) and r.repeat) for r in self.game.rules)

    def count_moves(self, w: CWriter) -> None:
        """`count_moves(s)`: how many moves legal() lists, by the candidates' own code with
        a PUT that only counts (no move written): Connect Four's perft went from 1.28x the
        time of a hand-written bitboard perft to 0.85x (bench/hand_perft.py)."""
        w("#undef PUT")
        w("#define PUT(ARR, CNT, TO, FROM, RULE, CAP) ((CNT)++)")
        self.write_candidates(w, "count_candidates")
        w("#undef PUT")
        w(PUT_DEFINE)
        with w.block("static int count_moves(const state_t *s)"):
            w("if (s->res) return 0;")
            w("int n = 0;")
            # the list `moves` in an end rule kept is had for nothing (as legal() takes it)
            w("if (MEMO_N >= 0 && same_state(s, &MEMO_S)) n = MEMO_N - (MEMO_K > 0 ? MEMO_K : 0);")
            w("else for (int cls = 0; cls < NCLASS && n == 0 && !gdl_error; cls++) "
              "n = count_candidates(s, NULL, cls, 0);")
            if self.pass_index is not None:
                always = bool(getattr(self.game.rules[self.pass_index], "always", False))
                w(f"if ({'n < MAXM' if always else 'n == 0'}) n++;   /* the pass */")
            w("return n;")

    def unpack(self, w: CWriter, s: str) -> None:
        for i in range(self.n_planes):
            w(f"bb b{i} = {s}->b[{i}];")
        for i in range(len(self.game.variables)):
            if self.array_vars[i]:
                w(f"int64_t v{i}[LC]; memcpy(v{i}, {s}->k[{i}], sizeof v{i});")
            else:
                w(f"{self.var_type(i)} v{i} = {s}->{self.var_field(i)};")

    def legal_for(self, w: CWriter, p: int) -> None:
        """Player p's candidates of class `cls` (see n_classes)."""
        first = list(self.game.priority)
        rest = [i for i, r in enumerate(self.game.rules)
                if i not in first and not isinstance(r, ir.PassRule)]
        if first:
            with w.block("if (cls == 0)"):
                for index in first:
                    self.one_rule(w, index, p)
                preferred(self, w, p)
                w("return n;")
        for index in rest:
            self.one_rule(w, index, p)
        preferred(self, w, p)

    def one_rule(self, w: CWriter, index: int, p: int) -> None:
        rule = self.game.rules[index]
        w(f"/* rule {index}: {type(rule).__name__} {self.comment(rule.name)} */")
        with w.block(""):
            if isinstance(rule, ir.ParamRule):
                self.param_moves(w, rule, index, p)
                return
            if not getattr(rule, "more", ()):
                self.rule_moves(w, rule, self.board_number[index], p)
                return
            # the first stage into a list, then each of its moves on through the stages
            w("static move_t first[MAXM]; int nf = 0;")
            self.target = ("first", "nf")
            self.rule_moves(w, rule, self.board_number[index], p)
            self.target = ("out", "n")
            call = self.stage_function(index, 1, p)
            loop = f"for (int i = 0; i < nf; i++) n = {call}({self.locals()}first[i], out, n);"
            if index in self.staged:   # the draw makes the later stages of the one it drew
                w("if (firsts) { for (int i = 0; i < nf; i++) PUTM(out, n, first[i]); }")
                loop = f"else {loop}"
            w(loop)

    def filter(self, w: CWriter) -> None:
        """Keep the moves the legality filter allows (on the position each leaves)."""
        if self.game.illegal is not None:
            w("n = keep_allowed(s, out, n);")

    @staticmethod
    def comment(text: str) -> str:
        """A name for a C comment: letters, digits, blanks and a few signs, nothing else."""
        return "".join(ch if ch.isalnum() or ch in " _-'" else "?" for ch in text)[:60]

    def add(self, to: str, start: str, rule: int, cap: str = "ZERO") -> str:
        arr, count = self.target
        if self.stage_k is None:
            return f"PUT({arr}, {count}, {to}, {start}, {rule}, {cap});"
        return f"PUTS({arr}, {count}, {self.stage_k - 1}, {to}, {start}, {cap});"

    def locals(self) -> str:
        names = [f"b{i}" for i in range(self.n_planes)]
        names += [f"v{i}" for i in range(len(self.game.variables))]
        return "".join(f"{n}, " for n in names)

    def local_params(self) -> str:
        names = [f"bb b{i}" for i in range(self.n_planes)]
        names += [f"{self.var_type(i)} v{i}" for i in range(len(self.game.variables))]
        return "".join(f"{n}, " for n in names)

    def stage_function(self, index: int, k: int, p: int) -> str:
        """The C function that applies stage k - 1 of rule `index` to the position it is
        given and lists every way to make stage k and the ones after it (as
        codegen_moves.stage_function)."""
        name = f"stage{index}_{k}_{p}"
        if name in self.stage_functions:
            return name
        self.stage_functions[name] = []   # reserved while it is written
        rule = self.game.rules[index]
        assert not isinstance(rule, ir.ParamRule)   # a move of numbers has one stage
        stages = rule.more
        stage = stages[k - 1]
        w = CWriter()
        with w.block(f"static int {name}({self.stage_params()}move_t mv, move_t *out, int n)"):
            self.own_arrays(w)
            self.stage_locals(w)
            w("const move_t *mp = &mv;")
            earlier = rule if k == 1 else stages[k - 2].action
            if k > 1 and stages[k - 2].guard is not None:   # that stage may have been skipped
                with w.block(f"if (mp->sto[{k - 2}])"):
                    self.stage_change(w, earlier, p, k - 1)
            else:
                self.stage_change(w, earlier, p, k - 1)
            w(f"occ = {self.occ()};")
            last = k == len(stages)
            nxt = None if last else self.stage_function(index, k + 1, p)
            if stage.guard is not None:
                with w.block(f"if (!{self.truth(stage.guard, p)})"):
                    w("PUTM(out, n, mv);" if last else f"return {nxt}({self.locals()}mv, out, n);")
                    w("return n;")
            saved = self.target, self.stage_k
            self.stage_k = k
            if last and stage.guard is None:
                self.rule_moves(w, stage.action, 0, p)
            else:
                w("static move_t found[MAXM]; int nfound = 0;")
                self.target = ("found", "nfound")
                self.rule_moves(w, stage.action, 0, p)
                if stage.guard is not None:   # a conditional stage that cannot be made: skipped
                    w("if (!nfound) found[nfound++] = mv;")
                with w.block("for (int i = 0; i < nfound; i++)"):
                    w("PUTM(out, n, found[i]);" if last
                      else f"n = {nxt}({self.locals()}found[i], out, n);")
            self.target, self.stage_k = saved
            w("return n;")
        self.stage_functions[name] = w.lines
        return name

    def stage_params(self) -> str:
        """A stage function's parameters: the position, each array under another name
        (`v3_in`), since the stage's change writes a copy of its own (`own_arrays`)."""
        names = [f"bb b{i}" for i in range(self.n_planes)]
        names += [f"const int64_t *v{i}_in" if self.array_vars[i] else f"{self.var_type(i)} v{i}"
                  for i in range(len(self.game.variables))]
        return "".join(f"{n}, " for n in names)

    def own_arrays(self, w: CWriter) -> None:
        for i, array in enumerate(self.array_vars):
            if array:
                w(f"int64_t v{i}[LC]; memcpy(v{i}, v{i}_in, sizeof v{i});")

    def stage_locals(self, w: CWriter) -> None:
        """The locals a stage's change and effects write."""
        params = self.param_count()
        w("int t = 0, nxt = 0; bb bit = ZERO, org = ZERO, keep = ZERO, occ;")
        w("(void)t; (void)nxt; (void)bit; (void)org; (void)keep;")
        if any(isinstance(n, ir.Captured) for n in ir.walk(self.game)):
            w("bb took = ZERO;   /* the cells of the pieces this move has taken */")
            w("(void)took;")
        if params:
            w(f"int64_t {', '.join(f'a{i} = 0' for i in range(params))};")
            w("".join(f"(void)a{i}; " for i in range(params)))

    def param_count(self) -> int:
        return max([n.first + len(n.ranges) for n in ir.walk(self.game)
                    if isinstance(n, ir.SelectRule)] + [self.param_slots()])

    def stage_change(self, w: CWriter, rule, p: int, k: int) -> None:
        raise NotImplementedError   # the state update's (emit_game.GameC)

    def rule_moves(self, w: CWriter, rule: ir.Rule | ir.BoardRule, tag: int, p: int) -> None:
        if isinstance(rule, (ir.PlaceRule, ir.ChooseRule)):
            w(f"bb m = {self.expr(rule.where, p)};")
            with w.block("while (bb_any(m))"):
                w("int c = bb_pop(&m);")
                w(self.add("c", "0", tag))
        elif isinstance(rule, ir.StepRule):
            self.step_moves(w, rule, tag, p)
        elif isinstance(rule, ir.JumpRule):
            self.jump_moves(w, rule, tag, p)
        elif isinstance(rule, ir.DropRule):
            self.drop_moves(w, rule, tag, p)
        elif isinstance(rule, ir.SelectRule) and self.stage_k is not None:
            names = [f"s{i}" for i in range(len(rule.ranges))]
            for name, (low, high) in zip(names, rule.ranges):
                w.lines.append("    " * w.depth + f"for (int {name} = {int(low)}; {name} <= "
                               f"{int(high)}; {name}++) {{")
                w.depth += 1
            w(self.add(names[0], names[1] if len(names) > 1 else "0", tag))
            for _ in names:
                w.depth -= 1
                w("}")
        else:
            raise Unsupported(f"the rule kind '{type(rule).__name__}'")

    def step_moves(self, w: CWriter, rule: ir.StepRule, tag: int, p: int) -> None:
        w(f"bb to = {self.expr(rule.to, p)};")
        mine = self.movers(rule, p)
        if rule.distance is not None:
            self.counted_moves(w, rule, tag, p, mine)
            return
        if rule.screens is not None:
            self.screened_moves(w, rule, tag, p, mine)
            return
        if rule.slide:
            w(f"bb m = {mine};")
            with w.block("while (bb_any(m))"):
                w("int f = bb_pop(&m), c;")
                if self.geo.wraps:   # round a ring: back at the start, or at a cell listed
                    w("bb got = ZERO;")
                for dx, dy in rule.directions[p]:
                    w("c = f;")
                    with self.walk(w, dx, dy):
                        if self.geo.wraps:
                            w("if (c == f) break;")
                            w(f"if (bb_test(to, c) && !bb_test(got, c)) "
                              f"{{ got = bb_or(got, bb_bit(c)); {self.add('c', 'f', tag)} }}")
                        else:
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
        return self.walk_cell(w, "c", dx, dy)

    def walk_cell(self, w: CWriter, c: str, dx: int, dy: int):
        pairs = self.geo.shifts(dx, dy)
        if len(pairs) == 1:
            ((off, has),) = pairs
            block = w.block(f"while (bb_test({self.mask(has)}, {c}))")
            w.lines.append("    " * (w.depth + 1) + f"{c} += {off};")
            return block
        name = f"NEXT_{dx}_{dy}".replace("-", "m")
        if name not in self.helpers:
            table = self.geo.next_cells(dx, dy)
            self.helpers[name] = [f"static const int {name}[] = {{{', '.join(map(str, table))}}};"]
        block = w.block(f"while ({name}[{c}] >= 0)")
        w.lines.append("    " * (w.depth + 1) + f"{c} = {name}[{c}];")
        return block
