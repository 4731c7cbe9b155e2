"""The effects of a move in the generated Python (docs/core.md, 6): fills, toggles, carries,
turns and cycles of regions, swaps, counts per cell, sowing, flips, promotion and variables.

Mixed into `Generator` (python/generate.py), whose `stage_change` runs a stage's effects
after its piece has moved; `allowed` (the legality filter) leaves out the effects on
variables the filter never reads.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, cast

from gdl.interpreter.core import ir
from gdl.interpreter.core.reads import effect_takes_read, filter_reads, sets_only
from gdl.interpreter.python.support import SourceWriter, Turner

if TYPE_CHECKING:
    from gdl.interpreter.core.geometry import Geometry


class EffectCode:
    """A stage's effects, and the clearing of cells every plane shares."""

    # What it uses of `ExpressionCode` and `TravelCode`, the classes it is mixed with.
    game: ir.GameIR
    geo: Geometry
    globals: dict[str, Any]
    n_players: int
    n_kinds: int
    n_planes: int
    if TYPE_CHECKING:
        def occ(self) -> str: ...
        def plane(self, player: int, kind: int) -> str: ...
        def pieces(self, owner: ir.Owner, kind: int | None, p: int) -> str: ...
        def expr(self, e: ir.Expr, p: int) -> str: ...
        def table(self, name: str, value: Any) -> str: ...
        def walk(self, w: SourceWriter, dx: int, dy: int
                 ) -> contextlib.AbstractContextManager[None]: ...
        def uses(self, node_type: type) -> bool: ...
        def hand_gains(self, w: SourceWriter, p: int, cells: str) -> None: ...

    def clear_all(self, w: SourceWriter, keep: str, planes: list[int] | None = None) -> None:
        """Every plane (of `planes`, default all) loses the cells outside `keep` (an
        expression of the cells to keep)."""
        w(f"keep = {keep}")
        for i in range(self.n_planes) if planes is None else planes:
            w(f"b{i} &= keep")

    judging = False   # writing `allowed`: effects on variables the filter never reads are left out

    def filter_reads(self) -> set[int] | None:
        if not hasattr(self, "_filter_reads"):
            self._filter_reads = filter_reads(self.game)
        return self._filter_reads

    def effect_take(self, w: SourceWriter, cells: str, p: int) -> None:
        """An effect that empties `cells` takes the opponents' pieces there: they join the
        mover's hand (when the game has hands) and `took` (when `captured` is read after)."""
        if not hasattr(self, "_effect_takes_read"):
            self._effect_takes_read = self.uses(ir.Captured) and effect_takes_read(self.game)
        hands = self.game.hand is not None
        if not (hands or self._effect_takes_read):
            return
        theirs = [self.plane(q, k) for q in range(self.n_players) if q != p
                  for k in range(self.n_kinds)]
        w(f"gone = {cells} & ({' | '.join(theirs) or '0'})")
        if self._effect_takes_read:
            w("took |= gone")
        if hands:
            w("if gone:")
            with w.indent():
                self.hand_gains(w, p, "gone")

    def effect(self, w: SourceWriter, effect: ir.Effect, rule: ir.Rule | ir.SelectRule,
               p: int) -> None:
        if self.judging and sets_only(effect, self.filter_reads()):
            return
        if isinstance(effect, ir.Guard):
            w(f"if {self.expr(effect.condition, p)}:")
            with w.indent():
                self.effect(w, effect.effect, rule, p)
            return
        if isinstance(effect, ir.Again):
            w(f"nxt = {p}")
            return
        if isinstance(effect, ir.Group):
            for inner in effect.effects:
                self.effect(w, inner, rule, p)
            return
        if isinstance(effect, (ir.Fill, ir.Add, ir.Remove)):
            w(f"fill = {self.expr(effect.cells, p)}")
            self.effect_take(w, "fill", p)
            self.clear_all(w, "~fill")
            if not isinstance(effect, ir.Remove):
                owner = effect.owner if isinstance(effect, ir.Add) else ir.MOVER
                players: dict[ir.Owner, ir.Owner] = {ir.MOVER: p,
                                                     ir.OPPONENT: (p + 1) % self.n_players}
                q = players.get(owner, owner)
                if effect.kind in self.game.neutral:
                    q = self.n_players
                w(f"{self.plane(int(q), effect.kind)} |= fill")
            w(f"occ = {self.occ()}")
            return
        if isinstance(effect, ir.Toggle):   # occupied cells of X empty, empty ones filled
            w(f"fill = {self.expr(effect.cells, p)}")
            self.effect_take(w, "fill", p)
            w(f"occ = {self.occ()}")
            w("on = fill & ~occ")
            self.clear_all(w, "~(fill & occ)")
            q = self.n_players if effect.kind in self.game.neutral else p
            w(f"{self.plane(q, effect.kind)} |= on")
            w(f"occ = {self.occ()}")
            return
        if isinstance(effect, ir.Carry):
            self.carry(w, effect, p)
            return
        if isinstance(effect, (ir.Rotate, ir.Reflect)):   # every plane remapped on a region
            self.globals["TURN"] = Turner(self.geo)
            w(f"x = {self.expr(effect.cells, p)}")
            if isinstance(effect, ir.Rotate):
                w(f"q = {self.expr(effect.angle, p)}")
                w("if q % 90:")
                with w.indent():
                    w("raise ValueError(f'a region turns by a multiple of 90 degrees, not {q}')")
                w("q = q // 90 % 4")
            call = "TURN({}, x, q)" if isinstance(effect, ir.Rotate) else "TURN.mirror({}, x)"
            for i in range(self.n_planes):
                w(f"b{i} = {call.format(f'b{i}')}")
            w(f"occ = {self.occ()}")
            return
        if isinstance(effect, ir.CycleCells):   # every plane: its bits moved, a shift per offset
            cycled, by_offset = effect.shifts()
            for i in range(self.n_planes):
                parts = [f"(b{i} & {mask}) << {d}" if d > 0 else f"(b{i} & {mask}) >> {-d}"
                         for d, mask in sorted(by_offset.items())]
                w(f"b{i} = b{i} & {~cycled} | " + " | ".join(f"({x})" for x in parts))
            w(f"occ = {self.occ()}")
            return
        if isinstance(effect, ir.Swap):
            w(f"x = {self.expr(effect.first, p)}")
            w(f"y = {self.expr(effect.second, p)}")
            w("x &= -x")
            w("y &= -y")
            w("if x and y and x != y:")
            with w.indent():
                w("xy = x | y")
                for i in range(self.n_planes):   # a plane holding exactly one of the two cells
                    w(f"if 0 != b{i} & xy != xy:")
                    with w.indent():
                        w(f"b{i} ^= xy")
            w(f"occ = {self.occ()}")
            return
        if isinstance(effect, ir.SetCount):
            self.set_count(w, effect, p)
            return
        if isinstance(effect, ir.Sow):
            self.sow(w, effect, p)
            return
        if isinstance(effect, ir.Flip):
            self.flip(w, effect, p)
            return
        if isinstance(effect, ir.Promote):
            # The rule's own piece is promoted. Not an invariant yet: the checker lets
            # `promote` follow `choose` (no kind) or `ride` (None), which fail here.
            w(f"occ = {self.occ()}")
            w(f"if bit & {self.expr(effect.where, p)}:")
            with w.indent():
                moved = cast("ir.PlaceRule | ir.StepRule | ir.JumpRule | ir.DropRule", rule).kind
                w(f"{self.plane(p, cast(int, moved))} ^= bit")
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

    def set_count(self, w: SourceWriter, effect: ir.SetCount, p: int) -> None:
        """`counts[cells] op= value`: the value is read once, then every cell is changed."""
        v = f"v{effect.var}"
        w(f"n = {self.expr(effect.value, p)}")
        new = "n" if effect.op == "=" else f"{v}[t] {effect.op[0]} n"
        if isinstance(effect.cells, ir.Here):
            w(f"{v} = {v}[:t] + ({new},) + {v}[t + 1:]")
            return
        w(f"counts = list({v})")
        w(f"x = {self.expr(effect.cells, p)}")
        w("while x:")
        with w.indent():
            w("low = x & -x")
            w("x ^= low")
            w("c = low.bit_length() - 1")
            w("counts[c] = n" if effect.op == "=" else f"counts[c] {effect.op} n")
        w(f"{v} = tuple(counts)")

    def sow(self, w: SourceWriter, effect: ir.Sow, p: int) -> None:
        """Take every seed on `here`, then one into each next cell of the track, passing over
        the skipped cells; `here` becomes the last cell sown (stays put when none was there)."""
        v = f"v{effect.var}"
        track = self.table(f"TRACK{effect.track}", self.game.tracks[effect.track])
        where = self.table(f"TRACKAT{effect.track}",
                           {c: i for i, c in enumerate(self.game.tracks[effect.track])})
        w(f"skip = {self.expr(effect.skip, p) if effect.skip is not None else 0}")
        w(f"counts = list({v})")
        w("n, counts[t], c = counts[t], 0, t")
        w(f"at = {where}.get(t)")
        w("if at is None:")
        with w.indent():   # reported by `gdl check` with the position, as a rule failing in play
            w("raise ValueError('sowing starts on a cell that is not on its track')")
        w("idle = 0")
        w("while n:")
        with w.indent():
            w(f"at = at + 1 if at + 1 < {len(self.game.tracks[effect.track])} else 0")
            w(f"c = {track}[at]")
            w("if skip >> c & 1:")
            with w.indent():
                w("idle += 1")
                w(f"if idle > {len(self.game.tracks[effect.track])}:")
                with w.indent():
                    w("raise ValueError('sowing passes over every cell of its track')")
                w("continue")
            w("idle = 0")
            w("counts[c] += 1")
            w("n -= 1")
        w(f"{v} = tuple(counts)")
        w("t = c")
        w("bit = 1 << c")

    def carry(self, w: SourceWriter, effect: ir.Carry, p: int) -> None:
        """The piece on the first cell of the source goes to the first cell of the target."""
        w(f"x = {self.expr(effect.source, p)}")
        w(f"y = {self.expr(effect.target, p)}")
        w("x &= -x")
        w("y &= -y")
        w(f"if x & ({self.occ()}) and y and x != y:")
        with w.indent():
            self.effect_take(w, "y", p)
            self.clear_all(w, "~y")
            for i in range(self.n_planes):
                w(f"if b{i} & x:")
                with w.indent():
                    w(f"b{i} ^= x | y")
        w(f"occ = {self.occ()}")

    def flip(self, w: SourceWriter, effect: ir.Flip, p: int) -> None:
        """Walk the eight directions from the placed cell t; runs of the flipped cells that end
        at one of the mover's pieces change owner (keeping their kind)."""
        w(f"occ = {self.occ()}")
        w(f"x = {self.expr(effect.cells, p)}")
        w(f"own = {self.pieces(ir.MOVER, None, p)}")
        w("flips = 0")
        for dx, dy in self.geo.directions.values():
            w("c = t")
            w("run = 0")
            with self.walk(w, dx, dy):
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
