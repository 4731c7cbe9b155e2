"""A ground program as C: the propositional network over a bit set, its legal moves,
terminal and goals, perft and random playouts. Built from the checked ground program's
numbers only (proposition indexes and rule structure): no text of the rules reaches C.

Entry points (all states are arrays of SW 64-bit words, bit i = true proposition i):
    int     kif_words(void)                  SW
    int64_t kif_perft(const u64 *state, int depth)
    int     kif_line(const u64 *state, u64 seed, int max_plies, int *line, int *goals)
            one random game: each ply's joint move (one does index per role) into `line`,
            the goals at its end into `goals`; returns its plies (-1: a role had no move)
    int64_t kif_playouts(const u64 *state, int64_t games, u64 seed, int max_plies)
            random games; returns their moves (plies) in all
"""

from __future__ import annotations

from gdl.interpreter.kif.propnet import Group, Propnet

MAX_ROLES = 16


def _test(index: int) -> str:
    return f"(v[{index >> 6}]>>{index & 63}&1)"


def _condition(pos: tuple[int, ...], neg: tuple[int, ...]) -> str:
    terms = [_test(i) for i in pos] + [f"!{_test(i)}" for i in neg]
    return " && ".join(terms) or "1"


def _phase(name: str, groups: list[Group]) -> list[str]:
    out = [f"static void {name}(u64 *v) {{", "    int changed;"]
    for recursive, members in groups:
        body = []
        for head, rules in members:
            cond = " || ".join(f"({_condition(p, n)})" for p, n in rules)
            set_bit = f"v[{head >> 6}] |= 1ULL<<{head & 63};"
            body.append(f"    if (!{_test(head)} && ({cond})) {{ {set_bit}"
                        + (" changed = 1;" if recursive else "") + " }")
        if recursive:
            out += ["    do { changed = 0;", *body, "    } while (changed);"]
        else:
            out += body
    return out + ["    (void)changed;", "}"]


def _array(name: str, values: list[int]) -> str:
    return f"static const int {name}[] = {{{', '.join(map(str, values)) or '0'}}};"


def c_source(net: Propnet) -> str:
    """The C source of `net`'s program (see the module doc)."""
    program = net.program
    t, roles = program.n_true, len(program.roles)
    words = max(1, (len(program.props) + 63) // 64)
    state_words = max(1, (t + 63) // 64)
    entries = sorted((r, k) for k, (r, _) in enumerate(program.does) if program.legal[k] >= 0)
    starts = [sum(1 for r, _ in entries if r < role) for role in range(roles + 1)]
    goals = [(role, i, v) for role, gs in enumerate(program.goals) for i, v in gs]
    head = [
        "#include <stdint.h>",
        "#include <string.h>",
        "typedef uint64_t u64;",
        f"#define W {words}", f"#define SW {state_words}", f"#define T {t}",
        f"#define ROLES {roles}", f"#define NGOALS {len(goals)}",
        f"#define TERMINAL {program.terminal}", f"#define FIRST_DOES {2 * t}",
        _array("role_start", starts),
        _array("entry_legal", [program.legal[k] for _, k in entries]),
        _array("entry_does", [k for _, k in entries]),
        _array("goal_role", [g[0] for g in goals]),
        _array("goal_prop", [g[1] for g in goals]),
        _array("goal_value", [g[2] for g in goals]),
    ]
    return "\n".join(head + _phase("phase1", net.plan1) + _phase("phase2", net.plan2)
                     + [RUNTIME])


RUNTIME = r"""
#define GET(i) (v[(i)>>6]>>((i)&63)&1)
static void closure(const u64 *state, u64 *v) {
    memset(v, 0, sizeof(u64) * W);
    memcpy(v, state, sizeof(u64) * SW);
    phase1(v);
}
static int terminal(const u64 *v) { return TERMINAL >= 0 && GET(TERMINAL); }
/* each role's legal does indexes into moves (ROLES rows of at most cap); counts into n */
static int legal(const u64 *v, int *moves, int cap, int *n) {
    for (int r = 0; r < ROLES; r++) {
        n[r] = 0;
        for (int e = role_start[r]; e < role_start[r + 1]; e++)
            if (GET(entry_legal[e])) moves[r * cap + n[r]++] = entry_does[e];
        if (n[r] == 0) return -1;
    }
    return 0;
}
static void step(const u64 *closed, const int *joint, u64 *next) {
    u64 v[W];
    memcpy(v, closed, sizeof v);
    for (int r = 0; r < ROLES; r++) {
        int i = FIRST_DOES + joint[r];
        v[i >> 6] |= 1ULL << (i & 63);
    }
    phase2(v);
    for (int w = 0; w < SW; w++) {
        int pos = T + 64 * w, q = pos >> 6, s = pos & 63;
        u64 x = v[q] >> s;
        if (s && q + 1 < W) x |= v[q + 1] << (64 - s);
        next[w] = x;
    }
    if (T % 64) next[SW - 1] &= (1ULL << (T % 64)) - 1;
}
#define CAP (role_start[ROLES] + 1)
int kif_words(void) { return SW; }
int64_t kif_perft(const u64 *state, int depth) {
    if (depth == 0) return 1;
    u64 v[W];
    closure(state, v);
    if (terminal(v)) return 0;
    int cap = CAP, n[ROLES], moves[ROLES * CAP], joint[ROLES], at[ROLES];
    if (legal(v, moves, cap, n) < 0) return -1;
    int64_t total = 1;
    for (int r = 0; r < ROLES; r++) total *= n[r];
    if (depth == 1) return total;
    total = 0;
    memset(at, 0, sizeof at);
    for (;;) {
        u64 next[SW];
        for (int r = 0; r < ROLES; r++) joint[r] = moves[r * cap + at[r]];
        step(v, joint, next);
        int64_t sub = kif_perft(next, depth - 1);
        if (sub < 0) return -1;
        total += sub;
        int r = ROLES - 1;
        while (r >= 0 && ++at[r] == n[r]) at[r--] = 0;
        if (r < 0) return total;
    }
}
static u64 rng_next(u64 *s) {
    u64 x = *s; x ^= x << 13; x ^= x >> 7; x ^= x << 17; return *s = x;
}
int kif_line(const u64 *start, u64 seed, int max_plies, int *line, int *goals) {
    u64 state[SW], v[W], s = seed * 2654435761ULL + 88172645463325252ULL;
    int cap = CAP, n[ROLES], moves[ROLES * CAP], joint[ROLES], plies = 0;
    memcpy(state, start, sizeof state);
    for (;;) {
        closure(state, v);
        if (terminal(v) || plies == max_plies) break;
        if (legal(v, moves, cap, n) < 0) return -1;
        for (int r = 0; r < ROLES; r++) {
            joint[r] = moves[r * cap + (int)(rng_next(&s) % (u64)n[r])];
            if (line) line[plies * ROLES + r] = joint[r];
        }
        step(v, joint, state);
        plies++;
    }
    if (goals) {
        for (int r = 0; r < ROLES; r++) goals[r] = 0;
        for (int g = 0; g < NGOALS; g++)
            if (GET(goal_prop[g]) && goal_value[g] > goals[goal_role[g]])
                goals[goal_role[g]] = goal_value[g];
    }
    return plies;
}
int64_t kif_playouts(const u64 *start, int64_t games, u64 seed, int max_plies) {
    int64_t states = 0;   /* the moves played */
    for (int64_t g = 0; g < games; g++) {
        int plies = kif_line(start, seed + (u64)g, max_plies, 0, 0);
        if (plies < 0) return -1;
        states += plies;
    }
    return states;
}
"""
