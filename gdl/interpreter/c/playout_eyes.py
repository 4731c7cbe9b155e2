"""The eye-keeping playout moves in C (the rule: interpreter/core/playout_eyes.py), written
after pick_move and before the entry points and the MCTS that draw with them.

    eye_keep(s, list, n)     the moves a playout draws from, kept in order at the list's
                             front: their count (all n when the game has no eye rule)
    eye_listed(s, buf, seed) one draw from legal()'s list so kept: r % count, r from
                             splitmix64 (the draw Python's replay makes)
    eye_pick(s, buf, seed)   the same law, cheaper: the atari points' moves alone when one is
                             legal (eye_urgent), else pick_move's uniform draws until one is
                             kept (each kept draw uniform over the kept moves: rejection
                             sampling), after EYE_TRIES refused the whole list as eye_listed
    EYE_MODE                 0 off, 1 eyes by the neighbours alone, 2 true eyes (diagonals
                             too), 3 true eyes and the atari points first: set by the caller
                             (gdl_playouts' `how`, the MCTS's option)
"""

from __future__ import annotations

from gdl.interpreter.core.playout_eyes import eye_rule
from gdl.interpreter.c.support import CWriter

EYE_TRIES = 6   # pick_move's draws before the list: a playout's last plies have few moves kept

DRAWS = r"""
static const move_t *eye_listed(const state_t *s, move_t *buf, uint64_t *seed) {
    int n = legal(s, buf);
    if (gdl_error || n == 0) return NULL;
    n = eye_keep(s, buf, n);
    return &buf[rng_next(seed) % (uint64_t)n];
}

static const move_t *eye_pick(const state_t *s, move_t *buf, uint64_t *seed) {
    static move_t kept;
    if (EYE_MODE == 0) return pick_move(s, buf, seed);
    if (EYE_MODE >= 3) {   /* an atari point kept and legal: drawn among those */
        bb urgent = eye_atari(s);
        if (bb_any(urgent)) {
            const move_t *m = eye_urgent(s, buf, seed, urgent);
            if (m || gdl_error) { if (m) { kept = *m; m = &kept; } return m; }
        }
    }
    for (int i = 0; i < EYE_TRIES; i++) {
        const move_t *m = pick_move(s, buf, seed);
        if (!m || gdl_error) return m;
        if (!eye_refused(s, m)) { kept = *m; return &kept; }
    }
    return eye_listed(s, buf, seed);
}
"""


def write_eyes(gen, w: CWriter) -> None:   # gen: the GameC writing the source
    """The tables and functions of the module doc (stubs when the game has no eye rule)."""
    rule = eye_rule(gen.game)
    w(f"#define EYE_TRIES {EYE_TRIES}")
    w("static int EYE_MODE;")
    w("static const move_t *eye_listed(const state_t *s, move_t *buf, uint64_t *seed);")
    if rule is None:
        w("static inline int eye_refused(const state_t *s, const move_t *m) "
          "{ (void)s; (void)m; return 0; }")
        w("static inline int eye_keep(const state_t *s, move_t *list, int n) "
          "{ (void)s; (void)list; return n; }")
        w("static inline bb eye_atari(const state_t *s) { (void)s; return ZERO; }")
        w("static inline const move_t *eye_urgent(const state_t *s, move_t *buf, "
          "uint64_t *seed, bb urgent) { (void)urgent; return eye_listed(s, buf, seed); }")
        w.lines += DRAWS.strip("\n").split("\n")
        return
    cells = len(rule.neighbours)
    for name, table in (("EYE_NEAR", rule.neighbours), ("EYE_DIAG", rule.diagonals)):
        w(f"static const bb {name}[{cells}] = {{")
        w.lines += [f"    {gen.literal(mask)}," for mask in table]
        w("};")
    w(f"static const int8_t EYE_FALSE[{cells}] = {{{', '.join(map(str, rule.false_at))}}};")
    places = " || ".join(f"m->rule == {r}" for r in rule.places)
    passes = " || ".join(f"m->rule == {r}" for r in rule.passes) or "0"
    with w.block("static inline bb eye_side(const state_t *s, int p)"):
        w("bb x = ZERO;")
        w(f"for (int k = 0; k < {gen.n_kinds}; k++) x = bb_or(x, s->b[p * {gen.n_kinds} + k]);")
        w("return x;")
    with w.block("static int eye_of_mover(const state_t *s, const move_t *m)"):
        w("/* a placement into the mover's eye (the module doc of core/playout_eyes.py) */")
        w(f"if (!({places}) || m->to < 0 || m->to >= {cells}) return 0;")
        w("bb near = EYE_NEAR[m->to];")
        w("if (!bb_any(near) || bb_any(bb_andnot(near, eye_side(s, (int)s->pl)))) return 0;")
        w("if (EYE_MODE < 2) return 1;")
        w("return bb_count(bb_and(EYE_DIAG[m->to], eye_side(s, 1 - (int)s->pl))) "
          "< EYE_FALSE[m->to];")
    with w.block("static inline int eye_passes(const move_t *m)"):
        w(f"return {passes};")
    with w.block("static int eye_refused(const state_t *s, const move_t *m)"):
        w("return EYE_MODE && (eye_passes(m) || eye_of_mover(s, m));")
    write_atari(gen, w)
    with w.block("static int eye_keep(const state_t *s, move_t *list, int n)"):
        w("if (!EYE_MODE || s->pl < 0 || s->pl > 1) return n;")
        w("int k = 0, p = 0;")
        w("for (int i = 0; i < n; i++) if (!eye_refused(s, &list[i])) list[k++] = list[i];")
        with w.block("if (k && EYE_MODE >= 3)   /* the atari points first */"):
            w("bb urgent = eye_atari(s); int u = 0;")
            placed = places.replace("m->", "list[i].")
            w(f"for (int i = 0; i < k && bb_any(urgent); i++) if (({placed}) "
              "&& bb_any(bb_and(urgent, bb_bit(list[i].to)))) list[u++] = list[i];")
            w("if (u) return u;")
        w("if (k) return k;")
        w("for (int i = 0; i < n; i++) if (eye_passes(&list[i])) list[p++] = list[i];")
        w("return p ? p : n;")
    write_urgent(gen, w, places)
    w.lines += DRAWS.strip("\n").split("\n")


def write_urgent(gen, w: CWriter, places: str) -> None:
    """`eye_urgent(s, buf, seed, urgent)`: a uniform draw from the legal kept placements on
    the cells `urgent`, in legal()'s order (NULL: none), from the moves before the filter
    (each judged alone) where the game lists them in one class; else as eye_listed."""
    with w.block("static const move_t *eye_urgent(const state_t *s, move_t *buf, "
                 "uint64_t *seed, bb urgent)"):
        if gen.game.illegal is None or gen.staged or gen.n_classes != 1:
            w("(void)urgent; return eye_listed(s, buf, seed);")
            return
        w("int n = candidates(s, buf, 0, 0), k = 0;")
        w("if (gdl_error) return NULL;")
        with w.block("for (int i = 0; i < n; i++)"):
            w("const move_t *m = &buf[i];")
            w(f"if (({places}) && bb_any(bb_and(urgent, bb_bit(m->to))) && "
              "!eye_refused(s, m) && allowed(s, m)) buf[k++] = buf[i];")
        w("if (gdl_error || k == 0) return NULL;")
        w("return &buf[rng_next(seed) % (uint64_t)k];")


def write_atari(gen, w: CWriter) -> None:
    """`eye_atari(s)`: the single liberties of the groups, either player's, that have one
    (a placement there takes the group, or gives it room)."""
    with w.block("static inline bb eye_adj(bb x)"):
        w(f"return {gen.shift(gen.geo.adjacent, 'x')};")
    w(f"static const bb EYE_BOARD = {gen.literal(gen.geo.playable)};")
    with w.block("static bb eye_single_liberties(bb stones, bb empty)"):
        w("bb out = ZERO, left = stones;")
        with w.block("while (bb_any(left))"):
            w("bb g = bb_bit(bb_low(left));")
            with w.block("for (;;)"):
                w("bb grown = bb_or(g, bb_and(eye_adj(g), stones));")
                w("if (bb_eq(grown, g)) break;")
                w("g = grown;")
            w("left = bb_andnot(left, g);")
            w("bb libs = bb_and(eye_adj(g), empty);")
            w("if (bb_count(libs) == 1) out = bb_or(out, libs);")
        w("return out;")
    with w.block("static bb eye_atari(const state_t *s)"):
        w("bb a = eye_side(s, 0), b = eye_side(s, 1);")
        w("bb empty = bb_andnot(EYE_BOARD, bb_or(a, b));")
        w("return bb_or(eye_single_liberties(a, empty), eye_single_liberties(b, empty));")
