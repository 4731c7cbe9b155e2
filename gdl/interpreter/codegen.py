"""IR -> Python source for a game's hot functions, specialised per player.

`generate(game)` is pure: it returns `(source, globals)`. The source is built
only from the checked IR: generated names (b0.. for piece planes, v0.. for
state variables, a0.. for move parameters) and integers written with `repr`.
Tables the code reads (cell lists, line tests, symmetry images) reach it
through the globals, never through the text.

The state is the tuple `(b0, .., bN, v0, .., vM, player, result)`; result 0
means the game goes on, and `RETURNS[result]` gives the payoffs. A board move
is the int `to | from << S | rule << 2S | captured << (2S + RULE_BITS)` (S bits
per cell; `captured`, the mask of jumped pieces, only for jumps); a
parameterised move is the tuple `(rule, a0, a1, ..)`.
"""

from __future__ import annotations

from typing import Any

import attrs

from gdl.interpreter import ir
from gdl.interpreter.geometry import COMPASS, LINE_DIRECTIONS, bits
from gdl.interpreter.ir import CELLS

RULE_BITS = 4      # board rules per game: at most 2 ** RULE_BITS
TABLE_BITS = 12    # boards with at most this many layout bits get whole-board lookup tables
CHUNK_BITS = 8     # otherwise symmetry images are looked up 8 bits at a time


def result_codes(players: int) -> dict[tuple[str, int | None], int]:
    """(outcome, player) -> result code; code 0 is "not over"."""
    codes = {("wins", p): 1 + p for p in range(players)}
    codes.update({("loses", p): 1 + players + p for p in range(players)})
    codes[("draw", None)] = 1 + 2 * players
    return codes


def swapped_results(players: int) -> tuple[int, ...]:
    """Result code -> the code with players 0 and 1 exchanged (a colour swap's image)."""
    codes = result_codes(players)
    out = list(range(len(codes) + 1))
    for (outcome, who), code in codes.items():
        if who in (0, 1):
            out[code] = codes[(outcome, 1 - who)]
    return tuple(out)


def returns_table(players: int) -> tuple[tuple[float, ...], ...]:
    """Payoffs by result code: a win is +1 and the others share -1; a loss the reverse."""
    share = 1.0 / (players - 1) if players > 1 else 1.0
    table = [tuple(0.0 for _ in range(players))]
    for sign in (1.0, -1.0):
        for p in range(players):
            table.append(tuple(sign if q == p else -sign * share for q in range(players)))
    table.append(tuple(0.0 for _ in range(players)))
    return tuple(table)


def meet(block_at: tuple[int, ...], cells: int) -> int:
    """The union of the blocks holding any of `cells` (block_at: cell -> its block)."""
    out = 0
    while cells:
        low = cells & -cells
        out |= block_at[low.bit_length() - 1]
        cells ^= low
    return out


def has_run(pieces: int, runs: tuple[int, ...]) -> bool:
    """Whether `pieces` covers one of `runs` completely."""
    for run in runs:
        if pieces & run == run:
            return True
    return False


def item(values: tuple, index: int) -> int:
    """`values[index]` counted from 1, refusing indices outside the list (no wrap-around)."""
    if not 1 <= index <= len(values):
        raise IndexError(f"index {index} is outside 1..{len(values)}")
    return values[index - 1]


class _Writer:
    """Indented source lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def indent(self) -> "_Writer":
        self.depth += 1
        return self

    def __enter__(self) -> None:
        pass

    def __exit__(self, *exc: Any) -> None:
        self.depth -= 1


class Generator:
    def __init__(self, game: ir.GameIR):
        self.game = game
        self.geo = game.geometry
        self.n_players = len(game.players)
        self.n_kinds = len(game.pieces)
        self.n_planes = len(game.initial_planes)   # 0 for a game without a board
        self.cell_bits = self.geo.size_bits
        self.cell_mask = (1 << self.cell_bits) - 1
        self.globals: dict[str, Any] = {"RETURNS": returns_table(self.n_players), "item": item}
        self.board_rules = [r for r in game.rules if not isinstance(r, ir.ParamRule)]
        self.pass_rule = next((r for r in game.rules if isinstance(r, ir.PassRule)), None)
        self.helpers: dict[str, list[str]] = {}   # helper functions the generated code calls
        self.param_rules = [r for r in game.rules if isinstance(r, ir.ParamRule)]
        self.codes = result_codes(self.n_players)
        self.playable = self.geo.playable
        self.layout_bits = self.geo.height * self.geo.stride
        self.capture_shift = 2 * self.cell_bits + RULE_BITS

    # ---- names
    def plane(self, player: int, kind: int) -> str:
        return f"b{player * self.n_kinds + kind}"

    @property
    def state_names(self) -> list[str]:
        return ([f"b{i}" for i in range(self.n_planes)]
                + [f"v{i}" for i in range(len(self.game.variables))])

    def unpack(self, w: _Writer) -> None:
        w(f"{', '.join(self.state_names + ['pl', 'res'])} = s")

    def occ(self) -> str:
        return " | ".join(f"b{i}" for i in range(self.n_planes)) or "0"

    def table(self, name: str, value: Any) -> str:
        self.globals[name] = value
        return name

    # ---- expressions
    def owners(self, owner: ir.Owner, p: int) -> list[int]:
        if owner == ir.MOVER:
            return [p]
        if owner == ir.OPPONENT:
            return [q for q in range(self.n_players) if q != p]
        if owner == ir.ANY:
            return list(range(self.n_players))
        return [int(owner)]

    def pieces(self, owner: ir.Owner, kind: int | None, p: int) -> str:
        kinds = range(self.n_kinds) if kind is None else [kind]
        names = [self.plane(q, k) for q in self.owners(owner, p) for k in kinds]
        if len(names) == self.n_planes and self.n_planes > 1:
            return "occ"
        return "(" + " | ".join(names) + ")" if len(names) > 1 else names[0]

    def expr(self, e: ir.Expr, p: int) -> str:
        if isinstance(e, ir.Const):
            return repr(e.value)
        if isinstance(e, ir.PerPlayer):
            return repr(e.values[p])
        if isinstance(e, ir.Pieces):
            return self.pieces(e.owner, e.kind, p)
        if isinstance(e, ir.Empty):
            return f"({self.playable!r} ^ occ)"
        if isinstance(e, ir.Full):
            return f"(occ == {self.playable!r})"
        if isinstance(e, ir.HasMoves):
            who = p if e.who == ir.MOVER else (p + 1) % self.n_players
            names = "".join(f"{n}, " for n in self.state_names)
            return f"moves(({names}{who}, 0))"
        if isinstance(e, ir.Flank):
            self.flank_helper()
            return f"flank({self.pieces(ir.MOVER, None, p)}, {self.expr(e.operand, p)})"
        if isinstance(e, ir.Shift):
            return self.shift(e.directions[p], self.expr(e.operand, p))
        if isinstance(e, ir.Line):
            if e.within is not None:
                return self.line_within(e, p)
            return self.line(e.length, self.pieces(e.owner, None, p))
        if isinstance(e, ir.Here):
            return "bit"
        if isinstance(e, ir.Zone):
            return self.zone(e, p)
        if isinstance(e, ir.Slot):
            return f"{self.zone_table('SLOT', e.family)}[{self.first_cell(e.arg, p)}]"
        if isinstance(e, ir.Var):
            return f"v{e.index}"
        if isinstance(e, ir.Param):
            return f"a{e.index}"
        return self.op(e, p)

    def shift(self, offsets: ir.Offsets, operand: str) -> str:
        parts = []
        for dx, dy in offsets:
            off = self.geo.offset(dx, dy)
            has = self.geo.has_neighbour(dx, dy)
            moved = f"{operand} >> {off}" if off > 0 else f"{operand} << {-off}"
            parts.append(f"({moved} & {has!r})")
        return "(" + " | ".join(parts) + ")" if parts else "0"

    def line(self, length: int, pieces: str) -> str:
        if self.layout_bits <= TABLE_BITS:
            name = f"LINE{length}"
            if name not in self.globals:
                runs = self.geo.runs(length)
                self.globals[name] = tuple(any(m & r == r for r in runs) for m in range(1 << self.layout_bits))
            return f"{name}[{pieces}]"
        name = f"line{length}"
        if name not in self.globals:
            self.globals[name] = None   # marks the helper as needed; its source is emitted below
        return f"{name}({pieces})"

    def first_cell(self, e: ir.Expr, p: int) -> str:
        """Code for the index of the lowest cell of a set (`t` itself for `here`)."""
        if isinstance(e, ir.Here):
            return "t"
        return f"(({self.expr(e, p)}) & -({self.expr(e, p)})).bit_length() - 1"

    def zone_table(self, kind: str, family: int) -> str:
        """ZONE: block masks by number (0: none); ZONEAT: by cell, the block holding it;
        SLOT: by cell, its place in its block (numbered like the blocks)."""
        name = f"{kind}{family}"
        if name in self.globals:
            return name
        zones = self.game.zones[family]
        size = self.layout_bits + 1
        if kind == "ZONE":
            table: tuple = (0, *zones.blocks)
        elif kind == "ZONEAT":
            table = tuple(next((b for b in zones.blocks if b >> c & 1), 0) for c in range(size))
        else:
            def slot(c: int) -> int:
                x, y = self.geo.xy(c)
                return (y % zones.height) * zones.width + x % zones.width + 1
            table = tuple(slot(c) if self.playable >> c & 1 else 0 for c in range(size))
        self.globals[name] = table
        return name

    def zone(self, e: ir.Zone, p: int) -> str:
        if e.arg.type != CELLS:
            return f"item({self.zone_table('ZONE', e.family)}, {self.expr(e.arg, p)} + 1)"
        at = self.zone_table("ZONEAT", e.family)
        if isinstance(e.arg, ir.Here):
            return f"{at}[t]"
        self.globals["meet"] = meet
        return f"meet({at}, {self.expr(e.arg, p)})"

    def line_within(self, e: ir.Line, p: int) -> str:
        """A line inside a set of cells: the runs wholly inside it, tested one by one
        (looked up per cell when the set is `Z here`, the block the piece landed in)."""
        pieces = self.pieces(e.owner, None, p)
        self.globals["has_run"] = has_run
        where = e.within
        if isinstance(where, ir.Zone) and isinstance(where.arg, ir.Here):
            name = f"ZRUNS{where.family}_{e.length}"
            if name not in self.globals:
                runs = self.geo.runs(e.length)
                at = self.globals[self.zone_table("ZONEAT", where.family)]
                self.globals[name] = tuple(tuple(r for r in runs if at[c] and r & ~at[c] == 0)
                                           for c in range(len(at)))
            return f"has_run({pieces}, {name}[t])"
        name = f"RUNS{e.length}"
        self.globals.setdefault(name, self.geo.runs(e.length))
        return f"has_run({pieces}, tuple(r for r in {name} if not r & ~{self.expr(where, p)}))"

    def line_helper(self, w: _Writer, length: int) -> None:
        """`lineK(P)`: P holds K in a row, by doubling shifts (the guard column stops wraps)."""
        w(f"def line{length}(P):")
        with w.indent():
            if length == 1:
                w("return P != 0")
                return
            for dx, dy in LINE_DIRECTIONS:
                off = self.geo.offset(dx, dy)
                w("m = P")
                run = 1
                while run * 2 <= length:
                    w(f"m &= m >> {run * off}")
                    run *= 2
                if run < length:
                    w(f"m &= m >> {(length - run) * off}")
                w("if m:")
                with w.indent():
                    w("return True")
            w("return False")

    def op(self, e: ir.Op, p: int) -> str:
        cells = e.args[0].type == CELLS
        if e.op in ("and", "or"):
            # A chain `a and b and c` is written flat: Python limits nested parentheses.
            sym = ("&" if e.op == "and" else "|") if cells and e.type == CELLS else e.op
            return "(" + f" {sym} ".join(self.expr(x, p) for x in _chain(e)) + ")"
        a = [self.expr(x, p) for x in e.args]
        simple = {
            "not": lambda: f"({self.playable!r} ^ {a[0]})" if cells else f"(not {a[0]})",
            "cells": lambda: f"({self.playable!r} if {a[0]} else 0)",
            "no": lambda: f"(not {a[0]})", "bool": lambda: a[0], "in": lambda: f"({a[0]} & {a[1]})",
            "member": lambda: f"({a[0]} in {a[1]})", "count": lambda: f"{a[0]}.bit_count()",
            "size": lambda: f"len({a[0]})", "sum": lambda: f"sum({a[0]})", "neg": lambda: f"(-{a[0]})",
            "index": lambda: f"item({a[0]}, {a[1]})", "list": lambda: f"({', '.join(a)},)",
            "/": lambda: f"({a[0]} // {a[1]})",
        }
        if e.op in simple:
            return simple[e.op]()
        return f"({a[0]} {e.op} {a[1]})"

    # ---- legal moves
    def rule_tag(self, rule: ir.Rule) -> int:
        return self.board_rules.index(rule) << (2 * self.cell_bits)

    def single_place(self) -> bool:
        rules = self.game.rules
        return len(rules) == 1 and isinstance(rules[0], ir.PlaceRule)

    def gen_legal(self, w: _Writer) -> None:
        """`moves(s)`: every move but a pass; `legal_moves(s)`: those, or the pass if none."""
        w("def moves(s):")
        with w.indent():
            self.unpack(w)
            w("if res:")
            with w.indent():
                w("return ()")
            w(f"occ = {self.occ()}")
            self.per_player(w, self.legal_for)
        w("")
        if self.pass_rule is None:
            w("legal_moves = moves")
            return
        w("def legal_moves(s):")
        with w.indent():
            w("if s[-1]:")
            with w.indent():
                w("return ()")
            w(f"return moves(s) or ({self.rule_tag(self.pass_rule)},)")

    def per_player(self, w: _Writer, body) -> None:
        """One specialised branch per player to move (one block when they are all alike)."""
        blocks = []
        for p in range(self.n_players):
            part = _Writer()
            part.depth = w.depth + 1
            body(part, p)
            blocks.append(part.lines)
        if all(b == blocks[0] for b in blocks):
            w.lines += [line[4:] for line in blocks[0]]
            return
        last = self.n_players - 1
        for p, lines in enumerate(blocks):
            w("if pl == 0:" if p == 0 else "else:" if p == last else f"elif pl == {p}:")
            w.lines += lines

    def legal_for(self, w: _Writer, p: int) -> None:
        if self.single_place() and self.layout_bits <= TABLE_BITS:
            cells = self.table("CELLS", tuple(tuple(bits(m)) for m in range(1 << self.layout_bits)))
            w(f"return {cells}[{self.expr(self.game.rules[0].where, p)}]")
            return
        w("out = []")
        w("add = out.append")
        rules = [r for r in self.game.rules if not isinstance(r, ir.PassRule)]
        first = [self.game.rules[i] for i in self.game.priority]
        for rule in first + [r for r in rules if r not in first]:
            if first and rule is not first[0] and rule not in first:
                w("if out:")
                with w.indent():
                    w("return out")
                first = []
            if isinstance(rule, ir.PlaceRule):
                tag = self.rule_tag(rule)
                w(f"m = {self.expr(rule.where, p)}")
                w("while m:")
                with w.indent():
                    w("low = m & -m")
                    w(f"add(low.bit_length() - 1{f' | {tag}' if tag else ''})")
                    w("m ^= low")
            elif isinstance(rule, ir.StepRule):
                self.step_moves(w, rule, p)
            elif isinstance(rule, ir.JumpRule):
                self.jump_moves(w, rule, p)
            else:
                self.param_moves(w, rule, p)
        w("return out")

    def jump_mask(self, dx: int, dy: int) -> int:
        """The cells from which a jump along (dx, dy) stays on the board (over and landing)."""
        return self.geo.mask(lambda x, y: self.geo.on_board(x + dx, y + dy)
                             and self.geo.on_board(x + 2 * dx, y + 2 * dy))

    def jump_moves(self, w: _Writer, rule: ir.JumpRule, p: int) -> None:
        """Every jump (or, with repeat, every maximal chain of jumps) of the rule's pieces."""
        tag = self.rule_tag(rule)
        tail = f" | {tag}" if tag else ""
        S, caps = self.cell_bits, self.capture_shift
        steps = [(self.geo.offset(dx, dy), self.jump_mask(dx, dy)) for dx, dy in rule.directions[p]]
        w(f"over = {self.expr(rule.over, p)}")
        w(f"land = {self.expr(rule.to, p)}")
        w(f"m = {self.plane(p, rule.kind)}")
        w("while m:")
        with w.indent():
            w("low = m & -m")
            w("m ^= low")
            w("f = low.bit_length() - 1")
            if not rule.repeat:
                for off, mask in steps:
                    w(f"if {mask!r} >> f & 1 and over >> (f + {off}) & 1 and land >> (f + {2 * off}) & 1:")
                    with w.indent():
                        w(f"add((f + {2 * off}) | f << {S}{tail} | 1 << (f + {off}) << {caps})")
                return
            w("free = land | low   # the jumping piece has left its cell")
            w("stack = [(f, 0)]")
            w("while stack:")
            with w.indent():
                w("c, cap = stack.pop()")
                w("grown = False")
                for off, mask in steps:
                    w(f"if {mask!r} >> c & 1 and over >> (c + {off}) & 1 and not cap >> (c + {off}) & 1 "
                      f"and free >> (c + {2 * off}) & 1:")
                    with w.indent():
                        w(f"stack.append((c + {2 * off}, cap | 1 << (c + {off})))")
                        w("grown = True")
                w("if cap and not grown:")
                with w.indent():
                    w(f"move = c | f << {S}{tail} | cap << {caps}")
                    w("# a circuit of four or more captures can be run both ways: one move")
                    w("if cap.bit_count() < 4 or move not in out:")
                    with w.indent():
                        w("add(move)")

    def flank_helper(self) -> None:
        """`flank(own, x)`: cells from which a run of x cells along some direction ends at own."""
        if "flank" in self.helpers:
            return
        lines = ["def flank(own, x):", "    out = 0"]
        for dx, dy in COMPASS.values():
            off, has = self.geo.offset(dx, dy), self.geo.has_neighbour(dx, dy)
            near = (lambda v, o=off, h=has: f"({v} >> {o} & {h!r})" if o > 0 else f"({v} << {-o} & {h!r})")
            lines += [f"    r = {near('own')} & x", "    run = r", "    while r:",
                      f"        r = {near('r')} & x", "        run |= r", f"    out |= {near('run')}"]
        lines.append("    return out")
        self.helpers["flank"] = lines

    def step_moves(self, w: _Writer, rule: ir.StepRule, p: int) -> None:
        tag = self.rule_tag(rule)
        w(f"to = {self.expr(rule.to, p)}")
        mine = self.plane(p, rule.kind)
        for dx, dy in rule.directions[p]:
            off = self.geo.offset(dx, dy)
            has = self.geo.has_neighbour(dx, dy)
            moved = f"({mine} & {has!r}) << {off}" if off > 0 else f"({mine} & {has!r}) >> {-off}"
            w(f"m = {moved} & to")
            w("while m:")
            with w.indent():
                w("low = m & -m")
                w("t = low.bit_length() - 1")
                w(f"add(t | (t - {off}) << {self.cell_bits}{f' | {tag}' if tag else ''})")
                w("m ^= low")

    def param_moves(self, w: _Writer, rule: ir.ParamRule, p: int) -> None:
        r = self.game.rules.index(rule)
        depth = 0
        for i, (low, high) in enumerate(rule.ranges):
            w(f"for a{i} in range({self.expr(low, p)}, {self.expr(high, p)} + 1):")
            w.indent()
            depth += 1
        args = ", ".join(f"a{i}" for i in range(len(rule.ranges)))
        if rule.guard is not None:
            w(f"if {self.expr(rule.guard, p)}:")
            with w.indent():
                w(f"add(({r}, {args}))")
        else:
            w(f"add(({r}, {args}))")
        w.depth -= depth

    # ---- apply
    def gen_apply(self, w: _Writer) -> None:
        w("def apply(s, m):")
        with w.indent():
            self.unpack(w)
            self.per_player(w, self.apply_for)

    def apply_for(self, w: _Writer, p: int) -> None:
        rules = self.game.rules
        if len(rules) == 1:
            self.apply_rule(w, rules[0], p)
            return
        for i, rule in enumerate(rules):
            if isinstance(rule, ir.ParamRule):
                test = f"m[0] == {i}" if not self.board_rules else f"m.__class__ is tuple and m[0] == {i}"
            else:
                test = f"m >> {2 * self.cell_bits} & {(1 << RULE_BITS) - 1} == {self.board_rules.index(rule)}"
                if self.param_rules:
                    test = f"m.__class__ is int and {test}"
            w(f"{'if' if i == 0 else 'elif'} {test}:")
            with w.indent():
                self.apply_rule(w, rule, p)
        w("raise ValueError('not a move of this game')")

    def apply_rule(self, w: _Writer, rule: ir.Rule, p: int) -> None:
        if isinstance(rule, ir.PlaceRule):
            w(f"t = {'m' if self.single_place() else f'm & {self.cell_mask}'}")
            w("bit = 1 << t")
            if not _within_empty(rule.where):   # placing on a piece replaces it
                self.clear_all(w, "~bit")
            w(f"{self.plane(p, rule.kind)} |= bit")
        elif isinstance(rule, (ir.JumpRule, ir.StepRule)):
            # The piece leaves its cell; whatever stands on the landing cell (and, for a jump,
            # on the jumped cells) is taken, whoever owns it; then the piece lands.
            mine = self.plane(p, rule.kind)
            w(f"t = m & {self.cell_mask}")
            w("bit = 1 << t")
            w(f"{mine} ^= 1 << (m >> {self.cell_bits} & {self.cell_mask})")
            taken = f"~(bit | m >> {self.capture_shift})" if isinstance(rule, ir.JumpRule) else "~bit"
            self.clear_all(w, taken)
            w(f"{mine} |= bit")
        elif isinstance(rule, ir.PassRule):
            pass
        else:
            for i in range(len(rule.ranges)):
                w(f"a{i} = m[{i + 1}]")
        effects = getattr(rule, "effects", ())
        if any(_uses_occupancy(e) for e in effects):
            w(f"occ = {self.occ()}")
        for effect in effects:
            self.effect(w, effect, rule, p)
        self.ends(w, p)

    def clear_all(self, w: _Writer, keep: str) -> None:
        """Every plane loses the cells outside `keep` (an expression of the cells to keep)."""
        w(f"keep = {keep}")
        for i in range(self.n_planes):
            w(f"b{i} &= keep")

    def effect(self, w: _Writer, effect: ir.Effect, rule: ir.Rule, p: int) -> None:
        if isinstance(effect, ir.Guard):
            w(f"if {self.expr(effect.condition, p)}:")
            with w.indent():
                self.effect(w, effect.effect, rule, p)
            return
        if isinstance(effect, ir.Fill):
            w(f"fill = {self.expr(effect.cells, p)}")
            self.clear_all(w, "~fill")
            w(f"{self.plane(p, effect.kind)} |= fill")
            w(f"occ = {self.occ()}")
            return
        if isinstance(effect, ir.Flip):
            self.flip(w, effect, p)
            return
        if isinstance(effect, ir.Promote):
            w(f"occ = {self.occ()}")
            w(f"if bit & {self.expr(effect.where, p)}:")
            with w.indent():
                w(f"{self.plane(p, rule.kind)} ^= bit")
                w(f"{self.plane(p, effect.kind)} |= bit")
            return
        target = f"v{effect.var}"
        value = self.expr(effect.value, p)
        if effect.index is None:
            w(f"{target} = {value}" if effect.op == "=" else f"{target} {effect.op} {value}")
            return
        w(f"i = {self.expr(effect.index, p)} - 1")
        w(f"if not 0 <= i < len({target}):")
        with w.indent():
            w("raise IndexError(f'index {i + 1} is outside 1..{len(" + target + ")}')")
        new = value if effect.op == "=" else f"{target}[i] {effect.op[0]} {value}"
        w(f"{target} = {target}[:i] + ({new},) + {target}[i + 1:]")

    def flip(self, w: _Writer, effect: ir.Flip, p: int) -> None:
        """Walk the eight directions from the placed cell t; runs of the flipped cells that end
        at one of the mover's pieces change owner (keeping their kind)."""
        w(f"occ = {self.occ()}")
        w(f"x = {self.expr(effect.cells, p)}")
        w(f"own = {self.pieces(ir.MOVER, None, p)}")
        w("flips = 0")
        for dx, dy in COMPASS.values():
            off, has = self.geo.offset(dx, dy), self.geo.has_neighbour(dx, dy)
            w("c = t")
            w("run = 0")
            w(f"while {has!r} >> c & 1:")
            with w.indent():
                w(f"c += {off}")
                w("if x >> c & 1:")
                with w.indent():
                    w("run |= 1 << c")
                    w("continue")
                w("if own >> c & 1:")
                with w.indent():
                    w("flips |= run")
                w("break")
        for k in range(self.n_kinds):
            for q in range(self.n_players):
                if q != p:
                    w(f"turned = {self.plane(q, k)} & flips")
                    w(f"{self.plane(q, k)} ^= turned")
                    w(f"{self.plane(p, k)} |= turned")

    def ends(self, w: _Writer, p: int) -> None:
        nxt = (p + 1) % self.n_players
        names = ", ".join(self.state_names)
        prefix = f"{names}, " if names else ""
        if any(_uses_occupancy(end.condition) for end in self.game.ends):
            w(f"occ = {self.occ()}")
        for end in self.game.ends:
            who = {ir.MOVER: p, ir.OPPONENT: nxt, None: None}.get(end.who, end.who)
            code = self.codes[(end.outcome, who)]
            w(f"if {self.expr(end.condition, p)}:")
            with w.indent():
                w(f"return ({prefix}{nxt}, {code})")
        w(f"return ({prefix}{nxt}, 0)")

    def gen_start(self, w: _Writer) -> None:
        """`start(s)`: the initial state with its result, as if the last player had just moved
        (a Nim with empty heaps is over before it begins)."""
        w("def start(s):")
        with w.indent():
            self.unpack(w)
            w(f"occ = {self.occ()}")
            self.ends(w, self.n_players - 1)

    # ---- canonical
    def gen_canonical(self, w: _Writer) -> None:
        w("def canonical(s):")
        with w.indent():
            symmetries = self.game.symmetries[1:]
            if not symmetries:
                w("return s")
                return
            self.unpack(w)
            w("best = s")
            variables = [f"v{i}" for i in range(len(self.game.variables))]
            for j, sym in enumerate(symmetries):
                # A colour swap: player 0's planes come from player 1's and back, the turn
                # and the result change hands.
                planes = [self.swapped_plane(i) if sym.swap else i for i in range(self.n_planes)]
                images = [self.image(j, sym.perm, f"b{i}") for i in planes]
                if sym.swap:
                    self.globals["SWAPRES"] = swapped_results(self.n_players)
                turn = ["pl ^ 1", "SWAPRES[res]"] if sym.swap else ["pl", "res"]
                w(f"t = ({', '.join(images + variables + turn)})")
                w("if t < best:")
                with w.indent():
                    w("best = t")
            w("return best")

    def swapped_plane(self, i: int) -> int:
        player, kind = divmod(i, self.n_kinds)
        return (1 - player) * self.n_kinds + kind if player < 2 else i

    def image(self, j: int, perm: tuple[int, ...], plane: str) -> str:
        if all(perm[c] == c for c in range(len(perm))):
            return plane
        width = self.layout_bits if self.layout_bits <= TABLE_BITS else CHUNK_BITS
        parts = []
        for c in range(0, self.layout_bits, width):
            chunk_cells = [x for x in range(c, min(c + width, self.layout_bits)) if self.playable >> x & 1]
            if not chunk_cells:
                continue
            name = f"SYM{j}_{c}"
            self.globals[name] = tuple(
                sum(1 << perm[c + b] for b in range(width) if v >> b & 1 and c + b < len(perm))
                for v in range(1 << width))
            source = f"{plane} >> {c} & {(1 << width) - 1}" if c else f"{plane} & {(1 << width) - 1}"
            parts.append(f"{name}[{source}]")
        return " | ".join(parts)

    # ---- quantities
    def gen_quantities(self, w: _Writer) -> None:
        """`quantities(s)`: each declared quantity's values, one per player's view (one in
        all when it reads no player's view)."""
        w("def quantities(s):")
        with w.indent():
            self.unpack(w)
            w(f"occ = {self.occ()}")
            values = []
            for q in self.game.quantities:
                views = range(self.n_players) if q.per_player else range(1)
                values.append("(" + ", ".join(self.expr(q.expr, p) for p in views) + ",)")
            w(f"return ({', '.join(values)},)")

    # ---- the module
    def generate(self) -> tuple[str, dict[str, Any]]:
        w = _Writer()
        w(f"# Generated by gdl from the rules of {self.game.name!r}; do not edit.")
        w(f"# State: ({', '.join(self.state_names + ['player', 'result'])})")
        body = _Writer()
        self.gen_legal(body)
        body("")
        self.gen_apply(body)
        body("")
        self.gen_start(body)
        body("")
        self.gen_canonical(body)
        if self.game.quantities:
            body("")
            self.gen_quantities(body)
        for name in sorted(self.globals):
            if name.startswith("line") and self.globals[name] is None:
                del self.globals[name]
                w("")
                self.line_helper(w, int(name[4:]))
        for lines in self.helpers.values():
            w("")
            w.lines += lines
        w("")
        return "\n".join(w.lines + body.lines) + "\n", self.globals


def _chain(e: ir.Op) -> list[ir.Expr]:
    """The operands of a run of the same and/or operator (of the same type), left to right."""
    out: list[ir.Expr] = []
    stack = [e]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.Op) and node.op == e.op and node.type == e.type:
            stack.extend(reversed(node.args))
        else:
            out.append(node)
    return out


def _nodes(node: Any):
    """`node` and every IR node below it (expressions inside effects and rules included)."""
    yield node
    if attrs.has(type(node)):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if attrs.has(type(item)):
                    yield from _nodes(item)


def _uses_occupancy(node: Any) -> bool:
    """Whether the code for `node` reads `occ` (every piece on the board)."""
    return any(isinstance(n, (ir.Empty, ir.Full)) or (isinstance(n, ir.Pieces) and n.owner == ir.ANY)
               for n in _nodes(node))


def _within_empty(where: ir.Expr) -> bool:
    """Whether a placement condition only ever allows empty cells."""
    if isinstance(where, ir.Empty):
        return True
    return isinstance(where, ir.Op) and where.op == "and" and any(_within_empty(a) for a in where.args)


def generate(game: ir.GameIR) -> tuple[str, dict[str, Any]]:
    """The source of `legal_moves(s)`, `apply(s, m)`, `canonical(s)` and the globals they read."""
    return Generator(game).generate()
