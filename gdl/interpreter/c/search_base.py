"""The alpha-beta search's C text that the search itself builds on (interpreter/c/search.py):
its globals, the move pools, which moves are noisy, the transposition table (two entries a
bucket, one table per searcher, kept between searches), the clock and the quiescence search."""

SEARCH_BASE = r"""
#define AB_WIN 1000000.0
#define AB_DECIDED 2.0
#define AB_FULL 1000000
#define AB_PLIES 512
typedef struct { uint64_t h; skey_t key; double value; int32_t depth; int16_t move;
                 int8_t flag; } ab_entry;
#define AB_BUCKETS (1 << 17)   /* two entries each, kept between searches */
#define AB_TABLES 4
static ab_entry *AB_TT, *AB_POOL[AB_TABLES];
static int64_t AB_OWNER[AB_TABLES]; static uint64_t AB_USED[AB_TABLES], AB_TICK;
static int64_t AB_NODES, AB_NEXT, AB_CAP, AB_FLOOR, AB_HITS, AB_HORIZON;
static double AB_DEADLINE; static int AB_STOP, AB_ROOT_BEST, AB_SELDEPTH, AB_TABLE;
static double AB_ROOT_VALUE; static progress_fn AB_POLL;
static int64_t AB_HISTORY[4096];
static move_t AB_KILLERS[AB_PLIES][2]; static int AB_NKILL[AB_PLIES];
static move_t *AB_MOVES[AB_PLIES]; static int *AB_ORDER[AB_PLIES];
static int64_t *AB_SCORE[AB_PLIES];
#define AB_QPLIES 8
#define AB_EPS 1e-9
static int AB_SELECT;

static int ab_pools(int ply) {   /* the move list, order and scores of ply `ply` */
    if (AB_MOVES[ply]) return 1;
    AB_MOVES[ply] = malloc(MAXM * sizeof(move_t)); AB_ORDER[ply] = malloc(MAXM * sizeof(int));
    AB_SCORE[ply] = malloc(MAXM * sizeof(int64_t));
    return AB_MOVES[ply] && AB_ORDER[ply] && AB_SCORE[ply];
}
/* a move that takes (a jump's cells, or a piece where it lands) or promotes, in `s` */
static int ab_noisy(const state_t *s, const move_t *m) {
    if (bb_any(m->cap) || RULE_PROMOTES[m->rule]) return 1;
    if (!RULE_LANDS_ON[m->rule] || m->to < 0) return 0;
    for (int p = 0; p < NP; p++) if (bb_test(s->b[p], m->to)) return 1;
    return 0;
}

static int mv_eq(const move_t *a, const move_t *b) {
    if (a->to != b->to || a->from != b->from || a->rule != b->rule || !bb_eq(a->cap, b->cap))
        return 0;
    for (int k = 0; k < SL; k++) if (a->sto[k] != b->sto[k] || a->sfrom[k] != b->sfrom[k]) return 0;
    return MV_NUMBERS_EQ(a, b);
}
static ab_entry *ab_probe(const skey_t *key, uint64_t h) {
    ab_entry *e = &AB_TT[(h >> 32 & (AB_BUCKETS - 1)) * 2];
    for (int i = 0; i < 2; i++)
        if (e[i].h == h && memcmp(&e[i].key, key, sizeof *key) == 0) return &e[i];
    return NULL;
}
static void ab_store(const skey_t *key, uint64_t h, int depth, double value, int flag, int move) {
    ab_entry *e = &AB_TT[(h >> 32 & (AB_BUCKETS - 1)) * 2], *slot = ab_probe(key, h);
    if (!slot) slot = (!e[0].h || depth >= e[0].depth) ? &e[0] : &e[1];
    slot->h = h; slot->key = *key; slot->value = value; slot->depth = depth;
    slot->move = (int16_t)move; slot->flag = (int8_t)flag;
}
/* the owner's table, else the least recently used one, emptied */
static ab_entry *ab_table_of(int64_t owner) {
    int slot = -1, lru = 0;
    for (int i = 0; i < AB_TABLES; i++) {
        if (AB_POOL[i] && AB_OWNER[i] == owner) slot = i;
        if (AB_USED[i] < AB_USED[lru]) lru = i;
    }
    if (slot < 0) {
        slot = lru;
        if (!AB_POOL[slot]) AB_POOL[slot] = calloc((size_t)AB_BUCKETS * 2, sizeof(ab_entry));
        else memset(AB_POOL[slot], 0, (size_t)AB_BUCKETS * 2 * sizeof(ab_entry));
        if (!AB_POOL[slot]) return NULL;
        AB_OWNER[slot] = owner;
    }
    AB_USED[slot] = ++AB_TICK;
    return AB_POOL[slot];
}
static double ab_terminal(int payoff, int ply) {
    return payoff > 0 ? payoff * AB_WIN - ply : payoff < 0 ? payoff * AB_WIN + ply : 0.0;
}
/* The clock is read every 16 nodes (a node of a big board's evaluation may take tens of
   microseconds, and a loaded machine gives a search a tenth of a core), Python's callback
   (Ctrl-C) every 256. */
static int64_t AB_POLLED;
static int ab_clock(void) {   /* 1: stop here */
    if (AB_NODES >= AB_CAP) { AB_STOP = 3; return 1; }
    AB_NEXT = AB_NODES + 16;
    if (AB_NEXT > AB_CAP) AB_NEXT = AB_CAP;
    if (AB_POLL && AB_NODES - AB_POLLED >= 256) {
        AB_POLLED = AB_NODES;
        if (AB_POLL(AB_NODES, 0)) { AB_STOP = 4; return 1; }
    }
    if (AB_DEADLINE > 0 && sv_now() > AB_DEADLINE && AB_NODES >= AB_FLOOR) {
        AB_STOP = 2; return 1;
    }
    return 0;
}

static double ab_quiesce(const state_t *s, int me, double alpha, double beta, int ply,
                         const int8_t *pay, int left) {
    if (++AB_NODES >= AB_NEXT && ab_clock()) return 0;
    if (s->res) {
        if (ply > AB_SELDEPTH) AB_SELDEPTH = ply;
        return ab_terminal(pay[2 * s->res + me], ply);
    }
    AB_HORIZON++;   /* the value rests on an evaluation */
    double stand = ev_mover(s);
    if (left <= 0 || ply >= AB_PLIES - 1 || !ab_pools(ply)) return stand;
    move_t *moves = AB_MOVES[ply]; int *order = AB_ORDER[ply]; int64_t *score = AB_SCORE[ply];
    int n = legal(s, moves), m = 0;
    if (gdl_error) { AB_STOP = 5; return 0; }
    for (int i = 0; i < n; i++) {
        if (!ab_noisy(s, &moves[i])) continue;
        int64_t sc = score[i] = 2 * bb_count(moves[i].cap) + RULE_PROMOTES[moves[i].rule];
        int j = m++;   /* the most taken first */
        while (j > 0 && score[order[j - 1]] < sc) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
    int forced = m == n && n <= 3;   /* a few moves, each a take: no standing */
    if (m == 0 || (!forced && 2 * m > n)) return stand;
    double best = -INFINITY;
    if (!forced) {
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
        best = stand;
    }
    state_t t;
    for (int k = 0; k < m; k++) {
        apply_move(s, &moves[order[k]], &t);
        if (gdl_error) { AB_STOP = 5; return 0; }
        int them = (int)t.pl;
        double v = them == me ? ab_quiesce(&t, me, alpha, beta, ply + 1, pay, left - 1)
                              : -ab_quiesce(&t, them, -beta, -alpha, ply + 1, pay, left - 1);
        if (AB_STOP) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) { alpha = v; if (v >= beta) break; }
        }
    }
    return best;
}
"""
