"""Proof-number search in C (`gdl_pns`): the twin of gdl/solvers/search/pns.py's df-pn,
written after the exact solver's text (it shares its key, move pools, clock, progress and
line of play: solver_text.py).

    int gdl_pns(const uint64_t *state, int64_t table_bytes, const int8_t *payoffs,
                int asked, int64_t every, double seconds, int64_t max_nodes,
                progress_fn progress, uint64_t *best, int64_t *stats)

asks "does player `asked` win from `state`?" (a position not over). The answer codes are
gdl_solve's (0 done, 1 stopped by `progress`, 2 too deep, 3 a call for the Python back end,
4 no memory, 5 a game it cannot solve, 6 the time, 7 the node limit) and 8: a position
repeats on the line searched. stats: 1 proved, -1 disproved; nodes; positions stored;
whether a drawn end was met (1: a disproof may rest on a draw); the index of the root's
move that decides it (proved at an OR root, disproved at an AND root; -1: none), that
move in `best`.

The table: buckets of four entries (the canonical key, whether the player asked about is
to move, the proof and disproof numbers, the nodes their search took), sized once; a new
entry replaces the one whose search took least work. A lost entry only costs a search
again: a decided number always comes from its own search. Each position keeps its
children's numbers as their last search left them, read where the table lost them: else
a parent would take a child just searched, its entry lost, for a new one and search it
again and again (with a table of 16 KB, tic-tac-toe's search never ended).
"""

PNS = r"""
#define PN_INF ((int64_t)1 << 40)
#define PN_WAYS 4
typedef struct { uint64_t k[SK]; int64_t pn, dn; uint32_t work; uint32_t orn; } pn_entry;
static pn_entry *PN_T; static int PN_SHIFT; static size_t PN_BYTES;   /* TT_STORED counts */
static int PN_ASKED, PN_DRAW, PN_BEST;

static inline uint64_t pn_hash(const sv_key_t *k, int orn) {
    return sv_key_hash(k) ^ (orn ? 0x5851F42D4C957F2DULL : 0);   /* (odd either way) */
}
static inline pn_entry *pn_probe(const sv_key_t *key, uint64_t h, int orn) {
    pn_entry *e = &PN_T[(h >> PN_SHIFT) * PN_WAYS];
    for (int i = 0; i < PN_WAYS; i++)
        if (e[i].work && (int)e[i].orn == orn && sv_key_eq(key, e[i].k)) return &e[i];
    return NULL;
}
static void pn_put(const sv_key_t *key, uint64_t h, int orn, int64_t pn, int64_t dn,
                   int64_t work) {
    pn_entry *e = &PN_T[(h >> PN_SHIFT) * PN_WAYS], *slot = pn_probe(key, h, orn);
    if (!slot) {
        slot = &e[0];
        for (int i = 1; i < PN_WAYS && slot->work; i++)
            if (e[i].work < slot->work) slot = &e[i];
        if (!slot->work) TT_STORED++;
    }
    memcpy(slot->k, key->k, sizeof slot->k);
    slot->pn = pn; slot->dn = dn; slot->orn = (uint32_t)orn;
    slot->work = work >= 0xFFFFFFFFLL ? 0xFFFFFFFFu : (uint32_t)(work > 0 ? work : 1);
}
static inline int64_t pn_widen(int64_t second) {   /* the 1+epsilon trick, epsilon 1/4 */
    int64_t t = second + 1 + (second >> 2);
    return t > PN_INF ? PN_INF : t;
}
/* df-pn's MID on non-terminal `s` at ply d (its key and hash given; orn: its mover is
   PN_ASKED): search until the proof number reaches thpn or the disproof number thdn. */
static void pn_mid(const state_t *s, int d, const sv_key_t *key, uint64_t h, int orn,
                   int64_t thpn, int64_t thdn, int64_t *opn, int64_t *odn) {
    int64_t start = SV_NODES;
    if (++SV_NODES >= SV_NEXT && (SV_STOP = sv_event())) return;
    if (d >= SV_DEPTH) { SV_STOP = 2; return; }
    if (!sv_pools(d)) { SV_STOP = 4; return; }
    move_t *moves = SV_MOVES[d]; state_t *kids = SV_KIDS[d]; int *open = SV_ORDER[d];
    int64_t *last = SV_SCORE[d];   /* each child's numbers as its last search left them */
    sv_key_t *keys = SV_KEYS[d]; uint64_t *hashes = SV_HASHES[d];
    int n = legal(s, moves), m = 0;
    if (gdl_error || n == 0) { SV_STOP = 3; return; }
    for (int i = 0; i < n; i++) {
        apply_move(s, &moves[i], &kids[i]);
        if (gdl_error) { SV_STOP = 3; return; }
        if (kids[i].res) {   /* an end: decides this node, or changes none of its numbers */
            int pay = SV_PAY[2 * kids[i].res + PN_ASKED];
            if (pay == 0) PN_DRAW = 1;
            if ((pay > 0) == orn) {
                if (d == 0) PN_BEST = i;
                *opn = orn ? 0 : PN_INF; *odn = orn ? PN_INF : 0;
                pn_put(key, h, orn, *opn, *odn, 1);
                return;
            }
            continue;
        }
        if (sv_key(&kids[i], &keys[i])) { SV_STOP = 3; return; }
        hashes[i] = pn_hash(&keys[i], (int)kids[i].pl == PN_ASKED);
        last[2 * i] = last[2 * i + 1] = 1;
        open[m++] = i;
    }
    int64_t nlim = orn ? thpn : thdn, flim = orn ? thdn : thpn, near, far;
    SV_PATH[d] = *key; SV_PATH_H[d] = h; SV_ON_LINE[h & 4095]++;
    for (;;) {   /* near: brought to 0 by one child (pn at an OR node); far: summed */
        int64_t second = PN_INF, p, q, bfar = 1; int best = -1;
        near = PN_INF; far = 0;
        for (int j = 0; j < m; j++) {
            int i = open[j];
            /* the table's numbers; where it lost them, the child's last search's (so a
               child just searched is never taken for a new one: no livelock) */
            pn_entry *e = pn_probe(&keys[i], hashes[i], (int)kids[i].pl == PN_ASKED);
            if (e) { p = e->pn; q = e->dn; } else { p = last[2 * i]; q = last[2 * i + 1]; }
            int64_t a = orn ? p : q, b = orn ? q : p;
            far += b;
            if (a < near) { second = near; near = a; best = i; bfar = b; }
            else if (a < second) second = a;
        }
        if (far > PN_INF) far = PN_INF;
        if (near >= nlim || far >= flim || near == 0 || far == 0) {
            if (d == 0 && near == 0) PN_BEST = best;
            break;
        }
        if (sv_on_line(&keys[best], hashes[best], d + 1) >= 0) { SV_STOP = 8; break; }
        int64_t cnear = pn_widen(second), cfar = flim - far + bfar, cp, cd;
        if (cnear > nlim) cnear = nlim;
        if (cfar > PN_INF) cfar = PN_INF;
        int corn = (int)kids[best].pl == PN_ASKED;
        if (orn) pn_mid(&kids[best], d + 1, &keys[best], hashes[best], corn, cnear, cfar, &cp, &cd);
        else pn_mid(&kids[best], d + 1, &keys[best], hashes[best], corn, cfar, cnear, &cp, &cd);
        if (SV_STOP) break;
        last[2 * best] = cp; last[2 * best + 1] = cd;
    }
    SV_ON_LINE[h & 4095]--;
    if (SV_STOP) return;
    *opn = orn ? near : far; *odn = orn ? far : near;
    pn_put(key, h, orn, *opn, *odn, SV_NODES - start);
}

int gdl_pns(const uint64_t *in, int64_t table_bytes, const int8_t *payoffs, int asked,
            int64_t every, double seconds, int64_t max_nodes, progress_fn progress,
            uint64_t *best, int64_t *stats) {
    if (!SOLVABLE) return 5;
    state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;
    int bits; void *table = sv_map(table_bytes, PN_WAYS * sizeof(pn_entry), &bits, &PN_BYTES);
    if (!table) return 4;
    PN_T = table; PN_SHIFT = 64 - bits; TT_STORED = 0;
    SV_PAY = payoffs; SV_PROGRESS = progress; SV_EVERY = every > 0 ? every : 1;
    SV_NODES = 0; SV_NEXT = 1; SV_REPORT = SV_EVERY; SV_STOP = 0; SV_CAP = max_nodes;
    SV_CALLED = sv_now(); SV_DEADLINE = seconds >= 0 ? SV_CALLED + seconds : 0;
    memset(SV_ON_LINE, 0, sizeof SV_ON_LINE);
    PN_ASKED = asked; PN_DRAW = 0; PN_BEST = -1;
    sv_key_t key; int64_t pn = 1, dn = 1;
    int orn = (int)s.pl == asked;
    if (sv_key(&s, &key)) SV_STOP = 3;
    else pn_mid(&s, 0, &key, pn_hash(&key, orn), orn, PN_INF, PN_INF, &pn, &dn);
    stats[0] = pn == 0 ? 1 : dn == 0 ? -1 : 0; stats[1] = SV_NODES; stats[2] = TT_STORED;
    stats[3] = PN_DRAW; stats[4] = SV_STOP ? -1 : PN_BEST;
    if (!SV_STOP && PN_BEST >= 0) encode_move(&SV_MOVES[0][PN_BEST], best);
    munmap(PN_T, PN_BYTES); PN_T = NULL;
    sv_free_pools();
    return SV_STOP;
}
"""
