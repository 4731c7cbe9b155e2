"""`moves(KIND, X)` in C (the twin of gdl/interpreter/python/landing.py): the next player has
a legal move bringing a piece of KIND onto a cell of X, read off that player's moves: the
candidates of each priority class in turn, the legality filter on each; the first class with a
legal move is the one whose moves count (as `legal_moves` lists them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.interpreter.core import ir
from gdl.interpreter.python.landing import landing_rules

from gdl.interpreter.c.support import PARAM_BASE, CWriter


class LandingC:
    game: ir.GameIR
    helpers: dict[str, list[str]]
    if TYPE_CHECKING:   # written by the classes this one is mixed with
        def local_params(self) -> str: ...
        def locals(self) -> str: ...
        def fill_state(self, w: CWriter, target: str) -> None: ...
        def expr(self, e: ir.Expr, p: int) -> str: ...
        def next_player(self, p: int) -> str: ...

    def lands(self, e: ir.HasMoves, p: int) -> str:
        assert e.kind is not None and e.to is not None   # `moves(KIND, X)`
        who = str(p) if e.who == ir.MOVER else self.next_player(p)
        return f"{self.landing_helper(e.kind)}({self.locals()}{who}, {self.expr(e.to, p)})"

    def landing_helper(self, kind: int) -> str:
        name = f"lands_{kind}"
        if name in self.helpers:
            return name
        of_kind, any_drop = landing_rules(self.game, kind)
        tests = [f"m->rule == {r}" for r in of_kind]
        tests += [f"(m->rule == {r} && m->from == {kind})" for r in any_drop]
        filtered = self.game.illegal is not None
        w = CWriter()
        w("static int candidates(const state_t *s, move_t *out, int cls, int firsts);")
        if filtered:
            w("static int allowed(const state_t *s, const move_t *mp);")
        with w.block(f"static int {name}({self.local_params()}int who, bb x)"):
            w("static move_t LANDS[MAXM];   /* not nested: end rules only */")
            w("state_t t; memset(&t, 0, sizeof t);")
            self.fill_state(w, "t.")
            with w.block("for (int cls = 0; cls < NCLASS; cls++)"):
                w("int n = candidates(&t, LANDS, cls, 0), legal = 0, found = 0;")
                with w.block("for (int i = 0; i < n && !found; i++)"):
                    w("const move_t *m = &LANDS[i];")
                    if filtered:
                        w("if (!allowed(&t, m)) continue;")
                    w("legal = 1;")
                    w(f"if (m->rule >= {PARAM_BASE} || !bb_test(x, m->to)) continue;")
                    w(f"found = {' || '.join(tests) or '0'};")
                w("if (legal) return found;   /* this class's moves are the legal ones */")
            w("return 0;")
        self.helpers[name] = w.lines
        return name
