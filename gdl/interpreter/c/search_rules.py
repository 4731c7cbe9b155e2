"""The C the alpha-beta search reads of the rules (interpreter/core/search_traits.py):

    #define ROYAL 0|1       some kind may never be left attacked (a check exists)
    #define NULLMOVE 0|1    null-move pruning may be tried (a pass would seldom help)
    static int ab_royal_attacked(const state_t *s)   the royal piece of the player to move
                                                     stands attacked (in check)
    static int ab_nm_pieces(const state_t *s)        the player to move's pieces, its royal
                                                     ones left out

`ab_royal_attacked` asks the game's own `attacked` test (interpreter/c/attacks.py), written
only when the rules read `attacked` (the filter that makes a kind royal does), so no new
test is compiled for it.
"""

from __future__ import annotations

from typing import Any

from gdl.interpreter.c.support import CWriter
from gdl.interpreter.core.search_traits import null_move_safe, royal_kinds


def search_rules(gen: Any, w: CWriter) -> None:
    """The definitions above, for the generator `gen` (a GameC), into `w`."""
    two = gen.n_players == 2 and not gen.extra_turns
    royal = royal_kinds(gen.game) if two and "attacked" in gen.helpers else ()
    w(f"#define ROYAL {int(bool(royal))}")
    w(f"#define NULLMOVE {int(two and null_move_safe(gen.game))}")
    with w.block("static int ab_royal_attacked(const state_t *s)"):
        if royal:
            gen.unpack(w, "s")
            with w.block("switch (s->pl)"):
                for p in range(gen.n_players):
                    planes = gen.union([gen.plane(p, k) for k in royal])
                    w(f"case {p}: {{ bb x = {planes}; "
                      f"return bb_any(x) && attacked({gen.locals()}{p}, x); }}")
        else:
            w("(void)s;")
        w("return 0;")
    with w.block("static int ab_nm_pieces(const state_t *s)"):
        with w.block("switch (s->pl)"):
            for p in range(gen.n_players):
                kinds = [k for k in range(gen.n_kinds) if k not in royal]
                count = " + ".join(f"bb_count(s->b[{p * gen.n_kinds + k}])" for k in kinds)
                w(f"case {p}: return {count or '0'};")
        w("return 0;")
