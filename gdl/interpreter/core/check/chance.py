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
        self.chance_stages[node.name.text] = _Stage(node, var, outcomes, ranges)

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
        b's draws b and runs E2, the move's end. The outcomes last till the move ends."""
        at = [i for i, e in enumerate(node.effects) if isinstance(e, ast.Roll)]
        stages = [self._rolled_stage(node.effects[i]) for i in at]
        names = [s.node.name.text for s in stages]
        twice = next((i for i, n in zip(at, names) if names.count(n) > 1), None)
        if twice is not None:
            raise error("a move rolls each draw once; roll several dice with one "
                        "`dice K of N`", node.effects[twice])
        self._parammove(attrs.evolve(node, effects=node.effects[:at[0]]))
        assert self.chance_pending is not None
        player = self.rules_ir[-1]
        assert isinstance(player, ir.ParamRule)
        self.rules_ir[-1] = attrs.evolve(player, effects=(*player.effects,
                                                          *self._due(stages[0]), ir.Again()))
        ends = [*at[1:], len(node.effects)]
        for k, (stage, start, end) in enumerate(zip(stages, at, ends)):
            effects = self._effects(node.effects[start + 1:end], Context(MOVE, ()), cell=False)
            if k + 1 < len(stages):   # the next draw of the move is due
                after = (*effects, *self._due(stages[k + 1]), ir.Again())
            else:   # the move ends: its outcomes are 0 again
                after = (*effects, *(_reset(s) for s in stages))
            self._chance_stage_rule(stage, after, node.effects[start], len(stages) == 1)

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
        chances = tuple(ir.Chance(name, s.var.index, s.rule, s.outcomes, s.node.every_turn)
                        for name, s in stages.items() if s.rule is not None)
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
