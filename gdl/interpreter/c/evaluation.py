"""The evaluation in C: the derived heuristic's signals and the fitted evaluation's features,
written from the specs the Python builders carry (gdl/ai/heuristics.py, features.py:
each signal or feature's kind and tables), so that both back ends compute the same numbers
in the same order.

    int gdl_eval_set(int mode, const double *weights, int n, double bias)
        mode 0: the derived heuristic (the mean of its signals); 1: the fitted one,
        tanh((bias + weights . features) / 2); -1 when the mode was not compiled
    double gdl_evaluate(const uint64_t *state)   the value for the player to move
    int gdl_features(const uint64_t *state, double *out)   the features (first player's view)

A spec of a kind this module does not know, or a game of more than two players, leaves
the mode out; the search then runs on Python (gdl/solvers/search/native_alphabeta.py).
"""

from __future__ import annotations

from typing import Any

from gdl.interpreter.c.evaluation_royal import royal_function
from gdl.interpreter.c.solver import SolverC
from gdl.interpreter.c.support import CWriter, Unsupported, c_int

MAX_DEGREE = 8   # neighbours a cell may have in a connection signal (ev_join's queue)
HELPERS = r"""
static double ev_squash(double x, double scale) { return x / (fabs(x) + scale); }
static int ev_moves(const state_t *s, int p) {   /* the moves (no pass) of p here */
    static move_t buf[MAXM]; state_t t = *s; t.pl = p; t.res = 0;
    return gen_moves(&t, buf);
}
/* The empty cells `mine` must fill to join a to b: a 0-1 breadth-first search on a deque
   (own cells cost 0 and go in front, empty ones 1, enemy ones bar the way); `none` when
   there is no way, -1 when the queue is full (never: it holds every relaxation). */
#define EV_QUEUE (2 * EV_CELLS * (EV_DEGREE + 1) + 8)
static int ev_join(bb mine, bb theirs, bb a, bb b, const int16_t *links, int degree,
                   int none) {
    static int dist[EV_CELLS], queue[EV_QUEUE];
    for (int c = 0; c < EV_CELLS; c++) dist[c] = 1 << 30;
    int head = EV_QUEUE / 2, tail = head;
    bb start = bb_andnot(a, theirs);
    while (bb_any(start)) {
        int c = bb_pop(&start), d = bb_test(mine, c) ? 0 : 1;
        if (d < dist[c]) { dist[c] = d; if (d) queue[tail++] = c; else queue[--head] = c; }
    }
    while (head < tail) {
        int c = queue[head++], d = dist[c];
        if (bb_test(b, c)) return d;
        for (int i = 0; i < degree; i++) {
            int n = links[c * degree + i];
            if (n < 0 || bb_test(theirs, n)) continue;
            int e = d + (bb_test(mine, n) ? 0 : 1);
            if (e >= dist[n]) continue;
            dist[n] = e;
            if (e == d) { if (head == 0) return -1; queue[--head] = n; }
            else { if (tail >= EV_QUEUE) return -1; queue[tail++] = n; }
        }
    }
    return none;
}
"""


class EvalC(SolverC):
    """The evaluation's C text; `evaluation` is set by the caller: (the derived heuristic's
    signal specs or None, the feature specs or None)."""

    evaluation: tuple[Any, Any] = (None, None)

    def eval_source(self, w: CWriter) -> None:
        derived, features = self.evaluation
        w("#include <math.h>")
        w(f"#define EV_CELLS {self.layout_bits}")
        w(f"#define EV_DEGREE {MAX_DEGREE}")
        w.lines += HELPERS.strip("\n").split("\n")
        with w.block("static inline bb ev_side(const state_t *s, int p)"):
            w("bb x = ZERO;")
            k = self.n_kinds
            w(f"for (int k = 0; k < {k}; k++) x = bb_or(x, s->b[p * {k} + k]);")
            w("return x;")
        self._count = 0
        signals = self._functions(w, derived, self.ev_signal) if self.n_players == 2 else None
        feats = self._functions(w, features, self.ev_feature) if self.n_players == 2 else None
        w(f"static const int EV_DERIVED = {int(signals is not None)}, "
          f"EV_FEATURES = {len(feats) if feats is not None else -1};")
        w("static int EV_MODE = -1; static double EV_W[64], EV_BIAS;")
        planes = 2 * self.n_kinds
        w(f"#define EV_PLANES {planes}")
        w("static int32_t EV_SQ[EV_PLANES * EV_CELLS]; static int EV_SQ_ON = 0;")
        with w.block("static double ev_first(const state_t *s)   /* the first player's value */"):
            if signals:
                with w.block("if (EV_MODE == 0)"):
                    w("double total = 0.0;")
                    for name in signals:
                        w(f"total += {name}(s);")
                    w(f"return total / {len(signals)};")
            if feats:
                with w.block("if (EV_MODE == 1)"):
                    w("double z = EV_BIAS;")
                    for i, name in enumerate(feats):
                        w(f"z += EV_W[{i}] * {name}(s);")
                    with w.block("if (EV_SQ_ON)   /* the learned piece-square table */"):
                        w("int64_t sum = 0;")
                        with w.block("for (int p = 0; p < EV_PLANES; p++)"):
                            w("bb x = s->b[p];")
                            w("while (bb_any(x)) sum += EV_SQ[p * EV_CELLS + bb_pop(&x)];")
                        w("z += (double)sum * 0x1p-12;")
                    w("return tanh(z / 2);")
            w("return 0.0;")
        w("static double ev_mover(const state_t *s) { double v = ev_first(s); "
          "return s->pl == 0 ? v : -v; }")
        with w.block("int gdl_eval_set(int mode, const double *weights, int n, double bias)"):
            w("if (mode == 0 && EV_DERIVED) { EV_MODE = 0; return 0; }")
            w("if (mode != 1 || EV_FEATURES < 0 || n != EV_FEATURES || n > 64) return -1;")
            w("for (int i = 0; i < n; i++) EV_W[i] = weights[i];")
            w("EV_BIAS = bias; EV_MODE = 1; EV_SQ_ON = 0; return 0;")
        with w.block("int gdl_eval_squares(const int32_t *table, int planes, int stride)"):
            w("if (EV_FEATURES < 0 || planes != EV_PLANES || stride > EV_CELLS) return -1;")
            w("for (int i = 0; i < EV_PLANES * EV_CELLS; i++) EV_SQ[i] = 0;")
            w("for (int p = 0; p < planes; p++) for (int c = 0; c < stride; c++) "
              "EV_SQ[p * EV_CELLS + c] = table[p * stride + c];")
            w("EV_SQ_ON = 1; return 0;")
        with w.block("double gdl_evaluate(const uint64_t *in)"):
            w("state_t s; load_state(in, &s); return ev_mover(&s);")
        with w.block("int gdl_features(const uint64_t *in, double *out)"):
            w("state_t s; load_state(in, &s); (void)s; (void)out;")
            for i, name in enumerate(feats or ()):
                w(f"out[{i}] = {name}(&s);")
            w(f"return {len(feats) if feats is not None else -1};")

    def _functions(self, w: CWriter, specs: Any, write: Any) -> list[str] | None:
        """One C function per spec (its name in the list), None when one cannot be written."""
        if specs is None:
            return None
        names = []
        for spec in specs:
            body = CWriter()
            body.depth = 1
            try:
                if spec is None:
                    raise Unsupported("a signal without a spec")
                write(body, w, spec)
            except Unsupported:
                return None
            self._count += 1
            name = f"ev{self._count}"
            w(f"static double {name}(const state_t *s) {{   /* {spec[0]} */")
            w.lines += body.lines
            w("}")
            names.append(name)
        return names

    def ev_table(self, w: CWriter, kind: str, values: list) -> str:
        self._count += 1
        name = f"EVT{self._count}"
        w(f"static const {kind} {name}[{len(values)}] = {{{', '.join(map(str, values))}}};")
        return name

    def ev_masks(self, w: CWriter, values: list[int]) -> str:
        self._count += 1
        name = f"EVM{self._count}"
        w(f"static const bb {name}[{max(1, len(values))}] = "
          f"{{{', '.join(self.literal(v) for v in values) or self.literal(0)}}};")
        return name

    def ev_cell_table(self, w: CWriter, per_cell: dict[int, Any]) -> str:
        values = [float(per_cell.get(c, 0)) for c in range(self.layout_bits)]
        return self.ev_table(w, "double", values)

    # ---- the signals: each the first player's value
    def ev_signal(self, body: CWriter, w: CWriter, spec: tuple) -> None:
        kind, args = spec[0], spec[1:]
        if kind == "lines":
            windows = self.ev_masks(w, list(args[0]))
            body("bb x = ev_side(s, 0), o = ev_side(s, 1); int64_t score = 0;")
            with body.block(f"for (int i = 0; i < {len(args[0])}; i++)"):
                body(f"bb a = bb_and(x, {windows}[i]), b = bb_and(o, {windows}[i]);")
                body("if (bb_any(a)) { if (!bb_any(b)) { int n = bb_count(a); score += n * n; } }")
                body("else if (bb_any(b)) { int n = bb_count(b); score -= n * n; }")
            body("return ev_squash((double)score, 32.0);")
        elif kind == "advance":
            weight, scale = args
            tables = [self.ev_cell_table(w, weight[p]) for p in (0, 1)]
            body("double t[2] = {0, 0};")
            for p in (0, 1):
                body(f"{{ bb x = ev_side(s, {p}); while (bb_any(x)) t[{p}] += "
                     f"{tables[p]}[bb_pop(&x)]; }}")
            body(f"return ev_squash(t[0] - t[1], {float(scale)!r});")
        elif kind == "material":
            weights, tables, sign, start, royal = args
            promise = {i: self.ev_cell_table(w, dict(enumerate(t))) for i, t in tables.items()}
            safety = royal_function(self, w, royal, weights) if royal is not None else None
            body("double m[2];")
            for p in (0, 1):
                planes = [p * self.n_kinds + k for k in range(self.n_kinds)]
                plain = " + ".join(f"bb_count(s->b[{i}]) * "
                                   f"(int64_t){c_int(weights[i % self.n_kinds])}"
                                   for i in planes) or "0"
                body(f"{{ int64_t plain = {plain}; double promise = 0;")
                for i in planes:
                    if i in promise:
                        body(f"  {{ bb x = s->b[{i}]; while (bb_any(x)) promise += "
                             f"{promise[i]}[bb_pop(&x)]; }}")
                body(f"  m[{p}] = {'(double)plain + promise' if promise else '(double)plain'}; }}")
                if safety is not None:
                    body(f"m[{p}] += {safety}(s, {p});")
            body(f"return {int(sign)} * ev_squash(m[0] - m[1], {float(start)!r});")
        elif kind == "mobility":
            body("int a = ev_moves(s, 0), b = ev_moves(s, 1);")
            body("return (double)(a - b) / (a + b + 1);")
        elif kind == "confinement":
            weights, start = args
            body("int64_t held[2];")
            for p in (0, 1):
                terms = " + ".join(f"bb_count(s->b[{p * self.n_kinds + k}]) * "
                                   f"(int64_t){c_int(weights[k])}"
                                   for k in range(self.n_kinds)) or "0"
                body(f"held[{p}] = {terms};")
            body(f"const int64_t start[2] = {{{c_int(start[0])}, {c_int(start[1])}}};")
            with body.block("for (int loser = 0; loser < 2; loser++)"):
                body("if (held[loser] * 4 > start[loser] || held[1 - loser] <= held[loser]) "
                     "continue;")
                body("int count = ev_moves(s, loser);")
                body("double v = 0.25 * (1.0 - count / (count + 8.0));")
                body("return loser == 1 ? v : -v;")
            body("return 0.0;")
        elif kind == "connection":
            self.ev_connection(body, w, *args)
        elif kind == "counts":
            var, cells, scale = args
            body("int64_t held[2] = {0, 0};")
            for p in (0, 1):
                for c in cells[p]:
                    body(f"held[{p}] += s->k[{var}][{c}];")
            body(f"return ev_squash((double)(held[0] - held[1]), {float(scale)!r});")
        elif kind == "gathering":
            self.ev_gathering(body, w, *args)
        elif kind == "territory":
            self.ev_territory(body, w, *args)
        elif kind == "margin":   # an IR expression: written by the same emitter as the ends
            winner, expr, scale = args
            self.unpack(body, "s")
            body(f"bb occ = {self.occ()}; (void)occ;")
            body(f"double lead = ev_squash((double)({self.expr(expr, winner)}), "
                 f"{float(scale)!r});")
            body(f"return {'lead' if winner == 0 else '-lead'};")
        else:
            raise Unsupported(f"the signal {kind!r}")

    def ev_connection(self, body: CWriter, w: CWriter, links: dict, goals: dict) -> None:
        """The empty cells each side must fill to join its two sides (ev_join), the number of
        cells when it cannot."""
        degree = max((len(n) for n in links.values()), default=0)
        if degree > MAX_DEGREE:
            raise Unsupported(f"a connection over cells of {degree} neighbours")
        flat = []
        for c in range(self.layout_bits):
            near = list(links.get(c, ()))
            flat += near + [-1] * (degree - len(near))
        table = self.ev_table(w, "int16_t", flat or [-1])
        ends = self.ev_masks(w, [goals[0][0], goals[0][1], goals[1][0], goals[1][1]])
        body("bb m0 = ev_side(s, 0), m1 = ev_side(s, 1);")
        none = len(links)
        body(f"int d0 = ev_join(m0, m1, {ends}[0], {ends}[1], {table}, {degree}, {none});")
        body(f"int d1 = ev_join(m1, m0, {ends}[2], {ends}[3], {table}, {degree}, {none});")
        body("if (d0 < 0 || d1 < 0) { gdl_error = 8; return 0.0; }")
        body("return ev_squash((double)(d1 - d0), 4.0);")

    def ev_territory(self, body: CWriter, w: CWriter, ray: tuple, steps: int, movers: tuple,
                     scale: float) -> None:
        """Each side's moves to every empty cell (slides of its pieces, breadth first); the
        cells one side reaches first, less the other's (gdl/ai/territory.py)."""
        rays = self.ev_table(w, "int16_t", list(ray) + [-1] * (self.layout_bits * steps
                                                              - len(ray)))
        self.unpack(body, "s")
        body(f"bb occ = {self.occ()}, empty = bb_andnot(PLAYABLE, occ);")
        body("static int dist[2][EV_CELLS], cell[EV_CELLS * 4], ways[EV_CELLS * 4];")
        for p in (0, 1):
            body(f"{{ int *d = dist[{p}], n = 0;")
            body("  for (int c = 0; c < EV_CELLS; c++) d[c] = 1 << 20;")
            for plane, allowed in movers[p]:
                mask = sum(1 << i for i in allowed)
                body(f"  {{ bb x = s->b[{plane}]; while (bb_any(x)) "
                     f"{{ cell[n] = bb_pop(&x); ways[n++] = {mask}; }} }}")
            with body.block("  for (int level = 1, head = 0; head < n; level++)"):
                body("int end = n;")
                with body.block(f"for (; head < end; head++) for (int i = 0; i < {steps}; i++)"):
                    body("if (!(ways[head] >> i & 1)) continue;")
                    body(f"for (int c = {rays}[cell[head] * {steps} + i]; "
                         f"c >= 0 && bb_test(empty, c); c = {rays}[c * {steps} + i])")
                    body("    if (d[c] > level) { d[c] = level; cell[n] = c; "
                         "ways[n++] = ways[head]; }")
            body("}")
        body("int lead = 0; bb x = empty;")
        body("while (bb_any(x)) { int c = bb_pop(&x); "
             "lead += (dist[0][c] < dist[1][c]) - (dist[1][c] < dist[0][c]); }")
        body(f"return ev_squash((double)lead, {float(scale)!r});")

    def ev_gathering(self, body: CWriter, w: CWriter, near: tuple, where: dict) -> None:
        """Groups beyond the first plus the mean king-step distance to the centre, per side."""
        masks = self.ev_masks(w, [near[c] if c < len(near) else 0 for c in range(self.layout_bits)])
        xs = self.ev_table(w, "int", [where.get(c, (0, 0))[0] for c in range(self.layout_bits)])
        ys = self.ev_table(w, "int", [where.get(c, (0, 0))[1] for c in range(self.layout_bits)])
        body("double d[2];")
        with body.block("for (int p = 0; p < 2; p++)"):
            body("bb mine = ev_side(s, p), rest = mine; int n = bb_count(mine), groups = 0;")
            body("if (!n) { d[p] = 0.0; continue; }")
            with body.block("while (bb_any(rest))"):
                body("bb group = bb_bit(bb_low(rest)), frontier = group;")
                with body.block("while (bb_any(frontier))"):
                    body(f"bb grown = ZERO; while (bb_any(frontier)) "
                         f"grown = bb_or(grown, {masks}[bb_pop(&frontier)]);")
                    body("frontier = bb_andnot(bb_and(grown, rest), group);")
                    body("group = bb_or(group, frontier);")
                body("rest = bb_andnot(rest, group); groups++;")
            body("int64_t sx = 0, sy = 0; bb x = mine;")
            body(f"while (bb_any(x)) {{ int c = bb_pop(&x); sx += {xs}[c]; sy += {ys}[c]; }}")
            body("double cx = (double)sx / n, cy = (double)sy / n, far = 0; x = mine;")
            body(f"while (bb_any(x)) {{ int c = bb_pop(&x); double a = fabs({xs}[c] - cx), "
                 f"b = fabs({ys}[c] - cy); far += a > b ? a : b; }}")
            body("d[p] = groups - 1 + far / n;")
        body("return ev_squash(d[1] - d[0], 2.0);")

    # ---- the features: each the first player's view
    def ev_feature(self, body: CWriter, w: CWriter, spec: tuple) -> None:
        kind, args = spec[0], spec[1:]
        if kind == "signal":
            if args[0] is None:
                raise Unsupported("a signal without a spec")
            self.ev_signal(body, w, args[0])
        elif kind == "runner":
            to_go, far = args
            body("int near[2];")
            for p in (0, 1):
                masks = self.ev_masks(w, [mask for _, mask in to_go[p]])
                rows = self.ev_table(w, "int", [d for d, _ in to_go[p]] or [0])
                body(f"{{ bb mine = ev_side(s, {p}); near[{p}] = {far};")
                body(f"  for (int i = 0; i < {len(to_go[p])}; i++) if (bb_any(bb_and(mine, "
                     f"{masks}[i]))) {{ near[{p}] = {rows}[i]; break; }} }}")
            body(f"return (double)(near[1] - near[0]) / {far};")
        elif kind == "kind":
            mine, theirs, scale = args
            body(f"return (double)(bb_count(s->b[{mine}]) - bb_count(s->b[{theirs}])) / "
                 f"{c_int(scale)};")
        elif kind == "mobility":
            self.ev_signal(body, w, ("mobility",))
        elif kind == "cells":
            mask, size = args
            name = self.ev_masks(w, [mask])
            body("int64_t a = 0, b = 0;")
            for k in range(self.n_kinds):
                body(f"a += bb_count(bb_and(s->b[{k}], {name}[0]));")
                body(f"b += bb_count(bb_and(s->b[{self.n_kinds + k}], {name}[0]));")
            body(f"return (double)(a - b) / {size};")
        elif kind == "to move":
            body("return s->pl == 0 ? 1.0 : -1.0;")
        else:
            raise Unsupported(f"the feature {kind!r}")
