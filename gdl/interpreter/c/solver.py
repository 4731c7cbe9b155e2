"""The exact solver in C: negamax alpha-beta on the payoff, with a table keyed on canonical
states (the twin of gdl/solvers/search/exact.py's "alphabeta" method; docs/native.md).

    int gdl_solve(const uint64_t *state, int64_t table_bytes, const int8_t *payoffs,
                  int64_t every, double seconds, int64_t max_nodes, progress_fn progress,
                  uint64_t *best, int64_t *stats)

`payoffs[2 * code + player]` is each result's payoff (-1, 0 or 1, from the Python game's
`returns`); seconds (< 0: none) and max_nodes (0: none) bound the search, the clock read
every 64 nodes; `progress(nodes, stored)` is called every `every` nodes and every 50 ms
(so Ctrl-C is seen at once), and stops the search when it answers non-zero. The answer:
0 solved (stats: value, nodes, positions stored), 1 stopped by `progress`, 6 by the time,
7 by the node limit, 2 deeper than the solver's stack, 3 a call the Python back end must
make (a move list past its bound), 4 no memory, 5 a game it cannot solve (not two
players, or a history of positions seen).

The table move first, then an immediate win, then (unlike Python's twin, which orders by
history alone) the move landing nearest the board's centre, in units of its width and
height, history breaking ties: a general static order that the history cannot yet give
near the root (Connect Four 7x4 13.9M nodes instead of 43.0M, hex 4 117k instead of
399k; dots and boxes 6.9k instead of 4.3k). Before any child is searched, a child whose
stored bound refutes the window cuts at once (an enhanced transposition cutoff: Connect
Four 6x4 2.54M nodes instead of 4.03M, with history order);
a position repeated on the current line is a draw whose value is not stored; the root
is searched whole for its best move. The table's key is the smallest image of the
state's words (planes, variables, player to move) under the game's symmetries (the
group of `GameIR.symmetries`), so the table shares an entry between positions the rules
declare alike. The table is two-way (one slot kept for the entry with the larger
subtree, one always replaced), and starts small and doubles when three quarters full,
up to `table_bytes`.
"""

from __future__ import annotations

from fractions import Fraction

from gdl.interpreter.core.results import swapped_results
from gdl.interpreter.core.symmetry import sources
from gdl.interpreter.c.entry import EntryC
from gdl.interpreter.c.support import CWriter

SOLVER = r"""
#include <sys/mman.h>
#include <time.h>
typedef int (*progress_fn)(int64_t nodes, int64_t stored);
typedef struct { uint64_t h; skey_t key; uint32_t work; int16_t move; int8_t value, flag; }
    tt_entry;
enum { TT_EXACT = 0, TT_LOWER = 1, TT_UPPER = 2 };
#define SV_DEPTH 4096
#define SV_NO_REPEAT (1 << 30)
static tt_entry *TT; static uint64_t TT_MASK, TT_MAX; static int64_t TT_STORED;
static const int8_t *SV_PAY; static progress_fn SV_PROGRESS;
static int64_t SV_NODES, SV_NEXT, SV_EVERY, SV_REPORT, SV_CAP; static int SV_STOP;
static double SV_DEADLINE, SV_CALLED;
static int64_t SV_HISTORY[4096];
static state_t *SV_KIDS[SV_DEPTH]; static move_t *SV_MOVES[SV_DEPTH];
static int *SV_ORDER[SV_DEPTH]; static int64_t *SV_SCORE[SV_DEPTH];
static skey_t SV_PATH[SV_DEPTH]; static uint64_t SV_PATH_H[SV_DEPTH];

static uint64_t sv_hash(const skey_t *s) {
    const uint64_t *x = (const uint64_t *)s; uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (size_t i = 0; i < sizeof *s / 8; i++) {
        h ^= x[i]; h *= 0xFF51AFD7ED558CCDULL; h ^= h >> 32;
    }
    return h | 1;   /* 0 marks an empty slot */
}
static inline int sv_move_slot(const move_t *m) {
    uint64_t h = (uint64_t)m->to * 0x9E3779B1u ^ (uint64_t)m->from * 0x85EBCA77u
                 ^ (uint64_t)m->rule * 0xC2B2AE3Du;
    for (int k = 0; k < SL; k++) h = h * 31 + (uint64_t)m->sto[k];
    return (int)((h ^ h >> 15) & 4095);
}
static inline tt_entry *sv_bucket(uint64_t h) { return &TT[(h >> 32 & TT_MASK) * 2]; }
static void sv_grow(void);
static tt_entry *sv_probe(const skey_t *key, uint64_t h) {
    tt_entry *e = sv_bucket(h);
    for (int i = 0; i < 2; i++)
        if (e[i].h == h && memcmp(&e[i].key, key, sizeof *key) == 0) return &e[i];
    return NULL;
}
static void sv_store(const skey_t *key, uint64_t h, int64_t work, int value, int flag,
                     int move) {
    tt_entry *e = sv_bucket(h), *slot = sv_probe(key, h);
    uint32_t w = work > 0xFFFFFFFFLL ? 0xFFFFFFFFu : (uint32_t)work;
    if (!slot) slot = (!e[0].h || w >= e[0].work) ? &e[0] : &e[1];
    if (!slot->h) TT_STORED++;
    slot->h = h; slot->key = *key; slot->work = w;
    slot->move = (int16_t)move; slot->value = (int8_t)value; slot->flag = (int8_t)flag;
    if ((uint64_t)TT_STORED * 4 > (TT_MASK + 1) * 6 && TT_MASK + 1 < TT_MAX) sv_grow();
}
static tt_entry *sv_alloc(uint64_t buckets) {   /* zeroed, in huge pages where there are */
    size_t bytes = buckets * 2 * sizeof(tt_entry);
    void *table = NULL;
    if (posix_memalign(&table, 1 << 21, bytes)) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(table, bytes, MADV_HUGEPAGE);
#endif
    memset(table, 0, bytes);
    return table;
}
static void sv_grow(void) {   /* twice the buckets, the entries stored again */
    uint64_t n = (TT_MASK + 1) * 2;
    tt_entry *old = TT, *fresh = sv_alloc(n);
    if (!fresh) { TT_MAX = TT_MASK + 1; return; }   /* no memory: stay at this size */
    TT = fresh; TT_MASK = n - 1; TT_STORED = 0;
    for (uint64_t i = 0; i < n; i++)
        if (old[i].h) sv_store(&old[i].key, old[i].h, old[i].work, old[i].value, old[i].flag,
                               old[i].move);
    free(old);
}
static double sv_now(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9;
}
static int sv_event(void) {   /* the stop code, 0 to go on */
    SV_NEXT = SV_NODES + 64;
    if (SV_CAP && SV_NEXT > SV_CAP + 1) SV_NEXT = SV_CAP + 1;   /* stops at exactly cap + 1 */
    if (SV_CAP && SV_NODES > SV_CAP) return 7;
    double now = sv_now();
    if (SV_DEADLINE > 0 && now > SV_DEADLINE) return 6;
    if (SV_NODES >= SV_REPORT || now - SV_CALLED > 0.05) {
        SV_REPORT = SV_NODES + SV_EVERY; SV_CALLED = now;
        if (SV_PROGRESS && SV_PROGRESS(SV_NODES, TT_STORED)) return 1;
    }
    return 0;
}
/* order: `first` (when it is a move), then the others by their history score, best first
   (a stable insertion sort: ties keep the listing order); score: each move's score. The
   answer: 1 when `first` leads. (The solver's and the search's move order.) */
static int sort_moves(const move_t *moves, int n, int first, const int64_t *history,
                      int *order, int64_t *score) {
    int lead = first >= 0 && first < n, m = 0;
    if (lead) order[m++] = first;
    for (int i = 0; i < n; i++) {
        if (lead && i == first) continue;
        int64_t sc = score[i] = history[sv_move_slot(&moves[i])];
        int j = m++;
        while (j > lead && score[order[j - 1]] < sc) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
    return lead;
}
/* The solver's order: the table move, then by history, ties going to the move landing
   nearer the board's centre (SV_CENTRE: a rank, higher nearer), then listing order. */
static void sv_order(const move_t *moves, int n, int first, int *order, int64_t *score) {
    int lead = first >= 0 && first < n, m = 0;
    if (lead) order[m++] = first;
    for (int i = 0; i < n; i++) {
        if (lead && i == first) continue;
        int to = moves[i].to;
        int64_t centre = to >= 0 && to < SV_CELLS ? SV_CENTRE[to] : 0;
        int64_t sc = score[i] = (centre << 40) + SV_HISTORY[sv_move_slot(&moves[i])];
        int j = m++;
        while (j > lead && score[order[j - 1]] < sc) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
}
static int sv_pools(int d) {   /* the move list, children, order and scores of ply d */
    if (SV_MOVES[d]) return 1;
    SV_MOVES[d] = malloc(MAXM * sizeof(move_t));
    SV_KIDS[d] = malloc(MAXM * sizeof(state_t));
    SV_ORDER[d] = malloc(MAXM * sizeof(int));
    SV_SCORE[d] = malloc(MAXM * sizeof(int64_t));
    return SV_MOVES[d] && SV_KIDS[d] && SV_ORDER[d] && SV_SCORE[d];
}

/* The value of non-terminal `s` for its mover; *rep: the shallowest ply of a repetition
   the value rests on (SV_NO_REPEAT: none); *best: the index of a best move. */
static int sv_search(const state_t *s, int d, int alpha, int beta, int *rep, int *best) {
    *rep = SV_NO_REPEAT; *best = -1;
    if (++SV_NODES >= SV_NEXT && (SV_STOP = sv_event())) return 0;
    if (d >= SV_DEPTH) { SV_STOP = 2; return 0; }
    skey_t key; canon(s, &key);
    uint64_t h = sv_hash(&key);
    for (int i = 0; i < d; i++)
        if (SV_PATH_H[i] == h && memcmp(&SV_PATH[i], &key, sizeof key) == 0) {
            *rep = i; return 0;   /* a repetition of the line: a draw */
        }
    int first = -1;
    tt_entry *e = sv_probe(&key, h);
    if (e) {
        first = e->move;
        if (d > 0 && (e->flag == TT_EXACT || (e->flag == TT_LOWER ? e->value >= beta
                                                                  : e->value <= alpha))) {
            *best = first; return e->value;
        }
    }
    if (!sv_pools(d)) { SV_STOP = 4; return 0; }
    move_t *moves = SV_MOVES[d]; state_t *kids = SV_KIDS[d]; int *order = SV_ORDER[d];
    int n = legal(s, moves);
    if (gdl_error || n == 0) { SV_STOP = 3; return 0; }
    int mover = (int)s->pl;
    int64_t start = SV_NODES;
    for (int i = 0; i < n; i++) {   /* (the key reads only the fields a state uses) */
        apply_move(s, &moves[i], &kids[i]);
        if (gdl_error) { SV_STOP = 3; return 0; }
        if (kids[i].res && SV_PAY[2 * kids[i].res + mover] >= 1) {
            SV_NODES++;   /* the best payoff there is: no need to look further */
            sv_store(&key, h, 1, 1, TT_EXACT, i);
            *best = i; return 1;
        }
    }
    /* Enhanced transposition cutoff: a child whose stored bound already refutes this
       window ends the search here, before any child is searched (not a child that
       repeats the line: that one is a draw, whatever the table says). */
    for (int i = 0; i < n; i++) {
        if (kids[i].res || kids[i].pl == mover) continue;
        skey_t ck; canon(&kids[i], &ck);
        uint64_t ch = sv_hash(&ck);
        tt_entry *c = sv_probe(&ck, ch);
        if (!c || c->flag == TT_LOWER || -c->value < beta) continue;
        int on_line = memcmp(&ck, &key, sizeof key) == 0;
        for (int j = 0; j < d && !on_line; j++)
            on_line = SV_PATH_H[j] == ch && memcmp(&SV_PATH[j], &ck, sizeof ck) == 0;
        if (!on_line) {   /* (the store may move the table: `c` is read first) */
            int v = -c->value;
            sv_store(&key, h, 1, v, TT_LOWER, i);
            *best = i; return v;
        }
    }
    sv_order(moves, n, first, order, SV_SCORE[d]);   /* the table move first */
    SV_PATH[d] = key; SV_PATH_H[d] = h;
    int alpha0 = alpha, value = -2, bm = -1, rests = SV_NO_REPEAT;
    for (int k = 0; k < n; k++) {
        int i = order[k], v, r = SV_NO_REPEAT, cb;
        const state_t *kid = &kids[i];
        if (kid->res) { SV_NODES++; v = SV_PAY[2 * kid->res + mover]; }
        else if (kid->pl == mover) v = sv_search(kid, d + 1, alpha, beta, &r, &cb);
        else v = -sv_search(kid, d + 1, -beta, -alpha, &r, &cb);
        if (SV_STOP) return 0;
        if (r < rests) rests = r;
        if (v > value) {
            value = v; bm = i;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) { SV_HISTORY[sv_move_slot(&moves[i])]++; break; }
            }
        }
    }
    if (rests >= d) {   /* rests on no repetition of a position above this one */
        int flag = value <= alpha0 ? TT_UPPER : value >= beta ? TT_LOWER : TT_EXACT;
        sv_store(&key, h, SV_NODES - start, value, flag, bm);
    }
    *rep = rests < d ? rests : SV_NO_REPEAT; *best = bm;
    return value;
}

int gdl_solve(const uint64_t *in, int64_t table_bytes, const int8_t *payoffs, int64_t every,
              double seconds, int64_t max_nodes, progress_fn progress, uint64_t *best,
              int64_t *stats) {
    if (!SOLVABLE) return 5;
    state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;
    TT_MAX = 1;   /* buckets of two entries: at most as many as fit in table_bytes */
    while (TT_MAX * 4 * sizeof(tt_entry) <= (uint64_t)table_bytes && TT_MAX < 1ULL << 31)
        TT_MAX *= 2;
    uint64_t slots = TT_MAX < 1 << 14 ? TT_MAX : 1 << 14;   /* grown as it fills */
    TT = sv_alloc(slots);
    if (!TT) return 4;
    TT_MASK = slots - 1; TT_STORED = 0;
    SV_PAY = payoffs; SV_PROGRESS = progress; SV_EVERY = every > 0 ? every : 1;
    SV_NODES = 0; SV_NEXT = 1; SV_REPORT = SV_EVERY; SV_STOP = 0; SV_CAP = max_nodes;
    SV_CALLED = sv_now(); SV_DEADLINE = seconds >= 0 ? SV_CALLED + seconds : 0;
    memset(SV_HISTORY, 0, sizeof SV_HISTORY);
    int rep, bi;
    int value = sv_search(&s, 0, -1, 1, &rep, &bi);
    stats[0] = value; stats[1] = SV_NODES; stats[2] = TT_STORED;
    if (!SV_STOP && bi >= 0) encode_move(&SV_MOVES[0][bi], best);
    free(TT); TT = NULL;
    for (int d = 0; d < SV_DEPTH && SV_MOVES[d]; d++) {
        free(SV_MOVES[d]); free(SV_KIDS[d]); free(SV_ORDER[d]); free(SV_SCORE[d]);
        SV_MOVES[d] = NULL; SV_KIDS[d] = NULL; SV_ORDER[d] = NULL; SV_SCORE[d] = NULL;
    }
    return SV_STOP;
}
"""


class SolverC(EntryC):
    """The solver's C text and the canonical state it keys its table on (it reads the
    planes, variables and symmetries of `self.game`)."""

    def solver(self, w: CWriter) -> None:
        solvable = self.n_players == 2 and self.history is None and not self.scores
        w(f"#define SOLVABLE {int(solvable)}")
        w(f"#define SV_CELLS {self.layout_bits}")
        w(f"static const int8_t SV_CENTRE[{self.layout_bits}] = "
          f"{{{', '.join(map(str, self.centre_ranks()))}}};")
        self.canon(w)
        w.lines += SOLVER.strip("\n").split("\n")

    def centre_ranks(self) -> list[int]:
        """Each layout cell's nearness to the board's centre as a rank in 0..63 (higher is
        nearer; cells off the board 0): the solver's tie-break between moves."""
        geo = self.game.geometry
        if not geo.cells:
            return [0] * self.layout_bits
        xs = [geo.xy(c)[0] for c in geo.cells]
        ys = [geo.xy(c)[1] for c in geo.cells]
        cx, cy = min(xs) + max(xs), min(ys) + max(ys)   # twice the centre
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        # distances in units of the board's width and height, so a tall board's rows do
        # not outweigh its columns
        far = {c: Fraction(2 * geo.xy(c)[0] - cx, w) ** 2 + Fraction(2 * geo.xy(c)[1] - cy, h) ** 2
               for c in geo.cells}
        levels = sorted(set(far.values()), reverse=True)
        rank = {d: min(63, 1 + i) for i, d in enumerate(levels)}
        return [rank[far[c]] if c in far else 0 for c in range(self.layout_bits)]

    def canon(self, w: CWriter) -> None:
        """`skey_t`: a position's words (its planes, variables and player to move);
        `canon(s, out)`: the smallest key of an image of `s` under the symmetries."""
        words = self.n_planes * self.W + sum(self.var_words(i)
                                             for i in range(len(self.game.variables))) + 1
        w(f"typedef struct {{ uint64_t w[{words}]; }} skey_t;")
        with w.block("static inline void sv_pack(const state_t *t, skey_t *k)"):
            at = 0
            for i in range(self.n_planes):
                w(f"memcpy(&k->w[{at}], &t->b[{i}], sizeof(bb));")
                at += self.W
            for i in range(len(self.game.variables)):
                field, size = f"t->{self.var_field(i)}", self.var_words(i)
                source = field if self.array_vars[i] else f"&{field}"
                w(f"memcpy(&k->w[{at}], {source}, {8 * size});")
                at += size
            w(f"k->w[{at}] = (uint64_t)t->pl;")
        symmetries = self.game.symmetries[1:]
        for j, sym in enumerate(symmetries):
            table = ", ".join(str(sym.perm[c]) if c < len(sym.perm) else str(c)
                              for c in range(self.layout_bits))
            w(f"static const int16_t SYM{j}[{self.layout_bits}] = {{{table}}};")
        if symmetries:
            with w.block("static inline bb sym_image(bb x, const int16_t *perm)"):
                w("bb r = ZERO;")
                w("while (bb_any(x)) {")
                w("    int c = perm[bb_pop(&x)]; r.w[c >> 6] |= 1ULL << (c & 63);")
                w("}")
                w("return r;")
        if any(sym.swap for sym in symmetries):
            codes = swapped_results(self.n_players)
            w(f"static const int64_t SWAPRES[{len(codes)}] = "
              f"{{{', '.join(map(str, codes))}}};")
        with w.block("static void canon(const state_t *s, skey_t *out)"):
            w("sv_pack(s, out);")
            if symmetries:
                w("state_t t; skey_t k;")
            for j, sym in enumerate(symmetries):
                w(f"/* symmetry {j + 1}: {self.comment(sym.name)} */")
                w("t = *s;")
                self.image_of(w, j, sym)
                w("sv_pack(&t, &k);")
                w("if (memcmp(&k, out, sizeof k) < 0) *out = k;")
        with w.block("int gdl_canon(const uint64_t *in, uint64_t *out)"):
            w("/* the key of a state (into a buffer of NSW words): how many words it has */")
            w("state_t s; skey_t k; load_state(in, &s); canon(&s, &k);")
            w("memcpy(out, &k, sizeof k);")
            w("return (int)(sizeof k / 8);")

    def image_of(self, w: CWriter, j: int, sym) -> None:
        """t = the image of s under symmetry j (as python/canonical.py's `gen_canonical`)."""
        moves = any(sym.perm[c] != c for c in range(len(sym.perm)))
        # a colour swap's planes come from the other player's, a recolouring's from the kind
        # renamed onto this one (gdl.interpreter.core.symmetry.sources)
        for i, source in enumerate(sources(sym, self.n_kinds, self.n_planes // self.n_kinds)):
            plane = f"s->b[{source}]"
            w(f"t.b[{i}] = {f'sym_image({plane}, SYM{j})' if moves else plane};")
        for i in range(len(self.game.variables)):
            if self.cell_vars[i] and moves:
                w(f"t.c[{i}] = sym_image(s->c[{i}], SYM{j});")
            elif self.count_vars[i] and moves:
                w(f"for (int c = 0; c < {self.layout_bits}; c++) "
                  f"t.k[{i}][SYM{j}[c]] = s->k[{i}][c];")
            elif i == self.game.hand and sym.kinds:   # the hands' counts follow the pieces
                for q, source in enumerate(sources(sym, self.n_kinds, self.n_players)):
                    if q != source:
                        w(f"t.k[{i}][{q}] = s->k[{i}][{source}];")
            elif self.game.variables[i].per_player and sym.swap:   # players 0 and 1's numbers
                w(f"t.k[{i}][0] = s->k[{i}][1]; t.k[{i}][1] = s->k[{i}][0];")
            elif i == self.game.hand and sym.swap:
                k = self.n_kinds
                w(f"for (int q = 0; q < {k}; q++) {{ t.k[{i}][q] = s->k[{i}][{k} + q]; "
                  f"t.k[{i}][{k} + q] = s->k[{i}][q]; }}")
        if sym.swap:
            w("t.pl = s->pl ^ 1; t.res = SWAPRES[s->res];")
