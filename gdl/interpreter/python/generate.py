"""IR -> Python source for a game's hot functions, specialised per player.

`generate(game)` is pure: it returns `(source, globals)`. The source is built
only from the checked IR: generated names (b0.. for piece planes, v0.. for
state variables, a0.. for move parameters) and integers written with `repr`.
Tables the code reads (cell lists, line tests, symmetry images) reach it
through the globals, never through the text.

The state is the tuple `(b0, .., bN, v0, .., vM, player, result)`; result 0
means the game goes on, and `RETURNS[result]` gives the payoffs. A board move
is an int of cell fields (see `codegen_moves.Encoding` and docs/core.md, 3); a
parameterised move is the tuple `(rule, a0, a1, ..)`.
"""

from __future__ import annotations

import itertools
from typing import Any, cast

from gdl.interpreter.core import ir
from gdl.interpreter.python.canonical import CanonicalCode
from gdl.interpreter.python.effects import EffectCode
from gdl.interpreter.python.expressions import uses_occupancy
from gdl.interpreter.core.ir import within_empty
from gdl.interpreter.python.moves import MoveCode
from gdl.interpreter.core.reads import holders
from gdl.interpreter.core.margin import margin
from gdl.interpreter.python.support import SourceWriter


class Generator(MoveCode, EffectCode, CanonicalCode):
    """The state update, the legality filter, ends and quantities (move generation is
    `MoveCode`'s, the effects `EffectCode`'s, canonical keys `CanonicalCode`'s)."""

    # ---- apply, and the position a move leaves for the legality filter
    def gen_apply(self, w: SourceWriter) -> None:
        w("def apply(s, m):")
        with w.indent():
            self.unpack(w)
            self.per_player(w, self.apply_for)
        if self.game.illegal is not None:
            w("")
            w("def allowed(s, m):")
            with w.indent():
                self.unpack(w)
                self.per_player(w, lambda part, p: self.apply_for(part, p, judge=True))

    def apply_for(self, w: SourceWriter, p: int, judge: bool = False) -> None:
        """Dispatch on the move's rule; rules whose updates are the same code share one
        branch (Breakthrough's two steps), and one branch needs no test at all. With
        `judge`, the branch ends in the legality filter instead of the end rules."""
        groups: dict[tuple, list[int]] = {}
        for i, rule in enumerate(self.game.rules):
            part = SourceWriter()
            part.depth = w.depth + 1
            self.apply_rule(part, rule, p, judge)
            groups.setdefault((isinstance(rule, ir.ParamRule), tuple(part.lines)), []).append(i)
        if len(groups) == 1:   # one branch for every rule: no test, one level less
            ((_, lines),) = groups
            w.lines += [line[4:] for line in lines]
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
            numbers = sorted({self.board_number[i] for i in members})
            test = f"m >> {2 * self.cell_bits} & {(1 << self.rule_bits) - 1}"
            guard = "m.__class__ is int and " if self.param_rules else ""
        if len(numbers) == 1:
            return f"{guard}{test} == {numbers[0]}"
        return f"{guard}{test} in {tuple(numbers)!r}"

    def apply_rule(self, w: SourceWriter, rule: ir.Rule, p: int, judge: bool = False) -> None:
        if self.extra_turns:
            w(f"nxt = {(p + 1) % self.n_players}")
        # The legality filter reads only the position: it needs the counters when it reads
        # a variable (which effects may set from them) or repetition.
        reads = {type(n) for n in ir.walk(self.game.illegal)} if judge else set()
        if self.game.plies is not None and (not judge or reads & {ir.Plies, ir.Var}):
            w(f"v{self.game.plies} += 1")
        if self.game.history is not None and (not judge or ir.Repeated in reads):
            # remember the position this move leaves
            seen = f"v{self.game.history}"
            key = self.position_key("pl")
            if self.counts_repetitions:   # the n-th time a position is seen adds (key, n)
                self.globals["count"] = itertools.count
                w(f"key = {key}")
                key = (f"(key, next(n for n in count(2) if (key, n) not in {seen})) "
                       f"if key in {seen} else key")
            keys = key + (f", {self.board_key()}" if self.uses_board_history else "")
            w(f"{seen} = {seen} | {{{keys}}}")
        self.judging = judge   # `allowed` leaves out the effects the filter cannot see
        if self.uses(ir.Captured):
            w("took = 0   # the cells of the pieces this move has taken")
        self.stage_change(w, rule, p, 0, "m")
        for k, stage in enumerate(getattr(rule, "more", ()), 1):
            w(f"occ = {self.occ()}")
            if stage.guard is None:
                self.stage_change(w, stage.action, p, k, "m")
                continue
            w(f"if m >> {self.stage_shift(k)} & {self.cell_mask}:   # the stage was made")
            with w.indent():
                self.stage_change(w, stage.action, p, k, "m")
        if judge:
            self.judging = False
            assert self.game.illegal is not None   # `allowed` is written only for a filter
            w(f"occ = {self.occ()}")
            if ir.HasMoves in reads:   # `not moves`: the next player's moves, asked once
                w("hm_mover = hm_next = None")
            w(f"return not {self.expr(self.game.illegal, p)}")
            return
        self.ends(w, p, moved=True)

    def stage_change(self, w: SourceWriter, rule: ir.Rule | ir.SelectRule, p: int, k: int,
                     move: str) -> None:
        """Stage k of a move (0: the first) changes the position, then its effects run:
        `t` and `bit` are its cell (`here`), `org` the cell its piece left (`origin`)."""
        mask = self.cell_mask
        if k == 0:
            to, start = (("m" if self.single_place() else f"{move} & {mask}"),
                         f"{move} >> {self.cell_bits} & {mask}")
        else:
            shift = self.stage_shift(k)
            to, start = (f"({move} >> {shift} & {mask}) - 1",
                         f"{move} >> {shift + self.cell_bits} & {mask}")
        if isinstance(rule, ir.ParamRule):
            for i in range(len(rule.ranges)):
                w(f"a{i} = m[{i + 1}]")
        elif isinstance(rule, ir.SelectRule):   # its numbers; `here` stays the earlier stage's
            w(f"a{rule.first} = {to}")
            if len(rule.ranges) > 1:
                w(f"a{rule.first + 1} = {start}")
        elif not isinstance(rule, ir.PassRule):
            w(f"t = {to}")
            w("bit = 1 << t")
        if self.uses(ir.Origin) and k == 0 and not isinstance(rule, (ir.JumpRule, ir.StepRule)):
            w("org = 0   # no piece left a cell (a placement, a drop): origin is none")
        if isinstance(rule, ir.DropRule):
            self.drop(w, rule, p, start)
        if isinstance(rule, ir.PlaceRule):
            if not within_empty(rule.where):   # placing on a piece replaces it
                if self.game.hand is not None:
                    self.take_into_hand(w, rule, p, move)
                self.take(w, "bit")
            owner = self.n_players if rule.kind in self.game.neutral else p
            w(f"{self.plane(owner, rule.kind)} |= bit")
        elif isinstance(rule, (ir.JumpRule, ir.StepRule)):
            # The piece leaves its cell; whatever stands on the landing cell (and, for a jump,
            # on the jumped cells) is taken, whoever owns it; then the piece lands.
            if self.uses(ir.Origin):
                w(f"org = 1 << ({start})")
            if rule.kind is not None:
                mine = self.plane(p, rule.kind)
                if self.game.hand is not None:
                    self.take_into_hand(w, rule, p, move)
                w(f"{mine} ^= {'org' if self.uses(ir.Origin) else f'1 << ({start})'}")
                if isinstance(rule, ir.JumpRule):
                    self.take(w, f"(bit | {move} >> {self.capture_shift})")
                elif not within_empty(rule.to):   # a step onto an empty cell takes nothing
                    self.take(w, "bit", holders(rule.to, p, self.planes_of, self.n_planes))
                w(f"{mine} |= bit")
        effects = getattr(rule, "effects", ())
        if any(uses_occupancy(e) for e in effects):
            w(f"occ = {self.occ()}")
        for effect in effects:
            self.effect(w, effect, rule, p)

    def drop(self, w: SourceWriter, rule: ir.DropRule, p: int, start: str) -> None:
        """The kind (kept in the move's from field) leaves the hand for the cell."""
        hand, kinds = f"v{self.game.hand}", self.n_kinds
        w(f"k = {start}")
        for n, k in enumerate(self.droppable(rule)):
            w(f"{'if' if n == 0 else 'elif'} k == {k}:")
            with w.indent():
                w(f"{self.plane(p, k)} |= bit")
                i = p * kinds + k
                w(f"{hand} = {hand}[:{i}] + ({hand}[{i}] - 1,) + {hand}[{i + 1}:]")

    def take_into_hand(self, w: SourceWriter, rule: ir.Rule, p: int, move: str) -> None:
        """The enemy pieces the move takes join the mover's hand, as the kinds they return as."""
        kinds = self.n_kinds
        taken = f"bit | {move} >> {self.capture_shift}" if isinstance(rule, ir.JumpRule) else "bit"
        w(f"x = {taken}")
        enemies = [(q, k) for q in range(self.n_players) if q != p for k in range(kinds)]
        w(f"if x & ({' | '.join(self.plane(q, k) for q, k in enemies)}):")
        with w.indent():
            self.hand_gains(w, p, "x")

    def hand_gains(self, w: SourceWriter, p: int, cells: str) -> None:
        """The opponents' pieces on `cells` join player p's hand, each as the kind it
        returns as."""
        hand, kinds = f"v{self.game.hand}", self.n_kinds
        w(f"h = list({hand})")
        for q in range(self.n_players):
            for k in range(kinds) if q != p else ():
                w(f"h[{p * kinds + self.game.returns_as[k]}] += "
                  f"({self.plane(q, k)} & {cells}).bit_count()")
        w(f"{hand} = tuple(h)")

    def take(self, w: SourceWriter, cells: str, planes: list[int] | None = None) -> None:
        """Whatever stands on `cells` is taken (from `planes`, the ones that can hold a piece
        there; default all); with `captured` read, `took` gathers the cells."""
        if not self.uses(ir.Captured):
            self.clear_all(w, f"~{cells}", planes)
            return
        names = " | ".join(f"b{i}" for i in (range(self.n_planes) if planes is None else planes))
        w(f"x = {cells} & ({names or '0'})")
        w("if x:")
        with w.indent():
            w("took |= x")
            self.clear_all(w, "~x", planes)

    def planes_of(self, owner: ir.Owner, kind: int | None, p: int) -> list[int]:
        """The planes of `owner`'s pieces (of `kind`, or every kind) for player p to move."""
        kinds = range(self.n_kinds) if kind is None else [kind]
        return [q * self.n_kinds + k for q in self.owners(owner, p) for k in kinds]


    def ends(self, w: SourceWriter, p: int, moved: bool = False) -> None:
        """The end rules judge the position player p's move left; after a move (`moved`),
        p's streaks are counted first."""
        nxt = (p + 1) % self.n_players
        turn = self.next_player(p)      # who moves next: a constant, or `nxt` with extra turns
        names = ", ".join(self.state_names)
        prefix = f"{names}, " if names else ""
        if any(uses_occupancy(end.condition) for end in self.game.ends):
            w(f"occ = {self.occ()}")
        if any(isinstance(n, ir.HasMoves) for end in self.game.ends for n in ir.walk(end)):
            w("hm_mover = hm_next = None   # the players' moves, once asked")
        if moved and self.game.after:   # `after every move`: on the position the move left
            w(f"occ = {self.occ()}")
            for effect in self.game.after:
                self.effect(w, effect, ir.PassRule("after"), p)
        if moved and self.game.streak is not None:
            self.count_streaks(w, p)
        for end in self.game.ends:
            w(f"if {self.expr(end.condition, p)}:")
            if end.outcome == "score":
                assert end.score is not None   # a score end has its expression
                with w.indent():
                    self.score_payoffs(w, end.score)
                    w(f"return ({prefix}{turn}, payoffs)")
                continue
            winners: dict[ir.Owner | None, int | None] = {ir.MOVER: p, ir.OPPONENT: nxt,
                                                          None: None}
            who = winners.get(end.who, end.who)
            assert not isinstance(who, str)   # a player's number, or None (a draw)
            code = self.codes[(end.outcome, who)]
            with w.indent():
                w(f"return ({prefix}{turn}, {code})")
        w(f"return ({prefix}{turn}, 0)")

    def count_streaks(self, w: SourceWriter, p: int) -> None:
        """Player p's count of each `streak` condition grows by one when the condition holds
        on the position p's move left, else drops to 0; the other players' counts stay."""
        n, var = self.n_players, f"v{self.game.streak}"
        counts = [f"{var}[{i}]" for i in range(n * len(self.game.streaks))]
        for slot, condition in enumerate(self.game.streaks):
            i = slot * n + p
            counts[i] = f"({var}[{i}] + 1 if {self.expr(condition, p)} else 0)"
        w(f"{var} = ({', '.join(counts)},)")

    def score_payoffs(self, w: SourceWriter, score: ir.Expr) -> None:
        """`payoffs`: each player's score against the others', summing to zero:
        (n * mine - total) / (n - 1), so two players get (s0 - s1, s1 - s0)."""
        n = self.n_players
        if n == 1:   # a puzzle's score is its payoff
            w(f"payoffs = ({self.expr(score, 0)},)")
            return
        for q in range(n):
            w(f"s{q} = {self.expr(score, q)}")
        total = " + ".join(f"s{q}" for q in range(n))
        parts = [f"({n} * s{q} - ({total})) / {n - 1}" for q in range(n)]
        w(f"payoffs = ({', '.join(parts)},)")

    def gen_settle(self, w: SourceWriter) -> None:
        """`settle(s)`: a position with its result, judged by the end rules as if the player
        before the one to move had just moved: the start (a Nim with empty heaps is over
        before it begins), or a position given as text."""
        w("def settle(s):")
        with w.indent():
            self.unpack(w)

            def body(part: SourceWriter, q: int) -> None:
                if self.extra_turns:
                    part(f"nxt = {q}")
                if self.uses(ir.Captured):
                    part("took = 0   # no move was made")
                self.ends(part, (q - 1) % self.n_players)
            self.per_player(w, body)

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

    def gen_margin(self, w: SourceWriter, winner: int, expr: ir.Expr) -> None:
        """`margin(s)`: the winner's lead by the count comparison it wins by (see
        heuristics_margin), for the derived evaluation."""
        w("def margin(s):")
        with w.indent():
            self.unpack(w)
            w(f"occ = {self.occ()}")
            w(f"return {self.expr(expr, winner)}")

    def gen_heuristic(self, w: SourceWriter) -> None:
        """`heuristic_value(s)`: a one-player game's declared lower bound on the moves left."""
        w("def heuristic_value(s):")
        with w.indent():
            self.unpack(w)
            w(f"occ = {self.occ()}")
            heuristic = cast(ir.Quantity, self.game.heuristic)
            w(f"return {self.expr(heuristic.expr, 0)}")

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
        self.gen_settle(body)
        body("")
        self.gen_canonical(body)
        if self.game.quantities:
            body("")
            self.gen_quantities(body)
        if self.game.heuristic is not None:
            body("")
            self.gen_heuristic(body)
        found = margin(self.game)
        if found is not None:
            body("")
            self.gen_margin(body, *found)
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
