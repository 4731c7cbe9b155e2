"""The C MCTS's tree kept between calls (interpreter/c/mcts.py, `owner`): finding the new
root among the kept root's children and grandchildren, re-rooting the tree there, the trees
of other owners put aside, and the entry `gdl_mcts` that chooses among them. The text goes
after mcts.py's MCTS text, whose globals and iteration it uses."""

from __future__ import annotations

REUSE = r"""
/* tree reuse: the kept tree's node of state s (its root, a child or a grandchild), -1 none */
static int64_t mc_find(const state_t *s) {
    static move_t here[MAXM], there[MAXM];
    if (MC_N == 0) return -1;
    if (same_state(&MC_ROOT, s)) return 0;
    state_t t, u;
    int n = legal(&MC_ROOT, here);
    if (gdl_error) return -1;
    for (int64_t k = MC[0].child; k >= 0; k = MC[k].sibling) {
        if (MC[k].idx >= n) return -1;
        apply_move(&MC_ROOT, &here[MC[k].idx], &t);
        if (gdl_error) return -1;
        if (same_state(&t, s)) return k;
        if (MC[k].child < 0) continue;
        int m = legal(&t, there);
        if (gdl_error) return -1;
        for (int64_t g = MC[k].child; g >= 0; g = MC[g].sibling) {
            if (MC[g].idx >= m) return -1;
            apply_move(&t, &there[MC[g].idx], &u);
            if (gdl_error) return -1;
            if (same_state(&u, s)) return g;
        }
    }
    return -1;
}

/* the trees of other owners put aside (a duel's two players on one library), at most
   MC_KEPT, the oldest dropped first */
#define MC_KEPT 4
typedef struct { uint64_t owner, rng; mc_node *nodes; int64_t n, room; state_t root;
                 double mast_total[2][4096], mast_n[2][4096], ppa_w[2][4096]; } mc_kept;
static mc_kept MC_KEEP[MC_KEPT]; static int MC_KEEP_NEXT;
static void mc_switch(uint64_t owner) {
    if (owner && owner == MC_OWNER) return;
    if (MC_OWNER) {   /* the tree in use put aside for its owner */
        mc_kept *k = &MC_KEEP[MC_KEEP_NEXT];
        MC_KEEP_NEXT = (MC_KEEP_NEXT + 1) % MC_KEPT;
        free(k->nodes);
        k->owner = MC_OWNER; k->rng = MC_RNG; k->nodes = MC; k->n = MC_N; k->room = MC_ROOM;
        k->root = MC_ROOT;
        memcpy(k->mast_total, MAST_TOTAL, sizeof MAST_TOTAL);
        memcpy(k->mast_n, MAST_N, sizeof MAST_N); memcpy(k->ppa_w, PPA_W, sizeof PPA_W);
        MC = NULL; MC_ROOM = 0;
    }
    MC_OWNER = 0; MC_N = 0;
    for (int i = 0; i < MC_KEPT && owner; i++) {
        mc_kept *k = &MC_KEEP[i];
        if (k->owner != owner) continue;
        free(MC); MC = k->nodes; MC_N = k->n; MC_ROOM = k->room;
        MC_ROOT = k->root; MC_RNG = k->rng; MC_OWNER = owner;
        memcpy(MAST_TOTAL, k->mast_total, sizeof MAST_TOTAL);
        memcpy(MAST_N, k->mast_n, sizeof MAST_N); memcpy(PPA_W, k->ppa_w, sizeof PPA_W);
        k->owner = 0; k->nodes = NULL;
        break;
    }
}

/* the subtree of `top` copied to the front of a new array (breadth first), the rest dropped */
static void mc_reroot(int64_t top) {
    mc_node *to = malloc((size_t)MC_ROOM * sizeof *to);
    if (!to) { MC_N = 0; return; }
    int64_t n = 0;
    to[n++] = MC[top];
    for (int64_t i = 0; i < n; i++) {   /* to[i].child is still the old index here */
        int64_t prev = -1, first = -1;
        for (int64_t k = to[i].child; k >= 0; k = MC[k].sibling) {
            to[n] = MC[k];
            if (prev < 0) first = n; else to[prev].sibling = (int32_t)n;
            prev = n++;
        }
        if (prev >= 0) to[prev].sibling = -1;
        to[i].child = (int32_t)first;
    }
    to[0].sibling = -1; to[0].mover = -1;
    free(MC); MC = to; MC_N = n;
}

int gdl_mcts(const uint64_t *in, int64_t iterations, double seconds, int64_t min_iterations,
             int64_t max_nodes, uint64_t seed, uint64_t owner, int64_t max_plies, int evaluate,
             const double *options, const int8_t *payoffs, progress_fn poll, uint64_t *best,
             double *value, int64_t *visits, int64_t *stats) {
    if (!MC_SEARCHABLE || (evaluate && EV_MODE < 0)) return 3;
    state_t s; load_state(in, &s); gdl_error = 0; MEMO_N = -1;
    if (s.res || MC_CHANCE(&s)) return 3;
    double c = options[0];
    MC_RAVE = options[1]; MC_MAST = options[2]; MC_SOLVE = options[3] != 0;
    MC_WIDEN = options[4]; MC_PPA = options[5]; EYE_MODE = (int)options[6];
    MC_ORDER = options[7] != 0; MC_DECISIVE = options[8] != 0;
    MC_STRATIFY = options[9] != 0;
    MC_PAY = payoffs; MC_FULL = 0;
    int64_t cap = max_nodes > 1 ? max_nodes : 2;
    mc_switch(owner);
    int64_t found = owner && owner == MC_OWNER ? mc_find(&s) : -1;
    gdl_error = 0;
    uint64_t rng = seed; int64_t reused = 0;
    if (found > 0) mc_reroot(found);
    if (found >= 0 && MC_N > 0) { reused = MC[0].visits; rng = MC_RNG; }
    else {   /* a new tree, and MAST learns afresh */
        MC_N = 0; mc_policy_reset();
        if (mc_node_new(&s, -1, -1, -1, &rng, cap) < 0) return 3;
    }
    MC_ROOT = s; MC_OWNER = owner;
    double deadline = seconds >= 0 ? sv_now() + seconds : 0;
    int64_t done = 0; int stopped = 0, mine = s.pl == 0 ? 1 : -1;
    while (!iterations || done < iterations) {
        if (MC_SOLVE && MC[0].proven) {
            if (MC[0].proven == mine) { stopped = 4; break; }   /* a proved win: play it */
            MC_SOLVE = 0; MC_N = 0;   /* a proved loss: plain UCT from a new tree */
            if (mc_node_new(&s, -1, -1, -1, &rng, cap) < 0) { MC_OWNER = 0; return 3; }
        }
        if ((done & 15) == 0 && deadline > 0 && done >= min_iterations && sv_now() > deadline) {
            stopped = 1; break;
        }
        if ((done & 255) == 255 && poll && poll(done, 0)) { stopped = 3; break; }
        if (mc_iterate(&s, cap, c, max_plies, evaluate, payoffs, &rng)) { MC_OWNER = 0; return 3; }
        done++;
    }
    MC_RNG = rng;
    int n = legal(&s, MC_MOVES);
    if (gdl_error || n == 0) { MC_OWNER = 0; return 3; }
    for (int i = 0; i < n; i++) visits[i] = 0;
    int64_t top = -1;
    for (int64_t k = MC[0].child; k >= 0; k = MC[k].sibling) {
        visits[MC[k].idx] = MC[k].visits;
        if (top < 0) { top = k; continue; }
        int proof = MC_SOLVE ? MC[k].proven * mine : 0;   /* a proved win first, a loss last */
        int top_proof = MC_SOLVE ? MC[top].proven * mine : 0;
        if (proof != top_proof) { if (proof > top_proof) top = k; continue; }
        if (MC[k].visits > MC[top].visits ||
            (MC[k].visits == MC[top].visits &&
             MC[k].total / MC[k].visits > MC[top].total / MC[top].visits)) top = k;
    }
    encode_move(&MC_MOVES[top < 0 ? 0 : MC[top].idx], best);
    *value = top < 0 || !MC[top].visits ? 0.0 :
             MC_SOLVE && MC[top].proven ? MC[top].proven * mine : MC[top].total / MC[top].visits;
    stats[0] = done; stats[1] = MC[0].visits; stats[2] = MC_N; stats[3] = stopped;
    stats[4] = MC_FULL; stats[5] = reused; stats[6] = MC_SOLVE ? MC[0].proven * mine : 0;
    return 0;
}
"""
