"""The entry points of a game's library in C (bound by gdl/native/build.py's `load`): moves
and the state update across the boundary, perft, random playouts and rollouts, and the
conversions of states and moves to and from the words the loader packs (docs/native.md)."""

from __future__ import annotations

from gdl.interpreter import ir
from gdl.native.emit_history import HistoryC
from gdl.native.emit_lists import PARAM_BASE
from gdl.native.support import CWriter


class EntryC(HistoryC):
    def has_moves_helper(self, w: CWriter) -> None:
        """`has_moves(planes.., variables.., who)`: who has a move other than a pass. The list
        is kept (MEMO): the caller asks next for the moves of that very position."""
        params = [f"bb b{i}" for i in range(self.n_planes)]
        params += [f"{self.var_type(i)} v{i}" for i in range(len(self.game.variables))]
        w("static state_t MEMO_S; static move_t MEMO[MAXM]; static int MEMO_N = -1;")
        nested = self.game.illegal is not None and any(
            isinstance(n, ir.HasMoves) for n in ir.walk(self.game.illegal))
        if nested:
            w("static int HM_DEPTH;   /* listings under way: the filter's `moves` is nested */")
        with w.block(f"static inline int has_moves({', '.join(params + ['int who'])})"):
            if nested:
                with w.block("if (HM_DEPTH)"):
                    w("/* inside a listing (the legality filter's `moves`): a list of its own */")
                    w("state_t t; memset(&t, 0, sizeof t);")
                    self.fill_state(w, "t.")
                    w("move_t *list = malloc(MAXM * sizeof *list);")
                    w("if (!list) { gdl_error = 7; return 0; }")
                    w("HM_DEPTH++; int n = gen_moves(&t, list); HM_DEPTH--;")
                    w("free(list);")
                    w("return n > 0;")
            w("memset(&MEMO_S, 0, sizeof MEMO_S);")
            self.fill_state(w, "MEMO_S.")
            if nested:
                w("HM_DEPTH++; MEMO_N = gen_moves(&MEMO_S, MEMO); HM_DEPTH--;")
            else:
                w("MEMO_N = gen_moves(&MEMO_S, MEMO);")
            w("return MEMO_N > 0;")

    def fill_state(self, w: CWriter, target: str) -> None:
        """The state `target` (a prefix: `s.`) from the locals, `who` to move."""
        for i in range(self.n_planes):
            w(f"{target}b[{i}] = b{i};")
        for i in range(len(self.game.variables)):
            self.copy_var(w, f"{target}{self.var_field(i)}", i)
        w(f"{target}pl = who;")

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
            if params:
                with w.block(f"if (m->rule >= {PARAM_BASE})   /* a move of numbers */"):
                    w(f"x[{board}] = (uint64_t)(m->rule - {PARAM_BASE} + 1);")
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
            if params:
                with w.block(f"if (x[{board}])   /* a move of numbers */"):
                    w(f"m->rule = {PARAM_BASE} + (int)x[{board}] - 1;")
                    w(f"for (int i = 0; i < {params}; i++) m->a[i] = (int64_t)x[{board + 1} + i];")
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

