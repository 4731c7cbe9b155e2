"""A chance node's outcome drawn by its probability in C (issue 31, docs/core.md 3a).

The chance stages are rules like any others in C (perft, moves); only a random draw must
know their odds: `chance_draw` lists the node's outcomes and draws one in proportion to its
weight, each probability times its stage's common denominator (a whole number), or for a
bag the count its list variable holds on the position. The random
moves of the playouts and rollouts (pick_move, listed_draw) go through it at a chance node.
"""

from __future__ import annotations

import math

from gdl.interpreter.core import ir
from gdl.interpreter.c.support import PARAM_BASE, CWriter


def weights(stage: ir.Chance) -> dict[tuple[int, ...], int]:
    """Each outcome's whole-number weight: its probability times the common denominator."""
    scale = math.lcm(*(p.denominator for _, p in stage.outcomes))
    return {values: int(p * scale) for values, p in stage.outcomes}


def write_chance_draw(w: CWriter, game: ir.GameIR) -> None:
    """`chance_weight(s, m)` and `chance_draw(s, buf, seed)`; nothing for a game without chance."""
    if not game.chances:
        return
    with w.block("static inline int64_t chance_weight(const state_t *s, const move_t *m)"):
        w("(void)s;")
        with w.block("switch (m->rule)"):
            for stage in game.chances:
                if stage.bag is not None:   # a bag: its element on the position
                    w(f"case {PARAM_BASE + stage.rule}: return s->k[{stage.bag}][m->a[0] - 1];")
                    continue
                table = weights(stage)
                if len(set(table.values())) == 1:   # dice: every outcome alike
                    w(f"case {PARAM_BASE + stage.rule}: return 1;")
                    continue
                w(f"case {PARAM_BASE + stage.rule}:")
                with w.block("switch (m->a[0])"):
                    for (value,), weight in sorted(table.items()):
                        w(f"case {value}: return {weight};")
                w("return 0;")
        w("return 0;")
    with w.block("static inline const move_t *chance_draw(const state_t *s, move_t *buf, "
                 "uint64_t *seed)"):
        w("/* a chance node's outcome, in proportion to its weight */")
        w("int n = legal(s, buf);")
        if any(stage.bag is not None for stage in game.chances):
            # a draw due from an empty bag: the call fails, and Python refuses it in words
            w("if (n == 0) gdl_error = 9;")
        w("if (gdl_error || n == 0) return NULL;")
        w("int64_t total = 0;")
        w("for (int i = 0; i < n; i++) total += chance_weight(s, &buf[i]);")
        w("int64_t r = (int64_t)(rng_next(seed) % (uint64_t)total);")
        w("for (int i = 0; i < n; i++) { r -= chance_weight(s, &buf[i]); if (r < 0) "
          "return &buf[i]; }")
        w("return &buf[n - 1];")


def chance_node(game: ir.GameIR, state: str) -> str:
    """The C test that `state` (a pointer) is a chance node still going on."""
    return f"{state}->v[{game.pending}] && !{state}->res"
