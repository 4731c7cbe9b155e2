"""The entry points of a game's library in C (bound by gdl/interpreter/c/build.py's `load`): moves
and the state update across the boundary, perft, random playouts and rollouts, and the
conversions of states and moves to and from the words the loader packs (docs/native.md)."""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.c.landing import LandingC
from gdl.interpreter.c.scores import ScoresC
from gdl.interpreter.c.chance import chance_node, write_chance_draw
from gdl.interpreter.c.playout_eyes import write_eyes
from gdl.interpreter.c.support import PARAM_BASE
from gdl.interpreter.c.support import CWriter


class EntryC(LandingC, ScoresC):
    @property
    def nested_moves(self) -> bool:
        """Whether the legality filter asks `moves` (shogi's pawn drop that mates): a
        listing under way counts in HM_DEPTH, and the `moves` it asks lists apart."""
        return self.game.illegal is not None and any(
            isinstance(n, ir.HasMoves) for n in ir.walk(self.game.illegal))

    def has_moves_helper(self, w: CWriter) -> None:
        """`has_moves(planes.., variables.., who)`: who has a move other than a pass, found
        by the filter's early answer: candidates of each class until one is allowed. They
        are kept (MEMO, MEMO_C the class, MEMO_K the first allowed, those before it
        refused; -1: the list is the legal moves): the caller asks next for the moves of
        that very position, or draws one (pick_move)."""
        params = [f"bb b{i}" for i in range(self.n_planes)]
        params += [f"{self.var_type(i)} v{i}" for i in range(len(self.game.variables))]
        w("static state_t MEMO_S; static move_t MEMO[MAXM]; static int MEMO_N = -1, MEMO_C, "
          "MEMO_K;")
        with w.block("static inline int same_state(const state_t *a, const state_t *b)"):
            w(f"return {' && '.join(self.equal_terms('a->', 'b->'))} && a->pl == b->pl && "
              "a->res == b->res;")
        filtered = self.game.illegal is not None
        nested = self.nested_moves
        if nested:
            w("static int HM_DEPTH;   /* listings under way: the filter's `moves` is nested */")
        with w.block(f"static inline int has_moves({', '.join(params + ['int who'])})"):
            if nested:
                with w.block("if (HM_DEPTH)"):
                    w("/* inside a listing (the legality filter's `moves`): a list of its own */")
                    w("state_t t; memset(&t, 0, sizeof t);")
                    self.fill_state(w, "t.")
                    # one list per nesting depth, allocated on first use and kept: nothing
                    # is allocated per call (shogi asks it of every pawn drop giving check)
                    w("static move_t *HM_LISTS[16];")
                    w("if (HM_DEPTH >= 16) { gdl_error = 7; return 0; }")
                    w("move_t *list = HM_LISTS[HM_DEPTH];")
                    w("if (!list) list = HM_LISTS[HM_DEPTH] = malloc(MAXM * sizeof *list);")
                    w("if (!list) { gdl_error = 7; return 0; }")
                    w("int found = 0; HM_DEPTH++;")
                    w("for (int cls = 0; cls < NCLASS && !found && !gdl_error; cls++) "
                      "found = first_allowed(&t, list, candidates(&t, list, cls, 0)) >= 0;")
                    w("HM_DEPTH--;")
                    w("return found;")
            # the memo's position asked again (Othello's three end rules ask it each)
            terms = " && ".join(["MEMO_S.pl == who", *self.equal_terms("MEMO_S.", None)])
            w(f"if (MEMO_N >= 0 && {terms}) return MEMO_N > 0;")
            w("memset(&MEMO_S, 0, sizeof MEMO_S);")
            self.fill_state(w, "MEMO_S.")
            if nested:
                w("HM_DEPTH++;")
            with w.block("for (MEMO_C = 0; MEMO_C < NCLASS && !gdl_error; MEMO_C++)"):
                w("MEMO_N = candidates(&MEMO_S, MEMO, MEMO_C, 0);")
                if filtered:
                    w("MEMO_K = first_allowed(&MEMO_S, MEMO, MEMO_N);")
                    w("if (MEMO_K >= 0) break;")
                else:
                    w("MEMO_K = -1;")
                    w("if (MEMO_N) break;")
            if nested:
                w("HM_DEPTH--;")
            w("if (MEMO_C == NCLASS) { MEMO_N = 0; MEMO_K = -1; }   /* none: the list is empty */")
            w("return MEMO_N > 0;")

    def equal_terms(self, a: str, b: str | None) -> list[str]:
        """C tests that the positions `a` and `b` (prefixes of a state's fields: `a->`,
        `MEMO_S.`; None: the locals b0.., v0..) agree on every plane and variable the game
        uses; the callers add the player to move, where it is cheapest (100 playouts:
        Othello 6.08 million instructions with it last in same_state, 6.44 first; draughts
        7.52 with it first in has_moves, 7.70 last). Field by field: a state's other
        fields hold what the stack held, so memcmp would miss the memo."""
        def other(field: str, local: str) -> str:
            return local if b is None else f"{b}{field}"
        terms = [f"bb_eq({a}b[{i}], {other(f'b[{i}]', f'b{i}')})" for i in range(self.n_planes)]
        for i in range(len(self.game.variables)):
            field = self.var_field(i)
            mine, theirs = f"{a}{field}", other(field, f"v{i}")
            terms.append(f"bb_eq({mine}, {theirs})" if self.cell_vars[i] else
                         f"memcmp({mine}, {theirs}, sizeof {mine}) == 0" if self.array_vars[i]
                         else f"{mine} == {theirs}")
        return terms

    def fill_state(self, w: CWriter, target: str) -> None:
        """The state `target` (a prefix: `s.`) from the locals, `who` to move."""
        for i in range(self.n_planes):
            w(f"{target}b[{i}] = b{i};")
        for i in range(len(self.game.variables)):
            self.copy_var(w, f"{target}{self.var_field(i)}", i)
        w(f"{target}pl = who;")

    def pick_move(self, w: CWriter, pass_tag: int, always: bool) -> None:
        """`pick_move(s, buf, seed)`: a uniformly random legal move of s (in buf, the memo
        or a list of its own; good until the next call), or NULL when s has none. The
        filter is asked only of the candidates drawn, in a random order, until one is
        allowed: the first allowed of a random order is uniform over the allowed. A game
        with neither a filter nor a staged rule draws from legal()'s list (the games of
        the exact draw)."""
        filtered = self.game.illegal is not None
        write_chance_draw(w, self.game)
        chance = f"if ({chance_node(self.game, 's')}) return chance_draw(s, buf, seed);"
        with w.block("static inline const move_t *listed_draw(const state_t *s, move_t *buf, "
                     "uint64_t *seed)"):
            w("/* one draw from legal()'s list (the games a replay on Python makes) */")
            if self.game.chances:
                w(chance)
            w("int n = legal(s, buf);")
            w("if (gdl_error || n == 0) return NULL;")
            w("return &buf[rng_next(seed) % (uint64_t)n];")
        with w.block("static inline const move_t *pick_move(const state_t *s, move_t *buf, "
                     "uint64_t *seed)"):
            # a move drawn from the memo is copied out: the update that follows lists the
            # next position's moves into the memo
            w("static move_t chosen, pass; (void)chosen; (void)pass;")
            if self.game.chances:
                w(chance)
            if not (filtered or self.staged) and not (always and self.n_classes > 1):
                # the memo's list drawn from in place, not copied by legal() (100 playouts:
                # Othello 6.08 million instructions, 6.37 copied; draughts 7.52, 8.19)
                with w.block("if (!s->res && MEMO_N >= 0 && same_state(s, &MEMO_S))"):
                    w("int n = MEMO_N;   /* the moves, pass aside */")
                    if always:   # legal()'s list: the moves, then the pass (room left)
                        w("uint64_t r = rng_next(seed) % (uint64_t)(n < MAXM ? n + 1 : n);")
                        w(f"if (r == (uint64_t)n) {{ pass = NOMOVE; pass.rule = {pass_tag}; "
                          "return &pass; }")
                        w("chosen = MEMO[r]; return &chosen;")
                    else:
                        if pass_tag >= 0:
                            w("if (n == 0) { rng_next(seed); pass = NOMOVE; "
                              f"pass.rule = {pass_tag}; return &pass; }}")
                        w("if (n == 0) return NULL;")
                        w("chosen = MEMO[rng_next(seed) % (uint64_t)n]; return &chosen;")
            if (always and self.n_classes > 1) or not (filtered or self.staged):
                # (with a priority a pass always legal joins whichever class is legal)
                w("return listed_draw(s, buf, seed);")
                return
            w("if (s->res) return NULL;")
            w("int memo = MEMO_N >= 0 && same_state(s, &MEMO_S);")
            with w.block("for (int cls = memo ? MEMO_C : 0; cls < NCLASS; cls++)"):
                w(f"move_t *list = buf, *base = buf; int n, known = -1, "
                  f"every = {int(not filtered)};")
                with w.block("if (memo)   /* has_moves' list: those before MEMO_K refused */"):
                    w("int from = MEMO_K > 0 ? MEMO_K : 0;")
                    w("base = MEMO; list = MEMO + from; n = MEMO_N - from; memo = 0; "
                      "MEMO_N = -1;")
                    w("if (MEMO_K >= 0) known = 0; else every = 1;")
                w(f"else n = candidates(s, buf, cls, {int(bool(self.staged))});")
                w("if (gdl_error) return NULL;")
                also = "-1"
                if always:   # one class: the pass is one more legal move
                    w("int also = -1;")
                    with w.block("if (list + n < base + MAXM)"):
                        w(f"list[n] = NOMOVE; list[n].rule = {pass_tag}; also = n++;")
                    also = "also"
                with w.block("if (every)"):
                    w("if (n == 0) continue;")
                    if self.staged:   # the list has first stages unless it is the memo's
                        w("if (base == buf) { const move_t *m = staged_draw(s, list, n, cls, "
                          "seed); if (m || gdl_error) return m; continue; }")
                    w("int i = (int)(rng_next(seed) % (uint64_t)n);")
                    w("if (base == buf) return &list[i];")
                    w("chosen = list[i]; return &chosen;")
                if filtered:
                    w(f"int i = draw_allowed(s, list, n, known, {also}, seed);")
                    w("if (i >= 0 && base == buf) return &list[i];")
                    w("if (i >= 0) { chosen = list[i]; return &chosen; }")
                w("(void)known; (void)base;")
            if pass_tag >= 0 and not always:
                # the pass alone: one draw made all the same, as from legal()'s list of one
                w(f"rng_next(seed); pass = NOMOVE; pass.rule = {pass_tag}; return &pass;")
            w("return NULL;")

    def entry_points(self, w: CWriter) -> None:
        S, shift = self.cell_bits, self.capture_shift
        rule_mask = (1 << self.game.rule_bits) - 1
        pass_tag = -1 if self.pass_index is None else self.board_number[self.pass_index]
        always = self.pass_index is not None and bool(getattr(self.game.rules[self.pass_index],
                                                                "always", False))
        with w.block("static int legal(const state_t *s, move_t *out)"):
            w("if (s->res) return 0;")
            w("int n;")
            with w.block("if (MEMO_N >= 0 && same_state(s, &MEMO_S))"):
                w("n = MEMO_N - (MEMO_K > 0 ? MEMO_K : 0);")
                w("memcpy(out, MEMO + (MEMO_K > 0 ? MEMO_K : 0), n * sizeof *out);")
                if self.game.illegal is not None:
                    w("if (MEMO_K >= 0) n = 1 + keep_allowed(s, out + 1, n - 1);   "
                      "/* out[0] allowed */")
            w("else n = gen_moves(s, out);")
            if pass_tag >= 0:
                test = "n < MAXM" if always else "n == 0"
                w(f"if ({test}) {{ out[n] = NOMOVE; out[n].rule = {pass_tag}; n++; }}")
            w("return n;")
        self.pick_move(w, pass_tag, always)
        write_eyes(self, w)
        with w.block("static void load_state(const uint64_t *in, state_t *s)"):
            w("memset(s, 0, sizeof *s);")
            w(f"for (int i = 0; i < NP && i < {self.n_planes}; i++) for (int j = 0; j < W; j++) "
              "s->b[i].w[j] = in[i * W + j];")
            at = self.n_planes * self.W
            for i, cells in enumerate(self.cell_vars):
                if cells:
                    w(f"for (int j = 0; j < W; j++) s->c[{i}].w[j] = in[{at} + j];")
                elif self.array_vars[i]:
                    w(f"for (int j = 0; j < {self.array_len(i)}; j++) "
                      f"s->k[{i}][j] = (int64_t)in[{at} + j];")
                else:
                    w(f"s->v[{i}] = (int64_t)in[{at}];")
                at += self.var_words(i)
            w("s->pl = (int64_t)in[NSW - 2]; s->res = (int64_t)in[NSW - 1];")
        with w.block("static void store_state(const state_t *s, uint64_t *out)"):
            w(f"for (int i = 0; i < {self.n_planes}; i++) for (int j = 0; j < W; j++) "
              "out[i * W + j] = s->b[i].w[j];")
            at = self.n_planes * self.W
            for i, cells in enumerate(self.cell_vars):
                if cells:
                    w(f"for (int j = 0; j < W; j++) out[{at} + j] = s->c[{i}].w[j];")
                elif self.array_vars[i]:
                    w(f"for (int j = 0; j < {self.array_len(i)}; j++) "
                      f"out[{at} + j] = (uint64_t)s->k[{i}][j];")
                else:
                    w(f"out[{at}] = (uint64_t)s->v[{i}];")
                at += self.var_words(i)
            w("out[NSW - 2] = (uint64_t)s->pl; out[NSW - 1] = (uint64_t)s->res;")
        if self.history is not None:
            self.seen_entry_points(w)
        w("static inline void put_bit(uint64_t *x, int i) { x[i >> 6] |= 1ULL << (i & 63); }")
        w("static inline int get_bit(const uint64_t *x, int i) "
          "{ return (x[i >> 6] >> (i & 63)) & 1; }")
        board, params = self.board_move_words, self.param_slots()
        with w.block("static void encode_move(const move_t *m, uint64_t *x)"):
            w("memset(x, 0, MW * sizeof *x);")
            if self.numbered:
                with w.block(f"if (m->rule >= {PARAM_BASE})   /* a move of numbers */"):
                    w(f"x[{board}] = (uint64_t)(m->rule - {PARAM_BASE} + 1);")
                    if params:
                        w(f"for (int i = 0; i < {params}; i++) x[{board + 1} + i] = "
                          "(uint64_t)m->a[i];")
                    w("return;")
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
            if self.by_path:   # a chain's jumps, above the captures
                w(f"for (int i = 0; i < 64; i++) if (m->path >> i & 1) "
                  f"put_bit(x, {shift + self.layout_bits} + i);")
        with w.block("static void decode_move(const uint64_t *x, move_t *m)"):
            w("*m = NOMOVE;")
            if self.numbered:
                with w.block(f"if (x[{board}])   /* a move of numbers */"):
                    w(f"m->rule = {PARAM_BASE} + (int)x[{board}] - 1;")
                    if params:
                        w(f"for (int i = 0; i < {params}; i++) "
                          f"m->a[i] = (int64_t)x[{board + 1} + i];")
                    w("return;")
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
            if self.by_path:
                w(f"for (int i = 0; i < 64; i++) m->path |= (uint64_t)get_bit(x, "
                  f"{shift + self.layout_bits} + i) << i;")
        # one move list per ply, allocated once per call: nothing is allocated per node
        # (a malloc and free a node were 55% of Connect Four's perft)
        with w.block("static int64_t perft(const state_t *s, int depth, move_t *moves)"):
            w("if (depth == 0) return 1;")
            w("if (s->res) return 0;")
            if self.counts_moves:   # the last ply counted, not written
                w("if (depth == 1) { int c = count_moves(s); return gdl_error ? -1 : c; }")
            w("int n = legal(s, moves);")
            w("int64_t total = gdl_error ? -1 : n; state_t t;")
            with w.block("if (depth > 1 && total >= 0)"):
                w("total = 0;")
                with w.block("for (int i = 0; i < n; i++)"):
                    w("apply_move(s, &moves[i], &t);")
                    w("int64_t k = perft(&t, depth - 1, moves + MAXM);")
                    w("if (k < 0) { total = -1; break; }")
                    w("total += k;")
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
            self.scored_to_python(w, "t")
            w("store_state(&t, out);")
            w("return 0;")
        with w.block("int64_t gdl_perft(const uint64_t *in, int depth)"):
            w("state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;")
            w("move_t *lists = depth > 0 ? malloc((size_t)depth * MAXM * sizeof *lists) : NULL;")
            w("if (depth > 0 && !lists) return -1;")
            w("int64_t k = perft(&s, depth, lists);")
            w("free(lists);")
            w("return gdl_error ? -1 : k;")
        with w.block("static inline const move_t *random_move(const state_t *s, move_t *buf, "
                     "uint64_t *seed, int how)"):
            w("/* how & 1, exact: from legal()'s list; else pick_move, which asks the filter of")
            w("   fewer; how >> 1, the eye rule's EYE_MODE (playout_eyes.py) */")
            w("if (EYE_MODE) return how & 1 ? eye_listed(s, buf, seed) : eye_pick(s, buf, seed);")
            w("return how & 1 ? listed_draw(s, buf, seed) : pick_move(s, buf, seed);")
        with w.block("int64_t gdl_rollout(const uint64_t *in, uint64_t seed, int64_t max_plies, "
                     "int how, uint64_t *out)"):
            w("/* one random playout: its result code (0: cut or stuck, the state in out) */")
            self.rollout_to_python(w)
            w("static move_t moves[MAXM]; state_t s, t; load_state(in, &s); gdl_error = 0; "
              "MEMO_N = -1; EYE_MODE = how >> 1;")
            with w.block("for (int64_t ply = 0; ply < max_plies && !s.res; ply++)"):
                w("const move_t *m = random_move(&s, moves, &seed, how);")
                w("if (!m) break;")
                w("apply_move(&s, m, &t);")
                w("s = t;")
            w("if (gdl_error) return -1;")
            w("if (!s.res) store_state(&s, out);")
            w("return s.res;")
        with w.block("int64_t gdl_line(const uint64_t *in, uint64_t seed, int64_t plies, "
                     "uint64_t *out)"):
            w("/* the moves of one random playout (pick_move's draws), at most `plies`, each")
            w("   into out (MW words): their count, -1 on an error */")
            w("static move_t moves[MAXM]; state_t s, t; int64_t k = 0; load_state(in, &s); "
              "gdl_error = 0; MEMO_N = -1;")
            with w.block("for (; k < plies && !s.res; k++)"):
                w("const move_t *m = pick_move(&s, moves, &seed);")
                w("if (!m) break;")
                w("encode_move(m, out + k * MW);")
                w("apply_move(&s, m, &t);")
                w("s = t;")
            w("return gdl_error ? -1 : k;")
        with w.block("int gdl_playouts(const uint64_t *in, int64_t games, uint64_t seed, "
                     "int64_t max_plies, int how, int64_t *stats)"):
            w("static move_t moves[MAXM]; state_t start, s, t; load_state(in, &start); "
              "gdl_error = 0; MEMO_N = -1; EYE_MODE = how >> 1;")
            w("for (int i = 0; i <= NRES; i++) stats[i] = 0;")
            with w.block("for (int64_t g = 0; g < games; g++)"):
                w("s = start;")
                with w.block("for (int64_t ply = 0; ply < max_plies && !s.res; ply++)"):
                    w("const move_t *m = random_move(&s, moves, &seed, how);")
                    w("if (gdl_error) return -1;")
                    w("if (!m) break;")
                    w("apply_move(&s, m, &t);")
                    w("s = t; stats[0]++;")
                w("if (gdl_error) return -1;")
                w("stats[1 + (s.res >= 0 && s.res < NRES ? s.res : 0)]++;")
            w("return gdl_error ? -1 : 0;")

