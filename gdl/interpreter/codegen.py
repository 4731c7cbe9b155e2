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

from gdl.interpreter import ir
from gdl.interpreter.codegen_expr import ExpressionCode, uses_occupancy, within_empty
from gdl.interpreter.codegen_support import (  # noqa: F401  (RULE_BITS is re-exported)
    CHUNK_BITS, RULE_BITS, TABLE_BITS, SourceWriter, swapped_results)
from gdl.interpreter.geometry import COMPASS, bits
from gdl.limits import span


class Generator(ExpressionCode):
    """Move generation, the state update, ends, canonical keys and quantities."""

    # ---- legal moves
    def rule_tag(self, rule: ir.Rule) -> int:
        return self.board_rules.index(rule) << (2 * self.cell_bits)

    def single_place(self) -> bool:
        rules = self.game.rules
        return len(rules) == 1 and isinstance(rules[0], ir.PlaceRule)

    def gen_legal(self, w: SourceWriter) -> None:
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

    def per_player(self, w: SourceWriter, body) -> None:
        """One specialised branch per player to move (one block when they are all alike)."""
        blocks = []
        for p in range(self.n_players):
            part = SourceWriter()
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

    def legal_for(self, w: SourceWriter, p: int) -> None:
        if self.single_place() and self.layout_bits <= TABLE_BITS:
            cells = self.table("CELLS", tuple(tuple(bits(m)) for m in range(1 << self.layout_bits)))
            w(f"return {cells}[{self.expr(self.game.rules[0].where, p)}]")
            return
        w("out = []")
        w("add = out.append")
        # Rules named by `priority` come first; when they give moves, the others are not legal.
        first = list(self.game.priority)
        rest = [i for i, r in enumerate(self.game.rules)
                if i not in first and not isinstance(r, ir.PassRule)]
        for position, index in enumerate(first + rest):
            rule = self.game.rules[index]
            if first and position == len(first):
                w("if out:")
                with w.indent():
                    w("return out")
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

    def jump_moves(self, w: SourceWriter, rule: ir.JumpRule, p: int) -> None:
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

    def step_moves(self, w: SourceWriter, rule: ir.StepRule, p: int) -> None:
        tag = self.rule_tag(rule)
        w(f"to = {self.expr(rule.to, p)}")
        mine = self.plane(p, rule.kind)
        if rule.slide:
            self.slide_moves(w, rule, p, mine, tag)
            return
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

    def slide_moves(self, w: SourceWriter, rule: ir.StepRule, p: int, mine: str, tag: int) -> None:
        """Walk each piece along each direction over empty cells; every cell walked onto that
        is in `to` is a move, and the first occupied cell ends the walk."""
        w(f"m = {mine}")
        w("while m:")
        with w.indent():
            w("low = m & -m")
            w("m ^= low")
            w("f = low.bit_length() - 1")
            for dx, dy in rule.directions[p]:
                off, has = self.geo.offset(dx, dy), self.geo.has_neighbour(dx, dy)
                w("c = f")
                w(f"while {has!r} >> c & 1:")
                with w.indent():
                    w(f"c += {off}")
                    w("if to >> c & 1:")
                    with w.indent():
                        w(f"add(c | f << {self.cell_bits}{f' | {tag}' if tag else ''})")
                    w("if occ >> c & 1:")
                    with w.indent():
                        w("break")

    def param_moves(self, w: SourceWriter, rule: ir.ParamRule, p: int) -> None:
        r = self.game.rules.index(rule)
        depth = 0
        self.globals["span"] = span   # refuses a range too big to list (gdl.limits)
        for i, (low, high) in enumerate(rule.ranges):
            w(f"for a{i} in span({self.expr(low, p)}, {self.expr(high, p)}):")
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
    def gen_apply(self, w: SourceWriter) -> None:
        w("def apply(s, m):")
        with w.indent():
            self.unpack(w)
            self.per_player(w, self.apply_for)

    def apply_for(self, w: SourceWriter, p: int) -> None:
        """Dispatch on the move's rule; rules whose updates are the same code share one
        branch (Breakthrough's two steps), and one branch needs no test at all."""
        groups: dict[tuple, list[int]] = {}
        for i, rule in enumerate(self.game.rules):
            part = SourceWriter()
            part.depth = w.depth + 1
            self.apply_rule(part, rule, p)
            groups.setdefault((isinstance(rule, ir.ParamRule), tuple(part.lines)), []).append(i)
        if len(groups) == 1:
            self.apply_rule(w, self.game.rules[0], p)
            return
        for n, ((param, lines), members) in enumerate(groups.items()):
            w(f"{'if' if n == 0 else 'elif'} {self.rule_test(param, members)}:")
            w.lines += list(lines)
        w("raise ValueError('not a move of this game')")

    def rule_test(self, param: bool, members: list[int]) -> str:
        """The test that a move `m` belongs to one of the rules `members` (indices)."""
        if param:
            numbers = members
            test, guard = "m[0]", "m.__class__ is tuple and " if self.board_rules else ""
        else:
            numbers = sorted({self.board_rules.index(self.game.rules[i]) for i in members})
            test = f"m >> {2 * self.cell_bits} & {(1 << RULE_BITS) - 1}"
            guard = "m.__class__ is int and " if self.param_rules else ""
        if len(numbers) == 1:
            return f"{guard}{test} == {numbers[0]}"
        return f"{guard}{test} in {tuple(numbers)!r}"

    def apply_rule(self, w: SourceWriter, rule: ir.Rule, p: int) -> None:
        if self.extra_turns:
            w(f"nxt = {(p + 1) % self.n_players}")
        if self.game.plies is not None:
            w(f"v{self.game.plies} += 1")
        if self.game.history is not None:   # remember the position this move leaves
            w(f"v{self.game.history} = v{self.game.history} | {{{self.position_key('pl')}}}")
        if isinstance(rule, ir.PlaceRule):
            w(f"t = {'m' if self.single_place() else f'm & {self.cell_mask}'}")
            w("bit = 1 << t")
            if not within_empty(rule.where):   # placing on a piece replaces it
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
        if any(uses_occupancy(e) for e in effects):
            w(f"occ = {self.occ()}")
        for effect in effects:
            self.effect(w, effect, rule, p)
        self.ends(w, p)

    def clear_all(self, w: SourceWriter, keep: str) -> None:
        """Every plane loses the cells outside `keep` (an expression of the cells to keep)."""
        w(f"keep = {keep}")
        for i in range(self.n_planes):
            w(f"b{i} &= keep")

    def effect(self, w: SourceWriter, effect: ir.Effect, rule: ir.Rule, p: int) -> None:
        if isinstance(effect, ir.Guard):
            w(f"if {self.expr(effect.condition, p)}:")
            with w.indent():
                self.effect(w, effect.effect, rule, p)
            return
        if isinstance(effect, ir.Again):
            w(f"nxt = {p}")
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

    def flip(self, w: SourceWriter, effect: ir.Flip, p: int) -> None:
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

    def ends(self, w: SourceWriter, p: int) -> None:
        nxt = (p + 1) % self.n_players
        turn = self.next_player(p)      # who moves next: a constant, or `nxt` with extra turns
        names = ", ".join(self.state_names)
        prefix = f"{names}, " if names else ""
        if any(uses_occupancy(end.condition) for end in self.game.ends):
            w(f"occ = {self.occ()}")
        for end in self.game.ends:
            w(f"if {self.expr(end.condition, p)}:")
            if end.outcome == "score":
                with w.indent():
                    self.score_payoffs(w, end.score)
                    w(f"return ({prefix}{turn}, payoffs)")
                continue
            who = {ir.MOVER: p, ir.OPPONENT: nxt, None: None}.get(end.who, end.who)
            code = self.codes[(end.outcome, who)]
            with w.indent():
                w(f"return ({prefix}{turn}, {code})")
        w(f"return ({prefix}{turn}, 0)")

    def score_payoffs(self, w: SourceWriter, score: ir.Expr) -> None:
        """`payoffs`: each player's score against the others', summing to zero:
        (n * mine - total) / (n - 1), so two players get (s0 - s1, s1 - s0)."""
        n = self.n_players
        for q in range(n):
            w(f"s{q} = {self.expr(score, q)}")
        total = " + ".join(f"s{q}" for q in range(n))
        parts = [f"({n} * s{q} - ({total})) / {n - 1}" for q in range(n)]
        w(f"payoffs = ({', '.join(parts)},)")

    def gen_start(self, w: SourceWriter) -> None:
        """`start(s)`: the initial state with its result, as if the last player had just moved
        (a Nim with empty heaps is over before it begins)."""
        w("def start(s):")
        with w.indent():
            self.unpack(w)
            w(f"occ = {self.occ()}")
            if self.extra_turns:
                w("nxt = 0")
            self.ends(w, self.n_players - 1)

    # ---- canonical
    def gen_canonical(self, w: SourceWriter) -> None:
        w("def canonical(s):")
        with w.indent():
            symmetries = self.game.symmetries[1:]
            if not symmetries:
                w("return s")
                return
            self.unpack(w)
            w("best = s")
            for j, sym in enumerate(symmetries):
                # A remembered cell (a set-of-cells variable) moves with the board.
                variables = [self.image(j, sym.perm, f"v{i}") if v.type == ir.CELLS else f"v{i}"
                             for i, v in enumerate(self.game.variables)]
                # A colour swap: player 0's planes come from player 1's and back, the turn
                # and the result change hands.
                planes = [self.swapped_plane(i) if sym.swap else i for i in range(self.n_planes)]
                images = [self.image(j, sym.perm, f"b{i}") for i in planes]
                if sym.swap:
                    self.globals["SWAPRES"] = swapped_results(self.n_players)
                swapped = "(res[::-1] if res.__class__ is tuple else SWAPRES[res])" \
                    if self.scores else "SWAPRES[res]"
                turn = ["pl ^ 1", swapped] if sym.swap else ["pl", "res"]
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
    def gen_quantities(self, w: SourceWriter) -> None:
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
        w = SourceWriter()
        w(f"# Generated by gdl from the rules of {self.game.name!r}; do not edit.")
        w(f"# State: ({', '.join(self.state_names + ['player', 'result'])})")
        body = SourceWriter()
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


def generate(game: ir.GameIR) -> tuple[str, dict[str, Any]]:
    """The source of `legal_moves(s)`, `apply(s, m)`, `canonical(s)` and the globals they read."""
    return Generator(game).generate()
