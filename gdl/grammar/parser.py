"""Rules text -> AST: the Lark LALR parser and the transformer that builds `gdl.grammar.ast`.

`parse(text, filename)` returns a `Rules` or raises `RulesSyntaxError` with the
position of the offending token and, when the list is short, what was expected.
"""

from __future__ import annotations

import functools
from importlib import resources

import lark
from lark import Token, Transformer, v_args

from gdl.errors import RulesSyntaxError, SourcePos
from gdl.grammar import ast

# Friendly names for terminals in "expected ..." lists; keywords are shown quoted.
_TERMINAL_NAMES = {
    "NAME": "a name", "INT": "a number", "STRING": 'a quoted title ("...")', "_NL": "end of line",
    "$END": "end of file", "COMPARE": "a comparison", "ADD": "+ or -", "MUL": "*, / or %",
    "ASSIGN": "=, += or -=", "OUTCOME": "'wins' or 'loses'", "KIND": "'game', 'puzzle' or 'constraints'",
}
_MAX_EXPECTED = 6   # longer lists are summarised instead of printed


@functools.cache
def _parser() -> lark.Lark:
    grammar = resources.files("gdl.grammar").joinpath("rules.lark").read_text()
    return lark.Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def parse(text: str, filename: str = "<rules>") -> ast.Rules:
    """Parse rules text into an AST.

    Raises:
        RulesSyntaxError: the text does not follow the grammar (located in `filename`).
    """
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = _parser().parse(text)
    except lark.exceptions.UnexpectedInput as err:
        raise _syntax_error(err).located(filename, text) from None
    header, statements = _Builder().transform(tree)
    return ast.Rules(header, tuple(statements), filename, text)


def _describe(terminal: str) -> str:
    if terminal in _TERMINAL_NAMES:
        return _TERMINAL_NAMES[terminal]
    for term in _parser().terminals:
        if term.name == terminal and isinstance(term.pattern, lark.lexer.PatternStr):
            return repr(term.pattern.value)
    return terminal.lower()


def _syntax_error(err: lark.exceptions.UnexpectedInput) -> RulesSyntaxError:
    pos = SourcePos(err.line, err.column) if err.line > 0 else None
    if isinstance(err, lark.exceptions.UnexpectedCharacters):
        char = err.char if err.char != "\n" else "end of line"
        return RulesSyntaxError(f"unexpected character {char!r}", pos)
    if isinstance(err, lark.exceptions.UnexpectedToken):
        token = err.token
        if token.type == "$END":
            what = "end of file"
        elif token.type == "_NL":
            what = "end of line"
            # A newline token starts where the line ends; point just past the last word.
            pos = SourcePos(token.line, token.column)
        else:
            what = repr(str(token))
        expected = sorted({_describe(t) for t in err.expected})
        if not expected:
            return RulesSyntaxError(f"unexpected {what}", pos)
        if len(expected) > _MAX_EXPECTED:
            hint = "a statement keyword" if "'players'" in expected else "an expression"
            return RulesSyntaxError(f"unexpected {what}; expected {hint}", pos)
        return RulesSyntaxError(f"unexpected {what}; expected {' or '.join(expected)}", pos)
    return RulesSyntaxError("unexpected end of file", pos)


def _pos(item: Token | lark.tree.Meta) -> SourcePos:
    return SourcePos(item.line, item.column)


def _ident(token: Token | None) -> ast.Ident | None:
    return None if token is None else ast.Ident(str(token), _pos(token))


@v_args(meta=True)
class _Builder(Transformer):
    """Builds AST nodes bottom-up; every method gets the rule's meta (its position)."""

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

    def pieces(self, meta, names):
        return ast.Pieces(tuple(map(_ident, names)), _pos(meta))

    def per_player(self, meta, names):
        return tuple(map(_ident, names))

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

    def symmetry(self, meta, names):
        return ast.Symmetry(tuple(map(_ident, names)), _pos(meta))

    def value(self, meta, children):
        return ast.PieceValue(_ident(children[0]), children[1], _pos(meta))

    def state(self, meta, children):
        return ast.StateVar(_ident(children[0]), children[1], _pos(meta))

    # ---- moves
    def board_move(self, meta, children):
        name, action, effects = children
        return ast.BoardMove(_ident(name), action, effects or (), _pos(meta))

    def param_move(self, meta, children):
        name, params, guard, effects = children
        return ast.ParamMove(_ident(name), params, guard, effects, _pos(meta))

    def params(self, meta, children):
        return tuple(children)

    def param(self, meta, children):
        return ast.Param(_ident(children[0]), children[1], children[2], _pos(meta))

    def place(self, meta, children):
        return ast.Place(_ident(children[0]), children[1], _pos(meta))

    def step(self, meta, children):
        piece, directions, to = children
        return ast.Step(_ident(piece), directions, to, _pos(meta))

    def jump(self, meta, children):
        piece, directions, over, to, repeat = children
        return ast.Jump(_ident(piece), directions, over, to, repeat is not None, _pos(meta))

    def pass_(self, meta, children):
        return ast.Pass(_pos(meta))

    def flip(self, meta, children):
        return ast.Flip(children[0], _pos(meta))

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

    # ---- expressions
    def number(self, meta, children):
        return ast.Number(int(children[0]), _pos(meta))

    def name(self, meta, children):
        return ast.Name(_ident(children[0]))

    def apply(self, meta, children):
        return ast.Apply(_ident(children[0]), children[1], None, _pos(meta))

    def apply_range(self, meta, children):
        return ast.Apply(_ident(children[0]), children[1], children[2], _pos(meta))

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
