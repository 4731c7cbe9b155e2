"""The random draw of moves of several stages, stage by stage (docs/native.md, "The random
move"): which rules it takes, each with a bound on the ways its later stages have after
one first stage, and the C that draws (`staged_draw`, `complete`).

A first stage stands for BOUND slots, its ways filling the first of them; a uniformly
drawn slot left empty is drawn again. Every whole move fills one slot, so the draw is
uniform over the legal moves, and only the first stage drawn has its later stages made.
"""

from __future__ import annotations

import math
from typing import Protocol

from gdl.interpreter.core import ir, lines
from gdl.interpreter.core.geometry import Geometry
from gdl.interpreter.c.support import CWriter

# A draw hits a whole move with odds (ways made) / bound: past this bound on a first
# stage's ways on, a rule's moves are drawn from the whole list.
STAGED_BOUND = 64
TRIES = 64   # slots drawn before the whole list is made (few whole moves: seldom)


def staged_rules(game: ir.GameIR, geo: Geometry) -> dict[int, int]:
    """The rules the draw takes stage by stage, each with its bound."""
    out = {}
    for index, rule in enumerate(game.rules):
        bound = completion_bound(rule, geo)
        if bound is not None:
            out[index] = bound
    return out


def completion_bound(rule, geo: Geometry) -> int | None:
    """At most how many ways the later stages of one first stage of `rule` have (None: no
    bound known, or one over STAGED_BOUND)."""
    more = getattr(rule, "more", ())
    if not more or isinstance(rule, ir.ParamRule):
        return None
    total = 1
    for stage in more:
        bound = stage_bound(stage.action, geo)
        if bound is None:
            return None
        total *= bound if stage.guard is None else max(1, bound)   # skipped: one way
    return total if total <= STAGED_BOUND else None


def stage_bound(action, geo: Geometry) -> int | None:
    """The ways to make one stage: numbers' ranges, a cell of the board, or a step or a
    slide from `here` (a slide: the longest rays of any cell, to the board's edges)."""
    if getattr(action, "more", ()):
        return None
    if isinstance(action, ir.SelectRule):
        return math.prod(high - low + 1 for low, high in action.ranges)
    if isinstance(action, (ir.PlaceRule, ir.ChooseRule)):
        return len(geo.cells)
    if not isinstance(action, ir.StepRule) or not isinstance(action.origin, ir.Here):
        return None
    if not action.slide or action.distance is not None:
        return max(len(steps) for steps in action.directions)
    return max(sum(ray(geo, cell, dx, dy) for dx, dy in steps)
               for steps in action.directions for cell in geo.cells)


def ray(geo: Geometry, cell: int, dx: int, dy: int) -> int:
    return len(lines.ray(geo, cell, dx, dy))   # a ray round a wrapped board stops at its start


class StagedSource(Protocol):
    """What `staged_draw` reads of the move generator (MovesC, which calls it): named here
    so that this module need not import the one that imports it."""

    game: ir.GameIR
    board_number: dict[int, int]
    pass_index: int | None
    n_players: int

    @property
    def staged(self) -> dict[int, int]: ...
    def unpack(self, w: CWriter, s: str) -> None: ...
    def stage_function(self, index: int, k: int, p: int) -> str: ...
    def locals(self) -> str: ...


def staged_draw(gen: StagedSource, w: CWriter) -> None:
    """`staged_draw(s, out, n, cls, seed)`: a uniform draw from the moves of class cls,
    given its candidates with the staged rules' first stages (NULL: the class has none);
    `complete(s, mv, out)`: the whole moves a first stage makes."""
    staged = gen.staged
    tags = " ".join(f"case {gen.board_number[i]}:" for i in sorted(staged))
    with w.block("static const move_t *staged_draw(const state_t *s, move_t *out, int n, "
                 "int cls, uint64_t *seed)"):
        w(f"enum {{ BOUND = {max(staged.values())} }}; static move_t made[MAXM]; "
          "int single = 0;")
        with w.block("for (int i = 0; i < n; i++)"):
            w(f"switch (out[i].rule) {{ {tags} continue; }}   /* a first stage */")
            w("move_t x = out[i]; out[i] = out[single]; out[single++] = x;")
        w("uint64_t slots = (uint64_t)single + (uint64_t)(n - single) * BOUND;")
        with w.block(f"for (int tries = 0; tries < {TRIES} && slots; tries++)"):
            w("uint64_t u = rng_next(seed) % slots;")
            w("if (u < (uint64_t)single) return &out[u];")
            w("u -= (uint64_t)single;")
            w("int k = complete(s, &out[single + u / BOUND], made);")
            w("if (gdl_error || k > BOUND) break;   /* past the bound: the whole list */")
            w("if (u % BOUND < (uint64_t)k) return &made[u % BOUND];")
        w("/* seldom (few whole moves): from the whole list */")
        w("if (gdl_error) return NULL;")
        w("n = candidates(s, out, cls, 0);")
        passes = gen.pass_index
        if passes is not None and getattr(gen.game.rules[passes], "always", False):
            w(f"if (n < MAXM) {{ out[n] = NOMOVE; out[n].rule = {gen.board_number[passes]}; "
              "n++; }")
        w("if (gdl_error || n == 0) return NULL;")
        w("return &out[rng_next(seed) % (uint64_t)n];")
    with w.block("static int complete(const state_t *s, const move_t *mv, move_t *out)"):
        gen.unpack(w, "s")
        with w.block("switch (s->pl)"):
            for p in range(gen.n_players):
                with w.block(f"case {p}:"):
                    with w.block("switch (mv->rule)"):
                        for index in sorted(staged):
                            call = gen.stage_function(index, 1, p)
                            w(f"case {gen.board_number[index]}: "
                              f"return {call}({gen.locals()}*mv, out, 0);")
                    w("break;")
        w("return 0;")
