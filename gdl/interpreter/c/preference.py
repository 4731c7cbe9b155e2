"""`prefer: most EXPR` in C (the twin of MoveCode.preferred in
gdl/interpreter/python/moves.py): of a class's candidates, keep those whose measure is
greatest (least), EXPR read of each with `took` its captured cells. The checker refuses a
preference beside a legality filter or `attacked`, so the candidates of the class that is
legal are the legal moves, and has_moves, the memo and the draws all read this list."""

from __future__ import annotations

from typing import Any

from gdl.interpreter.c.support import CWriter


def preferred(gen: Any, w: CWriter, p: int) -> None:
    """Player p's candidates `out[0..n)` cut to the preferred ones (inside candidates())."""
    prefer = gen.game.prefer
    if prefer is None:
        return
    measure = gen.expr(prefer.measure, p)
    better = ">" if prefer.most else "<"
    # one pass, each measure read once: a better one restarts the kept list (k <= i, so
    # the moves kept are never overwritten before they are read)
    with w.block(f"if (n > 1)   /* prefer: {'most' if prefer.most else 'least'} */"):
        w("int64_t top = 0; int k = 0;")
        with w.block("for (int i = 0; i < n; i++)"):
            w("bb took = out[i].cap; (void)took;")
            w(f"int64_t v = {measure};")
            w(f"if (i == 0 || v {better} top) {{ top = v; k = 0; }}")
            w("if (v == top) out[k++] = out[i];")
        w("n = k;")
