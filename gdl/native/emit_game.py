"""The whole C source of a game: types, tables, move generation, the state update and end
rules, and the entry points the loader binds (the twin of gdl/interpreter/codegen.py).

`generate(game)` is pure: it returns the C source and the `Layout` the loader needs to
pack states and moves. It raises `Unsupported` naming the first construct it has no
code for; the game then runs on the Python back end.

Entry points (every state is NSW 64-bit words: the planes, W words each; the number
variables; the player to move; the result; every move MW words, the Python move int):

    int gdl_legal(const uint64_t *state, uint64_t *moves, int max)   -> count, -1: error
    int gdl_apply(const uint64_t *state, const uint64_t *move, uint64_t *out)   -> 0, -1
    int64_t gdl_perft(const uint64_t *state, int depth)                      -> -1: error
    int gdl_playouts(const uint64_t *state, int64_t games, uint64_t seed,
                     int64_t max_plies, int64_t *stats)   stats: plies, then games by result
"""

from __future__ import annotations

import attrs

from gdl.interpreter import ir
from gdl.interpreter.codegen_support import result_codes
from gdl.interpreter.ir import within_empty
from gdl.native.emit_moves import MovesC
from gdl.native.prelude import PRELUDE
from gdl.native.support import CWriter, Unsupported


@attrs.frozen
class Layout:
    """How the loader packs a state and a move into words (see the module doc)."""
    words: int            # W: words of one plane
    planes: int
    variables: tuple[int, ...]   # words of each state variable: 1 (a number), W (cells),
                                 # one per layout bit (a count per cell)
    move_words: int       # MW
    max_moves: int
    results: int          # result codes 0..results-1
    counts: tuple[bool, ...] = ()   # which variables are counts per cell

    @property
    def state_words(self) -> int:
        return self.planes * self.words + sum(self.variables) + 2


class GameC(MovesC):
    def __init__(self, game: ir.GameIR):
        super().__init__(game)
        if any(end.outcome == "score" for end in game.ends):
            raise Unsupported("an end by score")
        if game.history is not None:
            raise Unsupported("repetition ('repeated')")
        self.codes = result_codes(self.n_players)

    # ---- the state update
    def gen_apply(self, w: CWriter) -> None:
        with w.block("static void apply_move(const state_t *s, const move_t *mp, state_t *o)"):
            self.unpack(w, "s")
            self.stage_locals(w)
            w("(void)occ;")
            with w.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with w.block(f"case {p}:"):
                        with w.block("switch (mp->rule)"):
                            self.rule_cases(w, p)
                        self.ends(w, p)
                        w("break;")

    def gen_allowed(self, w: CWriter) -> None:
        """`allowed(s, m)`: the move's change of the position, then the legality filter on
        it from the mover's side (as codegen.Generator's `allowed`)."""
        if self.game.illegal is None:
            return
        with w.block("__attribute__((noinline)) static int allowed(const state_t *s, "
                     "const move_t *mp)"):
            self.unpack(w, "s")
            self.stage_locals(w)
            w("(void)occ;")
            with w.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with w.block(f"case {p}:"):
                        with w.block("switch (mp->rule)"):
                            self.rule_cases(w, p, judge=True)
                        w(f"occ = {self.occ()};")
                        w(f"return !{self.truth(self.game.illegal, p)};")
            w("return 0;")
        w("")
        with w.block("static int keep_allowed(const state_t *s, move_t *out, int n)"):
            w("int kept = 0;")
            w("for (int i = 0; i < n; i++) if (allowed(s, &out[i])) out[kept++] = out[i];")
            w("return kept;")

    def rule_cases(self, w: CWriter, p: int, judge: bool = False) -> None:
        """One case per rule; rules whose updates are the same code share it (antichess's
        many slides), which keeps the source short and its compile quick."""
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, rule in enumerate(self.game.rules):
            part = CWriter()
            part.depth = w.depth + 1
            self.apply_rule(part, rule, p, judge)
            groups.setdefault(tuple(part.lines), []).append(i)
        for lines, members in groups.items():
            labels = " ".join(f"case {self.board_number[i]}:" for i in members)
            w(f"{labels} {{   /* rules {', '.join(map(str, members))} */")
            w.lines += list(lines)
            w.depth += 1
            w("break;")
            w.depth -= 1
            w("}")

    def apply_rule(self, w: CWriter, rule: ir.Rule, p: int, judge: bool = False) -> None:
        if self.extra_turns:
            w(f"nxt = {(p + 1) % self.n_players};")
        # The legality filter reads the position: the counter only when it reads variables.
        reads = {type(n) for n in ir.walk(self.game.illegal)} if judge else set()
        if self.game.plies is not None and (not judge or reads & {ir.Plies, ir.Var}):
            w(f"v{self.game.plies} += 1;")
        self.stage_change(w, rule, p, 0)
        for k, stage in enumerate(getattr(rule, "more", ()), 1):
            w(f"occ = {self.occ()};")
            if stage.guard is None:
                self.stage_change(w, stage.action, p, k)
                continue
            with w.block(f"if (mp->sto[{k - 1}])   /* the stage was made */"):
                self.stage_change(w, stage.action, p, k)

    def stage_change(self, w: CWriter, rule, p: int, k: int) -> None:
        """Stage k of the move `m` (0: the first) changes the position, then its effects
        run: `t` and `bit` are its cell (`here`), `org` the cell its piece left."""
        to, start = ("mp->to", "mp->from") if k == 0 else (f"(mp->sto[{k - 1}] - 1)",
                                                         f"mp->sfrom[{k - 1}]")
        if isinstance(rule, ir.SelectRule):   # its numbers; `here` stays the earlier stage's
            w(f"a{rule.first} = {to};")
            if len(rule.ranges) > 1:
                w(f"a{rule.first + 1} = {start};")
        elif not isinstance(rule, ir.PassRule):
            w(f"t = {to}; bit = bb_bit(t);")
        if isinstance(rule, ir.PlaceRule):
            if not within_empty(rule.where):   # placing on a piece replaces it
                self.take(w, "bit")
            owner = self.n_players if rule.kind in self.game.neutral else p
            w(f"{self.plane(owner, rule.kind)} = bb_or({self.plane(owner, rule.kind)}, bit);")
        elif isinstance(rule, (ir.StepRule, ir.JumpRule)):
            w(f"org = bb_bit({start});")
            if rule.kind is not None:
                mine = self.plane(p, rule.kind)
                w(f"{mine} = bb_xor({mine}, org);")
                self.take(w, "bb_or(bit, mp->cap)" if isinstance(rule, ir.JumpRule) else "bit")
                w(f"{mine} = bb_or({mine}, bit);")
        w(f"occ = {self.occ()};")
        for effect in getattr(rule, "effects", ()):
            self.effect(w, effect, rule, p)

    def take(self, w: CWriter, cells: str) -> None:
        """Whatever stands on `cells` is taken by the move; with `captured` read, `took`
        gathers the cells (as the Python generator's `take`)."""
        if any(isinstance(n, ir.Captured) for n in ir.walk(self.game)):
            w(f"took = bb_or(took, bb_and({cells}, {self.occ()}));")
        self.clear_all(w, cells)

    def clear_all(self, w: CWriter, taken: str) -> None:
        """Every plane loses the cells of `taken`."""
        w(f"keep = {taken};")
        for i in range(self.n_planes):
            w(f"b{i} = bb_andnot(b{i}, keep);")

    def effect(self, w: CWriter, effect: ir.Effect, rule: ir.Rule, p: int) -> None:
        if isinstance(effect, ir.Guard):
            with w.block(f"if ({self.truth(effect.condition, p)})"):
                self.effect(w, effect.effect, rule, p)
        elif isinstance(effect, ir.Again):
            w(f"nxt = {p};")
        elif isinstance(effect, ir.Group):
            for inner in effect.effects:
                self.effect(w, inner, rule, p)
        elif isinstance(effect, (ir.Fill, ir.Add, ir.Remove)):
            with w.block(""):
                w(f"bb fill = {self.expr(effect.cells, p)};")
                self.clear_all(w, "fill")
                if not isinstance(effect, ir.Remove):
                    owner = effect.owner if isinstance(effect, ir.Add) else ir.MOVER
                    players: dict[ir.Owner, ir.Owner] = {ir.MOVER: p,
                                                         ir.OPPONENT: (p + 1) % self.n_players}
                    q = players.get(owner, owner)
                    if effect.kind in self.game.neutral:
                        q = self.n_players
                    plane = self.plane(int(q), effect.kind)
                    w(f"{plane} = bb_or({plane}, fill);")
                w(f"occ = {self.occ()};")
        elif isinstance(effect, ir.Flip):
            self.flip(w, effect, p)
        elif isinstance(effect, ir.Carry):
            with w.block(""):   # the piece on the first source cell to the first target cell
                w(f"bb x = {self.expr(effect.source, p)}, y = {self.expr(effect.target, p)};")
                w("int cx = bb_low(x), cy = bb_low(y);")
                with w.block("if (cx >= 0 && cy >= 0 && cx != cy && bb_test(occ, cx))"):
                    w("x = bb_bit(cx); y = bb_bit(cy);")
                    self.clear_all(w, "y")
                    for i in range(self.n_planes):
                        w(f"if (bb_any(bb_and(b{i}, x))) b{i} = bb_xor(b{i}, bb_or(x, y));")
                w(f"occ = {self.occ()};")
        elif isinstance(effect, ir.SetCount):
            with w.block(""):
                w(f"int64_t nn = {self.expr(effect.value, p)};")
                v = f"v{effect.var}"
                change = "= nn" if effect.op == "=" else f"{effect.op} nn"
                if isinstance(effect.cells, ir.Here):
                    w(f"{v}[t] {change};")
                else:
                    w(f"bb x = {self.expr(effect.cells, p)};")
                    w(f"while (bb_any(x)) {{ int c = bb_pop(&x); {v}[c] {change}; }}")
        elif isinstance(effect, ir.Sow):
            self.sow(w, effect, p)
        elif isinstance(effect, (ir.Rotate, ir.Reflect)):
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
        elif isinstance(effect, ir.Promote):
            moved = getattr(rule, "kind", None)
            if moved is None:
                raise Unsupported("a promotion of no piece")
            with w.block(f"if (bb_any(bb_and(bit, {self.expr(effect.where, p)})))"):
                w(f"{self.plane(p, moved)} = bb_xor({self.plane(p, moved)}, bit);")
                w(f"{self.plane(p, effect.kind)} = bb_or({self.plane(p, effect.kind)}, bit);")
        elif isinstance(effect, ir.Assign):
            if effect.index is not None:
                raise Unsupported("a change to a list variable")
            if self.cell_vars[effect.var] and effect.op != "=":
                raise Unsupported(f"'{effect.op}' on a set of cells")
            w(f"v{effect.var} {effect.op} {self.expr(effect.value, p)};")
        else:
            raise Unsupported(f"the effect '{type(effect).__name__}'")

    def sow(self, w: CWriter, effect: ir.Sow, p: int) -> None:
        """Take every seed on `here`, then one into each next cell of the track, passing over
        the skipped cells; `here` becomes the last cell sown (as codegen.Generator.sow)."""
        track = self.game.tracks[effect.track]
        name = f"TRACK{effect.track}"
        if name not in self.helpers:
            at = [-1] * (self.layout_bits + 1)
            for i, c in enumerate(track):
                at[c] = i
            self.helpers[name] = [
                f"static const int {name}[] = {{{', '.join(map(str, track))}}};",
                f"static const int {name}_AT[] = {{{', '.join(map(str, at))}}};"]
        v = f"v{effect.var}"
        skip = "ZERO" if effect.skip is None else self.expr(effect.skip, p)
        with w.block(""):
            w(f"bb skip = {skip}; int64_t nn = {v}[t]; int c = t, at = {name}_AT[t], idle = 0;")
            w(f"{v}[t] = 0;")
            w("if (at < 0) { gdl_error = 5; nn = 0; }   /* here is not on the track */")
            with w.block("while (nn)"):
                w(f"at = at + 1 < {len(track)} ? at + 1 : 0;")
                w(f"c = {name}[at];")
                w(f"if (bb_test(skip, c)) {{ if (++idle > {len(track)}) {{ gdl_error = 5; "
                  "break; } continue; }")
                w(f"idle = 0; {v}[c] += 1; nn--;")
            w("t = c; bit = bb_bit(c);")

    def turn_helper(self) -> None:
        """`turn(plane, region, q)`: the pieces on a zone block turned clockwise q quarter
        turns (q = 4: mirrored left to right), from cell maps made here for every block of
        every zone family (gdl.interpreter.codegen_support.Turner's); a region that is no
        block fails the call (the Python back end then makes it)."""
        if "turn" in self.helpers:
            return
        from gdl.interpreter.codegen_support import Turner
        turner = Turner(self.geo)
        blocks = sorted({b for family in self.game.zones for b in family.blocks})
        if not blocks:
            raise Unsupported("a turn of a region that is no zone block")
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

    def flip(self, w: CWriter, effect: ir.Flip, p: int) -> None:
        """Walk every direction from the placed cell: runs of the flipped cells that end at
        one of the mover's pieces change owner, keeping their kind."""
        with w.block(""):
            w(f"bb x = {self.expr(effect.cells, p)}, own = {self.pieces(ir.MOVER, None, p)};")
            w("bb flips = ZERO, run; int c;")
            for dx, dy in self.geo.directions.values():
                w("c = t; run = ZERO;")
                with self.walk(w, dx, dy):
                    w("if (bb_test(x, c)) { run = bb_or(run, bb_bit(c)); continue; }")
                    w("if (bb_test(own, c)) flips = bb_or(flips, run);")
                    w("break;")
            for k in range(self.n_kinds):
                for q in range(self.n_players):
                    if q != p:
                        theirs, mine = self.plane(q, k), self.plane(p, k)
                        w(f"{{ bb turned = bb_and({theirs}, flips); {theirs} = bb_xor({theirs}, "
                          f"turned); {mine} = bb_or({mine}, turned); }}")

    def ends(self, w: CWriter, p: int) -> None:
        nxt = (p + 1) % self.n_players
        turn = "nxt" if self.extra_turns else str(nxt)
        w(f"occ = {self.occ()};")
        w("o->res = 0;")
        for i in range(self.n_planes):
            w(f"o->b[{i}] = b{i};")
        for i in range(len(self.game.variables)):
            self.copy_var(w, f"o->{self.var_field(i)}", i)
        w(f"o->pl = {turn};")
        winners: dict[ir.Owner | None, int | None] = {ir.MOVER: p, ir.OPPONENT: nxt, None: None}
        for n, end in enumerate(self.game.ends):
            who = winners.get(end.who, end.who)
            code = self.codes[(end.outcome, who)]   # type: ignore[index]
            w(f"/* end {n}: {end.outcome} */")
            w(f"if ({self.truth(end.condition, p)}) {{ o->res = {code}; break; }}")

    # ---- the whole source
    def generate(self) -> tuple[str, Layout]:
        body = CWriter()
        self.gen_moves(body)
        body("")
        self.gen_apply(body)
        body("")
        self.gen_allowed(body)
        count_words = self.layout_bits if any(self.count_vars) else 1
        var_words = tuple(self.W if cells else count_words if counts else 1
                          for cells, counts in zip(self.cell_vars, self.count_vars))
        layout = Layout(self.W, self.n_planes, var_words, self.move_words,
                        self.max_moves, len(self.codes) + 1, self.count_vars)
        head = CWriter()
        head(f"/* Generated by gdl from the checked rules of game {self.comment(self.game.name)}; "
             "do not edit. */")
        head(f"#define W {self.W}")
        head(PRELUDE)
        head(f"#define NP {max(1, self.n_planes)}")
        head(f"#define NV {max(1, len(self.game.variables))}")
        head(f"#define NSW {layout.state_words}")
        head(f"#define MW {self.move_words}")
        head(f"#define MAXM {self.max_moves}")
        head(f"#define NRES {layout.results}")
        head(f"#define LC {self.layout_bits if any(self.count_vars) else 1}")
        head("typedef struct { bb b[NP]; int64_t v[NV]; bb c[NV]; int64_t k[NV][LC]; "
             "int64_t pl, res; } state_t;")
        head(f"#define SL {max(1, self.game.stage_slots)}")
        head("typedef struct { int to, from, rule; int sto[SL], sfrom[SL]; bb cap; } move_t;")
        head("static const bb ZERO = {{0}};")
        head(f"static const bb PLAYABLE = {self.literal(self.geo.playable)};")
        head("static const move_t NOMOVE;")
        head("/* a first stage's move; a further stage K's, made from the move so far `mv`; a */")
        head("/* whole move: each into ARR[CNT], refused past MAXM (a C bound, never overrun) */")
        head("#define PUT(ARR, CNT, TO, FROM, RULE, CAP) do { if ((CNT) >= MAXM) "
             "{ gdl_error = 1; return n; } ARR[CNT] = NOMOVE; ARR[CNT].to = (TO); "
             "ARR[CNT].from = (FROM); ARR[CNT].rule = (RULE); ARR[CNT].cap = (CAP); "
             "(CNT)++; } while (0)")
        head("#define PUTS(ARR, CNT, K, TO, FROM, CAP) do { if ((CNT) >= MAXM) "
             "{ gdl_error = 1; return n; } ARR[CNT] = mv; ARR[CNT].sto[K] = (TO) + 1; "
             "ARR[CNT].sfrom[K] = (FROM); ARR[CNT].cap = bb_or(mv.cap, CAP); (CNT)++; } while (0)")
        head("#define PUTM(ARR, CNT, MV) do { if ((CNT) >= MAXM) { gdl_error = 1; return n; } "
             "ARR[(CNT)++] = (MV); } while (0)")
        head("static inline int listed(const move_t *out, int n, int to, int from, int rule, "
             "bb cap) {")
        head("    for (int i = 0; i < n; i++) if (out[i].to == to && out[i].from == from && "
             "out[i].rule == rule && bb_eq(out[i].cap, cap)) return 1;")
        head("    return 0;")
        head("}")
        head("static int gen_moves(const state_t *s, move_t *out);")
        if self.game.illegal is not None:
            head("static int keep_allowed(const state_t *s, move_t *out, int n);")
        for name in self.stage_functions:
            head(f"static int {name}({self.local_params()}move_t mv, move_t *out, int n);")
        self.has_moves_helper(head)
        self.common_helpers(head)
        head.lines += self.tables
        for lines in self.helpers.values():
            head.lines += lines
        for lines in self.stage_functions.values():
            body("")
            body.lines += lines
        tail = CWriter()
        self.entry_points(tail)
        return "\n".join(head.lines + [""] + body.lines + [""] + tail.lines) + "\n", layout

    def has_moves_helper(self, w: CWriter) -> None:
        """`has_moves(planes.., variables.., who)`: who has a move other than a pass. The list
        is kept (MEMO): the caller asks next for the moves of that very position."""
        params = [f"bb b{i}" for i in range(self.n_planes)]
        params += [f"{self.var_type(i)} v{i}" for i in range(len(self.game.variables))]
        w("static state_t MEMO_S; static move_t MEMO[MAXM]; static int MEMO_N = -1;")
        with w.block(f"static inline int has_moves({', '.join(params + ['int who'])})"):
            w("memset(&MEMO_S, 0, sizeof MEMO_S);")
            for i in range(self.n_planes):
                w(f"MEMO_S.b[{i}] = b{i};")
            for i in range(len(self.game.variables)):
                self.copy_var(w, f"MEMO_S.{self.var_field(i)}", i)
            w("MEMO_S.pl = who;")
            w("MEMO_N = gen_moves(&MEMO_S, MEMO);")
            w("return MEMO_N > 0;")

    def entry_points(self, w: CWriter) -> None:
        S, shift = self.cell_bits, self.capture_shift
        rule_mask = (1 << self.game.rule_bits) - 1
        pass_tag = -1 if self.pass_index is None else self.board_number[self.pass_index]
        always = self.pass_index is not None and bool(getattr(self.game.rules[self.pass_index],
                                                                "always", False))
        with w.block("static int legal(const state_t *s, move_t *out)"):
            w("if (s->res) return 0;")
            w("int n;")
            w("if (MEMO_N >= 0 && memcmp(s, &MEMO_S, sizeof MEMO_S) == 0) "
              "{ n = MEMO_N; memcpy(out, MEMO, n * sizeof *out); }")
            w("else n = gen_moves(s, out);")
            if pass_tag >= 0:
                test = "n < MAXM" if always else "n == 0"
                w(f"if ({test}) {{ out[n] = NOMOVE; out[n].rule = {pass_tag}; n++; }}")
            w("return n;")
        with w.block("static void load_state(const uint64_t *in, state_t *s)"):
            w("memset(s, 0, sizeof *s);")
            w(f"for (int i = 0; i < NP && i < {self.n_planes}; i++) for (int j = 0; j < W; j++) "
              "s->b[i].w[j] = in[i * W + j];")
            at = self.n_planes * self.W
            for i, cells in enumerate(self.cell_vars):
                if cells:
                    w(f"for (int j = 0; j < W; j++) s->c[{i}].w[j] = in[{at} + j];")
                elif self.count_vars[i]:
                    w(f"for (int j = 0; j < LC; j++) s->k[{i}][j] = (int64_t)in[{at} + j];")
                else:
                    w(f"s->v[{i}] = (int64_t)in[{at}];")
                at += self.W if cells else self.layout_bits if self.count_vars[i] else 1
            w("s->pl = (int64_t)in[NSW - 2]; s->res = (int64_t)in[NSW - 1];")
        with w.block("static void store_state(const state_t *s, uint64_t *out)"):
            w(f"for (int i = 0; i < {self.n_planes}; i++) for (int j = 0; j < W; j++) "
              "out[i * W + j] = s->b[i].w[j];")
            at = self.n_planes * self.W
            for i, cells in enumerate(self.cell_vars):
                if cells:
                    w(f"for (int j = 0; j < W; j++) out[{at} + j] = s->c[{i}].w[j];")
                elif self.count_vars[i]:
                    w(f"for (int j = 0; j < LC; j++) out[{at} + j] = (uint64_t)s->k[{i}][j];")
                else:
                    w(f"out[{at}] = (uint64_t)s->v[{i}];")
                at += self.W if cells else self.layout_bits if self.count_vars[i] else 1
            w("out[NSW - 2] = (uint64_t)s->pl; out[NSW - 1] = (uint64_t)s->res;")
        w("static inline void put_bit(uint64_t *x, int i) { x[i >> 6] |= 1ULL << (i & 63); }")
        w("static inline int get_bit(const uint64_t *x, int i) "
          "{ return (x[i >> 6] >> (i & 63)) & 1; }")
        with w.block("static void encode_move(const move_t *m, uint64_t *x)"):
            w("memset(x, 0, MW * sizeof *x);")
            w(f"for (int i = 0; i < {S}; i++) {{ if (m->to >> i & 1) put_bit(x, i); "
              f"if (m->from >> i & 1) put_bit(x, {S} + i); }}")
            w(f"for (int i = 0; i < {self.game.rule_bits}; i++) if (m->rule >> i & 1) "
              f"put_bit(x, {2 * S} + i);")
            for k in range(self.game.stage_slots):
                at = 2 * S + self.game.rule_bits + 2 * S * k
                w(f"for (int i = 0; i < {S}; i++) {{ "
                  f"if (m->sto[{k}] >> i & 1) put_bit(x, {at} + i); "
                  f"if (m->sfrom[{k}] >> i & 1) put_bit(x, {at + S} + i); }}")
            w(f"bb cap = m->cap; while (bb_any(cap)) put_bit(x, {shift} + bb_pop(&cap));")
        with w.block("static void decode_move(const uint64_t *x, move_t *m)"):
            w("*m = NOMOVE;")
            for k in range(self.game.stage_slots):
                at = 2 * S + self.game.rule_bits + 2 * S * k
                w(f"for (int i = 0; i < {S}; i++) {{ m->sto[{k}] |= get_bit(x, {at} + i) << i; "
                  f"m->sfrom[{k}] |= get_bit(x, {at + S} + i) << i; }}")
            w(f"for (int i = 0; i < {S}; i++) {{ m->to |= get_bit(x, i) << i; "
              f"m->from |= get_bit(x, {S} + i) << i; }}")
            w(f"for (int i = 0; i < {self.game.rule_bits}; i++) "
              f"m->rule |= get_bit(x, {2 * S} + i) << i;")
            w(f"m->rule &= {rule_mask};")
            w(f"for (int c = 0; c < {self.layout_bits}; c++) if (get_bit(x, {shift} + c)) "
              "m->cap = bb_or(m->cap, bb_bit(c));")
        with w.block("static int64_t perft(const state_t *s, int depth)"):
            w("if (depth == 0) return 1;")
            w("if (s->res) return 0;")
            w("move_t *moves = malloc(MAXM * sizeof *moves);")
            w("if (!moves) return -1;")
            w("int n = legal(s, moves);")
            w("int64_t total = gdl_error ? -1 : n; state_t t;")
            with w.block("if (depth > 1 && total >= 0)"):
                w("total = 0;")
                with w.block("for (int i = 0; i < n; i++)"):
                    w("apply_move(s, &moves[i], &t);")
                    w("int64_t k = perft(&t, depth - 1);")
                    w("if (k < 0) { total = -1; break; }")
                    w("total += k;")
            w("free(moves);")
            w("return total;")
        w("int gdl_words(void) { return NSW; }")
        w("int gdl_move_words(void) { return MW; }")
        with w.block("int gdl_legal(const uint64_t *in, uint64_t *out, int max)"):
            w("static move_t moves[MAXM]; state_t s; load_state(in, &s); gdl_error = 0;")
            w("int n = legal(&s, moves);")
            w("if (gdl_error || n > max) return -1;")
            w("for (int i = 0; i < n; i++) encode_move(&moves[i], out + i * MW);")
            w("return n;")
        with w.block("int gdl_apply(const uint64_t *in, const uint64_t *mv, uint64_t *out)"):
            w("state_t s, t; move_t m; load_state(in, &s); decode_move(mv, &m); gdl_error = 0;")
            w("apply_move(&s, &m, &t);")
            w("if (gdl_error) return -1;")
            w("store_state(&t, out);")
            w("return 0;")
        with w.block("int64_t gdl_perft(const uint64_t *in, int depth)"):
            w("state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;")
            w("int64_t k = perft(&s, depth);")
            w("return gdl_error ? -1 : k;")
        with w.block("int64_t gdl_rollout(const uint64_t *in, uint64_t seed, int64_t max_plies, "
                     "uint64_t *out)"):
            w("/* one random playout: its result code (0: cut or stuck, the state in out) */")
            w("static move_t moves[MAXM]; state_t s, t; load_state(in, &s); gdl_error = 0;")
            with w.block("for (int64_t ply = 0; ply < max_plies && !s.res; ply++)"):
                w("int n = legal(&s, moves);")
                w("if (gdl_error) return -1;")
                w("if (n == 0) break;")
                w("apply_move(&s, &moves[rng_next(&seed) % (uint64_t)n], &t);")
                w("s = t;")
            w("if (gdl_error) return -1;")
            w("if (!s.res) store_state(&s, out);")
            w("return s.res;")
        with w.block("int gdl_playouts(const uint64_t *in, int64_t games, uint64_t seed, "
                     "int64_t max_plies, int64_t *stats)"):
            w("static move_t moves[MAXM]; state_t start, s, t; load_state(in, &start); "
              "gdl_error = 0;")
            w("for (int i = 0; i <= NRES; i++) stats[i] = 0;")
            with w.block("for (int64_t g = 0; g < games; g++)"):
                w("s = start;")
                with w.block("for (int64_t ply = 0; ply < max_plies && !s.res; ply++)"):
                    w("int n = legal(&s, moves);")
                    w("if (gdl_error) return -1;")
                    w("if (n == 0) break;")
                    w("apply_move(&s, &moves[rng_next(&seed) % (uint64_t)n], &t);")
                    w("s = t; stats[0]++;")
                w("stats[1 + (s.res >= 0 && s.res < NRES ? s.res : 0)]++;")
            w("return gdl_error ? -1 : 0;")


def generate(game: ir.GameIR) -> tuple[str, Layout]:
    """The C source of `game` and its layout. Raises Unsupported (naming the construct)."""
    return GameC(game).generate()
