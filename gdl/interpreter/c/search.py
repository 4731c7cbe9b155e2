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
    int gdl_search_plan(double soft)   the next search's target time (< 0: none)

depth: the deepest iteration (0: no bound); table: bit 0 the table (none: the tests'
plain search), the others the selective search's parts (AB_F_*, below); owner: whose table
(a searcher's number: the library keeps the tables of the last four searchers, a new one
starts empty, so a seeded game replays exactly);
seconds: the budget (< 0: none), kept only past min_nodes; poll(nodes, 0) is called at
each clock reading and stops the search when it answers non-zero (Ctrl-C).
With a target time (gdl_search_plan), no new iteration starts past half of it, the target
scaled by how settled the search is: longer when the best move changed in the last
iteration or its value dropped, shorter once one move has led for several iterations, no
second iteration when there is one move; `seconds` stays the hard bound.
stats: nodes, the depth of the last completed iteration, table hits, whether the value
is exact, why it stopped (0 exact, 1 depth, 2 time, 3 nodes, 4 interrupt). The answer:
0, or 3 for a call the Python back end must make.

The selective search (what strong engines add to alpha-beta, each derived from the rules,
none assumed of a game; interpreter/core/search_traits.py), each part a bit of its own:
- quiescence (AB_F_SELECT): past the horizon, the moves that take a piece or promote (a
  move's `cap` mask, a rule with a `promote` effect) are searched on, up to AB_QPLIES
  plies, each side free to stand on its evaluation instead. Only where such moves are the
  exception: a position where most moves take (clobber, where every move does) is quiet
  as it is; one where the only moves, a few, take (a capture that must be made) gives no
  standing.
- principal-variation search (AB_F_SELECT): each move after the first is tried with a
  null window (alpha, alpha + AB_EPS) and searched again with the whole window when it
  beats alpha;
- late-move reductions (AB_F_SELECT): from depth 3, a quiet move (no take, no promotion,
  no check, neither the table's nor a killer nor the counter-move) late in the order is
  searched one ply shallower (two from the eighth on), and again at full depth when it
  beats alpha;
- aspiration windows (AB_F_ASPIRE): from the third iteration the root is searched within
  AB_ASPIRE of the previous iteration's value, the window widened fourfold on the side it
  failed until the value falls inside (at a fixed depth the value is the full window's);
- check extensions (AB_F_CHECKS, where a kind is royal): a move after which the
  opponent's royal piece stands attacked is searched a ply deeper, while the path is
  shorter than twice the iteration's depth;
- verified null-move pruning (AB_F_NULL, where NULLMOVE: a pass seldom helps; Tabibazar
  and David, 2003): at depth 3 or more, not in check, not after a null move, the mover
  holding AB_NM_PIECES pieces or more besides royal ones and standing at beta or above,
  the opponent moves twice (depth - 1 - R, R 2, 3 from depth 7); a fail high there is
  trusted below a verified node but at a verifying one only lowers the node's depth by
  one and turns verification off beneath it, and when that search then finds no cut
  (a zugzwang) it is searched again at its full depth, verifying;
- counter-move ordering (AB_F_COUNTER): the move that last refuted the opponent's move
  is tried after the killers;
- singular extensions (AB_F_SINGULAR): from depth AB_SE_DEPTH, off the root, when the
  table's move has a lower bound or exact value v from depth - 3 or more, the other moves
  are searched at half the depth with a null window at v - AB_SE_MARGIN x depth (the move
  left out by AB_EXCLUDE, no table, no null move there); when none reaches it the table
  move is searched a ply deeper.
The check test (ab_royal_attacked) is made once per node: the parent's answer for the
child it made is handed down, and otherwise the node asks it when first needed.
"""

from __future__ import annotations

from typing import Any

from gdl.interpreter.c.evaluation import EvalC
from gdl.interpreter.c.search_base import SEARCH_BASE
from gdl.interpreter.c.search_rules import search_rules
from gdl.interpreter.c.support import CWriter
from gdl.interpreter.core import ir
from gdl.interpreter.core.ir import within_empty
from gdl.interpreter.core.reads import holders

SEARCH = r"""
#define AB_F_SELECT 2
#define AB_F_ASPIRE 4
#define AB_F_CHECKS 8
#define AB_F_NULL 16
#define AB_F_COUNTER 32
#define AB_F_UNVERIFIED 64      /* the tests' null move without its verification */
#define AB_F_NULL_ANYWHERE 128  /* the tests': in any game and position but in check */
#define AB_F_SINGULAR 256
#define AB_SE_DEPTH 5           /* singular extensions from this depth */
#define AB_SE_MARGIN 0.004      /* a ply's share of the margin the table move must lead by */
#define AB_ASPIRE 0.01
#define AB_NM_PIECES 4
static int AB_FEAT, AB_ROOT_DEPTH, AB_ROOT_N;
static move_t AB_COUNTER[4096]; static uint8_t AB_HAS_COUNTER[4096];
static int AB_PREV[AB_PLIES];   /* the slot of the move into each ply; -1: a null move */
static int AB_EXCLUDE[AB_PLIES];   /* the move a singular search leaves out at a ply, or -1 */
static double AB_SOFT = -1.0, AB_TARGET = -1.0;   /* the next search's, this one's */

int gdl_search_plan(double soft) { AB_SOFT = soft; return 0; }

static double ab_negamax(const state_t *s, int me, int depth, double alpha, double beta,
                         int ply, const int8_t *pay, int root_first, int verify, int check);
/* The value for `me` of the child `t` (its mover `me` again after an extra turn); `check`
   whether t's mover is in check, when the parent tested it (-1: not known). */
static double ab_child(const state_t *t, int me, int depth, double alpha, double beta,
                       int ply, const int8_t *pay, int verify, int check) {
    int them = (int)t->pl;
    return them == me ? ab_negamax(t, me, depth, alpha, beta, ply, pay, -1, verify, check)
                      : -ab_negamax(t, them, depth, -beta, -alpha, ply, pay, -1, verify, check);
}
/* Whether the mover is in check, as far as the search asks (a royal kind, and check
   extensions or null moves on), tested once per node and only when first asked. */
static int ab_in_check(const state_t *s, int *known) {
    if (*known < 0)
        *known = ROYAL && (AB_FEAT & (AB_F_CHECKS | AB_F_NULL)) && ab_royal_attacked(s);
    return *known;
}
/* Move the move equal to `m` among order[from..n) to order[from]; 1 when found. */
static int ab_lift(const move_t *moves, int *order, int from, int n, const move_t *m) {
    for (int j = from; j < n; j++) {
        int i = order[j];
        if (mv_eq(&moves[i], m)) {
            for (; j > from; j--) order[j] = order[j - 1];
            order[from] = i; return 1;
        }
    }
    return 0;
}
/* Null-move pruning at this node (see the module doc): 1 when it may be tried. The cheap
   conditions first, then the check test (once per node), then the evaluation. */
static int ab_null_ok(const state_t *s, int depth, double beta, int ply, int *in_check) {
    if (!(AB_FEAT & AB_F_NULL) || ply == 0 || depth < 3 || AB_PREV[ply] < 0) return 0;
    if (beta >= AB_DECIDED || beta <= -AB_DECIDED) return 0;
    if (!(AB_FEAT & AB_F_NULL_ANYWHERE) && (!NULLMOVE || ab_nm_pieces(s) < AB_NM_PIECES))
        return 0;
    return !ab_in_check(s, in_check) && ev_mover(s) >= beta;
}

/* A singular extension (AB_F_SINGULAR; see the module doc): whether the table move of
   entry `e` beats every other move, searched at half the depth, by a margin, so that it
   is searched a ply deeper. Not at the root, nor in a singular search itself. */
static int ab_singular(const state_t *s, int me, const ab_entry *e, int depth, int ply,
                       const int8_t *pay, int verify) {
    if (!(AB_FEAT & AB_F_SINGULAR) || ply == 0 || depth < AB_SE_DEPTH || e->move < 0 ||
        e->flag == TT_UPPER || e->depth < depth - 3 || ply >= 2 * AB_ROOT_DEPTH)
        return 0;
    double tv = e->value;
    if (fabs(tv) >= AB_DECIDED) return 0;
    double sbeta = tv - AB_SE_MARGIN * depth;
    AB_EXCLUDE[ply] = e->move;
    double v = ab_negamax(s, me, (depth - 1) / 2, sbeta - AB_EPS, sbeta, ply, pay, -1,
                          verify, -1);
    AB_EXCLUDE[ply] = -1;
    return !AB_STOP && v < sbeta;
}

static double ab_negamax(const state_t *s, int me, int depth, double alpha, double beta,
                         int ply, const int8_t *pay, int root_first, int verify, int check) {
    if (++AB_NODES >= AB_NEXT && ab_clock()) return 0;
    if (s->res) {
        if (ply > AB_SELDEPTH) AB_SELDEPTH = ply;
        return ab_terminal(pay[2 * s->res + me], ply);
    }
    if (depth <= 0) {
        if (AB_SELECT && QUIESCE) return ab_quiesce(s, me, alpha, beta, ply, pay, AB_QPLIES);
        AB_HORIZON++; return ev_mover(s);
    }
    if (ply >= AB_PLIES - 2) { AB_STOP = 5; return 0; }
    double top = AB_WIN;   /* the mate-distance clamp: the game ends at ply + 1 at the soonest */
    if (alpha < ply + 1 - top) alpha = ply + 1 - top;
    if (beta > top - ply - 1) beta = top - ply - 1;
    if (alpha >= beta) return alpha;
    skey_t key; uint64_t h = 0;
    int first = -1;
    ab_entry *e = NULL;
    int excluded = AB_EXCLUDE[ply];   /* a singular search's node: no table (its value
                                           leaves a move out) and no null move */
    if (AB_TABLE && excluded < 0) { canon(s, &key); h = sv_hash(&key); e = ab_probe(&key, h); }
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
    int checks = ROYAL && (AB_FEAT & AB_F_CHECKS);
    int in_check = check;   /* -1 until asked (ab_in_check) */
    int fail_high = 0;
    int64_t horizon0 = AB_HORIZON;
    if (excluded < 0 && ab_null_ok(s, depth, beta, ply, &in_check)) {
        state_t t = *s; t.pl = 1 - s->pl;   /* the mover passes */
        int r = depth > 6 ? 3 : 2;
        AB_PREV[ply + 1] = -1;
        double v = -ab_negamax(&t, (int)t.pl, depth - 1 - r, -beta, -beta + AB_EPS, ply + 1,
                               pay, -1, verify, -1);
        if (AB_STOP) return 0;
        if (v >= beta) {
            if (!verify || (AB_FEAT & AB_F_UNVERIFIED)) return v;
            depth--; verify = 0; fail_high = 1;   /* verified below, a ply shallower */
        }
    }
    int singular = e && ab_singular(s, me, e, depth, ply, pay, verify);
    if (AB_STOP) return 0;
    if (!ab_pools(ply)) { AB_STOP = 5; return 0; }
    move_t *moves = AB_MOVES[ply]; int *order = AB_ORDER[ply];
    int n = legal(s, moves);
    if (gdl_error || n == 0) { AB_STOP = 5; return 0; }
    if (ply == 0) AB_ROOT_N = n;
    /* the table move, then the two killers (the older in front, as in Python), the
       counter-move, then the others by history */
    int lead = sort_moves(moves, n, first, AB_HISTORY, order, AB_SCORE[ply]);
    int settled = lead;   /* those lead: never reduced */
    for (int k = 0; k < AB_NKILL[ply]; k++)
        settled += ab_lift(moves, order, lead, n, &AB_KILLERS[ply][k]);
    int prev = AB_PREV[ply];
    if ((AB_FEAT & AB_F_COUNTER) && ply && prev >= 0 && AB_HAS_COUNTER[prev])
        settled += ab_lift(moves, order, settled, n, &AB_COUNTER[prev]);
    double alpha0 = alpha, best = -INFINITY; int bm = -1;
    state_t t;
    for (;;) {   /* once, or again at full depth when a verified null move found no cut */
        for (int k = 0; k < n; k++) {
            int i = order[k];
            if (i == excluded) continue;
            apply_move(s, &moves[i], &t);
            if (gdl_error) { AB_STOP = 5; return 0; }
            AB_PREV[ply + 1] = sv_move_slot(&moves[i]);
            /* the child's check, tested here once and handed down */
            int gives = checks && !t.res && ply < 2 * AB_ROOT_DEPTH ? ab_royal_attacked(&t) : -1;
            int ext = gives > 0 || (singular && i == first);
            int d = depth - 1 + ext;
            double v;
            if (!AB_SELECT || k == 0) {
                v = ab_child(&t, me, d, alpha, beta, ply + 1, pay, verify, gives);
            } else {
                int cut = depth >= 3 && k >= settled + 2 && !ext && !ab_noisy(s, &moves[i]) &&
                          !ab_in_check(s, &in_check) ? (k >= 8 && depth >= 5 ? 2 : 1) : 0;
                v = ab_child(&t, me, d - cut, alpha, alpha + AB_EPS, ply + 1, pay, verify, gives);
                if (!AB_STOP && cut && v > alpha)
                    v = ab_child(&t, me, d, alpha, alpha + AB_EPS, ply + 1, pay, verify, gives);
                if (!AB_STOP && v > alpha && v < beta)
                    v = ab_child(&t, me, d, alpha, beta, ply + 1, pay, verify, gives);
            }
            if (AB_STOP) return 0;
            if (v > best) {
                /* at the root, the first move or one beating alpha (an aspiration
                   window's fail low proves nothing of the others) */
                if (ply == 0 && (k == 0 || v > alpha)) { AB_ROOT_BEST = i; AB_ROOT_VALUE = v; }
                best = v; bm = i;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) {
                        if (!AB_NKILL[ply] || !mv_eq(&AB_KILLERS[ply][0], &moves[i])) {
                            AB_KILLERS[ply][1] = AB_KILLERS[ply][0];
                            AB_KILLERS[ply][0] = moves[i];
                            AB_NKILL[ply] = AB_NKILL[ply] ? 2 : 1;
                        }
                        if (ply && prev >= 0) {
                            AB_COUNTER[prev] = moves[i]; AB_HAS_COUNTER[prev] = 1;
                        }
                        int dd = depth < 32 ? depth : 32;
                        AB_HISTORY[sv_move_slot(&moves[i])] += dd * dd;
                        break;
                    }
                }
            }
        }
        if (!fail_high || best >= beta) break;
        depth++; fail_high = 0; verify = 1;   /* a zugzwang: the full depth after all */
        alpha = alpha0; best = -INFINITY; bm = -1;
    }
    int flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    double stored = best;
    if (best > AB_DECIDED) stored = best + ply; else if (best < -AB_DECIDED) stored = best - ply;
    if (AB_TABLE && excluded < 0)
        ab_store(&key, h, AB_HORIZON == horizon0 ? AB_FULL : depth, stored, flag, bm);
    return best;
}

/* Whether to begin iteration d + 1 (see the module doc): `changed` the best move changed
   in iteration d, `drop` its value fell, `settled` iterations the best move has led. */
static int ab_next_iteration(double started, int changed, int drop, int settled) {
    if (AB_TARGET < 0) return 1;
    if (AB_ROOT_N <= 1) return 0;
    double target = AB_TARGET;
    if (changed) target *= 1.8;
    if (drop) target *= 1.5;
    if (!changed && !drop && settled >= 4) target *= 0.6;
    return sv_now() - started < 0.5 * target;
}

int gdl_search(const uint64_t *in, int depth, double seconds, int64_t max_nodes,
               int64_t min_nodes, int table, int64_t owner, const int8_t *payoffs,
               progress_fn poll, uint64_t *best, double *value, int64_t *stats) {
    double started = sv_now();   /* before a new table is emptied: its time counts */
    AB_TARGET = AB_SOFT; AB_SOFT = -1.0;   /* the plan is for this search only */
    if (!SEARCHABLE || EV_MODE < 0) return 3;
    state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;
    AB_TT = ab_table_of(owner);
    if (!AB_TT) return 3;
    AB_NODES = AB_HITS = AB_POLLED = 0; AB_SELDEPTH = 0; AB_STOP = 0; AB_POLL = poll;
    AB_TABLE = table & 1; AB_SELECT = table >> 1 & 1; AB_FEAT = table;
    AB_CAP = max_nodes > 0 ? max_nodes : INT64_MAX; AB_FLOOR = min_nodes;
    AB_DEADLINE = seconds >= 0 ? started + seconds : 0;
    memset(AB_HISTORY, 0, sizeof AB_HISTORY); memset(AB_NKILL, 0, sizeof AB_NKILL);
    memset(AB_HAS_COUNTER, 0, sizeof AB_HAS_COUNTER);
    memset(AB_EXCLUDE, -1, sizeof AB_EXCLUDE);
    AB_PREV[0] = 0; AB_ROOT_N = 2;
    int limit = depth > 0 ? depth : AB_FULL, done = 0, exact = 0, stopped = 1, best_i = 0;
    int settled = 0;
    double v = 0;
    for (int d = 1; d <= limit; d++) {
        AB_ROOT_DEPTH = d;
        double lo = -INFINITY, hi = INFINITY, wide = AB_ASPIRE, r = 0;
        if ((AB_FEAT & AB_F_ASPIRE) && d >= 3 && fabs(v) < AB_DECIDED) {
            lo = v - wide; hi = v + wide;
        }
        int first = d > 1 ? best_i : -1;
        for (;;) {   /* the window, widened on the side the value fell out of */
            AB_HORIZON = 0; AB_ROOT_BEST = -1;
            /* a first ply of a few moves completes even at a zero budget */
            AB_NEXT = AB_NODES + (d == 1 ? 16 : 1);
            if (AB_NEXT > AB_CAP) AB_NEXT = AB_CAP;
            r = ab_negamax(&s, (int)s.pl, d, lo, hi, 0, payoffs, first, 1, -1);
            if (AB_STOP) break;
            wide *= 4;
            if (r <= lo) lo = wide > 1 ? -INFINITY : r - wide;
            else if (r >= hi) { hi = wide > 1 ? INFINITY : r + wide; first = AB_ROOT_BEST; }
            else break;
        }
        if (AB_STOP) {
            stopped = AB_STOP;
            if (AB_ROOT_BEST >= 0) { best_i = AB_ROOT_BEST; v = AB_ROOT_VALUE; }
            break;
        }
        int changed = d > 1 && AB_ROOT_BEST != best_i;
        int drop = d > 1 && r < v - 2 * AB_ASPIRE && fabs(r) < AB_DECIDED;
        settled = changed ? 0 : settled + 1;
        v = r; best_i = AB_ROOT_BEST; done = d == AB_FULL ? AB_SELDEPTH : d;
        exact = AB_HORIZON == 0;
        if (exact) { stopped = 0; break; }
        if (d < limit && !ab_next_iteration(started, changed, drop, settled)) {
            stopped = 2; break;
        }
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
        search_rules(self, w)
        w.lines += (SEARCH_BASE + SEARCH).strip("\n").split("\n")

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
