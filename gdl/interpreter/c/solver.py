"""The exact solver in C: negamax alpha-beta on the payoff, with a table keyed on canonical
states (the twin of gdl/solvers/search/exact.py's "alphabeta" method; docs/native.md).

    int gdl_solve(const uint64_t *state, int64_t table_bytes, const int8_t *payoffs,
                  int64_t every, double seconds, int64_t max_nodes, progress_fn progress,
                  uint64_t *best, int64_t *stats)

`payoffs[2 * code + player]` is each result's payoff (-1, 0 or 1, from the Python game's
`returns`); seconds (< 0: none) and max_nodes (0: none) bound the search, the clock read
every 64 nodes; `progress(nodes, stored)` is called every `every` nodes and every 50 ms
(so Ctrl-C is seen at once), and stops the search when it answers non-zero. The answer:
0 solved (stats: value, nodes, positions stored), 1 stopped by `progress`, 6 by the time,
7 by the node limit, 2 deeper than the solver's stack, 3 a call the Python back end must
make (a move list past its bound, or a state the packed key cannot hold), 4 no memory, 5
a game it cannot solve (not two players, or a history of positions seen).
`int gdl_solve_options(int bits)` sets the search's options (1: the threat order, 2:
enhanced transposition cutoffs; both by default) and answers the previous ones: the
tests compare each with the plain search, the bench measures them.

The search itself (negamax on the payoff, zero-window probes from the root, the table of
packed canonical keys sized once, the order: the table move, threats, the centre,
history) is solver_text.py's C text; the key, solver_key.py's. Here: the centre's ranks
and `canon`, the key the AI's search (search.py) shares the table code with: the
smallest image of the state's words (planes, variables, player to move) under the
game's symmetries (the group of `GameIR.symmetries`), so a table shares an entry between
positions the rules declare alike.

The centre's rank orders moves after the threats: the move landing nearest the board's
centre, in units of its width and height (Connect Four 7x4 13.9M nodes instead of 43.0M
with history order alone, hex 4 117k instead of 399k; dots and boxes 6.9k instead of
4.3k, 1 December 2026).
"""

from __future__ import annotations

from fractions import Fraction

from gdl.interpreter.core.results import swapped_results
from gdl.interpreter.c.solver_key import SolverKey
from gdl.interpreter.c.pns_text import PNS
from gdl.interpreter.c.solver_text import SHARED, SOLVER
from gdl.interpreter.c.support import CWriter


class SolverC(SolverKey):
    """The solver's C text and the canonical state it keys its table on (it reads the
    planes, variables and symmetries of `self.game`)."""

    def solver(self, w: CWriter) -> None:
        solvable = self.n_players == 2 and self.history is None and not self.scores
        w(f"#define SOLVABLE {int(solvable)}")
        w(f"#define SV_CELLS {self.layout_bits}")
        w(f"static const int8_t SV_CENTRE[{self.layout_bits}] = "
          f"{{{', '.join(map(str, self.centre_ranks()))}}};")
        self.canon(w)
        w.lines += SHARED.strip("\n").split("\n")
        self.packed_key(w)
        w.lines += SOLVER.strip("\n").split("\n")
        w.lines += PNS.strip("\n").split("\n")   # proof-number search (pns_text.py)

    def centre_ranks(self) -> list[int]:
        """Each layout cell's nearness to the board's centre as a rank in 0..63 (higher is
        nearer; cells off the board 0): the solver's tie-break between moves."""
        geo = self.game.geometry
        if not geo.cells:
            return [0] * self.layout_bits
        xs = [geo.xy(c)[0] for c in geo.cells]
        ys = [geo.xy(c)[1] for c in geo.cells]
        cx, cy = min(xs) + max(xs), min(ys) + max(ys)   # twice the centre
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        # distances in units of the board's width and height, so a tall board's rows do
        # not outweigh its columns
        far = {c: Fraction(2 * geo.xy(c)[0] - cx, w) ** 2 + Fraction(2 * geo.xy(c)[1] - cy, h) ** 2
               for c in geo.cells}
        levels = sorted(set(far.values()), reverse=True)
        rank = {d: min(63, 1 + i) for i, d in enumerate(levels)}
        return [rank[far[c]] if c in far else 0 for c in range(self.layout_bits)]

    def canon(self, w: CWriter) -> None:
        """`skey_t`: a position's words (its planes, variables and player to move);
        `canon(s, out)`: the smallest key of an image of `s` under the symmetries."""
        words = self.n_planes * self.W + sum(self.var_words(i)
                                             for i in range(len(self.game.variables))) + 1
        w(f"typedef struct {{ uint64_t w[{words}]; }} skey_t;")
        with w.block("static inline void sv_pack(const state_t *t, skey_t *k)"):
            at = 0
            for i in range(self.n_planes):
                w(f"memcpy(&k->w[{at}], &t->b[{i}], sizeof(bb));")
                at += self.W
            for i in range(len(self.game.variables)):
                field, size = f"t->{self.var_field(i)}", self.var_words(i)
                source = field if self.array_vars[i] else f"&{field}"
                w(f"memcpy(&k->w[{at}], {source}, {8 * size});")
                at += size
            w(f"k->w[{at}] = (uint64_t)t->pl;")
        symmetries = self.game.symmetries[1:]
        self.symmetry_images(w)
        if any(sym.swap for sym in symmetries):
            codes = swapped_results(self.n_players)
            w(f"static const int64_t SWAPRES[{len(codes)}] = "
              f"{{{', '.join(map(str, codes))}}};")
        with w.block("static void canon(const state_t *s, skey_t *out)"):
            w("sv_pack(s, out);")
            if symmetries:
                w("state_t t; skey_t k;")
            for j, sym in enumerate(symmetries):
                w(f"/* symmetry {j + 1}: {self.comment(sym.name)} */")
                w("t = *s;")
                self.image_of(w, j, sym)
                w("sv_pack(&t, &k);")
                w("if (memcmp(&k, out, sizeof k) < 0) *out = k;")
        with w.block("int gdl_canon(const uint64_t *in, uint64_t *out)"):
            w("/* the key of a state (into a buffer of NSW words): how many words it has */")
            w("state_t s; skey_t k; load_state(in, &s); canon(&s, &k);")
            w("memcpy(out, &k, sizeof k);")
            w("return (int)(sizeof k / 8);")
