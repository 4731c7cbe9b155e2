"""Alpha-beta in C for the AI: the twin of gdl/solvers/search/alphabeta.py (negamax, iterative
deepening, a transposition table on canonical states kept between searches, the table
move, killers and the history heuristic, distance scoring with the mate-distance clamp,
the compiled evaluation at the horizon: interpreter/c/evaluation.py). It follows the solver's text
(interpreter/c/solver.py: the canonical key, its hash, the move slots). In a game with a history
of positions seen, the key holds how many there are, not which (a position reached by
two lines of as many plies shares an entry, as in most game engines): good enough for a
heuristic search, which is why the exact solver refuses such games.

    int gdl_search(const uint64_t *state, int depth, double seconds, int64_t max_nodes,
                   int64_t min_nodes, int table, int64_t owner, const int8_t *payoffs,
                   progress_fn poll, uint64_t *best, double *value, int64_t *stats)

depth: the deepest iteration (0: no bound); table 0: no table (the tests' plain
search); owner: whose table (a searcher's number: the library keeps the tables of the
last four searchers, a new one starts empty, so a seeded game replays exactly);
seconds: the budget (< 0: none), kept only past min_nodes; poll(nodes, 0) is called at
each clock reading and stops the search when it answers non-zero (Ctrl-C).
stats: nodes, the depth of the last completed iteration, table hits, whether the value
is exact, why it stopped (0 exact, 1 depth, 2 time, 3 nodes, 4 interrupt). The answer:
0, or 3 for a call the Python back end must make.
"""

from __future__ import annotations

from gdl.interpreter.c.evaluation import EvalC
from gdl.interpreter.c.support import CWriter

SEARCH = r"""
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
static int ab_clock(void) {   /* 1: stop here */
    if (AB_NODES >= AB_CAP) { AB_STOP = 3; return 1; }
    AB_NEXT = AB_NODES + 256;
    if (AB_NEXT > AB_CAP) AB_NEXT = AB_CAP;
    if (AB_POLL && AB_POLL(AB_NODES, 0)) { AB_STOP = 4; return 1; }
    if (AB_DEADLINE > 0 && sv_now() > AB_DEADLINE && AB_NODES >= AB_FLOOR) {
        AB_STOP = 2; return 1;
    }
    return 0;
}

static double ab_negamax(const state_t *s, int me, int depth, double alpha, double beta,
                         int ply, const int8_t *pay, int root_first) {
    if (++AB_NODES >= AB_NEXT && ab_clock()) return 0;
    if (s->res) {
        if (ply > AB_SELDEPTH) AB_SELDEPTH = ply;
        return ab_terminal(pay[2 * s->res + me], ply);
    }
    if (depth <= 0) { AB_HORIZON++; return ev_mover(s); }
    if (ply >= AB_PLIES - 1) { AB_STOP = 5; return 0; }
    double top = AB_WIN;   /* the mate-distance clamp: the game ends at ply + 1 at the soonest */
    if (alpha < ply + 1 - top) alpha = ply + 1 - top;
    if (beta > top - ply - 1) beta = top - ply - 1;
    if (alpha >= beta) return alpha;
    skey_t key; uint64_t h = 0;
    int first = -1;
    ab_entry *e = NULL;
    if (AB_TABLE) { canon(s, &key); h = sv_hash(&key); e = ab_probe(&key, h); }
    if (e) {
        first = e->move;
        if (ply && e->depth >= depth) {
            double v = e->value;   /* table scores count plies from their own node */
            if (v > AB_DECIDED) v -= ply; else if (v < -AB_DECIDED) v += ply;
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER ? v >= beta : v <= alpha)) {
                AB_HITS++;
                if (e->depth < AB_FULL) AB_HORIZON++;
                return v;
            }
        }
    }
    if (ply == 0 && root_first >= 0) first = root_first;
    if (!AB_MOVES[ply]) {
        AB_MOVES[ply] = malloc(MAXM * sizeof(move_t)); AB_ORDER[ply] = malloc(MAXM * sizeof(int));
        AB_SCORE[ply] = malloc(MAXM * sizeof(int64_t));
        if (!AB_MOVES[ply] || !AB_ORDER[ply] || !AB_SCORE[ply]) { AB_STOP = 5; return 0; }
    }
    move_t *moves = AB_MOVES[ply]; int *order = AB_ORDER[ply];
    int n = legal(s, moves);
    if (gdl_error || n == 0) { AB_STOP = 5; return 0; }
    /* the table move, then the two killers (the older in front, as in Python), then the
       others by history */
    int lead = sort_moves(moves, n, first, AB_HISTORY, order, AB_SCORE[ply]);
    for (int k = 0; k < AB_NKILL[ply]; k++) {
        for (int j = lead; j < n; j++) {
            int i = order[j];
            if (mv_eq(&moves[i], &AB_KILLERS[ply][k])) {
                for (; j > lead; j--) order[j] = order[j - 1];
                order[lead] = i; break;
            }
        }
    }
    double alpha0 = alpha, best = -INFINITY; int bm = -1; int64_t horizon0 = AB_HORIZON;
    state_t t;
    for (int k = 0; k < n; k++) {
        int i = order[k];
        apply_move(s, &moves[i], &t);
        if (gdl_error) { AB_STOP = 5; return 0; }
        int them = (int)t.pl;
        double v = them == me ? ab_negamax(&t, me, depth - 1, alpha, beta, ply + 1, pay, -1)
                              : -ab_negamax(&t, them, depth - 1, -beta, -alpha, ply + 1, pay, -1);
        if (AB_STOP) return 0;
        if (v > best) {
            best = v; bm = i;
            if (ply == 0) { AB_ROOT_BEST = i; AB_ROOT_VALUE = v; }
            if (v > alpha) {
                alpha = v;
                if (v >= beta) {
                    if (!AB_NKILL[ply] || !mv_eq(&AB_KILLERS[ply][0], &moves[i])) {
                        AB_KILLERS[ply][1] = AB_KILLERS[ply][0];
                        AB_KILLERS[ply][0] = moves[i];
                        AB_NKILL[ply] = AB_NKILL[ply] ? 2 : 1;
                    }
                    int d = depth < 32 ? depth : 32;
                    AB_HISTORY[sv_move_slot(&moves[i])] += d * d;
                    break;
                }
            }
        }
    }
    int flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    double stored = best;
    if (best > AB_DECIDED) stored = best + ply; else if (best < -AB_DECIDED) stored = best - ply;
    if (AB_TABLE) ab_store(&key, h, AB_HORIZON == horizon0 ? AB_FULL : depth, stored, flag, bm);
    return best;
}

int gdl_search(const uint64_t *in, int depth, double seconds, int64_t max_nodes,
               int64_t min_nodes, int table, int64_t owner, const int8_t *payoffs,
               progress_fn poll, uint64_t *best, double *value, int64_t *stats) {
    if (!SEARCHABLE || EV_MODE < 0) return 3;
    state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;
    AB_TT = ab_table_of(owner);
    if (!AB_TT) return 3;
    AB_NODES = AB_HITS = 0; AB_SELDEPTH = 0; AB_STOP = 0; AB_POLL = poll; AB_TABLE = table;
    AB_CAP = max_nodes > 0 ? max_nodes : INT64_MAX; AB_FLOOR = min_nodes;
    AB_DEADLINE = seconds >= 0 ? sv_now() + seconds : 0;
    memset(AB_HISTORY, 0, sizeof AB_HISTORY); memset(AB_NKILL, 0, sizeof AB_NKILL);
    int limit = depth > 0 ? depth : AB_FULL, done = 0, exact = 0, stopped = 1, best_i = 0;
    double v = 0;
    for (int d = 1; d <= limit; d++) {
        AB_HORIZON = 0; AB_ROOT_BEST = -1;
        /* a first ply of a few moves completes even at a zero budget */
        AB_NEXT = AB_NODES + (d == 1 ? 16 : 1);
        if (AB_NEXT > AB_CAP) AB_NEXT = AB_CAP;
        double r = ab_negamax(&s, (int)s.pl, d, -INFINITY, INFINITY, 0, payoffs,
                              d > 1 ? best_i : -1);
        if (AB_STOP) {
            stopped = AB_STOP;
            if (AB_ROOT_BEST >= 0) { best_i = AB_ROOT_BEST; v = AB_ROOT_VALUE; }
            break;
        }
        v = r; best_i = AB_ROOT_BEST; done = d == AB_FULL ? AB_SELDEPTH : d;
        exact = AB_HORIZON == 0;
        if (exact) { stopped = 0; break; }
    }
    for (int p = 0; p < AB_PLIES && AB_MOVES[p]; p++) {
        if (p == 0) encode_move(&AB_MOVES[0][best_i], best);
        free(AB_MOVES[p]); free(AB_ORDER[p]); free(AB_SCORE[p]);
        AB_MOVES[p] = NULL; AB_ORDER[p] = NULL; AB_SCORE[p] = NULL;
    }
    *value = v;
    stats[0] = AB_NODES; stats[1] = done; stats[2] = AB_HITS; stats[3] = exact;
    stats[4] = stopped;
    return stopped == 5 ? 3 : 0;
}
"""


class SearchC(EvalC):
    """The search's C text (after the solver's and the evaluation's)."""

    def search_source(self, w: CWriter) -> None:
        same = "(memcmp((a)->a, (b)->a, sizeof (a)->a) == 0)" if self.param_slots() else "1"
        w(f"#define MV_NUMBERS_EQ(a, b) {same}")
        # (a game with scores: its payoffs are no table's, see interpreter/c/scores.py)
        w(f"#define SEARCHABLE {int(self.n_players == 2 and not self.scores)}")
        w.lines += SEARCH.strip("\n").split("\n")
