"""The royal piece's safety in C (the twin of gdl/ai/royal.py's `royal_safety`, written from
its spec): `static double NAME(const state_t *s, int p)`, player p's term in material units,
added to p's material by the material signal (interpreter/c/evaluation.py). It asks the
game's own `attacked` test, which the legality filter that makes a kind royal compiled."""

from __future__ import annotations

from typing import Any

from gdl.interpreter.c.support import CWriter, Unsupported, c_int


def royal_function(gen: Any, w: CWriter, spec: tuple, weights: tuple[int, ...]) -> str:
    """Write the function for `spec` (gdl.ai.royal.royal_spec) into `w`; its name."""
    if "attacked" not in gen.helpers:
        raise Unsupported("king safety without the game's `attacked` test")
    king, near, rows, pawns, heavy, start, (shelter_each, cap, attack, walk) = spec
    k, cells = gen.n_kinds, gen.layout_bits
    zone = gen.ev_masks(w, list(near[:cells]))
    out = [gen.ev_table(w, "int", list(rows[p][:cells])) for p in (0, 1)]
    gen._count += 1
    name = f"ev_royal{gen._count}"

    def held(e: str) -> str:
        return " + ".join(f"bb_count(s->b[{e} * {k} + {h}]) * (int64_t){c_int(weights[h])}"
                          for h in heavy)
    with w.block(f"static double {name}(const state_t *s, int p)"):
        w(f"bb royal = s->b[p * {k} + {king}];")
        w("if (!bb_any(royal)) return 0.0;")
        w("int r = bb_low(royal), e = 1 - p;")
        w(f"int64_t held = {held('e')};")
        w(f"double phase = (double)held / (double)(e ? {c_int(start[1])} : {c_int(start[0])});")
        w("if (phase > 1.0) phase = 1.0;")
        w("if (phase <= 0.0) return 0.0;")
        w(f"bb zone = {zone}[r];")
        shelter = " + ".join(f"bb_count(bb_and(s->b[p * {k} + {a}], zone))" for a in pawns)
        w(f"int shelter = {shelter};")
        w(f"if (shelter > {int(cap)}) shelter = {int(cap)};")
        w("bb x = bb_andnot(zone, ev_side(s, e));")
        gen.unpack(w, "s")
        w("int hit = 0;")
        w(f"while (bb_any(x)) {{ int c = bb_pop(&x); if (attacked({gen.locals()}p, "
          "bb_bit(c))) hit++; }")
        w(f"int out = p ? {out[1]}[r] : {out[0]}[r];")
        w(f"return phase * ({float(shelter_each)!r} * (double)shelter - {float(attack)!r} * "
          f"(double)(hit * hit) - {float(walk)!r} * (double)out);")
    return name
