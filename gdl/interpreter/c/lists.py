"""Lists of numbers, moves of numbers and hands in C (the twins of the list expressions of
gdl/interpreter/python/expressions.py, `param_moves` and `drop_moves` of
interpreter/python/moves.py and `drop`/`take_into_hand` of interpreter/python/generate.py).

A list variable is an array of int64_t as long as its initial value (a list never changes
length: a change assigns one element). A move of numbers (`move take h in A..B, ...`) is
`rule = PARAM_BASE + its index` with its numbers in `a[]`; across the boundary it is the
Python back end's tuple (rule, a0, a1, ..). Hands are the list `hand[player * kinds +
kind]`: a drop takes one out (its kind rides in the move's `from`), a travel that takes
pieces adds them to the mover's hand as the kinds they return as.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.interpreter.core import ir
from gdl.interpreter.core.relative import joined_table
from gdl.limits import PARAMETER_VALUES
from gdl.interpreter.c.kept import KeptAttacksC
from gdl.interpreter.c.support import PARAM_BASE, CWriter, Unsupported, c_int


class ListsC(KeptAttacksC):
    if TYPE_CHECKING:   # written by MovesC, the class built on this one
        target: tuple[str, str]
        def add(self, to: str, start: str, rule: int, cap: str = "ZERO") -> str: ...

    def __init__(self, game: ir.GameIR):
        super().__init__(game)
        self.list_tables: dict[str, str] = {}   # a constant list's numbers -> its table

    # ---- expressions
    def list_op(self, e: ir.Op, p: int) -> str | None:
        """An operator on lists (None: not one): `size`, `sum` (of a list, or of every
        cell's count), an element, `x in L`, and lists compared whole."""
        if e.op == "sum" and e.args[0].type == ir.COUNTS:   # (sum over the layout: Python's)
            assert isinstance(e.args[0], ir.Var)   # only a counts variable has that type
            self.list_sum_helper()
            return f"list_sum(v{e.args[0].index}, {self.layout_bits})"
        if not any(a.type == ir.LIST for a in e.args):
            return None
        if e.op == "member":
            items, length = self.list_value(e.args[1], p)
            self.list_helper("list_has", "static inline int list_has(const int64_t *x, int n, "
                             "int64_t a) { for (int i = 0; i < n; i++) if (x[i] == a) "
                             "return 1; return 0; }")
            return f"list_has({items}, {length}, {self.expr(e.args[0], p)})"
        if e.op in ("==", "!="):   # lists of other lengths differ (both are made all the same)
            (a, na), (b, nb) = (self.list_value(x, p) for x in e.args)
            self.list_helper("list_same", "static inline int list_same(const int64_t *x, int n, "
                             "const int64_t *y, int m) { if (n != m) return 0; for (int i = 0; "
                             "i < n; i++) if (x[i] != y[i]) return 0; return 1; }")
            test = f"list_same({a}, {na}, {b}, {nb})"
            return test if e.op == "==" else f"(!{test})"
        if e.op not in ("size", "sum", "index"):
            raise Unsupported(f"the list operation '{e.op}'")
        v, length = self.list_value(e.args[0], p)
        if e.op == "size":
            return f"((int64_t){length})"
        if e.op == "sum":
            self.list_sum_helper()
            return f"list_sum({v}, {length})"
        self.helpers.setdefault("list_item", [
            "static inline int64_t list_item(const int64_t *x, int n, int64_t i) {",
            "    if (i < 1 || i > n) { gdl_error = 2; return 0; }   /* Python's IndexError */",
            "    return x[i - 1];",
            "}"])
        return f"list_item({v}, {length}, {self.expr(e.args[1], p)})"

    def list_sum_helper(self) -> None:
        self.helpers.setdefault("list_sum", [
            "static inline int64_t list_sum(const int64_t *x, int n) {",
            "    int64_t total = 0; for (int i = 0; i < n; i++) total = ck_add(total, x[i]); "
            "return total;",
            "}"])

    def list_helper(self, name: str, line: str) -> None:
        self.helpers.setdefault(name, [line])

    def list_value(self, e: ir.Expr, p: int) -> tuple[str, int]:
        """A list as C: its numbers (an array, a table or a literal made where it is read)
        and its length, known when the source is written (a list never changes length)."""
        if isinstance(e, ir.Var):
            return f"v{e.index}", self.array_len(e.index)
        if isinstance(e, (ir.Const, ir.PerPlayer)):
            values = e.value if isinstance(e, ir.Const) else e.values[p]
            if not values:
                return "(const int64_t *)0", 0
            text = ", ".join(c_int(v) for v in values)
            name = self.list_tables.setdefault(text, f"LIST{len(self.list_tables)}")
            self.helpers.setdefault(name, [f"static const int64_t {name}[] = {{{text}}};"])
            return name, len(values)
        if isinstance(e, ir.Op) and e.op == "list":
            items = ", ".join(f"(int64_t){self.expr(x, p)}" for x in e.args)
            return f"((const int64_t[]){{{items}}})", len(e.args)
        raise Unsupported(f"the list expression '{type(e).__name__}'")

    def in_hand(self, e: ir.InHand, p: int) -> str:
        assert self.game.hand is not None   # the checker allows `hand KIND` with hands only
        return f"v{self.game.hand}[{p * self.n_kinds + e.kind}]"

    def lines_holding(self, e: ir.LinesHolding | ir.Relative, p: int) -> str:
        """The rows (columns) holding a cell of X, the cells above X, ...: a table by cell,
        joined over X."""
        name, table = joined_table(self.geo, e)
        if name not in self.helpers:
            items = ", ".join(self.literal(m) for m in table)
            self.helpers[name] = [f"static const bb {name}[] = {{{items}}};"]
        if isinstance(e.cells, ir.Here):
            return f"{name}[t]"
        return f"meet({name}, {self.expr(e.cells, p)})"

    # ---- effects
    def assign_element(self, w: CWriter, effect: ir.Assign, p: int) -> None:
        """`v[i] op= value`, i counted from 1 (outside the list: the call fails, and the
        Python back end reports it)."""
        assert effect.index is not None
        length = self.array_len(effect.var)
        with w.block(""):
            w(f"int64_t i = {self.expr(effect.index, p)} - 1, x = {self.expr(effect.value, p)};")
            w(f"if (i < 0 || i >= {length}) gdl_error = 2;")
            w(f"else v{effect.var}[i] {effect.op} x;")

    def assign_list(self, w: CWriter, effect: ir.Assign, p: int) -> None:
        """A whole list given a value, all its numbers read before any is written (`heap =
        [heap[2], heap[1]]`). Its C array is as long as its first value: a value of another
        length would change the state's shape, so it is refused."""
        items, length = self.list_value(effect.value, p)
        if length != self.array_len(effect.var):
            raise Unsupported(f"a list of {self.array_len(effect.var)} numbers given "
                              f"{length} (its length in C is fixed)")
        if length:
            w(f"memmove(v{effect.var}, {items}, {length} * sizeof(int64_t));")

    def drop(self, w: CWriter, rule: ir.DropRule, p: int, start: str) -> None:
        """The kind (kept in the move's from field) leaves the hand for the cell."""
        assert self.game.hand is not None
        w("org = ZERO;   /* a drop left no cell: origin is none */")
        with w.block(f"switch ({start})"):
            for k in self.droppable(rule):
                w(f"case {k}: {self.plane(p, k)} = bb_or({self.plane(p, k)}, bit); "
                  f"v{self.game.hand}[{p * self.n_kinds + k}] -= 1; break;")

    def take_into_hand(self, w: CWriter, rule: ir.Rule, p: int) -> None:
        """The enemy pieces the move takes join the mover's hand, as the kinds they return
        as (read before they are taken)."""
        if self.game.hand is None:
            return
        taken = "bb_or(bit, mp->cap)" if isinstance(rule, ir.JumpRule) else "bit"
        with w.block(""):
            w(f"bb x = {taken};")
            self.hand_gains(w, p, "x")

    def hand_gains(self, w: CWriter, p: int, cells: str) -> None:
        """The opponents' pieces on `cells` join player p's hand, each as the kind it
        returns as."""
        hand, kinds = f"v{self.game.hand}", self.n_kinds
        for q in range(self.n_players):
            if q == p:
                continue
            for k in range(kinds):
                w(f"{hand}[{p * kinds + self.game.returns_as[k]}] += "
                  f"bb_count(bb_and({self.plane(q, k)}, {cells}));")

    # ---- moves
    def droppable(self, rule: ir.DropRule) -> list[int]:
        """The kinds a drop rule may put down: its own, or every kind a hand can hold."""
        return [rule.kind] if rule.kind is not None else sorted(set(self.game.returns_as))

    def drop_moves(self, w: CWriter, rule: ir.DropRule, tag: int, p: int) -> None:
        """Every kind held in the mover's hand onto every cell of `where`, kind by kind."""
        if self.game.hand is None:
            raise Unsupported("a drop without hands")
        w(f"bb to = {self.expr(rule.where, p)};")
        for k in self.droppable(rule):
            with w.block(f"if (v{self.game.hand}[{p * self.n_kinds + k}])"):
                w("bb m = to;")
                with w.block("while (bb_any(m))"):
                    w("int c = bb_pop(&m);")
                    w(self.add("c", str(k), tag))

    def param_moves(self, w: CWriter, rule: ir.ParamRule, index: int, p: int) -> None:
        """Every choice of the rule's numbers, each range read inside the loops before it
        (`n in 1..heap[h]`); a range past PARAMETER_VALUES fails the call (Python's limit
        error)."""
        levels = ir.guard_levels(rule)   # each part of the guard once its numbers are known
        w.lines.append("    " * w.depth + "do {")
        w.depth += 1
        for part in levels[0]:
            w(f"if (!({self.truth(part, p)})) break;")
        for i, (low, high) in enumerate(rule.ranges):
            w(f"int64_t lo{i} = {self.expr(low, p)}, hi{i} = {self.expr(high, p)};")
            w(f"if (hi{i} - lo{i} >= {PARAMETER_VALUES}) {{ gdl_error = 8; return n; }}")
            w.lines.append("    " * w.depth + f"for (int64_t a{i} = lo{i}; a{i} <= hi{i}; "
                           f"a{i}++) {{")
            w.depth += 1
            for part in levels[i + 1]:
                w(f"if (!({self.truth(part, p)})) continue;")
        names = [f"a{i}" for i in range(len(rule.ranges))]
        arr, count = self.target
        put = (f"{{ if ({count} >= MAXM) {{ gdl_error = 1; return n; }} "
               f"{arr}[{count}] = NOMOVE; {arr}[{count}].rule = {PARAM_BASE + index}; "
               + "".join(f"{arr}[{count}].a[{i}] = {a}; " for i, a in enumerate(names))
               + f"{count}++; }}")
        w(put)
        for _ in names:
            w.depth -= 1
            w("}")
        w.depth -= 1
        w("} while (0);")

    @property
    def numbered(self) -> bool:
        """Whether some rule makes moves of numbers (tuples across the boundary, even with
        no number: a named move, `move front: cycle ...`)."""
        return any(isinstance(r, ir.ParamRule) for r in self.game.rules)

    def param_slots(self) -> int:
        return max((len(r.ranges) for r in self.game.rules if isinstance(r, ir.ParamRule)),
                   default=0)
