"""The exact solver's C text (interpreter/c/solver.py writes it after the game's key):
the helpers the AI's search shares (SHARED: the table flags, the key's hash, move slots,
the clock, the history sort) and the solver itself (SOLVER: `gdl_solve`).

The solver, per node: the moves, each applied at once, and an immediate win for the mover
ends the node before the table is read (such a position is never stored; the move that
last won at this depth is tried first, so a child left with a win for its mover costs a
move list and a move or two); the packed canonical key (`sv_key`, solver_key.py, or the
parent's); a repetition of the line (a draw, not stored), looked for only when a count
per hash slot says the line may hold the key; the table (sized once from the start,
four entries of 16 bytes to a cache line when the key is one word, a new key replacing
the entry whose search took least work, an earlier probe's first); the children's keys,
their table lines fetched while the rest is worked out; an enhanced transposition cutoff
(SV_ETC: a child whose stored bound refutes the window ends the node); then the children
in order: the table move, then (once it has not cut) the number of immediate wins each
move leaves its mover (SV_THREATS: found by letting the mover move again, so from the
rules alone; an order, never a value; only where a position has at most SV_THREAT_MAX
moves, since it costs the square of their number), nearness to the centre, history. The root is
solved by zero-window probes over the payoffs -1..1 (above a draw? else above a loss?),
the table keeping the bounds between probes.
"""

SHARED = r"""
#include <sys/mman.h>
#include <time.h>
typedef int (*progress_fn)(int64_t nodes, int64_t stored);
enum { TT_EXACT = 0, TT_LOWER = 1, TT_UPPER = 2 };

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
static double sv_now(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9;
}
/* order: `first` (when it is a move), then the others by their history score, best first
   (a stable insertion sort: ties keep the listing order); score: each move's score. The
   answer: 1 when `first` leads. (The search's move order.) */
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
"""

SOLVER = r"""
enum { SV_EMPTY = 0, SV_EXACT = 1, SV_LOWER = 2, SV_UPPER = 3 };
#define SV_DEPTH 4096
#define SV_NO_REPEAT (1 << 30)
#define SV_THREATS 1   /* SV_OPTIONS bits: order by threats, */
#define SV_ETC 2       /* enhanced transposition cutoffs */
#define SV_THREAT_MAX 64     /* threats counted where a position has at most this many
                                moves (they cost n^2 moves made) */
#define SV_CLOCK_MOVES 256   /* a position with more moves reads the clock itself */
static sv_entry *TT; static uint64_t TT_BUCKETS; static int TT_SHIFT; static size_t TT_BYTES;
static int64_t TT_STORED; static int SV_GEN, SV_OPTIONS = SV_THREATS | SV_ETC;
static const int8_t *SV_PAY; static progress_fn SV_PROGRESS;
static int64_t SV_NODES, SV_NEXT, SV_EVERY, SV_REPORT, SV_CAP; static int SV_STOP;
static double SV_DEADLINE, SV_CALLED;
static int64_t SV_HISTORY[4096];
/* per ply (and one past the deepest: its move list is a scratch list for the order) */
static state_t *SV_KIDS[SV_DEPTH + 1]; static move_t *SV_MOVES[SV_DEPTH + 1];
static int *SV_ORDER[SV_DEPTH + 1]; static int64_t *SV_SCORE[SV_DEPTH + 1];
static sv_key_t *SV_KEYS[SV_DEPTH + 1]; static uint64_t *SV_HASHES[SV_DEPTH + 1];
static sv_key_t SV_PATH[SV_DEPTH]; static uint64_t SV_PATH_H[SV_DEPTH];
/* keys on the line per hash slot (at most SV_DEPTH): 0, no need to look */
static uint16_t SV_ON_LINE[1 << 12];
static int SV_WIN[SV_DEPTH];   /* per ply: the move slot that last won at once, + 1 */

static inline uint64_t sv_key_hash(const sv_key_t *k) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < SK; i++) { h ^= k->k[i]; h *= 0xFF51AFD7ED558CCDULL; h ^= h >> 33; }
    return (h * 0xC4CEB9FE1A85EC53ULL) | 1;   /* (the bucket is its top bits; 0: none) */
}
static inline int sv_key_eq(const sv_key_t *a, const uint64_t *b) {
    uint64_t x = 0; for (int i = 0; i < SK; i++) x |= a->k[i] ^ b[i]; return x == 0;
}
static inline sv_entry *sv_bucket(uint64_t h) { return &TT[(h >> TT_SHIFT) * SV_WAYS]; }
static inline sv_entry *sv_probe(const sv_key_t *key, uint64_t h) {
    sv_entry *e = sv_bucket(h);
    for (int i = 0; i < (int)SV_WAYS; i++)
        if ((e[i].flag & 3) && sv_key_eq(key, e[i].k)) return &e[i];
    return NULL;
}
/* the slot for a new key: an empty one, else the one whose search took least work, an
   earlier probe's entries counting as none */
static void sv_store(const sv_key_t *key, uint64_t h, int64_t work, int value, int flag,
                     int move) {
    sv_entry *e = sv_bucket(h), *slot = sv_probe(key, h);
    uint32_t w = work > 0xFFFFFFFFLL ? 0xFFFFFFFFu : (uint32_t)work;
    if (!slot) {
        int64_t least = INT64_MAX;
        for (int i = 0; i < (int)SV_WAYS; i++) {
            int64_t have = !(e[i].flag & 3) ? -1 : (e[i].flag >> 2) != SV_GEN ? 0
                           : (int64_t)e[i].work;   /* (signed: an empty slot is -1) */
            if (have < least) { least = have; slot = &e[i]; }
        }
        if (!(slot->flag & 3)) TT_STORED++;
    }
    memcpy(slot->k, key->k, sizeof slot->k); slot->work = w;
    slot->move = (int16_t)move; slot->value = (int8_t)value;
    slot->flag = (uint8_t)(flag | SV_GEN << 2);
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
static int sv_pools(int d) {   /* the move list, children, order and scores of ply d */
    if (SV_MOVES[d]) return 1;
    SV_MOVES[d] = malloc(MAXM * sizeof(move_t));
    SV_KIDS[d] = malloc(MAXM * sizeof(state_t));
    SV_ORDER[d] = malloc(MAXM * sizeof(int));
    SV_SCORE[d] = malloc(2 * MAXM * sizeof(int64_t));   /* (df-pn: two numbers a move) */
    SV_KEYS[d] = malloc(MAXM * sizeof(sv_key_t)); SV_HASHES[d] = malloc(MAXM * sizeof(uint64_t));
    return SV_MOVES[d] && SV_KIDS[d] && SV_ORDER[d] && SV_SCORE[d] && SV_KEYS[d] && SV_HASHES[d];
}
static void sv_free_pools(void) {   /* every ply's pools, at the end of a solve */
    for (int d = 0; d <= SV_DEPTH && SV_MOVES[d]; d++) {
        free(SV_MOVES[d]); free(SV_KIDS[d]); free(SV_ORDER[d]); free(SV_SCORE[d]);
        free(SV_KEYS[d]); free(SV_HASHES[d]);
        SV_MOVES[d] = NULL; SV_KIDS[d] = NULL; SV_ORDER[d] = NULL; SV_SCORE[d] = NULL;
        SV_KEYS[d] = NULL; SV_HASHES[d] = NULL;
    }
}
/* whether the key is on the line above ply d (a repetition: a draw) */
static inline int sv_on_line(const sv_key_t *key, uint64_t h, int d) {
    if (!SV_ON_LINE[h & 4095]) return -1;
    for (int i = 0; i < d; i++)
        if (SV_PATH_H[i] == h && sv_key_eq(key, SV_PATH[i].k)) return i;
    return -1;
}
/* how many moves win at once for `who` in `t` (moving there whoever is to move: a threat
   count for the order, never a value) */
static int sv_threats(const state_t *t, int who, move_t *moves) {
    state_t u = *t, v; u.pl = who;
    int err = gdl_error, n = legal(&u, moves), wins = 0;
    for (int i = 0; i < n && !gdl_error; i++) {
        apply_move(&u, &moves[i], &v);
        if (v.res && SV_PAY[2 * v.res + who] >= 1) wins++;
    }
    gdl_error = err;
    return wins;
}
/* The solver's order: the table move, then the most threats, then the move landing nearest
   the board's centre (SV_CENTRE: a rank, higher nearer), then history, then listing. */
static void sv_order(const state_t *kids, const move_t *moves, int n, int first, int mover,
                     int *order, int64_t *score, move_t *spare) {
    int lead = first >= 0 && first < n, m = 0;
    int count = (SV_OPTIONS & SV_THREATS) && n - lead > 1   /* (one left: no order to find) */
                && n <= SV_THREAT_MAX;
    if (lead) order[m++] = first;
    for (int i = 0; i < n; i++) {
        if (lead && i == first) continue;
        int to = moves[i].to;
        int64_t centre = to >= 0 && to < SV_CELLS ? SV_CENTRE[to] : 0;
        int64_t threats = count && !kids[i].res && kids[i].pl != mover
                          ? sv_threats(&kids[i], mover, spare) : 0;
        int64_t sc = score[i] = (threats << 48) + (centre << 40)
                                + SV_HISTORY[sv_move_slot(&moves[i])];
        int j = m++;
        while (j > lead && score[order[j - 1]] < sc) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
}
/* an immediate win for the mover among the n moves: its index, else -1 (each applied into
   kids[i]; the move that last won at this ply tried first) */
static int sv_win_at_once(const state_t *s, int d, const move_t *moves, int n,
                          state_t *kids) {
    int mover = (int)s->pl, first = -1;
    if (SV_WIN[d])
        for (int i = 0; i < n; i++)
            if (sv_move_slot(&moves[i]) == SV_WIN[d] - 1) { first = i; break; }
    if (first >= 0) {
        apply_move(s, &moves[first], &kids[first]);
        if (kids[first].res && SV_PAY[2 * kids[first].res + mover] >= 1) return first;
    }
    for (int i = 0; i < n; i++) {
        if (i == first) continue;
        apply_move(s, &moves[i], &kids[i]);
        if (kids[i].res && SV_PAY[2 * kids[i].res + mover] >= 1) {
            SV_WIN[d] = sv_move_slot(&moves[i]) + 1; return i;
        }
    }
    return -1;
}

/* The value of non-terminal `s` for its mover; *rep: the shallowest ply of a repetition
   the value rests on (SV_NO_REPEAT: none); *best: the index of a best move; known: its key
   and hash when the parent has them (hash 0: none). */
static int sv_search(const state_t *s, int d, int alpha, int beta, int *rep, int *best,
                     const sv_key_t *known, uint64_t known_h) {
    *rep = SV_NO_REPEAT; *best = -1;
    if (++SV_NODES >= SV_NEXT && (SV_STOP = sv_event())) return 0;
    if (d >= SV_DEPTH) { SV_STOP = 2; return 0; }
    if (!sv_pools(d)) { SV_STOP = 4; return 0; }
    move_t *moves = SV_MOVES[d]; state_t *kids = SV_KIDS[d]; int *order = SV_ORDER[d];
    int n = legal(s, moves);
    if (gdl_error || n == 0) { SV_STOP = 3; return 0; }
    /* 64 nodes of thousands of moves each (a huge board) are too long between two looks */
    if (n > SV_CLOCK_MOVES && SV_DEADLINE > 0 && sv_now() > SV_DEADLINE) {
        SV_STOP = 6; return 0;
    }
    int mover = (int)s->pl, win = sv_win_at_once(s, d, moves, n, kids);
    if (gdl_error) { SV_STOP = 3; return 0; }
    if (win >= 0) { *best = win; return 1; }   /* the best payoff there is */
    sv_key_t key; uint64_t h = known_h;
    if (h) key = *known;
    else if (sv_key(s, &key)) { SV_STOP = 3; return 0; }
    else h = sv_key_hash(&key);
    int on = sv_on_line(&key, h, d);
    if (on >= 0) { *rep = on; return 0; }   /* a repetition of the line: a draw */
    int first = -1;
    sv_entry *e = sv_probe(&key, h);
    if (e) {
        int flag = e->flag & 3;
        first = e->move;
        if (d > 0 && (flag == SV_EXACT || (flag == SV_LOWER ? e->value >= beta
                                                            : e->value <= alpha))) {
            *best = first; return e->value;
        }
    }
    /* the children's keys, their table lines fetched while the order is worked out */
    sv_key_t *keys = SV_KEYS[d]; uint64_t *hashes = SV_HASHES[d];
    for (int i = 0; i < n; i++) {
        hashes[i] = 0;
        if (kids[i].res || sv_key(&kids[i], &keys[i])) continue;
        hashes[i] = sv_key_hash(&keys[i]);
        __builtin_prefetch(sv_bucket(hashes[i]));
    }
    if (!sv_pools(d + 1)) { SV_STOP = 4; return 0; }
    if (SV_OPTIONS & SV_ETC) {   /* a child whose stored bound refutes the window ends it */
        for (int i = 0; i < n; i++) {
            if (!hashes[i] || kids[i].pl == mover) continue;
            const sv_key_t *ck = &keys[i]; uint64_t ch = hashes[i];
            sv_entry *c = sv_probe(ck, ch);
            if (!c || (c->flag & 3) == SV_LOWER || -c->value < beta) continue;
            if (sv_key_eq(ck, key.k) || sv_on_line(ck, ch, d) >= 0) continue;
            int v = -c->value;
            sv_store(&key, h, 1, v, SV_LOWER, i);
            *best = i; return v;
        }
    }
    SV_PATH[d] = key; SV_PATH_H[d] = h; SV_ON_LINE[h & 4095]++;
    int alpha0 = alpha, value = -2, bm = -1, rests = SV_NO_REPEAT;
    int64_t start = SV_NODES;
    int lead = first >= 0 && first < n;
    if (lead) order[0] = first;
    for (int k = 0; k < n; k++) {
        if (k == lead)   /* the others ordered once the table move has not cut (the next
                            ply's move list is free between children) */
            sv_order(kids, moves, n, first, mover, order, SV_SCORE[d], SV_MOVES[d + 1]);
        int i = order[k], v, r = SV_NO_REPEAT, cb;
        const state_t *kid = &kids[i];
        if (kid->res) { SV_NODES++; v = SV_PAY[2 * kid->res + mover]; }
        else if (kid->pl == mover)
            v = sv_search(kid, d + 1, alpha, beta, &r, &cb, &keys[i], hashes[i]);
        else v = -sv_search(kid, d + 1, -beta, -alpha, &r, &cb, &keys[i], hashes[i]);
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
    SV_ON_LINE[h & 4095]--;
    if (rests >= d) {   /* rests on no repetition of a position above this one */
        int flag = value <= alpha0 ? SV_UPPER : value >= beta ? SV_LOWER : SV_EXACT;
        sv_store(&key, h, SV_NODES - start, value, flag, bm);
    }
    *rep = rests < d ? rests : SV_NO_REPEAT; *best = bm;
    return value;
}

/* a table of buckets of `bucket` bytes, as many as a power of two (at least two: a shift
   by 64 is undefined) within table_bytes, zeroed by the system as used: its memory (NULL:
   none), *bits the bucket index's bits, *size its bytes */
static void *sv_map(int64_t table_bytes, size_t bucket, int *bits, size_t *size) {
    uint64_t buckets = 2; int b = 1;
    while (buckets * 2 * bucket <= (uint64_t)table_bytes && b < 40) { buckets *= 2; b++; }
    *size = buckets * bucket; *bits = b;
    void *table = mmap(NULL, *size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (table == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(table, *size, MADV_HUGEPAGE);
#endif
    return table;
}
static int sv_table(int64_t table_bytes) {   /* sized once */
    int bits; void *table = sv_map(table_bytes, SV_WAYS * sizeof(sv_entry), &bits, &TT_BYTES);
    if (!table) return 0;
    TT = table; TT_BUCKETS = (uint64_t)1 << bits; TT_SHIFT = 64 - bits; TT_STORED = 0;
    return 1;
}

int gdl_solve(const uint64_t *in, int64_t table_bytes, const int8_t *payoffs, int64_t every,
              double seconds, int64_t max_nodes, progress_fn progress, uint64_t *best,
              int64_t *stats) {
    if (!SOLVABLE) return 5;
    state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;
    if (!sv_table(table_bytes)) return 4;
    SV_PAY = payoffs; SV_PROGRESS = progress; SV_EVERY = every > 0 ? every : 1;
    SV_NODES = 0; SV_NEXT = 1; SV_REPORT = SV_EVERY; SV_STOP = 0; SV_CAP = max_nodes;
    SV_CALLED = sv_now(); SV_DEADLINE = seconds >= 0 ? SV_CALLED + seconds : 0;
    memset(SV_HISTORY, 0, sizeof SV_HISTORY); memset(SV_ON_LINE, 0, sizeof SV_ON_LINE);
    memset(SV_WIN, 0, sizeof SV_WIN);
    /* zero-window probes: is the value above med? the bounds close in on it */
    int low = -1, high = 1, value = 0, bi = -1, rep;
    for (SV_GEN = 0; low < high && !SV_STOP; SV_GEN = (SV_GEN + 1) & 63) {
        int med = low + (high - low) / 2;
        value = sv_search(&s, 0, med, med + 1, &rep, &bi, NULL, 0);
        if (value > med) low = value; else high = value;
    }
    stats[0] = low; stats[1] = SV_NODES; stats[2] = TT_STORED;
    if (!SV_STOP && bi >= 0) encode_move(&SV_MOVES[0][bi], best);
    munmap(TT, TT_BYTES); TT = NULL;
    int deepest = 0;   /* the ply of the deepest position expanded (its pool taken), */
    while (deepest < SV_DEPTH && SV_MOVES[deepest + 1]) deepest++;
    stats[3] = deepest > 1 ? deepest : 1;   /* or 1: a root's wins are looked at */
    sv_free_pools();
    return SV_STOP;
}
int gdl_solve_options(int options) { int was = SV_OPTIONS; SV_OPTIONS = options; return was; }
"""
