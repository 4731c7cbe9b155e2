"""The effects of a move in C: taking, filling, flipping, sowing, promoting and variables (the
C twin of gdl/interpreter/python/effects.py and of the taking in python/generate.py; swaps,
cycles and turns of regions are interpreter/c/rearrange.py's).
They write the locals of the state update (`b0..`, `v0..`, `t`/`bit` for here, `org`, `occ`)."""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.core.reads import effect_takes_read
from gdl.interpreter.c.rearrange import RearrangeC
from gdl.interpreter.c.support import CWriter, Unsupported


class EffectsC(RearrangeC):
    def take(self, w: CWriter, cells: str, planes: list[int] | None = None) -> None:
        """Whatever stands on `cells` is taken by the move (from `planes`, the ones that can
        hold a piece there; default all); with `captured` read, `took` gathers the cells
        (as the Python generator's `take`)."""
        if any(isinstance(n, ir.Captured) for n in ir.walk(self.game)):
            w(f"took = bb_or(took, bb_and({cells}, {self.occ()}));")
        self.clear_all(w, cells, planes)

    def effect_take(self, w: CWriter, cells: str, p: int) -> None:
        """An effect that empties `cells` takes the opponents' pieces there: they join the
        mover's hand (when the game has hands) and `took` (when `captured` is read after),
        as the Python generator's `effect_take`."""
        if not hasattr(self, "_effect_takes_read"):
            self._effect_takes_read = (any(isinstance(n, ir.Captured)
                                           for n in ir.walk(self.game))
                                       and effect_takes_read(self.game))
        hands = self.game.hand is not None
        if not (hands or self._effect_takes_read):
            return
        theirs = "ZERO"
        for q in range(self.n_players):
            for k in range(self.n_kinds) if q != p else ():
                theirs = f"bb_or({theirs}, {self.plane(q, k)})"
        w(f"bb gone = bb_and({cells}, {theirs});")
        if self._effect_takes_read:
            w("took = bb_or(took, gone);")
        if hands:
            self.hand_gains(w, p, "gone")

    def clear_all(self, w: CWriter, taken: str, planes: list[int] | None = None) -> None:
        """Every plane (of `planes`) loses the cells of `taken`."""
        w(f"keep = {taken};")
        for i in range(self.n_planes) if planes is None else planes:
            w(f"b{i} = bb_andnot(b{i}, keep);")

    def planes_of(self, owner: ir.Owner, kind: int | None, p: int) -> list[int]:
        """The planes of `owner`'s pieces (of `kind`, or every kind) for player p to move."""
        kinds = range(self.n_kinds) if kind is None else [kind]
        return [q * self.n_kinds + k for q in self.owners(owner, p) for k in kinds]

    def effect(self, w: CWriter, effect: ir.Effect, rule: ir.Rule, p: int) -> None:
        if isinstance(effect, ir.Guard):
            with w.block(f"if ({self.truth(effect.condition, p)})"):
                self.effect(w, effect.effect, rule, p)
        elif isinstance(effect, ir.Again):
            w(f"nxt = {p};")
        elif isinstance(effect, ir.Group):
            for inner in effect.effects:
                self.effect(w, inner, rule, p)
        elif isinstance(effect, (ir.Fill, ir.Add, ir.Remove)):
            with w.block(""):
                w(f"bb fill = {self.expr(effect.cells, p)};")
                self.effect_take(w, "fill", p)
                self.clear_all(w, "fill")
                if not isinstance(effect, ir.Remove):
                    owner = effect.owner if isinstance(effect, ir.Add) else ir.MOVER
                    players: dict[ir.Owner, ir.Owner] = {ir.MOVER: p,
                                                         ir.OPPONENT: (p + 1) % self.n_players}
                    q = players.get(owner, owner)
                    if effect.kind in self.game.neutral:
                        q = self.n_players
                    plane = self.plane(int(q), effect.kind)
                    w(f"{plane} = bb_or({plane}, fill);")
                w(f"occ = {self.occ()};")
        elif isinstance(effect, ir.Toggle):   # occupied cells of X empty, empty ones filled
            with w.block(""):
                w(f"occ = {self.occ()};")
                w(f"bb fill = {self.expr(effect.cells, p)}, on = bb_andnot(fill, occ);")
                self.effect_take(w, "fill", p)
                self.clear_all(w, "bb_and(fill, occ)")
                q = self.n_players if effect.kind in self.game.neutral else p
                w(f"{self.plane(q, effect.kind)} = bb_or({self.plane(q, effect.kind)}, on);")
                w(f"occ = {self.occ()};")
        elif isinstance(effect, ir.Flip):
            self.flip(w, effect, p)
        elif isinstance(effect, ir.Carry):
            with w.block(""):   # the piece on the first source cell to the first target cell
                w(f"bb x = {self.expr(effect.source, p)}, y = {self.expr(effect.target, p)};")
                w("int cx = bb_low(x), cy = bb_low(y);")
                with w.block("if (cx >= 0 && cy >= 0 && cx != cy && bb_test(occ, cx))"):
                    w("x = bb_bit(cx); y = bb_bit(cy);")
                    self.effect_take(w, "y", p)
                    self.clear_all(w, "y")
                    for i in range(self.n_planes):
                        w(f"if (bb_any(bb_and(b{i}, x))) b{i} = bb_xor(b{i}, bb_or(x, y));")
                w(f"occ = {self.occ()};")
        elif isinstance(effect, ir.SetCount):
            with w.block(""):
                w(f"int64_t nn = {self.expr(effect.value, p)};")
                v = f"v{effect.var}"
                change = "= nn" if effect.op == "=" else f"{effect.op} nn"
                if isinstance(effect.cells, ir.Here):
                    w(f"{v}[t] {change};")
                else:
                    w(f"bb x = {self.expr(effect.cells, p)};")
                    w(f"while (bb_any(x)) {{ int c = bb_pop(&x); {v}[c] {change}; }}")
        elif isinstance(effect, ir.Sow):
            self.sow(w, effect, p)
        elif isinstance(effect, (ir.Rotate, ir.Reflect)):
            self.turn(w, effect, p)
        elif isinstance(effect, ir.Swap):
            self.swap(w, effect, p)
        elif isinstance(effect, ir.CycleCells):
            self.cycle(w, effect)
        elif isinstance(effect, ir.Promote):
            moved = getattr(rule, "kind", None)
            if moved is None:
                raise Unsupported("a promotion of no piece")
            with w.block(f"if (bb_any(bb_and(bit, {self.expr(effect.where, p)})))"):
                w(f"{self.plane(p, moved)} = bb_xor({self.plane(p, moved)}, bit);")
                w(f"{self.plane(p, effect.kind)} = bb_or({self.plane(p, effect.kind)}, bit);")
        elif isinstance(effect, ir.Assign):
            if effect.index is not None:
                self.assign_element(w, effect, p)
                return
            if self.array_vars[effect.var]:
                self.assign_list(w, effect, p)
                return
            if self.cell_vars[effect.var] and effect.op != "=":
                raise Unsupported(f"'{effect.op}' on a set of cells")
            w(f"v{effect.var} {effect.op} {self.expr(effect.value, p)};")
        else:
            raise Unsupported(f"the effect '{type(effect).__name__}'")

    def sow(self, w: CWriter, effect: ir.Sow, p: int) -> None:
        """Take every seed on `here`, then one into each next cell of the track, passing over
        the skipped cells; `here` becomes the last cell sown (as python.effects.EffectCode.sow)."""
        track = self.game.tracks[effect.track]
        name = f"TRACK{effect.track}"
        if name not in self.helpers:
            at = [-1] * (self.layout_bits + 1)
            for i, c in enumerate(track):
                at[c] = i
            self.helpers[name] = [
                f"static const int {name}[] = {{{', '.join(map(str, track))}}};",
                f"static const int {name}_AT[] = {{{', '.join(map(str, at))}}};"]
        v = f"v{effect.var}"
        skip = "ZERO" if effect.skip is None else self.expr(effect.skip, p)
        with w.block(""):
            w(f"bb skip = {skip}; int64_t nn = {v}[t]; int c = t, at = {name}_AT[t], idle = 0;")
            w(f"{v}[t] = 0;")
            w("if (at < 0) { gdl_error = 5; nn = 0; }   /* here is not on the track */")
            with w.block("while (nn)"):
                w(f"at = at + 1 < {len(track)} ? at + 1 : 0;")
                w(f"c = {name}[at];")
                w(f"if (bb_test(skip, c)) {{ if (++idle > {len(track)}) {{ gdl_error = 5; "
                  "break; } continue; }")
                w(f"idle = 0; {v}[c] += 1; nn--;")
            w("t = c; bit = bb_bit(c);")

    def flip(self, w: CWriter, effect: ir.Flip, p: int) -> None:
        """Walk every direction from the placed cell: runs of the flipped cells that end at
        one of the mover's pieces change owner, keeping their kind."""
        with w.block(""):
            w(f"bb x = {self.expr(effect.cells, p)}, own = {self.pieces(ir.MOVER, None, p)};")
            w("bb flips = ZERO, run; int c;")
            for dx, dy in self.geo.directions.values():
                w("c = t; run = ZERO;")
                with self.walk(w, dx, dy):
                    w("if (bb_test(x, c)) { run = bb_or(run, bb_bit(c)); continue; }")
                    w("if (bb_test(own, c)) flips = bb_or(flips, run);")
                    w("break;")
            for k in range(self.n_kinds):
                for q in range(self.n_players):
                    if q != p:
                        theirs, mine = self.plane(q, k), self.plane(p, k)
                        w(f"{{ bb turned = bb_and({theirs}, flips); {theirs} = bb_xor({theirs}, "
                          f"turned); {mine} = bb_or({mine}, turned); }}")
