"""Move generation of the core's travels (docs/core.md, 3): steps, slides, jumps and jump
chains, drops from a hand, and moves of numbers, each a bit-parallel loop that hands every
move to `add`. How a choice becomes a move int is the `Encoding`'s job: the first stage
writes `to | from << S | rule << 2S`, a further stage k ORs `(to + 1)` and `from` into its
own two fields of the move so far (`mv`), so that 0 means "skipped". Mixed into MoveCode.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.python.support import SourceWriter
from gdl.interpreter.core.geometry import Geometry
from gdl.limits import PARAMETER_VALUES, span


class Encoding:
    """How the emitters write a move: the first stage's fields, or a further stage's."""

    def __init__(self, cell_bits: int, tag: int, captures: int, shift: int | None = None):
        self.S, self.tag, self.captures, self.shift = cell_bits, tag, captures, shift

    def move(self, to: str, start: str | None = None, captured: str | None = None) -> str:
        S = self.S
        if self.shift is None:
            parts = [to]
            if start is not None:
                parts.append(f"{start} << {S}")
            if self.tag:
                parts.append(str(self.tag))
        else:
            parts = ["mv", f"({to} + 1) << {self.shift}"]
            if start is not None:
                parts.append(f"{start} << {self.shift + S}")
        if captured is not None:
            parts.append(f"{captured} << {self.captures}")
        return " | ".join(parts)


class TravelCode:
    """The emitters of one stage's moves, per kind of travel."""

    # What it uses of the generator it is mixed into.
    game: ir.GameIR
    geo: Geometry
    globals: dict[str, Any]
    n_kinds: int
    capture_shift: int
    layout_bits: int
    if TYPE_CHECKING:
        def expr(self, e: ir.Expr, p: int) -> str: ...
        def plane(self, player: int, kind: int) -> str: ...
        def table(self, name: str, value: Any) -> str: ...
        def counted_moves(self, w: SourceWriter, rule: ir.StepRule, p: int, mine: str,
                          enc: Encoding) -> None: ...
        def flying_jumps(self, w: SourceWriter, rule: ir.JumpRule, p: int,
                         enc: Encoding) -> None: ...
        def screened_moves(self, w: SourceWriter, rule: ir.StepRule, p: int, mine: str,
                           enc: Encoding) -> None: ...

    def droppable(self, rule: ir.DropRule) -> list[int]:
        """The kinds a drop rule may put down: its own, or every kind a hand can hold."""
        return [rule.kind] if rule.kind is not None else sorted(set(self.game.returns_as))

    def drop_moves(self, w: SourceWriter, rule: ir.DropRule, p: int, enc: Encoding) -> None:
        """Every kind held in the mover's hand onto every cell of `where` (the kind rides
        in the move's `from` field)."""
        w(f"to = {self.expr(rule.where, p)}")
        hand, kinds = f"v{self.game.hand}", self.n_kinds
        for k in self.droppable(rule):
            w(f"if {hand}[{p * kinds + k}]:")
            with w.indent():
                w("m = to")
                w("while m:")
                with w.indent():
                    w("low = m & -m")
                    w(f"add({enc.move('low.bit_length() - 1', str(k))})")
                    w("m ^= low")

    def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str:
        """The cells a travel starts from: the mover's pieces of its kind (on `origin`),
        or for a line of sight the origin cells themselves."""
        if rule.kind is None:
            assert rule.origin is not None   # a line of sight (a ride) says where it starts
            return self.expr(rule.origin, p)
        mine = self.plane(p, rule.kind)
        return mine if rule.origin is None else f"({mine} & {self.expr(rule.origin, p)})"

    def jump_moves(self, w: SourceWriter, rule: ir.JumpRule, p: int, enc: Encoding) -> None:
        """Every jump (or, with repeat, every maximal chain of jumps) of the rule's pieces."""
        # (over offset, landing offset, the cells from which both stay on the board)
        steps = [step for dx, dy in rule.directions[p] for step in self.geo.jumps(dx, dy)]
        w(f"over = {self.expr(rule.over, p)}")
        w(f"land = {self.expr(rule.to, p)}")
        w(f"m = {self.movers(rule, p)}")
        w("while m:")
        with w.indent():
            w("low = m & -m")
            w("m ^= low")
            w("f = low.bit_length() - 1")
            if rule.far:
                self.flying_jumps(w, rule, p, enc)
                return
            if not rule.repeat:
                for off, land, mask in steps:
                    w(f"if {mask!r} >> f & 1 and over >> (f + {off}) & 1 "
                      f"and land >> (f + {land}) & 1:")
                    with w.indent():
                        taken = f"1 << (f + {off})" if rule.takes else None
                        w(f"add({enc.move(f'(f + {land})', 'f', taken)})")
                return
            if not rule.takes:
                self.hop_chains(w, steps, enc)
                return
            self.jump_chains(w, steps, enc, rule.by_path, rule.stops,
                             ir.shortest_circuit(rule.directions[p]))

    def hop_chains(self, w: SourceWriter, steps: list[tuple[int, int, int]],
                   enc: Encoding) -> None:
        """Every cell a chain of hops (which take nothing) from the piece on `f` can reach,
        each once: the chain may stop after any hop, so its moves are the cells reached."""
        w("free = land | low   # the hopping piece has left its cell")
        w("seen = low")
        w("hover = over & ~low   # nor over its own cell")
        w("todo = [f]")
        w("while todo:")
        with w.indent():
            w("c = todo.pop()")
            for off, land, mask in steps:
                w(f"if {mask!r} >> c & 1 and hover >> (c + {off}) & 1 "
                  f"and free >> (c + {land}) & 1 and not seen >> (c + {land}) & 1:")
                with w.indent():
                    w(f"seen |= 1 << (c + {land})")
                    w(f"todo.append(c + {land})")
                    w(f"add({enc.move(f'(c + {land})', 'f')})")

    def jump_chains(self, w: SourceWriter, steps: list[tuple[int, int, int]], enc: Encoding,
                    by_path: bool, stops: bool = False, circuit: int = 4) -> None:
        """Every maximal chain from the piece on `f` (`stops`: every chain of one jump or
        more). A move is its ends and its captures, so a circuit of `circuit` or more captures
        run both ways is one move; `by_path` keeps the jumps made in the move instead (a
        few bits each, the step's number + 1, the first jump highest, above the captures),
        each order its own move."""
        width = len(steps).bit_length()
        w("free = land | low   # the jumping piece has left its cell")
        w("stack = [(f, 0, 0)]" if by_path else "stack = [(f, 0)]")
        w("while stack:")
        with w.indent():
            w("c, cap, path = stack.pop()" if by_path else "c, cap = stack.pop()")
            w("grown = False")
            for i, (off, land, mask) in enumerate(steps):
                w(f"if {mask!r} >> c & 1 and over >> (c + {off}) & 1 "
                  f"and not cap >> (c + {off}) & 1 and free >> (c + {land}) & 1:")
                with w.indent():
                    path = f", path << {width} | {i + 1}" if by_path else ""
                    w(f"stack.append((c + {land}, cap | 1 << (c + {off}){path}))")
                    w("grown = True")
            w("if cap:" if stops else "if cap and not grown:")
            with w.indent():
                if by_path:
                    w(f"add({enc.move('c', 'f', 'cap')} | path << {self.path_shift})")
                    return
                w(f"move = {enc.move('c', 'f', 'cap')}")
                w("# (`add` is the append of the list being filled)")
                w(f"if cap.bit_count() < {circuit} or move not in add.__self__:")
                with w.indent():
                    w("add(move)")

    @property
    def path_shift(self) -> int:
        """Where a by-path jump chain keeps its jumps: above every capture bit."""
        return self.capture_shift + self.layout_bits

    def step_moves(self, w: SourceWriter, rule: ir.StepRule, p: int, enc: Encoding) -> None:
        w(f"to = {self.expr(rule.to, p)}")
        mine = self.movers(rule, p)
        if rule.distance is not None:
            self.counted_moves(w, rule, p, mine, enc)
            return
        if rule.screens is not None:
            self.screened_moves(w, rule, p, mine, enc)
            return
        if rule.slide:
            self.slide_moves(w, rule, p, mine, enc)
            return
        for dx, dy in rule.directions[p]:
            for off, has in self.geo.shifts(dx, dy):
                moved = (f"({mine} & {has!r}) << {off}" if off > 0
                         else f"({mine} & {has!r}) >> {-off}")
                w(f"m = {moved} & to")
                w("while m:")
                with w.indent():
                    w("low = m & -m")
                    w("t = low.bit_length() - 1")
                    w(f"add({enc.move('t', f'(t - {off})')})")
                    w("m ^= low")

    def slide_moves(self, w: SourceWriter, rule: ir.StepRule, p: int, mine: str,
                    enc: Encoding) -> None:
        """Walk each piece along each direction over empty cells; every cell walked onto that
        is in `to` is a move, and the first occupied cell ends the walk."""
        w(f"m = {mine}")
        w("while m:")
        with w.indent():
            w("low = m & -m")
            w("m ^= low")
            w("f = low.bit_length() - 1")
            if self.geo.wraps:   # round a ring: back at the start, or at a cell listed already
                w("got = 1 << f")
            for dx, dy in rule.directions[p]:
                w("c = f")
                with self.walk(w, dx, dy):
                    if self.geo.wraps:
                        w("if got >> c & 1:")
                        with w.indent():
                            w("if c == f:")
                            with w.indent():
                                w("break")
                        w("elif to >> c & 1:")
                        with w.indent():
                            w("got |= 1 << c")
                            w(f"add({enc.move('c', 'f')})")
                    else:
                        w("if to >> c & 1:")
                        with w.indent():
                            w(f"add({enc.move('c', 'f')})")
                    w("if occ >> c & 1:")
                    with w.indent():
                        w("break")

    @contextlib.contextmanager
    def walk(self, w: SourceWriter, dx: int, dy: int):
        """A loop moving the cell `c` one neighbour along (dx, dy) at a time while there is
        one; the body written inside the `with` runs at each new cell. A lattice board (one
        shift) adds its offset; a points board looks the next cell up in a table."""
        pairs = self.geo.shifts(dx, dy)
        if len(pairs) == 1:
            ((off, has),) = pairs
            w(f"while {has!r} >> c & 1:")
            with w.indent():
                w(f"c += {off}")
                yield
            return
        name = self.table(f"NEXT_{dx}_{dy}".replace("-", "m"), self.geo.next_cells(dx, dy))
        w(f"while {name}[c] >= 0:")
        with w.indent():
            w(f"c = {name}[c]")
            yield

    def param_moves(self, w: SourceWriter, rule: ir.ParamRule, r: int, p: int) -> None:
        depth = 0
        self.globals["span"] = span   # refuses a range too big to list (gdl.limits)
        levels = ir.guard_levels(rule)   # each part of the guard once its numbers are known
        if levels[0]:
            w(f"if {' and '.join(f'({self.expr(c, p)})' for c in levels[0])}:")
            w.indent()
            depth += 1
        for i, (low, high) in enumerate(rule.ranges):
            # a plain range, unless it is too big to list: then span says so (no call
            # on the hot path)
            w(f"lo, hi = {self.expr(low, p)}, {self.expr(high, p)}")
            w(f"for a{i} in (range(lo, hi + 1) if hi - lo < {PARAMETER_VALUES} "
              f"else span(lo, hi)):")
            w.indent()
            depth += 1
            for part in levels[i + 1]:
                w(f"if not ({self.expr(part, p)}):")
                with w.indent():
                    w("continue")
        args = ", ".join(f"a{i}" for i in range(len(rule.ranges)))
        w(f"add(({r}, {args}))")
        w.depth -= depth
