"""Move rules and effects: AST -> the core IR's rules (docs/core.md).

A board move is a sequence of stages; each lowers to a board rule object
(place, choose, step/slide/ride, jump, pass) with its effects, the first one
carrying the rest as `more`. `MoveChecks` is mixed into the checker, whose
scope, lowerer and rule list it shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.counted import CountedChecks
from gdl.interpreter.core.check.every_move import EveryMoveChecks, leaves
from gdl.interpreter.core.check.expressions import Lowerer
from gdl.interpreter.core.check.whole_moves import check_flying
from gdl.interpreter.core.check.repeats import RepeatChecks, check_chain
from gdl.interpreter.core.check.twins import with_twins
from gdl.interpreter.core.check.scope import (CONST, EFFECT, MOVE, Context,
    check_index, check_span, constant, error, expect, owner_word, player_index, unknown)
from gdl.interpreter.core.ir import BOOL, CELLS, COUNTS, INT, LIST

MAX_RULES = 4096   # move rules per game; a board move keeps its rule's number in a few bits
_BOARD_ONLY = {ast.Promote: "promote", ast.Flip: "flip", ast.Fill: "fill", ast.Remove: "remove",
               ast.Add: "add", ast.Carry: "move", ast.Sow: "sow", ast.Rotate: "rotate",
               ast.Reflect: "reflect", ast.Swap: "swap", ast.Toggle: "toggle"}


class MoveChecks(RepeatChecks, EveryMoveChecks, CountedChecks):
    """The checker's statements about moves (mixed into `game._Checker`)."""

    scope: Any   # a `Scope`; as Any since the checker reads its (optional) geometry unchecked
    lower: Lowerer
    rules_ir: list[ir.Rule]
    illegal: ir.Expr | None

    def _rule_count(self, node: Any) -> None:
        if len(self.rules_ir) == MAX_RULES:
            raise error(f"a game has at most {MAX_RULES} move rules", node)

    def _boardmove(self, node: ast.BoardMove) -> None:
        self._rule_count(node)
        if node.guard is not None:
            raise error("a move's first stage cannot be conditional: it is the move", node.guard)
        default = {ast.Place: "place", ast.Jump: "jump", ast.Ride: "ride", ast.Choose: "choose",
                   ast.Pass: "pass", ast.Drop: "drop"}.get(type(node.action), "step")
        if isinstance(node.action, ast.Step) and node.action.slide:
            default = "slide"
        if isinstance(node.action, ast.Jump) and not node.action.takes:
            default = "hop"
        name = self._rule_name(node.name, default)
        first = self._stage_rule(name, node.action, self._every() + node.effects, Context(MOVE))
        more = []
        params: list[str] = []   # the numbers `select` stages choose, in order
        for stage in node.more:
            if stage.repeat is not None:
                raise error("only a move's first stage may repeat", stage.repeat)
            ctx = Context(EFFECT, tuple(params), later=True)
            guard = None
            if stage.guard is not None:
                guard = expect(self.lower.lower(stage.guard, ctx), BOOL, stage.guard,
                               "a stage's condition")
            if isinstance(stage.action, ast.Pass):
                raise error("a pass is a whole move, not a stage of one", stage.action)
            if isinstance(stage.action, ast.Select):
                more.append(ir.Stage(self._select(name, stage.action, stage.effects, params),
                                     guard))
                continue
            more.append(ir.Stage(self._stage_rule(name, stage.action, stage.effects, ctx), guard))
        if more and isinstance(first, ir.PassRule):
            raise error("a pass is a whole move; it has no further stages", node.more[0])
        rules: list[ir.Rule]
        if node.repeat is not None:
            rules = list(self._repeated(node, first, tuple(more)))   # steps or jumps
        else:
            assert not isinstance(first, ir.SelectRule)   # refused by `_stage_rule`
            rules = [attrs.evolve(first, more=tuple(more)) if more else first]
        for rule in rules:
            for variant in with_twins(rule, self.scope.twin):   # queen~ moves as a queen
                self._rule_count(node)
                self.rules_ir.append(variant)

    def _select(self, name: str, action: ast.Select, effects: tuple[ast.Effect, ...],
                params: list[str]) -> ir.SelectRule:
        """`; select p in A..B, ...`: constant ranges whose numbers fit a move's cell fields."""
        if len(action.params) > 2:
            raise error("a stage selects at most two numbers", action.params[2])
        first, ranges = len(params), []
        limit = (1 << self.scope.geometry.size_bits) - 2 if self.scope.geometry else 0
        for param in action.params:
            if param.name.text in params:
                raise error(f"parameter '{param.name.text}' is named twice", param.name)
            self._declare(param.name)
            bounds = []
            for bound in (param.low, param.high):
                value = constant(expect(self.lower.lower(bound, Context(CONST)), INT, bound,
                                        "a range bound"),
                                 bound, "a selected number's bound")
                if not 0 <= value <= limit:
                    raise error(f"a selected number is 0..{limit} on this board, not {value}",
                                bound)
                bounds.append(value)
            ranges.append((bounds[0], bounds[1]))
            params.append(param.name.text)
        ctx = Context(EFFECT, tuple(params), later=True)
        return ir.SelectRule(name, tuple(ranges), first, self._effects(effects, ctx))

    def _stage_rule(self, name: str, action: ast.Action, effects: tuple[ast.Effect, ...],
                    ctx: Context) -> ir.BoardRule:
        """One stage's action and effects as a board rule (expressions lowered in `ctx`)."""
        kind: int | None   # the piece that moves (None: a drop of any kind, a line of sight)
        if isinstance(action, ast.Select):
            raise error("a move's first stage cannot only select numbers: write "
                        "`move NAME p in A..B: ...` for a move of numbers", action)
        flip = next((e for e in leaves(effects) if isinstance(e, ast.Flip)), None)
        if flip is not None and not isinstance(action, ast.Place):
            raise error("'flip' follows a placement (`place ... then flip X`)", flip)
        after = Context(EFFECT, later=ctx.mode == EFFECT)   # a later stage's effects
        if isinstance(action, ast.Place):
            kind = self._piece_index(action.piece, action)
            where = self._cells(action.where, ctx, "where a piece is placed")
            return ir.PlaceRule(name, kind, where, self._effects(effects, after))
        if isinstance(action, ast.Drop):
            if self.scope.hand is None:
                raise error("'drop' puts a piece from the hand: declare `hands` first", action)
            kind = None if action.piece is None else self._piece_index(action.piece, action)
            where = self._cells(action.where, ctx, "where a piece is dropped")
            return ir.DropRule(name, kind, where, self._effects(effects, after))
        if isinstance(action, ast.Choose):
            where = self._cells(action.where, ctx, "the cells to choose from")
            return ir.ChooseRule(name, where, self._effects(effects, after))
        if isinstance(action, (ast.Step, ast.Ride)):
            ride = isinstance(action, ast.Ride)
            kind = None if isinstance(action, ast.Ride) else self._moving_kind(action)
            verb = "ride" if isinstance(action, ast.Ride) else "slide" if action.slide else "step"
            origin = None if action.origin is None else self._cells(action.origin, ctx,
                                                                    "where it starts")
            to = self._cells(action.to, ctx,
                             f"where a {'line of sight' if ride else 'piece'} {verb}s to")
            rule = ir.StepRule(name, kind, self._directions(action.directions), to,
                               self._effects(effects, after),
                               isinstance(action, ast.Ride) or action.slide, origin)
            if isinstance(action, ast.Step) and (action.distance or action.screens) is not None:
                rule = self._counted(rule, action, ctx)
            return rule
        if isinstance(action, ast.Jump):
            kind = self._moving_kind(action)
            origin = None if action.origin is None else self._cells(action.origin, ctx,
                                                                    "where it starts")
            over = self._cells(action.over, ctx, "what a piece jumps over")
            to = self._cells(action.to, ctx, "where a piece jumps to")
            check_flying(action, self.scope)
            check_chain(action)
            return ir.JumpRule(name, kind, self._directions(action.directions), over, to,
                               action.repeat, self._effects(effects, after), origin,
                               by_path=action.by_path, far=action.far, takes=action.takes,
                               stops=action.at_will)
        if any(isinstance(r, ir.PassRule) for r in self.rules_ir):
            raise error("a game has at most one pass rule", action)
        return ir.PassRule(name, action.always, self._effects(effects, after, cell=False))

    def _moving_kind(self, action: ast.Step | ast.Jump) -> int:
        kind = self._piece_index(action.piece, action)
        if kind in self.scope.neutral:
            raise error(f"'{action.piece.text}' is a neutral piece: no player moves it",
                        action.piece)
        return kind

    def _cells(self, node: ast.Expr, ctx: Context, what: str) -> ir.Expr:
        return expect(self.lower.lower(node, ctx), CELLS, node, what)

    def _cycle(self, effect: ast.CycleCells, ctx: Context) -> tuple[int, ...]:
        """The cells of `cycle A B ...`: each one cell known when the game is built."""
        cells: list[int] = []
        for node in effect.cells:
            lowered = self._cells(node, ctx, "a cell of a cycle")
            if not isinstance(lowered, ir.Const) or lowered.value.bit_count() != 1:
                raise error("a cycle names single cells (cycle a1 b1 c1)", node)
            cell = lowered.value.bit_length() - 1
            if cell in cells:
                raise error("this cell is in the cycle twice", node)
            cells.append(cell)
        return tuple(cells)

    def _directions(self, words: tuple[ast.Dir, ...]) -> tuple[ir.Offsets, ...]:
        per_player: list[list[tuple[int, int]]] = [[] for _ in self.scope.players]
        for word in words:
            for p, steps in enumerate(self.lower.direction(word)):
                per_player[p].extend(s for s in steps if s not in per_player[p])
        return tuple(tuple(s) for s in per_player)

    def _parammove(self, node: ast.ParamMove) -> None:
        if any(ast.rolled(e) for e in node.effects):   # a chance stage (chance.py)
            return self._rolled_move(node)
        self._rule_count(node)
        names: list[str] = []
        ranges: list[tuple[ir.Expr, ir.Expr]] = []
        for param in node.params:
            if param.name.text in names:
                raise error(f"parameter '{param.name.text}' is named twice", param.name)
            self._declare(param.name)
            ctx = Context(MOVE, tuple(names))
            low = expect(self.lower.lower(param.low, ctx), INT, param.low, "a range bound")
            high = expect(self.lower.lower(param.high, ctx), INT, param.high, "a range bound")
            check_span(low, high, param.name.text, param.high)
            ranges, names = [*ranges, (low, high)], [*names, param.name.text]
        ctx = Context(MOVE, tuple(names))
        guard = None
        if node.guard is not None:
            guard = expect(self.lower.lower(node.guard, ctx), BOOL, node.guard,
                           "a move's condition")
        every = self._every()
        for effect in leaves(every + node.effects):
            if type(effect) in _BOARD_ONLY and not isinstance(effect, ast.Swap):
                raise error(f"'{_BOARD_ONLY[type(effect)]}' follows a board move (place, step or "
                            f"jump), not a move with parameters", effect)
        effects = (self._effects(every, Context(EFFECT), cell=False)
                   + self._effects(node.effects, ctx))
        self.rules_ir.append(ir.ParamRule(self._rule_name(node.name, "move"), tuple(ranges), guard,
                                          effects))

    def _effects(self, effects: tuple[ast.Effect, ...], ctx: Context,
                 cell: bool = True) -> tuple[ir.Effect, ...]:
        """The effects lowered in `ctx`; without `cell` (a pass, a move of numbers) `here`
        and `origin` are refused, as nothing moved."""
        out = tuple(self._effect(effect, ctx) for effect in effects)
        if not cell:
            for effect, lowered in zip(effects, out):
                if any(isinstance(n, (ir.Here, ir.Origin)) for n in ir.walk(lowered)):
                    raise error("nothing moves in a pass or a move of numbers: 'here' and "
                                "'origin' are not known in its effects", effect)
        return out

    def _effect(self, effect: ast.Effect, ctx: Context) -> ir.Effect:
        if isinstance(effect, ast.Roll):
            raise error(f"`roll {effect.name.text}` stands among a named move's effects (`move "
                        f"NAME: roll {effect.name.text}, ...`), not in a board move, a guard, "
                        f"a group or `every move`", effect)
        if isinstance(effect, ast.Guarded):
            inner = self._effect(effect.effect, ctx)
            condition = expect(self.lower.lower(effect.condition, ctx), BOOL, effect.condition,
                               "an effect's condition")
            return ir.Guard(condition, inner)
        if isinstance(effect, ast.Again):
            return ir.Again()
        if isinstance(effect, ast.Group):
            return ir.Group(self._effects(effect.effects, ctx))
        if isinstance(effect, ast.Reflect):
            return ir.Reflect(self._cells(effect.cells, ctx, "the region mirrored"))
        if isinstance(effect, ast.CycleCells):
            return ir.CycleCells(self._cycle(effect, ctx))
        if isinstance(effect, ast.Swap):
            return ir.Swap(self._cells(effect.first, ctx, "a cell swapped"),
                           self._cells(effect.second, ctx, "a cell swapped"))
        if isinstance(effect, ast.Rotate):
            angle: ir.Expr = ir.Const(90, INT)
            if effect.angle is not None:
                angle = expect(self.lower.lower(effect.angle, ctx), INT, effect.angle, "an angle")
                if isinstance(angle, ir.Const) and angle.value % 90:
                    raise error(f"a region turns by a multiple of 90 degrees, not {angle.value}",
                                effect.angle)
            return ir.Rotate(self._cells(effect.cells, ctx, "the region that turns"), angle)
        if isinstance(effect, ast.Fill):
            return ir.Fill(self._piece_index(effect.piece, effect),
                           self._cells(effect.cells, ctx, "what 'fill' covers"))
        if isinstance(effect, ast.Toggle):
            return ir.Toggle(self._piece_index(effect.piece, effect),
                             self._cells(effect.cells, ctx, "what 'toggle' changes"))
        if isinstance(effect, ast.Flip):
            return ir.Flip(self._cells(effect.cells, ctx, "what 'flip' turns"))
        if isinstance(effect, ast.Promote):
            return ir.Promote(self._piece_index(effect.piece, effect),
                              self._cells(effect.where, ctx, "a promotion zone"))
        if isinstance(effect, ast.Remove):
            return ir.Remove(self._cells(effect.cells, ctx, "what 'remove' takes away"))
        if isinstance(effect, ast.Add):
            piece: ast.Ident | None   # None: the one kind of piece
            owner, piece = effect.owner, effect.piece
            named = owner_word(piece.text, self.scope.players) is not None
            if owner is None and named and piece.text not in self.scope.pieces:
                owner, piece = piece, None   # `add enemy at X`: the one kind of piece
            return ir.Add(self._owner(owner), self._piece_index(piece, effect),
                          self._cells(effect.cells, ctx, "where 'add' puts pieces"))
        if isinstance(effect, ast.Sow):
            return self._sow(effect, ctx)
        if isinstance(effect, ast.Carry):
            return ir.Carry(self._cells(effect.source, ctx, "the cell a piece is moved from"),
                            self._cells(effect.target, ctx, "the cell a piece is moved to"))
        return self._assign(effect, ctx)

    def _owner(self, ident: ast.Ident | None) -> ir.Owner:
        """`add [OWNER] KIND`: the mover by default, `enemy` the next player, or a player."""
        if ident is None:
            return ir.MOVER
        owner = owner_word(ident.text, self.scope.players)
        if owner is None:
            raise unknown("owner", ident, ["own", "enemy", *self.scope.players])
        return owner

    def _assign(self, effect: ast.Assign, ctx: Context) -> ir.Assign | ir.SetCount:
        name = effect.target.text
        if name not in self.scope.variables:
            raise unknown("state variable", effect.target, list(self.scope.variables))
        var = self.scope.variables[name]
        if var.type == COUNTS:
            return self._set_count(effect, var, ctx)
        index = None
        if effect.index is not None:
            if var.type != LIST:
                raise error(f"'{name}' is a number and cannot be indexed", effect.index)
            index = player_index(self.scope, name, effect.index)
            if index is None:
                index = expect(self.lower.lower(effect.index, ctx), INT, effect.index, "an index")
                check_index(index, effect.index)
        want = INT if index is not None else var.type
        if effect.op != "=" and want != INT:
            raise error(f"'{effect.op}' needs a number; '{name}' is a {var.type}", effect)
        value = expect(self.lower.lower(effect.value, ctx), want, effect.value,
                       f"the value given to '{name}'")
        return ir.Assign(var.index, index, effect.op, value)

    if TYPE_CHECKING:   # provided by the checker (and `CountChecks`, mixed in beside this)
        def _rule_name(self, ident: ast.Ident | None, default: str) -> str: ...
        def _piece_index(self, ident: ast.Ident | None, node: Any) -> int: ...
        def _declare(self, ident: ast.Ident) -> None: ...
        def _sow(self, effect: ast.Sow, ctx: Context) -> ir.Sow: ...
        def _set_count(self, effect: ast.Assign, var: ir.Var, ctx: Context) -> ir.SetCount: ...
        def _rolled_move(self, node: ast.ParamMove) -> None: ...

