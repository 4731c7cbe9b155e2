"""Rules text -> AST: the Lark LALR parser and the transformer that builds `gdl.grammar.ast`.

`parse(text, filename)` returns a `Rules` or raises `RulesSyntaxError` with the
position of the offending token and, when the list is short, what was expected.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import os
import re
import sys
from importlib import resources
from pathlib import Path
from typing import overload

import lark
from lark import Token, Transformer, v_args

from gdl.errors import RulesSyntaxError, SourcePos, source_lines
from gdl.grammar import ast, limits

# Friendly names for terminals in "expected ..." lists; keywords are shown quoted.
_TERMINAL_NAMES = {
    "NAME": "a name", "INT": "a number", "STRING": 'a quoted title ("...")', "_NL": "end of line",
    "$END": "end of file", "COMPARE": "a comparison", "ADD": "+ or -", "MUL": "*, / or %",
    "ASSIGN": "=, += or -=", "OUTCOME": "'wins' or 'loses'",
    "KIND": "'game', 'puzzle' or 'constraints'",
}
_MAX_EXPECTED = 6   # longer lists are summarised instead of printed
_CHAR_HINTS = {
    "'": "a title is written in double quotes",
    '"': "a title ends with '\"' on the same line",
}
# `move place on empty`: the action word was read as the move's name, so say what is missing.
_MOVE_WITHOUT_COLON = re.compile(
    r"[\t ]*move(?:[\t ]+\w+)?[\t ]+(place|step|jump|pass)\b(?![\t ]*:)")


@functools.cache
def _parser() -> lark.Lark:
    grammar = resources.files("gdl.grammar").joinpath("rules.lark").read_text()
    return lark.Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=True,
                     cache=_table_cache(grammar))


def _table_cache(grammar: str) -> str | bool:
    """Where lark keeps the LALR tables built from our grammar: building them is most of a
    command's start (1.6 s of chess's 2.7). The file is in the user's own cache folder
    (XDG_CACHE_HOME), named by a hash of the grammar and the versions that read it;
    lark checks that hash again on loading. False (no cache) when the folder cannot be
    made."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gdl"
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    key = f"{grammar}\0{lark.__version__}\0{sys.version_info[:2]}".encode()
    return str(root / f"grammar-{hashlib.sha256(key).hexdigest()[:16]}.lark")


def parse(text: str, filename: str = "<rules>") -> ast.Rules:
    """Parse rules text into an AST.

    Raises:
        RulesSyntaxError: the text does not follow the grammar (located in `filename`).
    """
    text = text.removeprefix("\ufeff")   # a UTF-8 byte-order mark is not part of the rules
    if not text.endswith("\n"):
        text += "\n"
    try:
        limits.check_text(text)
        tree = _parser().parse(text)
        limits.check_tree(tree)
    except lark.exceptions.UnexpectedInput as err:
        raise _syntax_error(err, text).located(filename, text) from None
    except RulesSyntaxError as err:
        raise err.located(filename, text) from None
    header, statements = _Builder(text).transform(tree)
    return ast.Rules(header, tuple(statements), filename, text)


def _describe(terminal: str) -> str:
    if terminal in _TERMINAL_NAMES:
        return _TERMINAL_NAMES[terminal]
    for term in _parser().terminals:
        if term.name == terminal and isinstance(term.pattern, lark.lexer.PatternStr):
            return repr(term.pattern.value)
    return terminal.lower()


def _syntax_error(err: lark.exceptions.UnexpectedInput, text: str) -> RulesSyntaxError:
    pos = SourcePos(err.line, err.column) if err.line > 0 else None
    if isinstance(err, lark.exceptions.UnexpectedCharacters):
        char = err.char if err.char != "\n" else "end of line"
        hint = f": {_CHAR_HINTS[char]}" if char in _CHAR_HINTS else ""
        return RulesSyntaxError(f"unexpected character {char!r}{hint}", pos)
    if isinstance(err, lark.exceptions.UnexpectedToken):
        token = err.token
        lines = source_lines(text)
        line = lines[pos.line - 1] if pos is not None and pos.line <= len(lines) else ""
        if missing := _MOVE_WITHOUT_COLON.match(line):
            return RulesSyntaxError(f"expected ':' before '{missing[1]}'",
                                    SourcePos(err.line, missing.start(1) + 1))
        if token.type == "$END":
            what = "end of file"
        elif token.type == "_NL":
            what = "end of line"
            # A newline token starts where the line ends; point just past the last word.
            pos = SourcePos(token.line, token.column)
        else:
            what = repr(str(token))
        if str(token) == "..":
            return RulesSyntaxError(f"unexpected {what}; a range is written `rows A..B`, "
                                    f"`columns A..B` or, in a move, `n in A..B`", pos)
        expected = sorted({_describe(t) for t in err.expected})
        if not expected:
            return RulesSyntaxError(f"unexpected {what}", pos)
        if "'place'" in expected and "'choose'" in expected:
            return RulesSyntaxError(f"unexpected {what}; expected a move's action: place, step, "
                                    f"slide, jump, ride, choose or pass", pos)
        if len(expected) > _MAX_EXPECTED:
            if "'players'" not in expected:
                return RulesSyntaxError(f"unexpected {what}; expected an expression", pos)
            keywords = [word.strip("'") for word in expected if word.startswith("'")]
            close = difflib.get_close_matches(str(token), keywords, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return RulesSyntaxError(f"unexpected {what}; expected a statement keyword{hint}", pos)
        return RulesSyntaxError(f"unexpected {what}; expected {' or '.join(expected)}", pos)
    return RulesSyntaxError("unexpected end of file", pos)


def _pos(item: Token | lark.tree.Meta) -> SourcePos:
    # Tokens from the parser (not made by hand) and metas (propagate_positions) are placed.
    assert item.line is not None and item.column is not None
    return SourcePos(item.line, item.column)


@overload
def _ident(token: Token) -> ast.Ident: ...
@overload
def _ident(token: None) -> None: ...
@overload
def _ident(token: Token | None) -> ast.Ident | None: ...
def _ident(token: Token | None) -> ast.Ident | None:
    return None if token is None else ast.Ident(str(token), _pos(token))


@v_args(meta=True)
class _Builder(Transformer):
    """Builds AST nodes bottom-up; every method gets the rule's meta (its position)."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.text = text   # the source, for statements that keep their words (quantities)

    # ---- file and statements
    def start(self, meta, children):
        return children[0], children[1:]

    def header(self, meta, children):
        kind, title = children
        return ast.Header(str(kind), str(title)[1:-1], _pos(meta))

    def players(self, meta, names):
        return ast.Players(tuple(map(_ident, names)), _pos(meta))

    def option(self, meta, children):
        return ast.Option(_ident(children[0]), children[1], _pos(meta))

    def board(self, meta, children):
        return ast.Board(children[0], children[1], children[2], _pos(meta))

    def board_hex(self, meta, children):
        return ast.Board(children[1], None, None, _pos(meta), hex_shape=_ident(children[0]))

    def board_points(self, meta, children):
        return ast.Board(children[0], children[1], None, _pos(meta), links=tuple(children[2:]))

    def chain(self, meta, names):
        return tuple(map(_ident, names))

    def pieces(self, meta, names):
        return ast.Pieces(tuple(map(_ident, names)), _pos(meta))

    def counts(self, meta, children):
        return ast.Counts(_ident(children[0]), children[1], children[2], _pos(meta))

    def track(self, meta, children):
        return ast.Track(_ident(children[0]), tuple(map(_ident, children[1:])), _pos(meta))

    def hands(self, meta, children):
        return ast.Hands(tuple(c for c in children if c is not None), _pos(meta))

    def kind_map(self, meta, children):
        return _ident(children[0]), _ident(children[1])

    def drop(self, meta, children):
        return ast.Drop(_ident(children[0]), children[1], _pos(meta))

    def select(self, meta, children):
        return ast.Select(children[0], _pos(meta))

    def rotate(self, meta, children):
        return ast.Rotate(children[0], children[1], _pos(meta))

    def reflect(self, meta, children):
        return ast.Reflect(children[0], _pos(meta))

    def swap(self, meta, children):
        return ast.Swap(children[0], children[1], _pos(meta))

    def cycle_cells(self, meta, children):
        return ast.CycleCells(tuple(children), _pos(meta))

    def group(self, meta, children):
        return ast.Group(children[0], _pos(meta))

    def sow(self, meta, children):
        return ast.Sow(_ident(children[0]), _ident(children[1]), children[2], _pos(meta))

    def neutral(self, meta, names):
        return ast.Neutral(tuple(map(_ident, names)), _pos(meta))

    def per_player(self, meta, names):
        return tuple(n if isinstance(n, ast.Vector) else _ident(n) for n in names)

    def dirs(self, meta, names):
        return self.per_player(meta, names)

    def coord(self, meta, children):
        return self.signed(meta, children)

    def vector(self, meta, children):
        dx, dy = children
        return ast.Vector(dx.value, dy.value, _pos(meta))

    def exact_vector(self, meta, children):
        dx, dy = children
        return ast.Vector(dx.value, dy.value, _pos(meta), exact=True)

    def illegal(self, meta, children):
        return ast.Illegal(children[0], _pos(meta))

    def every_move(self, meta, children):
        return ast.EveryMove(children[0], _pos(meta))

    def direction(self, meta, children):
        return ast.Direction(_ident(children[0]), tuple(children[1:]), _pos(meta))

    def region(self, meta, children):
        return ast.Region(_ident(children[0]), children[1], (), _pos(meta))

    def owned(self, meta, children):
        return _ident(children[0]), children[1]

    def player_region(self, meta, children):
        return ast.Region(_ident(children[0]), None, tuple(children[1:]), _pos(meta))

    def setup(self, meta, children):
        player, piece, cells = children
        return ast.Setup(_ident(player), _ident(piece), cells, _pos(meta))

    def symmetry(self, meta, children):
        names = tuple(_ident(c) for c in children if isinstance(c, Token))
        kinds = children[-2] if len(children) > 1 and children[-2] else ()
        return ast.Symmetry(names, _pos(meta), swap=children[-1] is True, kinds=kinds)

    def symmetry_cells(self, meta, children):
        cell_map, *groups, kinds, swap = children
        return ast.Symmetry((), _pos(meta), swap=swap is True, cell_map=cell_map,
                            cells=tuple(groups), kinds=kinds or ())

    def recolouring(self, meta, children):
        return tuple(children)

    def kind_group(self, meta, children):
        return tuple(map(_ident, children))

    def colour_swap(self, meta, children):
        return True

    def cell_map(self, meta, children):
        return str(children[0])

    def cell_group(self, meta, children):
        return tuple(map(_ident, children))

    def conserved(self, meta, children):
        return ast.Quantity("conserved", children[0], None, self._text(meta), _pos(meta))

    def monotone(self, meta, children):
        expr, direction = children
        return ast.Quantity("monotone", expr, str(direction), self._text(meta, "never"),
                            _pos(meta))

    def heuristic(self, meta, children):
        return ast.Quantity("heuristic", children[0], None, self._text(meta), _pos(meta))

    def move_laws(self, meta, children):
        return ast.MoveLaws(tuple(" ".join(str(t).split()) for t in children), _pos(meta))

    def game_goal(self, meta, children):
        # `goal: COND` is sugar for `end: mover wins if COND`
        return ast.End(ast.Ident("mover", _pos(meta)), "wins", children[0], _pos(meta))

    def _text(self, meta, stop: str | None = None) -> str:
        """A quantity's expression as written: after the colon (and before `stop`)."""
        text = self.text[meta.start_pos:meta.end_pos].split(":", 1)[1]
        if stop is not None:
            text = text.rsplit(stop, 1)[0]
        return " ".join(text.split())

    def value(self, meta, children):
        return ast.PieceValue(_ident(children[0]), children[1], _pos(meta))

    def state(self, meta, children):
        return ast.StateVar(_ident(children[0]), children[1], _pos(meta))

    # ---- moves
    def board_move(self, meta, children):
        name, first, *more = children
        return ast.BoardMove(_ident(name), first.action, first.effects, _pos(meta), tuple(more),
                             guard=first.guard, repeat=first.repeat)

    def stage(self, meta, children):
        guard, repeat, action, effects = children
        return ast.Stage(guard, action, effects or (), _pos(meta), repeat)

    def repeat(self, meta, children):
        return ast.Repeat(children[0], _pos(meta))

    def param_move(self, meta, children):
        name, params, guard, effects = children
        return ast.ParamMove(_ident(name), params, guard, effects, _pos(meta))

    def bare_move(self, meta, children):
        name, guard, effects = children
        return ast.ParamMove(_ident(name), (), guard, effects, _pos(meta))

    def always_move(self, meta, children):
        name, effects = children
        return ast.ParamMove(_ident(name), (), None, effects, _pos(meta))

    def params(self, meta, children):
        return tuple(children)

    def param(self, meta, children):
        return ast.Param(_ident(children[0]), children[1], children[2], _pos(meta))

    def place(self, meta, children):
        return ast.Place(_ident(children[0]), children[1], _pos(meta))

    def step(self, meta, children):
        piece, directions, origin, to = children
        return ast.Step(_ident(piece), directions, to, _pos(meta), origin=origin)

    def slide(self, meta, children):
        piece, directions, origin, to = children
        return ast.Step(_ident(piece), directions, to, _pos(meta), slide=True, origin=origin)

    def slide_by(self, meta, children):
        piece, directions, origin, distance, over, to = children
        return ast.Step(_ident(piece), directions, to, _pos(meta), slide=True, origin=origin,
                        distance=distance, over=over)

    def links(self, meta, children):
        return ast.Links(children[0], _pos(meta))

    def jump(self, meta, children):
        piece, directions, origin, over, to, repeat, by_path = children
        return ast.Jump(_ident(piece), directions, over, to, repeat is not None, _pos(meta),
                        origin=origin, by_path=by_path is not None)

    def origin(self, meta, children):
        return children[0]

    def ride(self, meta, children):
        directions, origin, to = children
        return ast.Ride(directions, origin, to, _pos(meta))

    def choose(self, meta, children):
        return ast.Choose(children[0], _pos(meta))

    def pass_(self, meta, children):
        return ast.Pass(_pos(meta), always=children[0] is not None)

    def remove(self, meta, children):
        return ast.Remove(children[0], _pos(meta))

    def add(self, meta, children):
        first, second, cells = children
        owner, piece = (None, first) if second is None else (first, second)
        return ast.Add(_ident(owner), _ident(piece), cells, _pos(meta))

    def carry(self, meta, children):
        return ast.Carry(children[0], children[1], _pos(meta))

    def again(self, meta, children):
        return ast.Again(_pos(meta))

    def flip(self, meta, children):
        return ast.Flip(children[0], _pos(meta))

    def fill(self, meta, children):
        return ast.Fill(children[0], _ident(children[1]), _pos(meta))

    def toggle(self, meta, children):
        return ast.Toggle(children[0], _ident(children[1]), _pos(meta))

    def guarded(self, meta, children):
        return ast.Guarded(children[0], children[1], _pos(meta))

    def zones(self, meta, children):
        return ast.Zones(_ident(children[0]), children[1], children[2], _pos(meta))

    def priority(self, meta, names):
        return ast.Priority(tuple(map(_ident, names)), _pos(meta))

    def effects(self, meta, children):
        return tuple(children)

    def assign(self, meta, children):
        target, index, op, value = children
        return ast.Assign(_ident(target), index, str(op), value, _pos(meta))

    def promote(self, meta, children):
        return ast.Promote(_ident(children[0]), children[1], _pos(meta))

    def end(self, meta, children):
        who, outcome, condition = children
        return ast.End(_ident(who), str(outcome), condition, _pos(meta))

    def end_draw(self, meta, children):
        return ast.End(None, "draw", children[0], _pos(meta))

    def end_score(self, meta, children):
        return ast.End(None, "score", children[1], _pos(meta), score=children[0])

    # ---- expressions
    def number(self, meta, children):
        return ast.Number(int(children[0]), _pos(meta))

    def name(self, meta, children):
        return ast.Name(_ident(children[0]))

    def apply(self, meta, children):
        return ast.Apply(_ident(children[0]), children[1], None, _pos(meta))

    def apply_of(self, meta, children):
        return ast.ApplyOf(_ident(children[0]), children[1], children[2], _pos(meta))

    def apply_range(self, meta, children):
        every = children[3] if len(children) > 3 else None
        return ast.Apply(_ident(children[0]), children[1], children[2], _pos(meta), every)

    def neighbour(self, meta, children):
        return ast.Neighbour(_ident(children[0]), children[1], _pos(meta))

    def list_(self, meta, children):
        items = tuple(c for c in children if c is not None)
        return ast.ListExpr(items, _pos(meta))

    def tuple_(self, meta, children):
        return ast.ListExpr(tuple(children), _pos(meta))

    def index(self, meta, children):
        return ast.Index(children[0], children[1], _pos(meta))

    def neg(self, meta, children):
        return ast.Unary("-", children[0], _pos(meta))

    def not_(self, meta, children):
        return ast.Unary("not", children[0], _pos(meta))

    def attacked(self, meta, children):
        return ast.Unary("attacked", children[0], _pos(meta))

    def no(self, meta, children):
        return ast.Unary("no", children[0], _pos(meta))

    def _binary(self, meta, children, op=None):
        left, *rest = children
        if op is None:
            op, right = str(rest[0]), rest[1]
        else:
            right = rest[0]
        # A binary node sits at its operator's left operand, like the source reads.
        return ast.Binary(op, left, right, _pos(meta))

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

    # ---- puzzles (issue 5)
    def perm_state(self, meta, children):
        name, size, *orientations = children
        return ast.PermState(_ident(name), size, tuple(orientations), _pos(meta))

    def orientation(self, meta, children):
        name, size, modulus = children
        return ast.Orientation(_ident(name), size, modulus, _pos(meta))

    def tiles(self, meta, children):
        return ast.Tiles(children[0], children[1], _pos(meta))

    def stacks(self, meta, children):
        return ast.Stacks(children[0], children[1], _pos(meta))

    def cycle_move(self, meta, children):
        return ast.CycleMove(_ident(children[0]), tuple(children[1:]), _pos(meta))

    def cycle_symmetry(self, meta, children):
        return ast.CycleMove(_ident(children[0]), tuple(children[1:]), _pos(meta), symmetry=True)

    def cycle(self, meta, children):
        part, *rest = children
        positions = []
        while rest and isinstance(rest[0], Token) and rest[0].type == "INT":
            token = rest.pop(0)
            positions.append(ast.Number(int(token), _pos(token)))
        turns: list[tuple[ast.Ident, list[ast.Number]]] = []
        for item in rest:   # an orientation's name, then its amounts
            if isinstance(item, Token):
                turns.append((_ident(item), []))
            else:
                turns[-1][1].append(item)
        return ast.Cycle(_ident(part), tuple(positions),
                         tuple((name, tuple(amounts)) for name, amounts in turns), _pos(meta))

    def signed(self, meta, children):
        sign, number = children
        value = -int(number) if sign is not None and str(sign) == "-" else int(number)
        return ast.Number(value, _pos(meta))

    def slide_move(self, meta, children):
        return ast.SlideMove(_pos(meta))

    def stack_move_larger(self, meta, children):
        return ast.StackMove("larger", _pos(meta))

    def stack_move_any(self, meta, children):
        return ast.StackMove("any", _pos(meta))

    def inverse(self, meta, children):
        names = [_ident(token) for token in children]
        return ast.Inverse(tuple(zip(names[::2], names[1::2])), _pos(meta))

    def puzzle_start(self, meta, children):
        return ast.PuzzleStart(children[0], _pos(meta))

    def puzzle_goal(self, meta, children):
        return ast.PuzzleGoal(children[0], _pos(meta))

    def target_initial(self, meta, children):
        return ast.Target("initial", None, None, _pos(meta))

    def target_all_on(self, meta, children):
        return ast.Target("all on", children[0], None, _pos(meta))

    def target_ordered(self, meta, children):
        return ast.Target("in order", None, str(children[0]), _pos(meta))

    def target_text(self, meta, children):
        return ast.Target("text", None, str(children[0])[1:-1], _pos(meta))

    # ---- constraint puzzles
    def grid_vars(self, meta, children):
        width, height, low, high = children
        return ast.GridVars(width, height, low, high, _pos(meta))

    def givens(self, meta, children):
        return ast.Givens(str(children[0])[1:-1], _pos(children[0]))

    def all_different(self, meta, children):
        shift, areas = children
        return ast.AllDifferentRule(shift, areas, _pos(meta))

    def sum_of(self, meta, children):
        op, total, areas = children
        return ast.SumRule("==" if op is None else str(op), total, areas, _pos(meta))

    def cage(self, meta, children):
        return ast.CageRule(children[0], children[1], _pos(meta))

    def count_exactly(self, meta, children):
        k, value, areas = children
        return ast.CountRule("==", k, value, areas, _pos(meta))

    def count_bound(self, meta, children):
        bound, k, value, areas = children
        return ast.CountRule("<=" if str(bound) == "most" else ">=", k, value, areas, _pos(meta))

    def require(self, meta, children):
        return ast.RequireRule(tuple(children), _pos(meta))

    def comparison(self, meta, children):
        ops = tuple(str(op) for op in children[1::2])
        return ast.Comparison(tuple(children[::2]), ops, _pos(meta))

    def areas(self, meta, children):
        return tuple(children)

    def area_word(self, meta, children):
        return ast.Area(str(children[0]), (), (), _pos(meta))

    def area_line(self, meta, children):
        return ast.Area(str(children[0]), (children[1],), (), _pos(meta))

    def area_boxes(self, meta, children):
        return ast.Area("boxes", tuple(children), (), _pos(meta))

    def area_cells(self, meta, children):
        return ast.Area("cells", (), tuple(map(_ident, children)), _pos(meta))

    def area_right(self, meta, children):
        return ast.Area("right of", (), (_ident(children[0]),), _pos(meta))

    def area_below(self, meta, children):
        return ast.Area("below", (), (_ident(children[0]),), _pos(meta))

    def no_value_areas(self, meta, children):
        return ast.NoValueRule(children[0], None, _pos(meta))

    def no_value_picture(self, meta, children):
        return ast.NoValueRule((), str(children[0])[1:-1], _pos(children[0]))

    def arithmetic(self, meta, children):
        op, target, areas = children
        symbol = {"product": "*", "difference": "-", "quotient": "/"}[str(op)]
        return ast.ArithmeticRule(symbol, target, areas, _pos(meta))

    def runs(self, meta, children):
        return ast.RunsRule(tuple(children[:-1]), children[-1], _pos(meta))

    def run_list(self, meta, children):
        return tuple(int(token) for token in children)

    def visible_side(self, meta, children):
        side, clues = children
        return ast.VisibleRule(None, (), side, str(clues)[1:-1], _pos(clues))

    def visible_areas(self, meta, children):
        return ast.VisibleRule(children[0], children[1], None, None, _pos(meta))

    def side(self, meta, children):
        return str(children[0])
