"""Legal-move generation of the core's move programs (docs/core.md, 3 and 6).

The rules in their order (priority rules first), the legality filter, and the early
answer of `moves` in a rule; each stage kind's emitter (step/slide/ride, jump, drop,
parameters) is in codegen_travels, with the `Encoding` of a move. A rule with further
stages collects its first stage's moves, and a generated function per stage
(`stage<rule>_<k>_<player>`) applies the stage before it to local copies of the
position and enumerates from there.
"""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.python.landing import LandingCode
from gdl.interpreter.python.attacks import AttackCode
from gdl.interpreter.python.counted import CountedCode
from gdl.interpreter.python.expressions import ExpressionCode
from gdl.interpreter.python.flying import FlyingCode
from gdl.interpreter.python.support import TABLE_BITS, SourceWriter
from gdl.interpreter.python.travels import Encoding, TravelCode
from gdl.interpreter.core.geometry import bits


class MoveCode(TravelCode, FlyingCode, AttackCode, CountedCode, LandingCode, ExpressionCode):
    """`moves(s)`, `legal_moves(s)` and, when the rules need them, `pseudo(s)` (every
    rule's moves, no priority, no filter: what `attacked` reads) and `allowed(s, m)`."""

    stoppable = False   # the listing being written may stop at its first move (gen_moves)
    checking = False    # ... and may stop here (see `checkpoint`)

    # ---- the rule field and the stage fields
    def rule_tag(self, index: int) -> int:
        """The rule field of a board move of rule `index` (its place among the board rules)."""
        return self.board_number[index] << (2 * self.cell_bits)

    def stage_shift(self, k: int) -> int:
        """Where further stage k (1-based) keeps its (to + 1, from) fields."""
        return 2 * self.cell_bits + self.rule_bits + 2 * self.cell_bits * (k - 1)

    def single_place(self) -> bool:
        rules = self.game.rules
        return (len(rules) == 1 and isinstance(rules[0], ir.PlaceRule) and not rules[0].more
                and self.game.illegal is None and self.game.prefer is None)

    # ---- the functions
    def gen_legal(self, w: SourceWriter) -> None:
        """`moves(s)`: every move but a pass; `legal_moves(s)`: those and the pass (when
        nothing else is legal, or always)."""
        if self.uses(ir.HasMoves):
            self.gen_moves(w, "moves_of", pseudo=False, stoppable=True)
            w("")
            self.gen_memo(w)
        else:
            self.gen_moves(w, "moves", pseudo=False)
        if self.uses(ir.Attacked) and not self.attacks_directly():
            w("")
            self.gen_moves(w, "pseudo", pseudo=True)
        w("")
        if self.pass_rule is None:
            w("legal_moves = moves")
            return
        w("def legal_moves(s):")
        with w.indent():
            w("if s[-1]:")
            with w.indent():
                w("return ()")
            tag = self.rule_tag(self.pass_index)
            if self.pass_rule.always:
                w(f"return [*moves(s), {tag}]")
            else:
                w(f"return moves(s) or ({tag},)")

    def gen_memo(self, w: SourceWriter) -> None:
        """`moves(s)` remembering the last position listed, and `has_moves(s)` for a rule
        asking `moves`: it stops at the first move found, so that an apply does not list
        every move to learn that there is one (Amazons with `not moves`: some 2,000).

        The caller usually lists the very position an end rule asked about next (chess,
        draughts, Othello), so little is done twice: without a filter the early answer
        stopped after the first rule that gave a move; with one, each rule's candidates
        were filtered as they came, and PART keeps which candidate was the first allowed,
        so the listing filters only those after it. A position without a move is
        remembered in MEMO. Each memo is one tuple, read once and replaced whole (a
        global store), so threads sharing the game never see half of one."""
        self.globals["MEMO"] = (None, ())
        filtered = self.game.illegal is not None
        if filtered:
            self.globals["PART"] = (None, 0)
            self.probe_helper()
        w("def moves(s):")
        with w.indent():
            w("global MEMO")
            w("memo = MEMO")
            w("if s == memo[0]:")
            with w.indent():
                w("return memo[1]")
            if filtered:
                w("part = PART")
                w("out = moves_of(s, False, part[1]) if s == part[0] else moves_of(s)")
            else:
                w("out = moves_of(s)")
            w("MEMO = (s, out)")
            w("return out")
        w("")
        w("def has_moves(s):")
        with w.indent():
            w("global MEMO")
            w("memo = MEMO")
            w("if s == memo[0]:")
            with w.indent():
                w("return bool(memo[1])")
            if filtered:
                w("if s == PART[0]:")
                with w.indent():
                    w("return True")
            w("found = moves_of(s, True)")
            w("if not found:")
            with w.indent():
                w("MEMO = (s, found)")
            w("return bool(found)")

    def probe_helper(self) -> None:
        """`probe(s, out, done)`: the filter on the candidates from `done` on; at the first
        allowed one PART keeps its place and the answer is -1, else len(out)."""
        w = SourceWriter()
        w("def probe(s, out, done):")
        with w.indent():
            w("global PART")
            w("for i in range(done, len(out)):")
            with w.indent():
                w("if allowed(s, out[i]):")
                with w.indent():
                    w("PART = (s, i)")
                    w("return -1")
            w("return len(out)")
        self.helpers["probe"] = w.lines

    def gen_moves(self, w: SourceWriter, name: str, pseudo: bool,
                  stoppable: bool = False) -> None:
        """`name(s)`: the moves. `stoppable`: `name(s, True)` may stop early and return a
        list that is empty only when there is no move, and `name(s, False, i)` lists them
        knowing that candidate i is the first the filter allows (see `gen_memo`)."""
        self.stoppable = stoppable
        if stoppable:
            w(f"def {name}(s, stop=False, known=-1):" if self.game.illegal is not None
              else f"def {name}(s, stop=False):")
        else:
            w(f"def {name}(s):")
        with w.indent():
            if stoppable and self.game.illegal is None:
                w("global MEMO")
            self.unpack(w)
            w("if res:")
            with w.indent():
                w("return ()")
            w(f"occ = {self.occ()}")
            self.per_player(w, lambda part, p: self.legal_for(part, p, pseudo))

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

    def legal_for(self, w: SourceWriter, p: int, pseudo: bool = False) -> None:
        if self.single_place() and self.layout_bits <= TABLE_BITS:
            cells = self.table("CELLS", tuple(tuple(bits(m)) for m in range(1 << self.layout_bits)))
            place = self.game.rules[0]
            assert isinstance(place, ir.PlaceRule)   # `single_place` says so
            w(f"return {cells}[{self.expr(place.where, p)}]")
            return
        w("out = []")
        w("add = out.append")
        # Rules named by `priority` come first; when they give moves, the others are not legal.
        first = [] if pseudo else list(self.game.priority)
        rest = [i for i, r in enumerate(self.game.rules)
                if i not in first and not isinstance(r, ir.PassRule)]
        filtered = self.game.illegal is not None and not pseudo
        probing = filtered and self.stoppable
        if probing and not first:
            w("done = 0")
        # a filtered listing probes the rules after the priority ones (see `checkpoint`)
        self.checking = self.stoppable and not (filtered and first)
        for position, index in enumerate(first + rest):
            if first and position == len(first):
                if filtered:
                    w("out = [m for m in out if allowed(s, m)]")
                w("if out:")
                with w.indent():
                    if not pseudo:
                        self.preferred(w, p)
                    if self.stoppable and not filtered:
                        w("if stop:   # the priority rules' moves are the whole list")
                        with w.indent():
                            w("MEMO = (s, out)")
                    w("return out")
                if filtered:
                    w("add = out.append")
                if probing:
                    w("done = 0")
                self.checking = self.stoppable
            self.rule_moves(w, index, p)
            if probing:
                self.checkpoint(w)
        self.checking = False
        if probing:
            w("if stop:   # every candidate was refused")
            with w.indent():
                w("return []")
            w("if known >= 0:   # has_moves refused those before `known` and allowed it")
            with w.indent():
                w("return [out[known], *[m for m in out[known + 1:] if allowed(s, m)]]")
        if filtered:
            w("out = [m for m in out if allowed(s, m)]")
        if not pseudo:
            self.preferred(w, p)
        if self.stoppable and not filtered:   # the early answer ran to the end: this list
            w("if stop:")
            with w.indent():
                w("MEMO = (s, out)")
        w("return out")

    def preferred(self, w: SourceWriter, p: int) -> None:
        """`prefer: most EXPR`: of the moves listed, those whose measure is greatest (or
        least), EXPR read of each with `took` its captured cells (none for a move of
        numbers). The checker refuses it beside a filter, so `out` is the legal list."""
        prefer = self.game.prefer
        if prefer is None:
            return
        took = f"m >> {self.capture_shift} & {(1 << self.layout_bits) - 1}"
        if any(isinstance(r, ir.ParamRule) for r in self.game.rules):
            took += " if m.__class__ is int else 0"
        w(f"if len(out) > 1:   # prefer: {'most' if prefer.most else 'least'}")
        with w.indent():
            w(f"score = [{self.expr(prefer.measure, p)} for took in [{took} for m in out]]")
            w(f"top = {'max' if prefer.most else 'min'}(score)")
            w("out = [m for m, v in zip(out, score) if v == top]")

    def checkpoint(self, w: SourceWriter) -> None:
        """Where a stoppable listing may stop: it has a move (or, with a filter, a
        candidate the filter allows). Without a filter only inside a rule of several
        stages (an Amazons move's shots): the listing that follows would redo the rules
        before a stop between rules, and a listing that ran to the end is kept in MEMO."""
        if not self.checking:
            return
        if self.game.illegal is None:
            w("if stop and out:")
            with w.indent():
                w("return out")
            return
        w("if stop and len(out) > done:")
        with w.indent():
            w("done = probe(s, out, done)")
            w("if done < 0:")
            with w.indent():
                w("return out")

    def rule_moves(self, w: SourceWriter, index: int, p: int) -> None:
        rule = self.game.rules[index]
        if isinstance(rule, ir.ParamRule):
            self.param_moves(w, rule, index, p)
            return
        if any(isinstance(getattr(rule, f, None), ir.Const) and not getattr(rule, f).value
               for f in ("where", "to", "over")):
            return   # no cell to go to: an option switched the rule off
        encoding = Encoding(self.cell_bits, self.rule_tag(index), self.capture_shift)
        if not rule.more:
            self.stage_moves(w, rule, p, encoding)
            return
        w("first = []")
        w("add = first.append")
        self.stage_moves(w, rule, p, encoding)
        w("add = out.append")
        w("for mv in first:")
        with w.indent():
            w(f"{self.stage_function(index, 1, p)}({self.locals()}mv, add)")
            self.checkpoint(w)

    def locals(self) -> str:
        return "".join(f"{n}, " for n in self.state_names)

    def stage_function(self, index: int, k: int, p: int) -> str:
        """The generated function that applies stage k - 1 of rule `index` to the position
        it is given and hands on every way to make stage k (and the ones after it)."""
        name = f"stage{index}_{k}_{p}"
        if name in self.helpers:
            return name
        self.helpers[name] = []   # reserved: a stage may name the next one while being written
        rule = self.game.rules[index]
        assert not isinstance(rule, ir.ParamRule)   # a move of numbers has one stage
        stages = rule.more
        stage = stages[k - 1]
        w = SourceWriter()
        w(f"def {name}({self.locals()}mv, add):")
        with w.indent():
            if self.uses(ir.Captured):
                w("took = 0   # (read by the first stage's effects only)")
            earlier = rule if k == 1 else stages[k - 2].action
            if k > 1 and stages[k - 2].guard is not None:   # that stage may have been skipped
                w(f"if mv >> {self.stage_shift(k - 1)} & {self.cell_mask}:")
                with w.indent():
                    self.stage_change(w, earlier, p, k - 1, "mv")
            else:
                self.stage_change(w, earlier, p, k - 1, "mv")
            w(f"occ = {self.occ()}")
            last = k == len(stages)
            nxt = None if last else self.stage_function(index, k + 1, p)
            if stage.guard is not None:
                w(f"if not {self.expr(stage.guard, p)}:")
                with w.indent():
                    w("add(mv)" if last else f"{nxt}({self.locals()}mv, add)")
                    w("return")
            encoding = Encoding(self.cell_bits, 0, self.capture_shift, self.stage_shift(k))
            if last and stage.guard is None:
                self.stage_moves(w, stage.action, p, encoding)
            else:
                w("found = []")
                w("hand_on, add = add, found.append")
                self.stage_moves(w, stage.action, p, encoding)
                if stage.guard is not None:   # a conditional stage that cannot be made is skipped
                    w("if not found:")
                    with w.indent():
                        w("found.append(mv)")
                w("for mv in found:")
                with w.indent():
                    w("hand_on(mv)" if last else f"{nxt}({self.locals()}mv, hand_on)")
        self.helpers[name] = w.lines
        return name

    def stage_moves(self, w: SourceWriter, rule: ir.BoardRule, p: int, enc: Encoding) -> None:
        if isinstance(rule, (ir.PlaceRule, ir.ChooseRule)):
            w(f"m = {self.expr(rule.where, p)}")
            w("while m:")
            with w.indent():
                w("low = m & -m")
                w(f"add({enc.move('low.bit_length() - 1')})")
                w("m ^= low")
        elif isinstance(rule, ir.StepRule):
            self.step_moves(w, rule, p, enc)
        elif isinstance(rule, ir.JumpRule):
            self.jump_moves(w, rule, p, enc)
        elif isinstance(rule, ir.DropRule):
            self.drop_moves(w, rule, p, enc)
        elif isinstance(rule, ir.SelectRule):
            names = [f"a{rule.first + i}" for i in range(len(rule.ranges))]
            for name, (low, high) in zip(names, rule.ranges):
                w(f"for {name} in range({low}, {high + 1}):")
                w.indent()
            w(f"add({enc.move(names[0], names[1] if len(names) > 1 else None)})")
            w.depth -= len(names)

    # provided by the generator: a stage's change of the position and its effects
    def stage_change(self, w: SourceWriter, rule: ir.Rule | ir.SelectRule, p: int, k: int,
                     move: str) -> None:
        raise NotImplementedError
