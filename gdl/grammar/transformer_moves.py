"""The transformer's move rules: lark trees of actions, stages and effects -> `ast` move nodes."""

from __future__ import annotations

from lark import Transformer, v_args

from gdl.grammar import ast
from gdl.grammar.transformer_tokens import ident, position


@v_args(meta=True)
class MoveBuilder(Transformer):
    """Builds move rules, their actions and effects; a mixin of `Builder` (every method gets
    the rule's meta, its position)."""

    # ---- moves
    def board_move(self, meta, children):
        name, first, *more = children
        return ast.BoardMove(ident(name), first.action, first.effects, position(meta), tuple(more),
                             guard=first.guard, repeat=first.repeat)

    def for_move(self, meta, children):
        """`move NAME for d in DIRS: stages`: the move, quantified over DIRS."""
        name, var, directions, first, *more = children
        move = ast.BoardMove(ident(name), first.action, first.effects, position(meta),
                             tuple(more), guard=first.guard, repeat=first.repeat)
        return ast.ForMove(ident(var), directions, move, position(meta))

    def for_effect(self, meta, children):
        var, directions, effect = children
        return ast.ForEffect(ident(var), directions, effect, position(meta))

    def step_as(self, meta, children):
        piece, directions, var, origin, to = children
        action = ast.Step(ident(piece), (ident(var),), to, position(meta), origin=origin)
        return ast.TravelAs(ident(var), directions, action, position(meta))

    def slide_as(self, meta, children):
        piece, directions, var, origin, to = children
        action = ast.Step(ident(piece), (ident(var),), to, position(meta), slide=True,
                          origin=origin)
        return ast.TravelAs(ident(var), directions, action, position(meta))

    def jump_as(self, meta, children):
        piece, directions, var, origin, over, to = children
        action = ast.Jump(ident(piece), (ident(var),), over, to, False, position(meta),
                          origin=origin)
        return ast.TravelAs(ident(var), directions, action, position(meta))

    def keyword_neighbour(self, meta, children):
        word, _, operand = children
        return ast.Neighbour(ident(word), operand, position(meta))

    def any_direction(self, meta, children):
        var, directions, body = children
        return ast.DirectionQuantifier("any", ident(var), directions, body, position(meta))

    def all_direction(self, meta, children):
        var, directions, body = children
        return ast.DirectionQuantifier("all", ident(var), directions, body, position(meta))

    def stage(self, meta, children):
        guard, repeat, action, effects = children
        return ast.Stage(guard, action, effects or (), position(meta), repeat)

    def repeat(self, meta, children):
        return ast.Repeat(children[0], position(meta))

    def param_move(self, meta, children):
        name, params, guard, effects = children
        return ast.ParamMove(ident(name), params, guard, effects, position(meta))

    def bare_move(self, meta, children):
        name, guard, effects = children
        return ast.ParamMove(ident(name), (), guard, effects, position(meta))

    def always_move(self, meta, children):
        name, effects = children
        return ast.ParamMove(ident(name), (), None, effects, position(meta))

    def params(self, meta, children):
        return tuple(children)

    def param(self, meta, children):
        return ast.Param(ident(children[0]), children[1], children[2], position(meta))

    def every_move(self, meta, children):
        return ast.EveryMove(children[0], position(meta))

    def after_move(self, meta, children):
        return ast.EveryMove(children[0], position(meta), after=True)

    def place(self, meta, children):
        return ast.Place(ident(children[0]), children[1], position(meta))

    def step(self, meta, children):
        piece, directions, origin, to = children
        return ast.Step(ident(piece), directions, to, position(meta), origin=origin)

    def slide(self, meta, children):
        piece, directions, origin, to = children
        return ast.Step(ident(piece), directions, to, position(meta), slide=True, origin=origin)

    def slide_by(self, meta, children):
        piece, directions, origin, distance, over, to = children
        return ast.Step(ident(piece), directions, to, position(meta), slide=True, origin=origin,
                        distance=distance, over=over)

    def slide_past(self, meta, children):
        piece, directions, origin, screens, screen, to = children
        return ast.Step(ident(piece), directions, to, position(meta), slide=True, origin=origin,
                        screens=screens, screen=screen)

    def jump(self, meta, children, takes=True):
        piece, directions, far, origin, over, to, repeat, by_path, at_will = children
        return ast.Jump(ident(piece), directions, over, to, repeat is not None, position(meta),
                        origin=origin, by_path=by_path is not None, far=far is not None,
                        takes=takes, at_will=at_will is not None)

    def hop(self, meta, children):
        piece, *rest = children
        return self.jump(meta, [piece, rest[0], None, *rest[1:]], takes=False)

    def origin(self, meta, children):
        return children[0]

    def ride(self, meta, children):
        directions, origin, to = children
        return ast.Ride(directions, origin, to, position(meta))

    def choose(self, meta, children):
        return ast.Choose(children[0], position(meta))

    def pass_(self, meta, children):
        return ast.Pass(position(meta), always=children[0] is not None)

    def drop(self, meta, children):
        return ast.Drop(ident(children[0]), children[1], position(meta))

    def select(self, meta, children):
        return ast.Select(children[0], position(meta))

    # ---- effects
    def effects(self, meta, children):
        return tuple(children)

    def assign(self, meta, children):
        target, index, op, value = children
        return ast.Assign(ident(target), index, str(op), value, position(meta))

    def promote(self, meta, children):
        return ast.Promote(ident(children[0]), children[1], position(meta))

    def remove(self, meta, children):
        return ast.Remove(children[0], position(meta))

    def add(self, meta, children):
        first, second, cells = children
        owner, piece = (None, first) if second is None else (first, second)
        return ast.Add(ident(owner), ident(piece), cells, position(meta))

    def carry(self, meta, children):
        return ast.Carry(children[0], children[1], position(meta))

    def again(self, meta, children):
        return ast.Again(position(meta))

    def flip(self, meta, children):
        return ast.Flip(children[0], position(meta))

    def fill(self, meta, children):
        return ast.Fill(children[0], ident(children[1]), position(meta))

    def toggle(self, meta, children):
        return ast.Toggle(children[0], ident(children[1]), position(meta))

    def guarded(self, meta, children):
        return ast.Guarded(children[0], children[1], position(meta))

    def group(self, meta, children):
        return ast.Group(children[0], position(meta))

    def rotate(self, meta, children):
        return ast.Rotate(children[0], children[1], position(meta))

    def reflect(self, meta, children):
        return ast.Reflect(children[0], position(meta))

    def swap(self, meta, children):
        return ast.Swap(children[0], children[1], position(meta))

    def cycle_cells(self, meta, children):
        return ast.CycleCells(tuple(children), position(meta))

    def sow(self, meta, children):
        return ast.Sow(ident(children[0]), ident(children[1]), children[2], position(meta))
    # ---- chance (issue 31)
    def chance_decl(self, meta, children):
        word, name, (form, args, outcomes), where = children
        return ast.Chance(ident(name), str(word) == "roll", form, args, outcomes, position(meta),
                          where)

    def die(self, meta, children):
        return "die", (children[0],), ()

    def dice(self, meta, children):
        return "dice", (children[0], children[1]), ()

    def bag(self, meta, children):
        return "bag", (ast.Name(ident(children[0])),), ()

    def weights(self, meta, children):
        return "weights", (), tuple(c for c in children if c is not None)

    def outcome(self, meta, children):
        value, weight = children
        return ast.Outcome(value, "".join(str(weight).split()), position(weight))

    def roll(self, meta, children):
        return ast.Roll(ident(children[0]), position(meta))

    def opening(self, meta, children):
        return ast.Opening(children[0], position(meta))
