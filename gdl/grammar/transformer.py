"""The Lark transformer that builds `gdl.grammar.ast` from a parse tree: the file, a game's
statements and expressions; moves and puzzles come from its mixins."""

from __future__ import annotations

from lark import Token, v_args

from gdl.grammar import ast
from gdl.grammar.transformer_moves import MoveBuilder
from gdl.grammar.transformer_puzzles import PuzzleBuilder
from gdl.grammar.transformer_tokens import ident, position


@v_args(meta=True)
class Builder(MoveBuilder, PuzzleBuilder):
    """Builds AST nodes bottom-up; every method gets the rule's meta (its position)."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.text = text   # the source, for statements that keep their words (quantities)

    # ---- file and statements
    def start(self, meta, children):
        return children[0], children[1:]

    def header(self, meta, children):
        kind, title = children
        return ast.Header(str(kind), str(title)[1:-1], position(meta))

    def players(self, meta, children):
        *names, together = children
        return ast.Players(tuple(map(ident, names)), position(meta), together is not None)

    def simultaneous(self, meta, children):
        return True

    def option(self, meta, children):
        return ast.Option(ident(children[0]), children[1], position(meta))

    def board(self, meta, children):
        return ast.Board(children[0], children[1], children[3], position(meta), wrap=children[2])

    def board_hex(self, meta, children):
        return ast.Board(children[1], None, None, position(meta), hex_shape=ident(children[0]),
                         wrap=children[2])

    def wrap(self, meta, names):
        return ast.Wrap(tuple(map(ident, names)), position(meta))

    def board_points(self, meta, children):
        return ast.Board(children[0], children[1], None, position(meta), links=tuple(children[2:]))

    def chain(self, meta, names):
        return tuple(map(ident, names))

    def pieces(self, meta, names):
        return ast.Pieces(tuple(map(ident, names)), position(meta))

    def counts(self, meta, children):
        return ast.Counts(ident(children[0]), children[1], children[2], position(meta))

    def track(self, meta, children):
        return ast.Track(ident(children[0]), tuple(map(ident, children[1:])), position(meta))

    def hands(self, meta, children):
        return ast.Hands(tuple(pair for c in children if c is not None for pair in c),
                         position(meta))

    def kind_map(self, meta, children):   # `a b -> c`: a taken a or b returns as a c
        back = ident(children[-1])
        return [(ident(taken), back) for taken in children[:-1]]

    def neutral(self, meta, names):
        return ast.Neutral(tuple(map(ident, names)), position(meta))

    def links(self, meta, children):
        return ast.Links(children[0], position(meta))

    def per_player(self, meta, names):
        return tuple(n if isinstance(n, (ast.Vector, ast.Ident)) else ident(n) for n in names)

    def back(self, meta, children):   # `-d`: the opposite of d, its text `-d`
        return ast.Ident("-" + str(children[0]), position(meta))

    def dirs(self, meta, names):
        return self.per_player(meta, names)

    def coord(self, meta, children):
        return self.signed(meta, children)

    def vector(self, meta, children):
        dx, dy = children
        return ast.Vector(dx.value, dy.value, position(meta))

    def exact_vector(self, meta, children):
        dx, dy = children
        return ast.Vector(dx.value, dy.value, position(meta), exact=True)

    def direction(self, meta, children):
        return ast.Direction(ident(children[0]), tuple(children[1:]), position(meta))

    def region(self, meta, children):
        return ast.Region(ident(children[0]), children[1], (), position(meta))

    def owned(self, meta, children):
        return ident(children[0]), children[1]

    def player_region(self, meta, children):
        return ast.Region(ident(children[0]), None, tuple(children[1:]), position(meta))

    def setup(self, meta, children):
        player, piece, cells = children
        return ast.Setup(ident(player), ident(piece), cells, position(meta))

    def symmetry(self, meta, children):
        names = tuple(ident(c) for c in children if isinstance(c, Token))
        kinds = children[-2] if len(children) > 1 and children[-2] else ()
        return ast.Symmetry(names, position(meta), swap=children[-1] is True, kinds=kinds)

    def symmetry_cells(self, meta, children):
        cell_map, *groups, kinds, swap = children
        return ast.Symmetry((), position(meta), swap=swap is True, cell_map=cell_map,
                            cells=tuple(groups), kinds=kinds or ())

    def recolouring(self, meta, children):
        return tuple(children)

    def kind_group(self, meta, children):
        return tuple(map(ident, children))

    def colour_swap(self, meta, children):
        return True

    def cell_map(self, meta, children):
        return str(children[0])

    def cell_group(self, meta, children):
        return tuple(map(ident, children))

    def zones(self, meta, children):
        return ast.Zones(ident(children[0]), children[1], children[2], position(meta))

    def priority(self, meta, names):
        return ast.Priority(tuple(map(ident, names)), position(meta))

    def value(self, meta, children):
        return ast.PieceValue(ident(children[0]), children[1], position(meta))

    def state(self, meta, children):
        return ast.StateVar(ident(children[0]), children[1], position(meta),
                            per_player=children[2] is not None)

    def prefer(self, meta, children):
        most, measure = children
        return ast.Prefer(str(most) == "most", measure, position(meta))

    def illegal(self, meta, children):
        return ast.Illegal(children[0], position(meta))

    def conserved(self, meta, children):
        return ast.Quantity("conserved", children[0], None, self._text(meta), position(meta))

    def monotone(self, meta, children):
        expr, direction = children
        return ast.Quantity("monotone", expr, str(direction), self._text(meta, "never"),
                            position(meta))

    def heuristic(self, meta, children):
        return ast.Quantity("heuristic", children[0], None, self._text(meta), position(meta))

    def _text(self, meta, stop: str | None = None) -> str:
        """A quantity's expression as written: after the colon (and before `stop`)."""
        text = self.text[meta.start_pos:meta.end_pos].split(":", 1)[1]
        if stop is not None:
            text = text.rsplit(stop, 1)[0]
        return " ".join(text.split())

    def move_laws(self, meta, children):
        return ast.MoveLaws(tuple(" ".join(str(t).split()) for t in children), position(meta))

    def notation(self, meta, children):
        return ast.Notation(ident(children[0]), position(meta))

    def game_goal(self, meta, children):
        # `goal: COND` is sugar for `end: mover wins if COND`
        return ast.End(ast.Ident("mover", position(meta)), "wins", children[0], position(meta))

    def define(self, meta, children):
        name, params, body = children
        return ast.Define(ident(name), params, body, position(meta))

    def def_params(self, meta, names):
        return tuple(map(ident, names))

    def end(self, meta, children):
        who, outcome, condition = children
        return ast.End(ident(who), str(outcome), condition, position(meta))

    def end_draw(self, meta, children):
        return ast.End(None, "draw", children[0], position(meta))

    def end_score(self, meta, children):
        return ast.End(None, "score", children[1], position(meta), score=children[0])

    # ---- expressions
    def number(self, meta, children):
        return ast.Number(int(children[0]), position(meta))

    def name(self, meta, children):
        return ast.Name(ident(children[0]))

    def apply(self, meta, children):
        return ast.Apply(ident(children[0]), children[1], None, position(meta))

    def apply_of(self, meta, children):
        return ast.ApplyOf(ident(children[0]), children[1], children[2], position(meta))

    def relative(self, meta, children):
        """`left of X`, `right of X`: a function named by two words."""
        side = children[0]
        return ast.Apply(ast.Ident(f"{side.split()[0]} of", position(side)), children[1], None,
                         position(meta))

    def apply_range(self, meta, children):
        every = children[3] if len(children) > 3 else None
        return ast.Apply(ident(children[0]), children[1], children[2], position(meta), every)

    def neighbour(self, meta, children):
        return ast.Neighbour(ident(children[0]), children[1], position(meta))

    def list_(self, meta, children):
        items = tuple(c for c in children if c is not None)
        return ast.ListExpr(items, position(meta))

    def tuple_(self, meta, children):
        return ast.ListExpr(tuple(children), position(meta), parens=True)

    def apply_call(self, meta, children):
        # `adjacent reach(X, Y)`: the inner call is the outer function's one item
        outer, inner, *args = children
        arg = args[0] if len(args) == 1 else ast.ListExpr(tuple(args), position(inner),
                                                          parens=True)
        call = ast.Apply(ident(inner), arg, None, position(inner))
        return ast.Apply(ident(outer), call, None, position(meta))

    def index(self, meta, children):
        return ast.Index(children[0], children[1], position(meta))

    def neg(self, meta, children):
        operand = children[0]
        if isinstance(operand, ast.Neighbour):   # `-d is X`: the opposite direction's neighbour
            text = operand.direction.text
            back = text[1:] if text.startswith("-") else "-" + text
            return ast.Neighbour(ast.Ident(back, position(meta)), operand.operand,
                                 position(meta))
        return ast.Unary("-", operand, position(meta))

    def not_(self, meta, children):
        return ast.Unary("not", children[0], position(meta))

    def attacked(self, meta, children):
        return ast.Unary("attacked", children[0], position(meta))

    def no(self, meta, children):
        return ast.Unary("no", children[0], position(meta))

    def _binary(self, meta, children, op=None):
        left, *rest = children
        if op is None:
            op, right = str(rest[0]), rest[1]
        else:
            right = rest[0]
        # A binary node sits at its operator's left operand, like the source reads.
        return ast.Binary(op, left, right, position(meta))

    def or_(self, meta, children):
        return self._binary(meta, children, "or")

    def and_(self, meta, children):
        return self._binary(meta, children, "and")

    def within(self, meta, children):
        return self._binary(meta, children, "in")

    def compare(self, meta, children):
        return self._binary(meta, children)

    def arith(self, meta, children):
        return self._binary(meta, children)
