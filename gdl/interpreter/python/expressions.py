"""Expressions of the core IR as Python source, for one player to move at a time.

`ExpressionCode` holds what every part of the generator shares (the game, its
geometry, the globals the code reads) and renders typed IR expressions: piece
planes, neighbour shifts, lines, zones, operators. Move generation and the
state update build on it in `codegen`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.core.results import result_codes, returns_table
from gdl.interpreter.core.relative import joined_table
from gdl.interpreter.python.support import TABLE_BITS, SourceWriter, has_run, item, lowest, meet
from gdl.interpreter.core.ir import CELLS


class ExpressionCode:
    if TYPE_CHECKING:   # written by `AttackCode` and `CountedCode`, mixed in beside this class
        def attacked_helper(self) -> None: ...
        def has_moves(self, e: ir.HasMoves, p: int) -> str: ...
        def connected_helper(self) -> None: ...
        def axis(self, e: ir.Axis, p: int) -> str: ...

    def __init__(self, game: ir.GameIR):
        self.game = game
        self.geo = game.geometry
        self.n_players = len(game.players)
        self.n_kinds = len(game.pieces)
        self.n_planes = len(game.initial_planes)   # 0 for a game without a board
        self.cell_bits = self.geo.size_bits
        self.cell_mask = (1 << self.cell_bits) - 1
        self.globals: dict[str, Any] = {"RETURNS": returns_table(self.n_players), "item": item,
                                        "lowest": lowest}
        self.board_rules: list[ir.Rule] = [r for r in game.rules if not isinstance(r, ir.ParamRule)]
        # rule index -> its number among the board rules (a board move's rule field)
        self.board_number: dict[int, int] = {}
        for i, r in enumerate(game.rules):
            if not isinstance(r, ir.ParamRule):
                self.board_number[i] = len(self.board_number)
        passes = [(i, r) for i, r in enumerate(game.rules) if isinstance(r, ir.PassRule)]
        self.pass_rule: ir.PassRule | None = passes[0][1] if passes else None   # at most one
        self.pass_index = passes[0][0] if passes else 0
        self.helpers: dict[str, list[str]] = {}   # helper functions the generated code calls
        # while a counted slide's distance is written: the direction it tries (its piece is
        # on cell `f`, bit `low`)
        self.travel: tuple[int, int] | None = None
        self.param_rules = [r for r in game.rules if isinstance(r, ir.ParamRule)]
        self.codes = result_codes(self.n_players)
        self.playable = self.geo.playable
        self.layout_bits = self.geo.height * self.geo.stride
        self.rule_bits = game.rule_bits
        # a board move: to, from, rule, then (to + 1, from) per further stage, then captures
        self.capture_shift = (2 * self.cell_bits + self.rule_bits
                              + 2 * self.cell_bits * game.stage_slots)
        nodes = list(ir.walk(game))
        self._used = {type(n) for n in nodes}
        self.extra_turns = ir.Again in self._used   # some move can give the mover another turn
        # `repeated board` somewhere: the positions seen keep the boards alone too
        self.uses_board_history = any(isinstance(n, ir.Repeated) and n.board for n in nodes)
        # `repeated 3`: the positions seen are counted (key, then (key, 2), (key, 3), ...)
        self.counts_repetitions = any(isinstance(n, ir.Repeated) and n.times > 2 for n in nodes)

    def uses(self, node_type: type) -> bool:
        """Whether some rule, end or filter of the game has a node of this type."""
        return node_type in self._used

    # ---- names
    def plane(self, player: int, kind: int) -> str:
        return f"b{player * self.n_kinds + kind}"

    @property
    def state_names(self) -> list[str]:
        return ([f"b{i}" for i in range(self.n_planes)]
                + [f"v{i}" for i in range(len(self.game.variables))])

    def unpack(self, w: SourceWriter) -> None:
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
        if owner == ir.ANY:   # the players and, when there are neutral pieces, their owner
            return list(range(self.n_players + (1 if self.game.neutral else 0)))
        return [int(owner)]

    def pieces(self, owner: ir.Owner, kind: int | None, p: int) -> str:
        kinds = range(self.n_kinds) if kind is None else [kind]
        names = [self.plane(q, k) for q in self.owners(owner, p) for k in kinds]
        # `occ` holds every piece; only ANY owners read it (see uses_occupancy).
        if owner == ir.ANY and len(names) == self.n_planes and self.n_planes > 1:
            return "occ"
        if not names:   # `enemy` in a one-player game: no piece at all
            return "(0)"
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
        if isinstance(e, ir.HasMoves):   # python/landing.py
            return self.has_moves(e, p)
        if isinstance(e, ir.Flank):
            self.flank_helper()
            return f"flank({self.pieces(ir.MOVER, None, p)}, {self.expr(e.operand, p)})"
        if isinstance(e, ir.Shift):
            return self.shift(e.directions[p], self.expr(e.operand, p))
        if isinstance(e, ir.Line):
            if e.within is not None:
                return self.line_within(e, p)
            if e.owner == ir.ANY:   # some one player has the line
                return "(" + " or ".join(self.line(e.length, self.pieces(q, None, p))
                                         for q in range(self.n_players)) + ")"
            return self.line(e.length, self.pieces(e.owner, None, p))
        if isinstance(e, ir.Captured):
            return "(took != 0)"
        if isinstance(e, ir.Taken):   # `prefer`'s measure: the move's captured cells
            return "took"
        if isinstance(e, ir.Here):
            return "bit"
        if isinstance(e, ir.Origin):
            return "low" if self.travel is not None else "org"
        if isinstance(e, ir.Adjacent):
            return self.shift(self.links(), self.expr(e.cells, p))
        if isinstance(e, ir.Reach):
            self.reach_helper()
            return f"reach({self.expr(e.start, p)}, {self.expr(e.within, p)})"
        if isinstance(e, ir.Connected):
            self.connected_helper()
            return f"connected({self.expr(e.cells, p)})"
        if isinstance(e, ir.Axis):
            return self.axis(e, p)
        if isinstance(e, ir.CountAt):
            if isinstance(e.cells, ir.Here):
                return f"v{e.var.index}[t]"
            self.helpers.setdefault("count_at", [
                "def count_at(counts, cells):", "    total = 0", "    while cells:",
                "        low = cells & -cells", "        total += counts[low.bit_length() - 1]",
                "        cells ^= low", "    return total"])
            return f"count_at(v{e.var.index}, {self.expr(e.cells, p)})"
        if isinstance(e, ir.InHand):
            return f"v{self.game.hand}[{p * self.n_kinds + e.kind}]"
        if isinstance(e, ir.CountsWhere):
            cells = self.table("PLAYABLE", tuple(self.geo.cells))
            return (f"sum(1 << c for c in {cells} "
                    f"if v{e.var.index}[c] {e.op} {self.expr(e.value, p)})")
        if isinstance(e, ir.Attacked):
            self.attacked_helper()
            return f"attacked(({', '.join(self.state_names)}, {p}, 0), {self.expr(e.cells, p)})"
        if isinstance(e, ir.Plies):
            return f"v{self.game.plies}"
        if isinstance(e, ir.Streak):   # the counts, [slot * players + player]
            who = p if e.who == ir.MOVER else self.next_player(p)
            at = (e.slot * self.n_players + who if isinstance(who, int)
                  else f"{e.slot * self.n_players} + {who}")
            return f"v{self.game.streak}[{at}]"
        if isinstance(e, ir.Repeated):
            key = self.board_key() if e.board else self.position_key(self.next_player(p))
            if e.times > 2:   # seen times - 1 times before
                return f"(({key}, {e.times - 1}) in v{self.game.history})"
            return f"({key} in v{self.game.history})"
        if isinstance(e, ir.Zone):
            return self.zone(e, p)
        if isinstance(e, (ir.LinesHolding, ir.Relative)):   # a table by cell, joined over X
            name, table = joined_table(self.geo, e)
            self.globals.setdefault(name, table)
            if isinstance(e.cells, ir.Here):
                return f"{name}[t]"
            self.globals["meet"] = meet
            return f"meet({name}, {self.expr(e.cells, p)})"
        if isinstance(e, ir.Slot):
            return f"{self.zone_table('SLOT', e.family)}[{self.first_cell(e.arg, p)}]"
        if isinstance(e, ir.Var):
            return f"v{e.index}"
        if isinstance(e, ir.Param):
            return f"a{e.index}"
        return self.op(e, p)

    @property
    def scores(self) -> bool:
        """Whether an end rule gives payoffs from scores (the result is then a payoff tuple)."""
        return any(end.outcome == "score" for end in self.game.ends)

    def next_player(self, p: int) -> int | str:
        """Who moves after player p: a constant, or the variable `nxt` when `again` can
        change it."""
        return "nxt" if self.extra_turns else (p + 1) % self.n_players

    def board_key(self) -> str:
        """Code for the board alone as a key (a shorter tuple than any position key, so the
        two kinds of key share one set of positions seen)."""
        return f"({''.join(f'b{i}, ' for i in range(self.n_planes))})"

    def position_key(self, player: int | str) -> str:
        """Code for a position's identity for repetition: board, variables, player to move
        (not the move counter, the history itself, nor the streaks' counts)."""
        skip = {self.game.plies, self.game.history, self.game.streak}
        names = [f"b{i}" for i in range(self.n_planes)]
        names += [f"v{i}" for i in range(len(self.game.variables)) if i not in skip]
        return f"({', '.join(names + [str(player)])},)"

    def shift(self, offsets: ir.Offsets, operand: str) -> str:
        parts = []
        for dx, dy in offsets:
            for off, has in self.geo.shifts(dx, dy):
                moved = f"{operand} >> {off}" if off > 0 else f"{operand} << {-off}"
                parts.append(f"({moved} & {has!r})")
        return "(" + " | ".join(parts) + ")" if parts else "0"

    def line(self, length: int, pieces: str) -> str:
        if self.layout_bits <= TABLE_BITS:
            name = f"LINE{length}"
            if name not in self.globals:
                runs = self.geo.runs(length)
                self.globals[name] = tuple(any(m & r == r for r in runs)
                                           for m in range(1 << self.layout_bits))
            return f"{name}[{pieces}]"
        if not self.geo.line_axes or self.geo.wraps:   # declared lines, or runs going round
            self.globals["has_run"] = has_run
            return f"has_run({pieces}, {self.table(f'RUNS{length}', self.geo.runs(length))})"
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
        assert where is not None   # `expr` sends only a line with its cells here
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

    def line_helper(self, w: SourceWriter, length: int) -> None:
        """`lineK(P)`: P holds K in a row, by doubling shifts (the guard column stops wraps)."""
        w(f"def line{length}(P):")
        with w.indent():
            if length == 1:
                w("return P != 0")
                return
            for dx, dy in self.geo.line_axes:
                ((off, _),) = self.geo.shifts(dx, dy)   # a lattice step: one shift, off > 0
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
            return "(" + f" {sym} ".join(self.expr(x, p) for x in and_or_chain(e)) + ")"
        a = [self.expr(x, p) for x in e.args]
        simple = {
            "not": lambda: f"({self.playable!r} ^ {a[0]})" if cells else f"(not {a[0]})",
            "cells": lambda: f"({self.playable!r} if {a[0]} else 0)",
            "number": lambda: f"(1 if {a[0]} else 0)",
            "no": lambda: f"(not {a[0]})", "bool": lambda: a[0], "in": lambda: f"({a[0]} & {a[1]})",
            "member": lambda: f"({a[0]} in {a[1]})", "count": lambda: f"{a[0]}.bit_count()",
            "lowest": lambda: f"lowest({a[0]})",
            "size": lambda: f"len({a[0]})", "sum": lambda: f"sum({a[0]})",
            "neg": lambda: f"(-{a[0]})",
            "index": lambda: f"item({a[0]}, {a[1]})", "list": lambda: f"({', '.join(a)},)",
            "/": lambda: f"({a[0]} // {a[1]})",
        }
        if e.op in simple:
            return simple[e.op]()
        return f"({a[0]} {e.op} {a[1]})"

    def links(self) -> ir.Offsets:
        """The offsets of the board's links, along which groups connect."""
        return self.geo.adjacent

    def reach_helper(self) -> None:
        """`reach(x, y)`: the cells of y connected to x through y, grown to a fixed point."""
        if "reach" in self.helpers:
            return
        self.helpers["reach"] = [
            "def reach(x, y):", "    m = x & y", "    while True:",
            f"        grown = (m | {self.shift(self.links(), 'm')}) & y",
            "        if grown == m:", "            return m", "        m = grown"]

    def flank_helper(self) -> None:
        """`flank(own, x)`: cells from which a run of x cells along some direction ends at own."""
        if "flank" in self.helpers:
            return
        lines = ["def flank(own, x):", "    out = 0"]
        for dx, dy in self.geo.directions.values():
            pairs = self.geo.shifts(dx, dy)
            if not pairs:
                continue

            def near(v: str, pairs=pairs) -> str:   # the cells whose neighbour is in v
                parts = [f"({v} >> {o} & {h!r})" if o > 0 else f"({v} << {-o} & {h!r})"
                         for o, h in pairs]
                return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"
            lines += [f"    r = {near('own')} & x", "    run = r", "    while r:",
                      f"        r = {near('r')} & x", "        run |= r",
                      f"    out |= {near('run')}"]
        lines.append("    return out")
        self.helpers["flank"] = lines


def and_or_chain(e: ir.Op) -> list[ir.Expr]:
    """The operands of a run of the same and/or operator (of the same type), left to right."""
    out: list[ir.Expr] = []
    stack: list[ir.Expr] = [e]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.Op) and node.op == e.op and node.type == e.type:
            stack.extend(reversed(node.args))
        else:
            out.append(node)
    return out


def uses_occupancy(node: Any) -> bool:
    """Whether the code for `node` reads `occ` (every piece on the board)."""
    return any(isinstance(n, (ir.Empty, ir.Full))
               or (isinstance(n, ir.Pieces) and n.owner == ir.ANY)
               for n in ir.walk(node))
