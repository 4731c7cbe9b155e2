"""Chance stages (issue 31): `roll d = DIST`, `chance d = DIST` and the effect `roll d`.

Everything lowers into the existing core (docs/core.md, section 7): the outcome is a state
variable; a hidden variable `chance` names the chance stage due (0: a player moves); each
chance stage is a `ParamRule` of the chance player, one parameter a die, legal only when
its stage is due, storing the outcome and running the effects after the roll. Every
player's rule is legal only when no chance stage is due. `GameIR.chances` keeps each
stage's probabilities, which only the Game protocol (`chance_outcomes`) reads."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import CONST, MOVE, Context, constant, error, expect
from gdl.interpreter.core.ir import BOOL, CELLS, INT, LIST

MAX_OUTCOMES = 1296   # a stage's outcomes at most (four dice of six)


@attrs.define
class _Stage:
    """A chance stage as the checker builds it: its declaration, the outcome's variable and
    its outcomes; `rule` and `post` once a move (or the turn's start) rolls it."""
    node: ast.Chance
    var: ir.Var
    outcomes: tuple[tuple[tuple[int, ...], Fraction], ...]
    ranges: tuple[tuple[int, int], ...]
    rule: int | None = None
    bag: int | None = None       # `bag NAME`: the list variable the weights are read from
    shared: bool | None = None   # rolled alone, last in its move: other such moves may share it


class ChanceChecks:
    """A mixin of the checker: the chance declarations and the moves that roll them."""

    chance_stages: dict[str, _Stage]
    chance_pending: ir.Var | None
    opening_stage: _Stage | None = None

    def _chance(self, node: ast.Chance) -> None:
        if node.every_turn and any(s.node.every_turn for s in self.chance_stages.values()):
            raise error("one `roll` starts every turn already; declare this one with `chance` "
                        "and roll it in a move (`roll NAME` among its effects)", node)
        self._declare(node.name)
        if node.where is not None and node.form == "dice":
            raise error("`where` reads one outcome: a die or a declared draw, not dice",
                        node.where)
        bag = None
        if node.form == "bag":
            bag, outcomes, ranges = self._bag(node)
        else:
            outcomes, ranges = self._distribution(node)
        dice = len(ranges)
        kind = LIST if node.form == "dice" else INT
        initial: Any = (0,) * dice if kind == LIST else 0
        var = ir.Var(len(self.variables), kind)
        self.variables.append(ir.Variable(node.name.text, initial, kind))
        self.scope.variables[node.name.text] = var
        if self.chance_pending is None:   # the hidden variable naming the stage due
            self.chance_pending = ir.Var(len(self.variables), INT)
            self.variables.append(ir.Variable("chance", 0, INT))
        self.chance_stages[node.name.text] = _Stage(node, var, outcomes, ranges, bag=bag)

    def _bag(self, node: ast.Chance) -> tuple[int, Any, tuple[tuple[int, int], ...]]:
        """`bag NAME`: a list variable of whole numbers 0 or more (declared before); outcome i
        (1 to its length) weighs its element i on the position, read when drawn."""
        name = node.args[0]
        assert isinstance(name, ast.Name)
        var = self.scope.variables.get(name.ident.text)
        initial = self.variables[var.index].initial if isinstance(var, ir.Var) else None
        if not isinstance(initial, tuple) or not all(isinstance(x, int) for x in initial):
            raise error(f"a bag is a list variable of whole numbers declared before it, the "
                        f"weights of its outcomes 1, 2, ... (`state deck = [4, 4, 16]`); "
                        f"'{name.ident.text}' is not one", name)
        if not initial:
            raise error(f"the bag '{name.ident.text}' has no element: no outcome", name)
        negative = next((i for i, x in enumerate(initial) if x < 0), None)
        if negative is not None:
            raise error(f"a bag's weights are 0 or more: element {negative + 1} of "
                        f"'{name.ident.text}' starts at {initial[negative]}", name)
        assert isinstance(var, ir.Var)
        share = Fraction(1, len(initial))
        return var.index, tuple(((i,), share) for i in range(1, len(initial) + 1)), \
            ((1, len(initial)),)

    def _distribution(self, node: ast.Chance) -> tuple[Any, tuple[tuple[int, int], ...]]:
        """The outcomes (values, probability) and the parameters' ranges of a declaration."""
        if node.form in ("die", "dice"):
            numbers = [self._whole(a, "a die's faces" if i == len(node.args) - 1
                                   else "the number of dice") for i, a in enumerate(node.args)]
            faces, count = numbers[-1], numbers[0] if node.form == "dice" else 1
            if faces ** count > MAX_OUTCOMES:
                raise error(f"{count} dice of {faces} make {faces ** count} outcomes; at most "
                            f"{MAX_OUTCOMES} (a limit of gdl)", node)
            share = Fraction(1, faces ** count)
            outcomes: list[tuple[tuple[int, ...], Fraction]] = [((f,), share)
                                                                for f in range(1, faces + 1)]
            for _ in range(count - 1):
                outcomes = [(v + (f,), share) for v, _p in outcomes for f in range(1, faces + 1)]
            return tuple(outcomes), ((1, faces),) * count
        if not node.outcomes:
            raise error("an empty distribution: list its outcomes and their chances, "
                        "`{1: 1/2, 2: 1/2}`", node)
        values: dict[int, Fraction] = {}
        whole = all(o.weight.isdigit() for o in node.outcomes)
        for outcome in node.outcomes:
            value = constant(expect(self.lower.lower(outcome.value, Context(CONST)), INT,
                                    outcome.value, "an outcome"), outcome.value, "an outcome")
            if value in values:
                raise error(f"the outcome {value} is listed twice", outcome.value)
            weight = Fraction(outcome.weight)
            if weight <= 0:
                raise error(f"an outcome's chance must be more than 0, not {outcome.weight}",
                            outcome)
            values[value] = weight
        total = sum(values.values())
        if not whole and total != 1:
            raise error(f"the chances sum to {total}, not 1 (whole numbers are weights of any "
                        f"sum: `{{2: 9, 4: 1}}`)", node.outcomes[-1])
        outcomes = [((v,), w / total) for v, w in sorted(values.items())]
        return tuple(outcomes), ((min(values), max(values)),)

    def _whole(self, node: ast.Expr, what: str) -> int:
        value = constant(expect(self.lower.lower(node, Context(CONST)), INT, node, what),
                         node, what)
        if value < 1:
            raise error(f"{what}: at least 1, not {value}", node)
        return value

    # ---- moves that roll
    def _rolled_move(self, node: ast.ParamMove) -> None:
        """`move NAME ...: E0, roll a, E1, roll b, E2`: the player's rule runs E0 and makes a's
        stage due (the same player on the move); a's rule draws a, runs E1 and makes b's due;
        b's draws b and runs E2, the move's end. The outcomes last till the move ends.
        `roll b if C` makes b due only when C holds (else the move ends there: E2 is the
        draw's); as the move's last effect it may name a draw rolled before in the move, which
        is then drawn again while C holds (a dealer drawing to 17)."""
        at = [i for i, e in enumerate(node.effects) if ast.rolled(e)]
        rolls = [ast.rolled(node.effects[i]) for i in at]
        stages = [self._rolled_stage(r) for r in rolls]
        names = [s.node.name.text for s in stages]
        again = None
        if len(at) > 1 and names[-1] in names[:-1]:   # drawn again: the last effect, with `if`
            last = node.effects[at[-1]]
            if at[-1] != len(node.effects) - 1 or not isinstance(last, ast.Guarded):
                raise error("a draw rolled again in its move ends the move, with a condition "
                            f"that stops it: `roll {names[-1]} if COND`", last)
            again, names = stages.pop(), names[:-1]
            at.pop()
        twice = next((i for i, n in zip(at, names) if names.count(n) > 1), None)
        if twice is not None:
            raise error("a move rolls each draw once; roll several dice with one "
                        "`dice K of N`", node.effects[twice])
        self._parammove(attrs.evolve(node, effects=node.effects[:at[0]]))
        player = self.rules_ir[-1]
        assert isinstance(player, ir.ParamRule)
        params = tuple(p.name.text for p in node.params)
        due = self._due_if(stages[0], node.effects[at[0]], Context(MOVE, params))
        self.rules_ir[-1] = attrs.evolve(player, effects=(*player.effects, *due))
        ends = [*at[1:], len(node.effects) - (again is not None)]
        for k, (stage, start, end) in enumerate(zip(stages, at, ends)):
            effects = self._effects(node.effects[start + 1:end], Context(MOVE, ()), cell=False)
            after = stages[k + 1] if k + 1 < len(stages) else again
            then = node.effects[ends[k]] if after is not None else None
            effects = (*effects, *self._due_if(after, then, Context(MOVE, ())))
            if k + 1 == len(stages):   # the move ends: its outcomes are 0 again
                effects = (*effects, *(self._when_done(stages) if again is not None
                                       else (_reset(s) for s in stages)))
            elif isinstance(then, ast.Guarded):
                effects = (*effects, *self._when_done(stages[:k + 1]))
            self._chance_stage_rule(stage, effects, rolls[k], len(stages) == 1
                                    and again is None)

    def _due_if(self, stage: _Stage | None, roll: Any, ctx: Context) -> tuple[ir.Effect, ...]:
        """Make `stage` due, the player kept on the move; under `roll NAME if C`, only when C
        holds (read after the effects before it)."""
        if stage is None:
            return ()
        effects = (*self._due(stage), ir.Again())
        if not isinstance(roll, ast.Guarded):
            return effects
        condition = expect(self.lower.lower(roll.condition, ctx), BOOL, roll.condition,
                           "a draw's condition")
        return tuple(ir.Guard(condition, e) for e in effects)

    def _when_done(self, stages: list[_Stage]) -> tuple[ir.Effect, ...]:
        """The outcomes of the move's draws back to 0 when no draw is due any more."""
        assert self.chance_pending is not None
        done = ir.Op("==", (self.chance_pending, ir.Const(0, INT)), BOOL)
        return tuple(ir.Guard(done, _reset(s)) for s in stages)

    def _chance_stage_rule(self, stage: _Stage, after: tuple[ir.Effect, ...], roll: Any,
                    shared: bool) -> None:
        """Add the chance rule of `stage`, whose effects after the draw are `after`; or, when
        another move rolled it alone with the same effects after it, share that rule (the
        moves of a backgammon turn each end with the next player's roll)."""
        rule = self._chance_rule(stage, self._number(stage), after)
        if stage.rule is not None:
            if not shared or stage.shared is False or self.rules_ir[stage.rule] != rule:
                raise error(f"'{roll.name.text}' is rolled by another move already; moves "
                            f"share a draw only when each rolls it last and alone with the "
                            f"same effects after it (else declare another `chance`)", roll.name)
            return
        stage.rule, stage.shared = len(self.rules_ir), shared
        self.rules_ir.append(rule)

    def _opening(self, node: ast.Opening) -> None:
        """`opening: roll a, E1, roll b, E2`: the game starts with a's stage due (the hidden
        `chance` variable starts at its number); a's rule draws a, runs E1 and makes b's
        due; b's draws b and runs E2, the first player then on the move, who keeps it only
        with `again` (2048's two first tiles; backgammon's roll picking who starts)."""
        at = [i for i, e in enumerate(node.effects) if isinstance(e, ast.Roll)]
        if not at or at[0] != 0:
            raise error("an opening starts with a draw, the effects after it: "
                        "`opening: roll NAME, ...`", node)
        if self.opening_stage is not None:
            raise error("'opening' is declared twice", node)
        stages = [self._rolled_stage(node.effects[i]) for i in at]
        if len({s.node.name.text for s in stages}) < len(stages) or \
                any(s.rule is not None for s in stages):
            raise error("an opening's draws are its own, each drawn once; declare a "
                        "`chance` for each", node)
        ends = [*at[1:], len(node.effects)]
        for k, (stage, start, end) in enumerate(zip(stages, at, ends)):
            effects = self._effects(node.effects[start + 1:end], Context(MOVE, ()), cell=False)
            after = (*effects, *self._due(stages[k + 1]), ir.Again()) if k + 1 < len(stages) \
                else (*effects, *(_reset(s) for s in stages))
            self._chance_stage_rule(stage, after, node.effects[start], False)
        self.opening_stage = stages[0]

    def _rolled_stage(self, roll: Any) -> _Stage:
        """The stage `roll NAME` draws, checked: declared by `chance`, rolled by one move."""
        stage = self.chance_stages.get(roll.name.text)
        if stage is None:
            raise error(f"'{roll.name.text}' is not declared by `chance {roll.name.text} = "
                        f"...` before this move", roll.name)
        if stage.node.every_turn:
            raise error(f"'{roll.name.text}' is rolled at the start of every turn (`roll`); "
                        f"declare it with `chance` to roll it in a move", roll.name)
        return stage

    def _number(self, stage: _Stage) -> int:
        return list(self.chance_stages.values()).index(stage) + 1

    def _due(self, stage: _Stage) -> tuple[ir.Effect, ...]:
        assert self.chance_pending is not None
        return (ir.Assign(self.chance_pending.index, None, "=",
                          ir.Const(self._number(stage), INT)),)

    def _chance_rule(self, stage: _Stage, number: int,
                     after: tuple[ir.Effect, ...]) -> ir.ParamRule:
        """The chance player's rule of a stage: one parameter a die, legal when it is due."""
        assert self.chance_pending is not None
        pending = self.chance_pending
        guard: ir.Expr = ir.Op("==", (pending, ir.Const(number, INT)), BOOL)
        values = {v for v, _p in stage.outcomes}
        low, high = stage.ranges[0]
        if len(stage.ranges) == 1 and len(values) < high - low + 1:   # a value left out
            listed: ir.Expr = ir.Op("or", tuple(ir.Op("==", (ir.Param(0), ir.Const(v[0], INT)),
                                                      BOOL) for v in sorted(values)), BOOL) \
                if len(values) > 1 else ir.Op("==", (ir.Param(0), ir.Const(min(values)[0], INT)),
                                              BOOL)
            guard = ir.Op("and", (guard, listed), BOOL)
        if stage.bag is not None:   # an outcome of weight 0 is left out
            weight = ir.Op("index", (ir.Var(stage.bag, LIST), ir.Param(0)), INT)
            guard = ir.Op("and", (guard, ir.Op(">", (weight, ir.Const(0, INT)), BOOL)), BOOL)
        where = stage.node.where
        if where is not None:   # the outcomes possible here (their chances in proportion)
            ctx = Context(MOVE, (stage.node.name.text,))
            guard = ir.Op("and", (guard, expect(self.lower.lower(where, ctx), BOOL, where,
                                                "a `where` condition")), BOOL)
        var = stage.var
        if var.type == LIST:
            store: tuple[ir.Effect, ...] = tuple(
                ir.Assign(var.index, ir.Const(i + 1, INT), "=", ir.Param(i))
                for i in range(len(stage.ranges)))
        else:
            store = (ir.Assign(var.index, None, "=", ir.Param(0)),)
        done = ir.Assign(pending.index, None, "=", ir.Const(0, INT))
        ranges = tuple((ir.Const(lo, INT), ir.Const(hi, INT)) for lo, hi in stage.ranges)
        return ir.ParamRule(stage.node.name.text, ranges, guard, (*store, done, *after))

    def _finish_chance(self) -> tuple[tuple[ir.Chance, ...], int | None]:
        """Guard every player's rule by no stage being due, make the turn's roll due after
        each whole move, and add its rule: (`GameIR.chances`, `GameIR.pending`)."""
        stages = getattr(self, "chance_stages", {})
        if not stages:
            return (), None
        assert self.chance_pending is not None
        pending = self.chance_pending
        numbers = {name: i + 1 for i, name in enumerate(stages)}
        turn = next((s for s in stages.values() if s.node.every_turn), None)
        for name, stage in stages.items():
            if stage.rule is None and not stage.node.every_turn:
                raise error(f"'{name}' is declared by `chance` but no move rolls it (`roll "
                            f"{name}` among a move's effects)", stage.node)
        chance_rules = {s.rule for s in stages.values()}
        free = ir.Op("==", (pending, ir.Const(0, INT)), BOOL)
        start: tuple[ir.Effect, ...] = ()
        if turn is not None:
            start = (ir.Assign(pending.index, None, "=", ir.Const(numbers[turn.node.name.text],
                                                                   INT)),)
        for i, rule in enumerate(self.rules_ir):
            if i in chance_rules:
                rule = attrs.evolve(rule, effects=(*rule.effects, *start))
            else:
                rule = _guarded(rule, free, start)
            self.rules_ir[i] = rule
        if turn is not None and self.opening_stage is not None:
            raise error("a game starts with its opening draw or with the turn's `roll`, not "
                        "both", self.opening_stage.node)
        if self.opening_stage is not None:
            self.variables[pending.index] = attrs.evolve(
                self.variables[pending.index], initial=self._number(self.opening_stage))
        if turn is not None:
            turn.rule = len(self.rules_ir)
            self.rules_ir.append(self._chance_rule(turn, numbers[turn.node.name.text],
                                                  (ir.Again(),)))
            self.variables[pending.index] = attrs.evolve(self.variables[pending.index],
                                                         initial=numbers[turn.node.name.text])
        chances = tuple(ir.Chance(name, s.var.index, s.rule, s.outcomes, s.node.every_turn,
                                  s.bag) for name, s in stages.items() if s.rule is not None)
        return chances, pending.index

    if TYPE_CHECKING:   # provided by the checker
        variables: list[ir.Variable]
        rules_ir: list[ir.Rule]
        scope: Any
        lower: Any
        def _declare(self, ident: ast.Ident) -> None: ...
        def _parammove(self, node: ast.ParamMove) -> None: ...
        def _effects(self, effects: tuple[ast.Effect, ...], ctx: Context,
                     cell: bool = True) -> tuple[ir.Effect, ...]: ...


def _reset(stage: _Stage) -> ir.Assign:
    """The outcome back to 0 (each die's, for dice) once the move that drew it ends."""
    zero = (0,) * len(stage.ranges) if stage.var.type == LIST else 0
    return ir.Assign(stage.var.index, None, "=", ir.Const(zero, stage.var.type))


def _guarded(rule: ir.Rule, free: ir.Expr, start: tuple[ir.Effect, ...]) -> ir.Rule:
    """A player's rule, legal only when no chance stage is due (`free`), its first effects
    `start` (the turn's roll made due for the next move)."""
    if isinstance(rule, ir.ParamRule):
        guard = free if rule.guard is None else ir.Op("and", (rule.guard, free), BOOL)
        return attrs.evolve(rule, guard=guard, effects=(*start, *rule.effects))
    cells = ir.Op("cells", (free,), CELLS)
    if isinstance(rule, (ir.PlaceRule, ir.DropRule, ir.ChooseRule)):
        rule = attrs.evolve(rule, where=ir.Op("and", (rule.where, cells), CELLS))
    elif isinstance(rule, (ir.StepRule, ir.JumpRule)):
        rule = attrs.evolve(rule, to=ir.Op("and", (rule.to, cells), CELLS))
    return attrs.evolve(rule, effects=(*start, *rule.effects))
