"""UCT in C for the AI: the twin of gdl/solvers/search/mcts.py for two-player games, the tree, the
selection and the rollouts all native, so that a search at equal time runs many times the
simulations of one whose tree lives in Python.

    int gdl_mcts(const uint64_t *state, int64_t iterations, double seconds,
                 int64_t min_iterations, int64_t max_nodes, uint64_t seed, uint64_t owner,
                 int64_t max_plies, int evaluate, const double *options,
                 const int8_t *payoffs, progress_fn poll, uint64_t *best, double *value,
                 int64_t *visits, int64_t *stats)

A node holds the visits and the payoff total of the player who moved into it and the
index of its move in its parent's move list; moves are generated again on the way down
(no states are stored: a node is 56 bytes). Children are expanded one per visit in the
move list's order from a random offset; a fully expanded node picks the child of the
highest UCB1 (options[0] its exploration). A rollout plays uniform random moves unless a
policy is learnt (below); one cut
after `max_plies` is scored by the compiled evaluation when `evaluate` is set (ev_mover),
else as a draw. Moves are told apart by a 12-bit hash of the move (sv_move_slot), so two
moves may share statistics. Options, each 0 for off:

- options[1], RAVE (all moves as first): each child also keeps the payoffs of the
  simulations in which its player made its move later on (in the tree or the rollout),
  and selection blends them with its own mean, the AMAF share
  beta = sqrt(rave / (3 visits + rave)) fading as the child's own visits grow (Gelly and
  Silver's schedule; `rave` is the visits at which both weigh alike).
- options[2], MAST's epsilon, and options[5], PPA's alpha: rollout policies learnt online
  (interpreter/c/playouts.py).
- options[7], expansion by MAST's means: a node's next child is its untried move of the
  best mean payoff over all simulations so far for its player (MAST's table, kept whether
  MAST draws the rollouts or not; its random order breaks ties), not the next in its
  random order: with progressive widening, the children a node has are its best moves by
  that history (progressive unpruning with a move-history order).
- options[8], decisive moves (Teytaud and Teytaud): a rollout's mover plays a move that
  wins at once when it has one (each legal move tried, when it has at most 8), else the
  policy's; a game of
  dice, where random rollouts miss the wins within reach, is valued much nearer its
  play.
- options[6], the eye rule's mode (interpreter/core/playout_eyes.py: 0 off, 1 eyes by the
  neighbours, 2 true eyes): a rollout, whichever policy draws, never places into the
  mover's eye and passes only when nothing else is left (a game without the rule: no
  effect).
- options[3], MCTS-Solver (Winands, Björnsson and Saito), as the Python MCTS's: a finished
  position of a win or a loss is proved; a node is proved won for its player when one
  child is, lost when every move is expanded and proved lost; selection never enters a
  child proved lost for the mover; a simulation reaching a proved node backs up its
  result without a rollout. A root proved won stops the search (stats[3] = 4); one proved
  lost is searched on by plain UCT from a new tree (the moves ranked by the chances they
  keep against an opponent who errs). The best move is a proved win, else the most
  visited not proved lost.
- options[4], progressive widening (Coulom; Chaslot et al.'s progressive unpruning without
  its ordering): a node of v visits has at most ceil(W sqrt(v + 1)) children, W the
  option, so that a game of hundreds of moves a turn searches some deeply rather than
  each once; the moves come in the node's random order. Selection among the children so
  far; a node whose every child is proved lost expands the next one.
- `owner` nonzero keeps the tree between calls (reuse): the library keeps one tree, its
  root's state and its random stream; a call of the same owner from the root, a child or a
  grandchild of the last root (after the player's move and the reply) re-roots the tree
  there (its subtree copied to the front, the rest dropped) and goes on with the kept
  random stream and policy tables, so two calls of N and M iterations from one root are
  one of N + M. Any other call starts a tree from `seed`. The trees of up to MC_KEPT other
  owners are put aside meanwhile (two players searching on one library).

Budget: `iterations` (0: none), `seconds` (< 0: none, kept past `min_iterations`),
poll(iterations, 0) for Ctrl-C; `max_nodes` bounds the tree, and a full tree stops growing,
not searching (Python's MCTS stops there: at its rate, the bound is minutes away; at C's,
under a second).
best: the best root move (ties: the better mean); value: its mean payoff for the player to
move (1 or -1 when proved); visits[i]: the visits of the root's move i (MAXM entries);
stats: iterations, the root's visits, nodes, why it stopped (0 iterations, 1 time,
3 interrupt, 4 proved), whether the tree filled (then the search went on, rolling out from
its leaves), the root's visits reused from the last call, the root's proof for its player
(1, -1, 0). The answer: 0, or 3 for a call the Python back end must make.
"""

from __future__ import annotations

from gdl.interpreter.c.chance import chance_node
from gdl.interpreter.c.mcts_reuse import REUSE
from gdl.interpreter.c.playouts import PLAYOUTS
from gdl.interpreter.c.support import CWriter

MCTS = r"""
#define MC_PLIES 1024
#define MC_DECISIVE_MOVES 8   /* decisive moves are looked for among this many at most */
typedef struct { int32_t child, sibling, idx, tried, offset, slot, nmoves;
                 int8_t res, player, mover, proven;
                 int64_t visits, amaf_visits; double total, amaf_total; } mc_node;
static mc_node *MC; static int64_t MC_N, MC_ROOM; static int MC_FULL;
static move_t MC_MOVES[MAXM];
static double MC_WIDEN; static int MC_SOLVE, MC_DECISIVE, MC_STRATIFY; static const int8_t *MC_PAY;
/* the tree kept between calls (reuse): its root's state, its owner, its random stream */
static state_t MC_ROOT; static uint64_t MC_OWNER, MC_RNG;
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
    n->child = n->sibling = -1; n->idx = idx; n->tried = 0; n->slot = slot; n->nmoves = -1;
    n->offset = (int32_t)(rng_next(rng) & 0x7fffffff);
    n->res = (int8_t)s->res; n->player = (int8_t)(MC_CHANCE(s) ? -1 : s->pl);
    n->mover = (int8_t)mover;
    n->proven = 0;   /* MCTS-Solver: player 0's proved result, 1 won, -1 lost (0: none) */
    if (MC_SOLVE && s->res && s->res != MC_SCORED) {
        int v = MC_PAY[2 * s->res];
        n->proven = (int8_t)(v >= 1 ? 1 : v <= -1 ? -1 : 0);
    }
    n->visits = n->amaf_visits = 0; n->total = n->amaf_total = 0.0;
    return MC_N++;
}

/* a finished state's payoffs, player 0's and player 1's: by its code, or by the scores
   (the margin, as Python's payoffs of a game of two) */
static inline void mc_payoffs(const state_t *s, const int8_t *pay, double *out) {
#if MC_SCORES
    if (s->res == MC_SCORED) {
        out[0] = (double)(s->sc[0] - s->sc[1]); out[1] = -out[0]; return;
    }
#endif
    out[0] = pay[2 * s->res]; out[1] = pay[2 * s->res + 1];
}

/* MC_DECISIVE: a move of the mover at s that ends the game in its win (a payoff of 1 or
   more for it), else NULL; the first in move order (Teytaud and Teytaud's decisive moves) */
static const move_t *mc_decisive(const state_t *s) {
    static move_t moves[MAXM];
    if (s->pl < 0 || s->pl > 1 || MC_CHANCE(s)) return NULL;
    int n = legal(s, moves);
    if (n > MC_DECISIVE_MOVES) return NULL;   /* trying them all would cost the rollout dear */
    state_t t;
    for (int i = 0; i < n && !gdl_error; i++) {
        apply_move(s, &moves[i], &t);
        if (!gdl_error && t.res && t.res != MC_SCORED && MC_PAY[2 * t.res + s->pl] >= 1)
            return &moves[i];
    }
    return NULL;
}

/* the payoffs of a playout from s, player 0's and player 1's; 1 on an error */
static int mc_rollout(state_t s, int64_t max_plies, int evaluate, const int8_t *pay,
                      uint64_t *rng, double *out, int from_ply) {
    state_t t;
    for (int64_t ply = 0; ply < max_plies && !s.res; ply++) {
        const move_t *m = MC_DECISIVE ? mc_decisive(&s) : NULL;
        if (gdl_error) return 1;
        if (!m) m = mc_pick(&s, rng);
        if (gdl_error) return 1;
        if (!m) break;
        if (!MC_CHANCE(&s)) mc_played((int)s.pl, m, from_ply + (int)ply);
        apply_move(&s, m, &t);
        if (gdl_error) return 1;
        s = t;
    }
    if (s.res) { mc_payoffs(&s, pay, out); return 0; }
    double v = evaluate ? ev_mover(&s) : 0.0;
    if (gdl_error) return 1;
    out[s.pl] = v; out[1 - s.pl] = -v;
    return 0;
}

#if MC_HAS_CHANCE
/* MC_STRATIFY: the outcome of chance node `node` (state s; its outcomes listed in
   MC_MOVES) furthest behind its share of the node's visits, the next visit counted
   (ties drawn): every outcome's visits stay within one of its probability's share, so a
   node's mean is its outcomes' expectation without the sampling's noise */
static const move_t *mc_stratified(const state_t *s, int64_t node, uint64_t *rng) {
    static int64_t seen[MAXM];
    int n = legal(s, MC_MOVES);
    if (gdl_error || n == 0) return NULL;
    int64_t weight = 0, visits = 1;
    for (int i = 0; i < n; i++) { seen[i] = 0; weight += chance_weight(s, &MC_MOVES[i]); }
    for (int64_t k = MC[node].child; k >= 0; k = MC[k].sibling) {
        if (MC[k].idx < 0 || MC[k].idx >= n) continue;
        seen[MC[k].idx] = MC[k].visits; visits += MC[k].visits;
    }
    int best = 0; double top = -INFINITY; uint64_t ties = 0;
    for (int i = 0; i < n; i++) {
        double behind = (double)chance_weight(s, &MC_MOVES[i]) * (double)visits / (double)weight
                        - (double)seen[i];
        if (behind > top + 1e-9) { top = behind; best = i; ties = 1; }
        else if (behind > top - 1e-9 && rng_next(rng) % ++ties == 0) best = i;
    }
    return &MC_MOVES[best];
}
#endif

/* at the chance node `node` of state s: an outcome drawn by its probability, its state in
   t and its child in *child (made on its first draw; -1 when the tree is full, t then the
   state to roll out from, or when s has no outcome); 1 on an error */
static int mc_outcome(state_t *s, int64_t node, int64_t cap, uint64_t *rng, state_t *t,
                      int64_t *child) {
#if MC_HAS_CHANCE
    const move_t *m = MC_STRATIFY ? mc_stratified(s, node, rng) : chance_draw(s, MC_MOVES, rng);
    if (gdl_error) return 1;
    if (!m) return 0;
    int idx = (int)(m - MC_MOVES);
    apply_move(s, m, t);
    if (gdl_error) return 1;
    int64_t k = MC[node].child;
    while (k >= 0 && MC[k].idx != idx) k = MC[k].sibling;
    if (k < 0) {
        k = MC_N >= cap ? -1 : mc_node_new(t, idx, -1, -1, rng, cap);
        if (k < 0) { MC_FULL = 1; *s = *t; return 0; }
        MC[k].sibling = MC[node].child; MC[node].child = (int32_t)k;
        MC[node].tried++;
    }
    *child = k;
#else
    (void)s; (void)node; (void)cap; (void)rng; (void)t; (void)child;
#endif
    return 0;
}

/* MCTS-Solver: the nodes above a newly proved one on the path proved in turn, a node
   won for its player when one child is, lost when every move is tried and every child
   is lost */
static void mc_back_up_proof(const int64_t *path, int depth) {
    for (int i = depth - 2; i >= 0; i--) {
        mc_node *n = &MC[path[i]];
        int won = n->player == 0 ? 1 : -1, all_lost = n->tried == n->nmoves;
        for (int64_t k = n->child; k >= 0; k = MC[k].sibling) {
            if (MC[k].proven == won) { n->proven = (int8_t)won; break; }
            if (MC[k].proven != -won) all_lost = 0;
        }
        if (n->proven) continue;
        if (!all_lost) return;
        n->proven = (int8_t)-won;
    }
}

/* the expansion order by MAST's means (MC_ORDER): the untried move of node `node` (its
   moves in `moves`, n of them; its player p) of the best mean for p, the node's random order
   breaking ties (an unseen move: 0, a draw's) */
static int mc_next_by_mean(int64_t node, const move_t *moves, int n,
                           int p) {
    static uint32_t tried[MAXM], mark;
    mark++;
    for (int64_t k = MC[node].child; k >= 0; k = MC[k].sibling)
        if (MC[k].idx >= 0 && MC[k].idx < n) tried[MC[k].idx] = mark;
    int best = -1; double top = -INFINITY;
    for (int j = 0; j < n; j++) {
        int i = (int)((MC[node].offset + (int64_t)j) % n);
        if (tried[i] == mark) continue;
        int slot = sv_move_slot(&moves[i]);
        double q = MAST_N[p][slot] > 0 ? MAST_TOTAL[p][slot] / MAST_N[p][slot] : 0.0;
        if (q > top) { top = q; best = i; }
    }
    return best;
}

/* one iteration from the root state: select, expand one child (none once the tree is
   full: MC_FULL), roll out, back up; 0, or 5 on an error */
static int mc_iterate(const state_t *root, int64_t cap, double c, int64_t max_plies,
                      int evaluate, const int8_t *pay, uint64_t *rng) {
    static int64_t path[MC_PLIES];
    state_t s = *root, t;
    int64_t node = 0; int depth = 0;
    path[depth++] = 0;
    MC_ITER++; MC_NMADE = 0; PPA_NPLY = PPA_USED = 0;
    while (!MC[node].res && !(MC_SOLVE && MC[node].proven) && depth < MC_PLIES) {
        if (MC[node].player < 0) {   /* a chance node: an outcome by its probability */
            int64_t k = -1;
            if (mc_outcome(&s, node, cap, rng, &t, &k)) return 5;
            if (k < 0) break;   /* none drawn, or a full tree: roll out from s */
            s = t; path[depth++] = k;
            if (MC[k].visits == 0) break;   /* just expanded: roll out from it */
            node = k;
            continue;
        }
        int n = legal(&s, MC_MOVES);
        if (gdl_error) return 5;
        if (n == 0) break;
        MC[node].nmoves = n;
        int room = n;   /* progressive widening: ceil(W sqrt(visits + 1)) children at most */
        if (MC_WIDEN > 0) {
            double k = ceil(MC_WIDEN * sqrt((double)MC[node].visits + 1.0));
            if (k < n) room = (int)k;
        }
        int64_t best = -1;
        if (MC[node].tried >= room) {   /* selection by UCB1 (with RAVE's blend) */
            double log_n = log((double)MC[node].visits), best_score = -INFINITY;
            int lost = MC[node].player == 0 ? -1 : 1;
            for (int64_t k = MC[node].child; k >= 0; k = MC[k].sibling) {
                if (MC_SOLVE && MC[k].proven == lost) continue;   /* never a move proved lost */
                double mean = MC[k].total / MC[k].visits;
                if (MC_RAVE > 0 && MC[k].amaf_visits) {
                    double beta = sqrt(MC_RAVE / (3.0 * MC[k].visits + MC_RAVE));
                    mean = (1 - beta) * mean + beta * MC[k].amaf_total / MC[k].amaf_visits;
                }
                double score = mean + c * sqrt(log_n / MC[k].visits);
                if (score > best_score) { best_score = score; best = k; }
            }
        }
        if (best < 0 && MC[node].tried < n) {   /* expansion: the next untried move */
            if (MC_N >= cap) { MC_FULL = 1; break; }   /* a full tree: roll out from here */
            int idx = MC_ORDER && MC[node].player >= 0 && MC[node].player <= 1
                ? mc_next_by_mean(node, MC_MOVES, n, MC[node].player)
                : (int)((MC[node].offset + (int64_t)MC[node].tried) % n);
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
        if (best < 0) break;
        mc_played(MC[node].player, &MC_MOVES[MC[best].idx], depth - 1);
        apply_move(&s, &MC_MOVES[MC[best].idx], &t);
        if (gdl_error) return 5;
        s = t; node = best; path[depth++] = node;
    }
    int64_t leaf = path[depth - 1];
    double payoffs[2] = {0.0, 0.0};
    if (MC_SOLVE && MC[leaf].proven) {
        payoffs[0] = MC[leaf].proven; payoffs[1] = -MC[leaf].proven;
    } else if (mc_rollout(s, max_plies, evaluate, pay, rng, payoffs, depth - 1)) return 5;
    mc_learn(payoffs);
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
    if (MC_SOLVE && MC[leaf].proven) mc_back_up_proof(path, depth);
    return 0;
}
"""



class MctsC:
    """The MCTS's C text (after the search's: it takes SEARCHABLE, the evaluation, the clock)."""

    def mcts_source(self, w: CWriter) -> None:
        game = self.game   # type: ignore[attr-defined]
        scores = self.scores   # type: ignore[attr-defined]
        w(f"#define MC_SEARCHABLE {int(len(game.players) == 2)}   /* scores too */")
        w(f"#define MC_SCORES {int(scores)}")
        w(f"#define MC_SCORED {self.scored if scores else -1}")  # type: ignore[attr-defined]
        w(f"#define MC_HAS_CHANCE {int(bool(game.chances))}")
        w(f"#define MC_CHANCE(s) ({chance_node(game, '(s)') if game.chances else '0'})")
        w.lines += PLAYOUTS.strip("\n").split("\n")
        w.lines += MCTS.strip("\n").split("\n")
        w.lines += REUSE.strip("\n").split("\n")
