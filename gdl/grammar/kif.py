"""Stanford GDL (KIF) text -> `ast.kif.Description`: S-expressions read by Lark, then
turned into rules, every node with its line and column.

Parentheses are matched before Lark sees the text, so an unclosed `(` is reported where
it opens and a stray `)` where it stands. A sentence of the wrong shape (`(<= )`, a
variable as a rule's head, `(not a b)`) is a located syntax error too.
"""

from __future__ import annotations

import functools
from importlib import resources

import lark

from gdl.errors import RulesSyntaxError, SourcePos
from gdl.grammar import limits
from gdl.grammar.ast.kif import Compound, Const, Description, Distinct, Literal, Not, Or, Rule, Var

SExpr = Const | Var | tuple   # a list: (position, items...)
MAX_DEPTH = 100               # nesting of parentheses (deeper would exhaust Python's stack)


@functools.cache
def _parser() -> lark.Lark:
    grammar = resources.files("gdl.grammar").joinpath("kif.lark").read_text()
    return lark.Lark(grammar, parser="lalr", propagate_positions=True)


def parse_kif(text: str, filename: str = "<kif>") -> Description:
    """Parse KIF text into its rules.

    Raises:
        RulesSyntaxError: unbalanced parentheses, a stray character, a malformed sentence.
    """
    text = text.removeprefix("\ufeff")
    try:
        limits.check_text(text)
        _check_parentheses(text)
        tree = _parser().parse(text)
        rules = tuple(_sentence(form) for form in (_sexpr(t) for t in tree.children))
    except lark.exceptions.UnexpectedInput as err:
        pos = SourcePos(err.line, err.column) if err.line > 0 else None
        raise RulesSyntaxError("unexpected text", pos).located(filename, text) from None
    except RulesSyntaxError as err:
        raise err.located(filename, text) from None
    return Description(rules, filename, text)


def _check_parentheses(text: str) -> None:
    """Every `(` closed, every `)` opened, nesting within MAX_DEPTH (comments skipped)."""
    opened: list[SourcePos] = []
    line, col, in_comment = 1, 0, False
    for char in text:
        col += 1
        if char == "\n":
            line, col, in_comment = line + 1, 0, False
        elif in_comment:
            continue
        elif char == ";":
            in_comment = True
        elif char == "(":
            opened.append(SourcePos(line, col))
            if len(opened) > MAX_DEPTH:
                raise RulesSyntaxError(f"parentheses nested deeper than the limit of "
                                       f"{MAX_DEPTH}", opened[-1])
        elif char == ")":
            if not opened:
                raise RulesSyntaxError("unbalanced parentheses: this ')' closes nothing",
                                       SourcePos(line, col))
            opened.pop()
    if opened:
        raise RulesSyntaxError("unbalanced parentheses: this '(' is never closed", opened[-1])


def _pos(meta: object) -> SourcePos:
    return SourcePos(getattr(meta, "line", 1), getattr(meta, "column", 1))


def _sexpr(tree: lark.Tree | lark.Token) -> SExpr:
    """A parse tree as constants, variables and (pos, item...) tuples; words lower-cased."""
    assert isinstance(tree, lark.Tree)
    if tree.data == "list":
        return (_pos(tree.meta), *(_sexpr(child) for child in tree.children))
    token = tree.children[0]
    assert isinstance(token, lark.Token)
    pos = SourcePos(token.line or 1, token.column or 1)
    if len(token) > limits.MAX_NAME:
        raise RulesSyntaxError(f"a word of {len(token)} characters, more than the limit of "
                               f"{limits.MAX_NAME}", pos)
    word = str(token).lower()
    return Var(word, pos) if tree.data == "var" else Const(word, pos)


def _where(form: SExpr) -> SourcePos:
    return form[0] if isinstance(form, tuple) else form.pos


def _term(form: SExpr) -> Const | Var | Compound:
    """A term: a word, or `(f arg ...)` whose first item is a constant."""
    if not isinstance(form, tuple):
        return form
    pos, *items = form
    if not items:
        raise RulesSyntaxError("an empty list '()' is not a term", pos)
    name = items[0]
    if not isinstance(name, Const):
        raise RulesSyntaxError("a term starts with a name (a constant), not "
                               + ("a variable" if isinstance(name, Var) else "a list"),
                               _where(name))
    if name.name in ("<=", "not", "or", "distinct"):
        raise RulesSyntaxError(f"'{name.name}' cannot be used inside a term", name.pos)
    return Compound(name.name, tuple(_term(item) for item in items[1:]), pos)


def _atom(form: SExpr, what: str) -> Const | Compound:
    term = _term(form)
    if isinstance(term, Var):
        raise RulesSyntaxError(f"{what} is a relation, not the variable {term.name}", term.pos)
    return term


def _literal(form: SExpr) -> Literal:
    """A body literal: an atom, `(not L)`, `(or L ...)` or `(distinct a b)`."""
    if isinstance(form, tuple) and len(form) > 1 and isinstance(form[1], Const):
        pos, head, *args = form
        if head.name == "not":
            if len(args) != 1:
                raise RulesSyntaxError(f"'not' takes one literal, got {len(args)}", head.pos)
            return Not(_literal(args[0]), pos)
        if head.name == "or":
            if not args:
                raise RulesSyntaxError("'or' takes at least one literal", head.pos)
            return Or(tuple(_literal(arg) for arg in args), pos)
        if head.name == "distinct":
            if len(args) != 2:
                raise RulesSyntaxError(f"'distinct' takes two terms, got {len(args)}", head.pos)
            return Distinct(_term(args[0]), _term(args[1]), pos)
    return _atom(form, "a rule's condition")


def _sentence(form: SExpr) -> Rule:
    """A top-level sentence: `(<= head body...)` or a fact."""
    if isinstance(form, tuple) and len(form) > 1 and form[1] == Const("<=", form[1].pos):
        pos, arrow, *rest = form
        if not rest:
            raise RulesSyntaxError("a rule '(<= head body...)' needs a head", arrow.pos)
        head = _atom(rest[0], "a rule's head")
        return Rule(head, tuple(_literal(lit) for lit in rest[1:]), pos)
    head = _atom(form, "a fact")
    return Rule(head, (), _where(form))
