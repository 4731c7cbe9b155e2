"""Flying jumps in C (the twin of gdl/interpreter/python/flying.py): the piece walks over
empty cells to the first piece along a direction, jumps it when it is in `over`, and lands
on any cell of `land` beyond it before the next piece; with `repeat`, every maximal chain
from an explicit stack, the jumped pieces staying in the way till it ends. Each (end,
captures) is one move, however many paths make it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.interpreter.core import ir
from gdl.interpreter.c.support import CWriter

if TYPE_CHECKING:
    from contextlib import AbstractContextManager


class FlyingC:
    if TYPE_CHECKING:   # written by the classes this one is mixed with
        def walk_cell(self, w: CWriter, c: str, dx: int, dy: int
                      ) -> AbstractContextManager[None]: ...
        def add(self, to: str, start: str, rule: int, cap: str = "ZERO") -> str: ...
        def chain_end(self, w: CWriter, rule: ir.JumpRule, tag: int) -> None: ...

    def flying_jumps(self, w: CWriter, rule: ir.JumpRule, tag: int, p: int,
                     stack: int) -> None:
        """The moves of the piece on `f` (inside the loop over the movers)."""
        w("bb busy = bb_xor(occ, bb_bit(f));   /* the jumping piece has left its cell */")
        w("bb free = bb_or(land, bb_bit(f));   /* (a chain may end where it began) */")
        if rule.repeat:
            w(f"int sp = 0; static int st_c[{stack}]; static bb st_cap[{stack}];")
            w("st_c[sp] = f; st_cap[sp] = ZERO; sp++;")
            w("while (sp) {")
            w.depth += 1
            w("sp--; int c = st_c[sp]; bb cap = st_cap[sp]; int grown = 0;")
        else:
            w("int c = f; bb cap = ZERO;")
        for dx, dy in rule.directions[p]:
            with w.block(""):
                w("int t = c;")
                with self.walk_cell(w, "t", dx, dy), w.block("if (bb_test(busy, t))"):
                    with w.block("if (bb_test(over, t) && !bb_test(cap, t))"):
                        w("int u = t;")
                        with self.walk_cell(w, "u", dx, dy):
                            w("if (bb_test(busy, u)) break;")
                            with w.block("if (bb_test(free, u))"):
                                if rule.repeat:
                                    w(f"if (sp >= {stack}) {{ gdl_error = 1; return n; }}")
                                    w("st_c[sp] = u; st_cap[sp] = bb_or(cap, bb_bit(t)); "
                                      "sp++; grown = 1;")
                                else:
                                    w(self.add("u", "f", tag, "bb_bit(t)"))
                    w("break;")
        if rule.repeat:
            with w.block("if (bb_any(cap) && !grown)"):
                self.chain_end(w, rule, tag)
            w.depth -= 1
            w("}")
        else:
            w("(void)cap;")
