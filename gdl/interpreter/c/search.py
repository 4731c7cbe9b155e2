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

depth: the deepest iteration (0: no bound); table: bit 0 the table (none: the tests'
plain search), bit 1 the selective search (below); owner: whose table (a searcher's
number: the library keeps the tables of the last four searchers, a new one starts empty,
so a seeded game replays exactly);
seconds: the budget (< 0: none), kept only past min_nodes; poll(nodes, 0) is called at
each clock reading and stops the search when it answers non-zero (Ctrl-C).
stats: nodes, the depth of the last completed iteration, table hits, whether the value
is exact, why it stopped (0 exact, 1 depth, 2 time, 3 nodes, 4 interrupt). The answer:
0, or 3 for a call the Python back end must make.

The selective search (what strong engines add to alpha-beta, each derived from the rules,
none assumed of a game):
- quiescence: past the horizon, the moves that take a piece or promote (a move's `cap`
  mask, a rule with a `promote` effect) are searched on, up to AB_QPLIES plies, each side
  free to stand on its evaluation instead. Only where such moves are the exception: a
  position where most moves take (clobber, where every move does) is quiet as it is; one
  where the only moves, a few, take (a capture that must be made) gives no standing.
- principal-variation search: each move after the first is tried with a null window
  (alpha, alpha + AB_EPS) and searched again with the whole window when it beats alpha;
- late-move reductions: from depth 3, a quiet move (no take, no promotion, neither the
  table's nor a killer) late in the order is searched one ply shallower (two from the
  eighth on), and again at full depth when it beats alpha.
"""

from __future__ import annotations

from typing import Any

from gdl.interpreter.c.evaluation import EvalC
from gdl.interpreter.c.support import CWriter
from gdl.interpreter.core import ir
from gdl.interpreter.core.ir import within_empty
from gdl.interpreter.core.reads import holders

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

static double ab_negamax(const state_t *s, int me, int depth, double alpha, double beta,
                         int ply, const int8_t *pay, int root_first);
/* The value for `me` of the child `t` (its mover `me` again after an extra turn). */
static double ab_child(const state_t *t, int me, int depth, double alpha, double beta,
                       int ply, const int8_t *pay) {
    int them = (int)t->pl;
    return them == me ? ab_negamax(t, me, depth, alpha, beta, ply, pay, -1)
                      : -ab_negamax(t, them, depth, -beta, -alpha, ply, pay, -1);
}

static double ab_negamax(const state_t *s, int me, int depth, double alpha, double beta,
                         int ply, const int8_t *pay, int root_first) {
    if (++AB_NODES >= AB_NEXT && ab_clock()) return 0;
    if (s->res) {
        if (ply > AB_SELDEPTH) AB_SELDEPTH = ply;
        return ab_terminal(pay[2 * s->res + me], ply);
    }
    if (depth <= 0) {
        if (AB_SELECT && QUIESCE) return ab_quiesce(s, me, alpha, beta, ply, pay, AB_QPLIES);
        AB_HORIZON++; return ev_mover(s);
    }
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
    if (!ab_pools(ply)) { AB_STOP = 5; return 0; }
    move_t *moves = AB_MOVES[ply]; int *order = AB_ORDER[ply];
    int n = legal(s, moves);
    if (gdl_error || n == 0) { AB_STOP = 5; return 0; }
    /* the table move, then the two killers (the older in front, as in Python), then the
       others by history */
    int lead = sort_moves(moves, n, first, AB_HISTORY, order, AB_SCORE[ply]);
    int settled = lead;   /* the table move and the killers lead: never reduced */
    for (int k = 0; k < AB_NKILL[ply]; k++) {
        for (int j = lead; j < n; j++) {
            int i = order[j];
            if (mv_eq(&moves[i], &AB_KILLERS[ply][k])) {
                for (; j > lead; j--) order[j] = order[j - 1];
                order[lead] = i; settled++; break;
            }
        }
    }
    double alpha0 = alpha, best = -INFINITY; int bm = -1; int64_t horizon0 = AB_HORIZON;
    state_t t;
    for (int k = 0; k < n; k++) {
        int i = order[k];
        apply_move(s, &moves[i], &t);
        if (gdl_error) { AB_STOP = 5; return 0; }
        double v;
        if (!AB_SELECT || k == 0) {
            v = ab_child(&t, me, depth - 1, alpha, beta, ply + 1, pay);
        } else {
            int cut = depth >= 3 && k >= settled + 2 && !ab_noisy(s, &moves[i]) ?
                      (k >= 8 && depth >= 5 ? 2 : 1) : 0;
            v = ab_child(&t, me, depth - 1 - cut, alpha, alpha + AB_EPS, ply + 1, pay);
            if (!AB_STOP && cut && v > alpha)
                v = ab_child(&t, me, depth - 1, alpha, alpha + AB_EPS, ply + 1, pay);
            if (!AB_STOP && v > alpha && v < beta)
                v = ab_child(&t, me, depth - 1, alpha, beta, ply + 1, pay);
        }
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
    AB_NODES = AB_HITS = 0; AB_SELDEPTH = 0; AB_STOP = 0; AB_POLL = poll;
    AB_TABLE = table & 1; AB_SELECT = table >> 1 & 1;
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
        promotes = [int(promotes_in(rule)) for rule in self.game.rules]
        lands = [int(self.lands_on_pieces(rule)) for rule in self.game.rules]
        for name, flags in (("RULE_PROMOTES", promotes), ("RULE_LANDS_ON", lands)):
            w(f"static const uint8_t {name}[{max(1, len(flags))}] = "
              f"{{{', '.join(map(str, flags or [0]))}}};")
        # quiescence only where a move may take or promote (go's captures are effects)
        jumps = any(isinstance(rule, ir.JumpRule) for rule in self.game.rules)
        w(f"#define QUIESCE {int(any(promotes) or any(lands) or jumps)}")
        w.lines += SEARCH.strip("\n").split("\n")

    def lands_on_pieces(self, rule: Any) -> bool:
        """Whether a rule's piece may land on a piece (and take it): a travel or a
        placement whose landing cells are not only empty ones."""
        if isinstance(rule, ir.StepRule) and rule.kind is not None:
            return any(holders(rule.to, p, self.planes_of, self.n_planes) != []
                       for p in range(self.n_players))
        if isinstance(rule, ir.PlaceRule):
            return not within_empty(rule.where)
        return False


def promotes_in(node: Any) -> bool:
    """Whether an IR node (a rule, its stages and effects) holds a `promote` effect."""
    return any(isinstance(n, ir.Promote) for n in ir.walk(node))
