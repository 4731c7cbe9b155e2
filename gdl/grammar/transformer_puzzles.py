"""The transformer's puzzle statements: permutation puzzles and constraint grids -> `ast` nodes."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from gdl.grammar import ast
from gdl.grammar.transformer_tokens import ident, position


@v_args(meta=True)
class PuzzleBuilder(Transformer):
    """Builds the statements of `puzzle` and `constraints` files; a mixin of `Builder` (every
    method gets the rule's meta, its position)."""

    # ---- puzzles (issue 5)
    def perm_state(self, meta, children):
        name, size, *orientations = children
        return ast.PermState(ident(name), size, tuple(orientations), position(meta))

    def orientation(self, meta, children):
        name, size, modulus = children
        return ast.Orientation(ident(name), size, modulus, position(meta))

    def tiles(self, meta, children):
        return ast.Tiles(children[0], children[1], position(meta))

    def stacks(self, meta, children):
        return ast.Stacks(children[0], children[1], position(meta))

    def cycle_move(self, meta, children):
        return ast.CycleMove(ident(children[0]), tuple(children[1:]), position(meta))

    def cycle_symmetry(self, meta, children):
        return ast.CycleMove(ident(children[0]), tuple(children[1:]), position(meta), symmetry=True)

    def cycle(self, meta, children):
        part, *rest = children
        positions = []
        while rest and isinstance(rest[0], Token) and rest[0].type == "INT":
            token = rest.pop(0)
            positions.append(ast.Number(int(token), position(token)))
        turns: list[tuple[ast.Ident, list[ast.Number]]] = []
        for item in rest:   # an orientation's name, then its amounts
            if isinstance(item, Token):
                turns.append((ident(item), []))
            else:
                turns[-1][1].append(item)
        return ast.Cycle(ident(part), tuple(positions),
                         tuple((name, tuple(amounts)) for name, amounts in turns), position(meta))

    def signed(self, meta, children):
        sign, number = children
        value = -int(number) if sign is not None and str(sign) == "-" else int(number)
        return ast.Number(value, position(meta))

    def slide_move(self, meta, children):
        return ast.SlideMove(position(meta))

    def stack_move_larger(self, meta, children):
        return ast.StackMove("larger", position(meta))

    def stack_move_any(self, meta, children):
        return ast.StackMove("any", position(meta))

    def inverse(self, meta, children):
        names = [ident(token) for token in children]
        return ast.Inverse(tuple(zip(names[::2], names[1::2])), position(meta))

    def puzzle_start(self, meta, children):
        return ast.PuzzleStart(children[0], position(meta))

    def puzzle_goal(self, meta, children):
        return ast.PuzzleGoal(children[0], position(meta))

    def target_initial(self, meta, children):
        return ast.Target("initial", None, None, position(meta))

    def target_all_on(self, meta, children):
        return ast.Target("all on", children[0], None, position(meta))

    def target_ordered(self, meta, children):
        return ast.Target("in order", None, str(children[0]), position(meta))

    def target_text(self, meta, children):
        return ast.Target("text", None, str(children[0])[1:-1], position(meta))

    # ---- constraint puzzles
    def grid_vars(self, meta, children):
        width, height, low, high = children
        return ast.GridVars(width, height, low, high, position(meta))

    def givens(self, meta, children):
        return ast.Givens(str(children[0])[1:-1], position(children[0]))

    def all_different(self, meta, children):
        shift, areas = children
        return ast.AllDifferentRule(shift, areas, position(meta))

    def sum_of(self, meta, children):
        op, total, areas = children
        return ast.SumRule("==" if op is None else str(op), total, areas, position(meta))

    def cage(self, meta, children):
        return ast.CageRule(children[0], children[1], position(meta))

    def count_exactly(self, meta, children):
        k, value, areas = children
        return ast.CountRule("==", k, value, areas, position(meta))

    def count_bound(self, meta, children):
        bound, k, value, areas = children
        return ast.CountRule("<=" if str(bound) == "most" else ">=", k, value, areas,
                             position(meta))

    def require(self, meta, children):
        return ast.RequireRule(tuple(children), position(meta))

    def comparison(self, meta, children):
        ops = tuple(str(op) for op in children[1::2])
        return ast.Comparison(tuple(children[::2]), ops, position(meta))

    def areas(self, meta, children):
        return tuple(children)

    def area_word(self, meta, children):
        return ast.Area(str(children[0]), (), (), position(meta))

    def area_line(self, meta, children):
        return ast.Area(str(children[0]), (children[1],), (), position(meta))

    def area_boxes(self, meta, children):
        return ast.Area("boxes", tuple(children), (), position(meta))

    def area_cells(self, meta, children):
        return ast.Area("cells", (), tuple(map(ident, children)), position(meta))

    def area_right(self, meta, children):
        return ast.Area("right of", (), (ident(children[0]),), position(meta))

    def area_below(self, meta, children):
        return ast.Area("below", (), (ident(children[0]),), position(meta))

    def no_value_areas(self, meta, children):
        return ast.NoValueRule(children[0], None, position(meta))

    def no_value_picture(self, meta, children):
        return ast.NoValueRule((), str(children[0])[1:-1], position(children[0]))

    def arithmetic(self, meta, children):
        op, target, areas = children
        symbol = {"product": "*", "difference": "-", "quotient": "/"}[str(op)]
        return ast.ArithmeticRule(symbol, target, areas, position(meta))

    def runs(self, meta, children):
        return ast.RunsRule(tuple(children[:-1]), children[-1], position(meta))

    def run_list(self, meta, children):
        return tuple(int(token) for token in children)

    def visible_side(self, meta, children):
        side, clues = children
        return ast.VisibleRule(None, (), side, str(clues)[1:-1], position(clues))

    def visible_areas(self, meta, children):
        return ast.VisibleRule(children[0], children[1], None, None, position(meta))

    def side(self, meta, children):
        return str(children[0])
