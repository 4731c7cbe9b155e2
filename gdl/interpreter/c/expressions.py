"""Expressions of the core IR as C, for one player to move at a time (the C twin of
gdl/interpreter/python/expressions.py).

A set of cells is a `bb` value, a number an `int64_t`, a truth value an `int`. The code
reads the position from locals the caller declares: `b0..bN` (the piece planes), `v0..`
(number variables), `occ` (every piece), and in effects `t`/`bit` (here) and `org`.
Constant masks become `static const bb` tables named K0, K1, ..; nothing of the rules'
text reaches the C source, only numbers from the checked IR, range-checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.core.ir import BOOL, CELLS, INT
from gdl.interpreter.c.support import CWriter, Unsupported, c_int, words

COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
ARITHMETIC = ("+", "-", "*")
CHECKED = {"+": "ck_add", "-": "ck_sub", "*": "ck_mul"}   # the prelude's exact arithmetic


class ExprC:
    if TYPE_CHECKING:   # written by the classes built on this one
        def line(self, e: ir.Line, p: int) -> str: ...            # emit_regions
        def zone(self, e: ir.Zone, p: int) -> str: ...
        def zone_table(self, kind: str, family: int) -> str: ...
        def first_cell(self, e: ir.Expr, p: int) -> str: ...
        def reach_helper(self) -> None: ...
        def reach_call(self, e: ir.Reach, p: int) -> str: ...     # c/groups.py
        def here_in_reach(self, e: ir.Op, p: int) -> str | None: ...
        def reach_meeting(self, e: ir.Expr, p: int) -> str | None: ...
        def flank_helper(self) -> None: ...
        def counts_where_helper(self, name: str, op: str) -> None: ...
        def connected(self, e: ir.Connected, p: int) -> str: ...  # emit_counted
        def axis(self, e: ir.Axis, p: int) -> str: ...
        def attacked_helper(self) -> None: ...                    # emit_attacks
        def kept_attack(self, e: ir.Attacked, p: int) -> int | None: ...
        def list_op(self, e: ir.Op, p: int) -> str | None: ...    # emit_lists
        def in_hand(self, e: ir.InHand, p: int) -> str: ...
        def lines_holding(self, e: ir.LinesHolding | ir.Relative, p: int) -> str: ...
        board_number: dict[int, int]                              # emit_moves
        def locals(self) -> str: ...
        def repeated(self, e: ir.Repeated, p: int) -> str: ...    # emit_history
        def streak(self, e: ir.Streak, p: int) -> str: ...
        def lands(self, e: ir.HasMoves, p: int) -> str: ...   # c/landing.py

    def __init__(self, game: ir.GameIR):
        self.game = game
        self.geo = game.geometry
        self.n_players = len(game.players)
        self.n_kinds = len(game.pieces)
        self.n_planes = len(game.initial_planes)
        self.layout_bits = self.geo.height * self.geo.stride
        self.W = max(1, (self.layout_bits + 63) // 64)
        self.masks: dict[int, str] = {}
        self.tables: list[str] = []     # static arrays, in the order they were made
        self.helpers: dict[str, list[str]] = {}
        # the legality filter's `attacked` tests kept from before the move (emit_attacks):
        # (the test, its player), and whether the filter is being written
        self.kept_sites: list[tuple[ir.Attacked, int]] = []
        self.attack_vars: list[int] = []   # the variables `attacked` reads (kept.py)
        self.attack_vars_at: list[int] = []   # those it reads on the tested cells only
        self.judging = False
        self.extra_turns = any(isinstance(n, ir.Again) for n in ir.walk(game))
        # while a counted slide's distance is written: the direction it tries (its piece
        # is on cell `f`)
        self.travel: tuple[int, int] | None = None
        for v in game.variables:
            if v.type not in (INT, CELLS, ir.COUNTS, ir.LIST, ir.HISTORY):
                raise Unsupported(f"a state variable of type '{v.type}' ({v.name})")
        # a number variable is an int64_t `v<i>` (state field v[i]), a set of cells a bb
        # (field c[i]), a count per cell an array of int64_t, one per layout bit (k[i]), a
        # list of numbers an array as long as its initial value (k[i]: a list never changes
        # length); the positions seen a number too: how many (emit_history)
        self.cell_vars = tuple(v.type == CELLS for v in game.variables)
        self.count_vars = tuple(v.type == ir.COUNTS for v in game.variables)
        self.list_vars = tuple(v.type == ir.LIST for v in game.variables)
        self.array_vars = tuple(a or b for a, b in zip(self.count_vars, self.list_vars))
        self.array_max = max([1] + [self.array_len(i) for i, a in enumerate(self.array_vars)
                                    if a])

    # ---- names and constants
    def plane(self, player: int, kind: int) -> str:
        return f"b{player * self.n_kinds + kind}"

    def mask(self, value: int) -> str:
        """A constant set of cells, as the name of its static table."""
        if value == 0:
            return "ZERO"
        if value not in self.masks:
            name = f"K{len(self.masks)}"
            self.masks[value] = name
            self.tables.append(f"static const bb {name} = {self.literal(value)};")
        return self.masks[value]

    def literal(self, value: int) -> str:
        """A constant set of cells as a C initializer (static arrays need literals)."""
        return "{{" + ", ".join(f"0x{x:x}ULL" for x in words(value, self.W)) + "}}"

    def var_type(self, i: int) -> str:
        """The C type of variable i as a parameter (counts, lists: the caller's array)."""
        return "bb" if self.cell_vars[i] else "const int64_t *" if self.array_vars[i] \
            else "int64_t"

    def var_field(self, i: int) -> str:
        return f"c[{i}]" if self.cell_vars[i] else f"k[{i}]" if self.array_vars[i] \
            else f"v[{i}]"

    def array_len(self, i: int) -> int:
        """The numbers of an array variable: one per layout bit, or its list's length."""
        if self.count_vars[i]:
            return self.layout_bits
        return len(self.game.variables[i].initial)

    def var_words(self, i: int) -> int:
        """The words of variable i in a packed state."""
        return self.W if self.cell_vars[i] else self.array_len(i) if self.array_vars[i] else 1

    def copy_var(self, w: CWriter, target: str, i: int) -> None:
        """target = variable i (an array is copied)."""
        if self.array_vars[i]:
            w(f"memcpy({target}, v{i}, sizeof {target});")
        else:
            w(f"{target} = v{i};")

    def occ(self) -> str:
        return self.union([f"b{i}" for i in range(self.n_planes)])

    def union(self, names: list[str]) -> str:
        if not names:
            return "ZERO"
        out = names[0]
        for n in names[1:]:
            out = f"bb_or({out}, {n})"
        return out

    def owners(self, owner: ir.Owner, p: int) -> list[int]:
        if owner == ir.MOVER:
            return [p]
        if owner == ir.OPPONENT:
            return [q for q in range(self.n_players) if q != p]
        if owner == ir.ANY:
            return list(range(self.n_players + (1 if self.game.neutral else 0)))
        return [int(owner)]

    def pieces(self, owner: ir.Owner, kind: int | None, p: int) -> str:
        kinds = range(self.n_kinds) if kind is None else [kind]
        names = [self.plane(q, k) for q in self.owners(owner, p) for k in kinds]
        if owner == ir.ANY and len(names) == self.n_planes and self.n_planes > 1:
            return "occ"
        return self.union(names)

    def next_player(self, p: int) -> str:
        return "nxt" if self.extra_turns else str((p + 1) % self.n_players)

    # ---- typed rendering
    def truth(self, e: ir.Expr, p: int) -> str:
        """An expression as a C truth value (a set of cells is true when not empty)."""
        code = self.expr(e, p)
        if e.type == CELLS:
            return f"bb_any({code})"
        if e.type == INT:
            return f"({code} != 0)"
        return code

    def shift(self, offsets: ir.Offsets, operand: str) -> str:
        """The cells whose neighbour along one of `offsets` is in `operand`."""
        parts = []
        for dx, dy in offsets:
            for off, has in self.geo.shifts(dx, dy):
                moved = f"bb_shr({operand}, {off})" if off > 0 else f"bb_shl({operand}, {-off})"
                parts.append(f"bb_and({moved}, {self.mask(has)})")
        return self.union(parts)

    def expr(self, e: ir.Expr, p: int) -> str:
        if isinstance(e, ir.Const):
            return self.mask(e.value) if e.type == CELLS else self.number(e.value, e.type)
        if isinstance(e, ir.PerPlayer):
            value = e.values[p]
            return self.mask(value) if e.type == CELLS else self.number(value, e.type)
        if isinstance(e, ir.Pieces):
            return self.pieces(e.owner, e.kind, p)
        if isinstance(e, ir.Empty):
            return "bb_xor(PLAYABLE, occ)"
        if isinstance(e, ir.Full):
            return "bb_eq(occ, PLAYABLE)"
        if isinstance(e, ir.Captured):   # `took`: see GameC.take
            return "bb_any(took)"
        if isinstance(e, ir.Taken):   # `prefer`'s measure: the move's captured cells
            return "took"
        if isinstance(e, ir.HasMoves) and e.kind is not None:   # c/landing.py
            return self.lands(e, p)
        if isinstance(e, ir.HasMoves):
            who = str(p) if e.who == ir.MOVER else str(e.who) if isinstance(e.who, int) \
                else self.next_player(p)
            names = "".join(f"b{i}, " for i in range(self.n_planes))
            names += "".join(f"v{i}, " for i in range(len(self.game.variables)))
            return f"has_moves({names}{who})"
        if isinstance(e, ir.Flank):
            self.flank_helper()
            return f"flank({self.pieces(ir.MOVER, None, p)}, {self.expr(e.operand, p)})"
        if isinstance(e, ir.Shift):
            return self.shift(e.directions[p], self.expr(e.operand, p))
        if isinstance(e, ir.Line):
            return self.line(e, p)
        if isinstance(e, ir.Here):
            return "bit"
        if isinstance(e, ir.Origin):
            return "bb_bit(f)" if self.travel is not None else "org"
        if isinstance(e, ir.Connected):
            return self.connected(e, p)
        if isinstance(e, ir.Axis):
            return self.axis(e, p)
        if isinstance(e, ir.Adjacent):
            return self.shift(self.geo.adjacent, self.expr(e.cells, p))
        if isinstance(e, ir.Reach):
            return self.reach_call(e, p)
        if isinstance(e, ir.Zone):
            return self.zone(e, p)
        if isinstance(e, ir.Slot):
            table = self.zone_table("SLOT", e.family)
            return f"{table}[{self.first_cell(e.arg, p)}]"
        if isinstance(e, ir.Var):
            if e.type not in (INT, CELLS):
                raise Unsupported(f"a variable of type '{e.type}'")
            return f"v{e.index}"
        if isinstance(e, ir.CountAt):
            if isinstance(e.cells, ir.Here):
                return f"v{e.var.index}[t]"
            return f"count_at(v{e.var.index}, {self.expr(e.cells, p)})"
        if isinstance(e, ir.CountsWhere):
            name = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}[e.op]
            self.counts_where_helper(name, e.op)
            return f"counts_{name}(v{e.var.index}, {self.expr(e.value, p)})"
        if isinstance(e, ir.Attacked):
            self.attacked_helper()
            k = self.kept_attack(e, p) if self.judging else None
            if k is not None:
                return f"attacked_kept{k}({self.locals()}s, {p}, {self.expr(e.cells, p)})"
            return f"attacked({self.locals()}{p}, {self.expr(e.cells, p)})"
        if isinstance(e, ir.Param):
            return f"a{e.index}"
        if isinstance(e, ir.Plies):
            return f"v{self.game.plies}"
        if isinstance(e, ir.InHand):
            return self.in_hand(e, p)
        if isinstance(e, (ir.LinesHolding, ir.Relative)):
            return self.lines_holding(e, p)
        if isinstance(e, ir.Repeated):
            return self.repeated(e, p)
        if isinstance(e, ir.Streak):
            return self.streak(e, p)
        if isinstance(e, ir.Op):
            return self.op(e, p)
        raise Unsupported(f"the expression '{type(e).__name__}'")

    def number(self, value: Any, type_: str) -> str:
        if type_ not in (INT, BOOL):
            raise Unsupported(f"a constant of type '{type_}'")
        return f"((int64_t){c_int(value)})" if type_ == INT else c_int(bool(value))

    def op(self, e: ir.Op, p: int) -> str:
        listed = self.list_op(e, p)
        if listed is not None:
            return listed
        args = e.args
        cells = bool(args) and args[0].type == CELLS
        if e.op in ("and", "or"):
            local = self.here_in_reach(e, p) if e.op == "and" else None
            if local is not None:
                return local
            if cells and e.type == CELLS:
                fn = "bb_and" if e.op == "and" else "bb_or"
                out = self.expr(args[0], p)
                for x in args[1:]:
                    out = f"{fn}({out}, {self.expr(x, p)})"
                return out
            sym = " && " if e.op == "and" else " || "
            return "(" + sym.join(self.truth(x, p) for x in args) + ")"
        if e.op == "not":
            return f"bb_xor(PLAYABLE, {self.expr(args[0], p)})" if cells \
                else f"(!{self.truth(args[0], p)})"
        if e.op in ("no", "bool"):
            test = self.reach_meeting(args[0], p) or self.truth(args[0], p)
            return f"(!{test})" if e.op == "no" else test
        if e.op == "cells":
            return f"({self.truth(args[0], p)} ? PLAYABLE : ZERO)"
        if e.op == "number":   # a truth value as a number: 1 or 0
            return f"((int64_t)({self.truth(args[0], p)} ? 1 : 0))"
        if e.op == "in":
            return f"bb_any(bb_and({self.expr(args[0], p)}, {self.expr(args[1], p)}))"
        if e.op == "count":
            return f"((int64_t)bb_count({self.expr(args[0], p)}))"
        if e.op == "lowest":   # the first cell in cell order (none of none)
            self.helpers.setdefault("lowest", [
                "static inline bb bb_lowest(bb x) { int c = bb_low(x); "
                "return c < 0 ? ZERO : bb_bit(c); }"])
            return f"bb_lowest({self.expr(args[0], p)})"
        if e.op == "neg":
            return f"ck_sub(0, {self.expr(args[0], p)})"
        if e.op in COMPARISONS and cells and e.op in ("==", "!="):
            test = f"bb_eq({self.expr(args[0], p)}, {self.expr(args[1], p)})"
            return test if e.op == "==" else f"(!{test})"
        if e.op in ARITHMETIC and not cells:   # checked: a result past 64 bits fails the call
            a, b = (self.expr(x, p) for x in args)
            return f"{CHECKED[e.op]}({a}, {b})"
        if e.op in COMPARISONS and not cells:
            a, b = (self.expr(x, p) for x in args)
            return f"({a} {e.op} {b})"
        if e.op in ("/", "%"):
            a, b = (self.expr(x, p) for x in args)
            return f"{'floordiv' if e.op == '/' else 'floormod'}({a}, {b}, &gdl_error)"
        raise Unsupported(f"the operator '{e.op}'")

    def common_helpers(self, w: CWriter) -> None:
        """Small functions some expressions call (written whether used or not)."""
        size = self.layout_bits + 1
        for line in [
            "static inline int first_cell(bb x, int size) {",
            "    int c = bb_low(x); return c < 0 ? size - 1 : c;   /* Python's [-1]: the last */",
            "}",
            "static inline bb meet(const bb *at, bb x) {",
            "    bb out = ZERO; while (bb_any(x)) { int c = bb_pop(&x); out = bb_or(out, at[c]); }",
            "    return out;",
            "}",
            "static inline int64_t count_at(const int64_t *k, bb x) {",
            "    int64_t total = 0; while (bb_any(x)) total = ck_add(total, k[bb_pop(&x)]);",
            "    return total;",
            "}",
            "static inline bb zone_item(const bb *zones, int n, int64_t i) {",
            "    if (i < 0 || i >= n) { gdl_error = 2; return ZERO; }",
            "    return zones[i];",
            "}"]:
            w(line)
        del size

