"""UCT in C for the AI: the twin of gdl/solvers/search/mcts.py for two-player games, the tree, the
selection and the random rollouts all native, so that a search at equal time runs many
times the simulations of one whose tree lives in Python.

    int gdl_mcts(const uint64_t *state, int64_t iterations, double seconds,
                 int64_t min_iterations, int64_t max_nodes, double c, uint64_t seed,
                 int64_t max_plies, int evaluate, double rave, const int8_t *payoffs,
                 progress_fn poll, uint64_t *best, double *value, int64_t *visits,
                 int64_t *stats)

A node holds the visits and the payoff total of the player who moved into it and the
index of its move in its parent's move list; moves are generated again on the way down
(no states are stored: a node is 48 bytes). Children are expanded one per visit in the
move list's order from a random offset; a fully expanded node picks the child of the
highest UCB1 (`c` its exploration). A rollout plays uniform random moves; one cut after
`max_plies` is scored by the compiled evaluation when `evaluate` is set (ev_mover), else
as a draw. `rave` > 0 adds RAVE (all moves as first): each child also keeps the payoffs
of the simulations in which its player made its move later on (in the tree or the
rollout), and selection blends them with its own mean, the AMAF share
beta = sqrt(rave / (3 visits + rave)) fading as the child's own visits grow (Gelly and
Silver's schedule; `rave` is the visits at which both weigh alike). Moves are told apart
by a 12-bit hash of the move (sv_move_slot), so two moves may share statistics.
Budget: `iterations` (0: none), `seconds` (< 0: none, kept past
`min_iterations`), poll(iterations, 0) for Ctrl-C; `max_nodes` bounds the tree, and a
full tree stops growing, not searching (Python's MCTS stops there: at its rate, the
bound is minutes away; at C's, under a second).
best: the most visited root move (ties: the better mean); value: its mean payoff for the
player to move; visits[i]: the visits of the root's move i (MAXM entries); stats:
iterations, the root's visits, nodes, why it stopped (0 iterations, 1 time, 3 interrupt),
whether the tree filled (then the search went on, rolling out from its leaves). The
answer: 0, or 3 for a call the Python back end must make.
"""

from __future__ import annotations

from gdl.interpreter.c.support import CWriter

MCTS = r"""
#define MC_PLIES 1024
typedef struct { int32_t child, sibling, idx, tried, offset, slot; int8_t res, player, mover;
                 int64_t visits, amaf_visits; double total, amaf_total; } mc_node;
static mc_node *MC; static int64_t MC_N, MC_ROOM; static int MC_FULL;
static move_t MC_MOVES[MAXM], MC_ROLL[MAXM];
/* RAVE: the first ply at which each player made each move (by slot) in this simulation */
static int32_t MC_FIRST[2][4096]; static uint32_t MC_MARK[2][4096], MC_ITER;
static double MC_RAVE;
static void mc_played(int player, const move_t *m, int ply) {
    if (MC_RAVE <= 0 || player < 0 || player > 1) return;
    int slot = sv_move_slot(m);
    if (MC_MARK[player][slot] != MC_ITER) {
        MC_MARK[player][slot] = MC_ITER; MC_FIRST[player][slot] = ply;
    }
}

static int64_t mc_node_new(const state_t *s, int idx, int slot, int mover, uint64_t *rng,
                           int64_t cap) {
    if (MC_N >= MC_ROOM) {   /* grow by doubling up to the bound */
        if (MC_N >= cap) return -1;
        int64_t room = MC_ROOM ? MC_ROOM * 2 : 4096;
        if (room > cap) room = cap;
        mc_node *grown = realloc(MC, (size_t)room * sizeof *MC);
        if (!grown) return -1;
        MC = grown; MC_ROOM = room;
    }
    mc_node *n = &MC[MC_N];
    n->child = n->sibling = -1; n->idx = idx; n->tried = 0; n->slot = slot;
    n->offset = (int32_t)(rng_next(rng) & 0x7fffffff);
    n->res = (int8_t)s->res; n->player = (int8_t)s->pl; n->mover = (int8_t)mover;
    n->visits = n->amaf_visits = 0; n->total = n->amaf_total = 0.0;
    return MC_N++;
}

/* the payoffs of a random playout from s, player 0's and player 1's; 1 on an error */
static int mc_rollout(state_t s, int64_t max_plies, int evaluate, const int8_t *pay,
                      uint64_t *rng, double *out, int from_ply) {
    state_t t;
    for (int64_t ply = 0; ply < max_plies && !s.res; ply++) {
        const move_t *m = pick_move(&s, MC_ROLL, rng);
        if (gdl_error) return 1;
        if (!m) break;
        mc_played((int)s.pl, m, from_ply + (int)ply);
        apply_move(&s, m, &t);
        if (gdl_error) return 1;
        s = t;
    }
    if (s.res) { out[0] = pay[2 * s.res]; out[1] = pay[2 * s.res + 1]; return 0; }
    double v = evaluate ? ev_mover(&s) : 0.0;
    if (gdl_error) return 1;
    out[s.pl] = v; out[1 - s.pl] = -v;
    return 0;
}

/* one iteration from the root state: select, expand one child (none once the tree is
   full: MC_FULL), roll out, back up; 0, or 5 on an error */
static int mc_iterate(const state_t *root, int64_t cap, double c, int64_t max_plies,
                      int evaluate, const int8_t *pay, uint64_t *rng) {
    static int64_t path[MC_PLIES];
    state_t s = *root, t;
    int64_t node = 0; int depth = 0;
    path[depth++] = 0;
    MC_ITER++;
    while (!MC[node].res && depth < MC_PLIES) {
        int n = legal(&s, MC_MOVES);
        if (gdl_error) return 5;
        if (n == 0) break;
        if (MC[node].tried < n) {   /* expansion: the next untried move */
            if (MC_N >= cap) { MC_FULL = 1; break; }   /* a full tree: roll out from here */
            int idx = (int)((MC[node].offset + (int64_t)MC[node].tried) % n);
            mc_played(MC[node].player, &MC_MOVES[idx], depth - 1);
            apply_move(&s, &MC_MOVES[idx], &t);
            if (gdl_error) return 5;
            int64_t child = mc_node_new(&t, idx, sv_move_slot(&MC_MOVES[idx]), MC[node].player,
                                        rng, cap);
            if (child < 0) { MC_FULL = 1; break; }   /* no memory: as full */
            MC[child].sibling = MC[node].child; MC[node].child = (int32_t)child;
            MC[node].tried++;
            s = t; path[depth++] = child;
            break;
        }
        double log_n = log((double)MC[node].visits), best_score = -INFINITY;
        int64_t best = -1;
        for (int64_t k = MC[node].child; k >= 0; k = MC[k].sibling) {
            double mean = MC[k].total / MC[k].visits;
            if (MC_RAVE > 0 && MC[k].amaf_visits) {
                double beta = sqrt(MC_RAVE / (3.0 * MC[k].visits + MC_RAVE));
                mean = (1 - beta) * mean + beta * MC[k].amaf_total / MC[k].amaf_visits;
            }
            double score = mean + c * sqrt(log_n / MC[k].visits);
            if (score > best_score) { best_score = score; best = k; }
        }
        mc_played(MC[node].player, &MC_MOVES[MC[best].idx], depth - 1);
        apply_move(&s, &MC_MOVES[MC[best].idx], &t);
        if (gdl_error) return 5;
        s = t; node = best; path[depth++] = node;
    }
    double payoffs[2] = {0.0, 0.0};
    if (mc_rollout(s, max_plies, evaluate, pay, rng, payoffs, depth - 1)) return 5;
    for (int i = 0; i < depth; i++) {
        mc_node *n = &MC[path[i]];
        n->visits++;
        if (n->mover >= 0) n->total += payoffs[n->mover];
        int p = n->player;
        if (MC_RAVE <= 0 || p < 0 || p > 1) continue;
        for (int64_t k = n->child; k >= 0; k = MC[k].sibling)   /* its moves made later */
            if (MC_MARK[p][MC[k].slot] == MC_ITER && MC_FIRST[p][MC[k].slot] >= i) {
                MC[k].amaf_visits++; MC[k].amaf_total += payoffs[p];
            }
    }
    return 0;
}

int gdl_mcts(const uint64_t *in, int64_t iterations, double seconds, int64_t min_iterations,
             int64_t max_nodes, double c, uint64_t seed, int64_t max_plies, int evaluate,
             double rave, const int8_t *payoffs, progress_fn poll, uint64_t *best,
             double *value, int64_t *visits, int64_t *stats) {
    if (!SEARCHABLE || (evaluate && EV_MODE < 0)) return 3;
    state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;
    if (s.res) return 3;
    uint64_t rng = seed;
    MC_N = 0; MC_FULL = 0; MC_RAVE = rave;
    int64_t cap = max_nodes > 1 ? max_nodes : 2;
    if (mc_node_new(&s, -1, -1, -1, &rng, cap) < 0) return 3;
    double deadline = seconds >= 0 ? sv_now() + seconds : 0;
    int64_t done = 0; int stopped = 0;
    while (!iterations || done < iterations) {
        if ((done & 15) == 0 && deadline > 0 && done >= min_iterations && sv_now() > deadline) {
            stopped = 1; break;
        }
        if ((done & 255) == 255 && poll && poll(done, 0)) { stopped = 3; break; }
        int code = mc_iterate(&s, cap, c, max_plies, evaluate, payoffs, &rng);
        if (code) return 3;
        done++;
    }
    int n = legal(&s, MC_MOVES);
    if (gdl_error || n == 0) return 3;
    for (int i = 0; i < n; i++) visits[i] = 0;
    int64_t top = -1;
    for (int64_t k = MC[0].child; k >= 0; k = MC[k].sibling) {
        visits[MC[k].idx] = MC[k].visits;
        if (top < 0 || MC[k].visits > MC[top].visits ||
            (MC[k].visits == MC[top].visits &&
             MC[k].total / MC[k].visits > MC[top].total / MC[top].visits)) top = k;
    }
    encode_move(&MC_MOVES[top < 0 ? 0 : MC[top].idx], best);
    *value = top < 0 || !MC[top].visits ? 0.0 : MC[top].total / MC[top].visits;
    stats[0] = done; stats[1] = MC[0].visits; stats[2] = MC_N; stats[3] = stopped;
    stats[4] = MC_FULL;
    return 0;
}
"""


class MctsC:
    """The MCTS's C text (after the search's: it takes SEARCHABLE, the evaluation, the clock)."""

    def mcts_source(self, w: CWriter) -> None:
        w.lines += MCTS.strip("\n").split("\n")
