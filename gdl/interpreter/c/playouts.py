"""The C MCTS's playout policies learnt online, and the record of the moves of one simulation
they and RAVE learn from (the text goes before interpreter/c/mcts.py's, which calls them).

Moves are told apart by a 12-bit hash of the move (sv_move_slot, "the move's code"), per
player; two moves may share a slot. Each policy's table is learnt afresh with each new
tree and kept with a tree kept between moves.

- MAST (move-average sampling; Finnsson and Björnsson, 2008): every player's mean payoff
  per move slot over all simulations (a move counted once a simulation, in the tree or
  the rollout). A rollout move is, with probability 1 - epsilon (MC_MAST), the legal move
  of the best mean for its player (an unseen move: 0, a draw's; ties drawn), else a
  uniform one: epsilon-greedy, cheaper than Gibbs sampling's exponentials.
- PPA (playout policy adaptation; Cazenave, 2015): a weight per player and move slot; a
  rollout move is drawn with probability exp(w) / sum of exp(w) over the legal moves
  (Gibbs sampling); after each simulation, at each rollout ply of its winner, the move
  played gains alpha (MC_PPA) and every legal move there loses alpha times its
  probability. Up to PPA_ROOM slots of legal moves are kept a simulation (the plies after
  them are not learnt from). PPA, when on, draws the rollout moves, not MAST.
"""

from __future__ import annotations

PLAYOUTS = r"""
static move_t MC_ROLL[MAXM];
/* RAVE and MAST: the first ply at which each player made each move (by slot) in this
   simulation, and the (player, slot) pairs made in it */
static int32_t MC_FIRST[2][4096]; static uint32_t MC_MARK[2][4096], MC_ITER;
static int32_t MC_MADE[2 * 4096]; static int MC_NMADE;
static double MC_RAVE, MC_MAST, MC_PPA; static int MC_ORDER;
/* MAST: each player's payoff total and count per move slot, over the simulations */
static double MAST_TOTAL[2][4096], MAST_N[2][4096];
/* PPA: the weights, and this simulation's rollout plies: player, the slot played, where
   its legal moves' slots start in PPA_SLOTS and how many */
#define PPA_ROOM (1 << 18)
static double PPA_W[2][4096], PPA_E[MAXM];
static int32_t PPA_SLOTS[PPA_ROOM]; static int64_t PPA_USED;
typedef struct { int32_t player, slot, from, n; } ppa_ply;
static ppa_ply PPA_PLY[PPA_ROOM / 4]; static int64_t PPA_NPLY;

static void mc_policy_reset(void) {
    memset(MAST_TOTAL, 0, sizeof MAST_TOTAL); memset(MAST_N, 0, sizeof MAST_N);
    memset(PPA_W, 0, sizeof PPA_W);
}

static void mc_played(int player, const move_t *m, int ply) {
    if ((MC_RAVE <= 0 && MC_MAST <= 0 && !MC_ORDER) || player < 0 || player > 1) return;
    int slot = sv_move_slot(m);
    if (MC_MARK[player][slot] != MC_ITER) {
        MC_MARK[player][slot] = MC_ITER; MC_FIRST[player][slot] = ply;
        MC_MADE[MC_NMADE++] = player * 4096 + slot;
    }
}

static inline double mc_uniform(uint64_t *rng) { return (double)(rng_next(rng) >> 11) * 0x1.0p-53; }

/* PPA's draw by Gibbs sampling over the legal moves, the ply kept for learning */
static const move_t *ppa_pick(const state_t *s, uint64_t *rng) {
    int n = legal(s, MC_ROLL);
    if (gdl_error || n == 0) return NULL;
    n = eye_keep(s, MC_ROLL, n);
    int p = (int)s->pl, keep = PPA_USED + n <= PPA_ROOM && PPA_NPLY < PPA_ROOM / 4;
    double z = 0.0;
    for (int i = 0; i < n; i++) {
        int k = sv_move_slot(&MC_ROLL[i]);
        if (keep) PPA_SLOTS[PPA_USED + i] = k;
        z += PPA_E[i] = exp(PPA_W[p][k]);
    }
    double r = mc_uniform(rng) * z;
    int pick = n - 1;
    for (int i = 0; i < n - 1; i++) { r -= PPA_E[i]; if (r < 0) { pick = i; break; } }
    if (keep) {
        ppa_ply *ply = &PPA_PLY[PPA_NPLY++];
        ply->player = p; ply->slot = sv_move_slot(&MC_ROLL[pick]);
        ply->from = (int32_t)PPA_USED; ply->n = n; PPA_USED += n;
    }
    return &MC_ROLL[pick];
}

/* a rollout's move: PPA's or MAST's when on (see the module doc), else a uniform one; the
   moves an eye rule refuses are never drawn while others are (playout_eyes.py) */
static const move_t *mc_pick(const state_t *s, uint64_t *rng) {
    if (s->pl < 0 || s->pl > 1 || (MC_MAST <= 0 && MC_PPA <= 0) || MC_CHANCE(s))
        return eye_pick(s, MC_ROLL, rng);
    if (MC_PPA > 0) return ppa_pick(s, rng);
    if (mc_uniform(rng) < MC_MAST) return eye_pick(s, MC_ROLL, rng);
    int n = legal(s, MC_ROLL);
    if (gdl_error || n == 0) return NULL;
    n = eye_keep(s, MC_ROLL, n);
    int p = (int)s->pl, best = 0; double top = -INFINITY; uint64_t ties = 0;
    for (int i = 0; i < n; i++) {
        int k = sv_move_slot(&MC_ROLL[i]);
        double q = MAST_N[p][k] > 0 ? MAST_TOTAL[p][k] / MAST_N[p][k] : 0.0;
        if (q > top) { top = q; best = i; ties = 1; }
        else if (q == top && rng_next(rng) % ++ties == 0) best = i;
    }
    return &MC_ROLL[best];
}

/* what the policies learn from one simulation of these payoffs (player 0's, player 1's) */
static void mc_learn(const double *payoffs) {
    for (int i = 0; i < MC_NMADE && (MC_MAST > 0 || MC_ORDER); i++) {   /* MAST: every move */
        int p = MC_MADE[i] >> 12, slot = MC_MADE[i] & 4095;
        MAST_TOTAL[p][slot] += payoffs[p]; MAST_N[p][slot] += 1;
    }
    int winner = payoffs[0] > payoffs[1] ? 0 : payoffs[1] > payoffs[0] ? 1 : -1;
    for (int64_t i = 0; i < PPA_NPLY && MC_PPA > 0 && winner >= 0; i++) {
        const ppa_ply *ply = &PPA_PLY[i];
        if (ply->player != winner) continue;
        double *w = PPA_W[winner], z = 0.0;
        const int32_t *slots = PPA_SLOTS + ply->from;
        for (int j = 0; j < ply->n; j++) z += PPA_E[j] = exp(w[slots[j]]);
        for (int j = 0; j < ply->n; j++) w[slots[j]] -= MC_PPA * PPA_E[j] / z;
        w[ply->slot] += MC_PPA;
    }
    PPA_NPLY = PPA_USED = 0;
}
"""
