"""Named definitions: `define NAME(p, q): EXPR`, lowered by putting each use's arguments in.

A use `NAME(a, b)` (a bare `NAME` without parameters) becomes the definition's body with
the argument ASTs in place of its parameters, before the statement is checked: the rest of
the checker, the core and every back end see plain expressions. A parameter may stand for
anything a word stands for: a set of cells, a number, a truth value, an owner (`p pawn`)
or a direction (`d is enemy`). The body's nodes take the use's position, with a note
naming the definition, so that an error inside it points at the use and says where the
body was written.

Hygiene: the body's own words mean what they meant where it was defined. A word that the
statement using it binds (a move's parameter), or a name declared after the definition,
is refused at the use rather than silently captured. Recursion, direct or through other
definitions, is refused where it is written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from gdl.errors import RulesSemanticError, SourcePos
from gdl.grammar import ast
from gdl.grammar.parser import keywords
from gdl.interpreter.core.check.scope import FUNCTIONS, RESERVED, error


@attrs.frozen
class Definition:
    name: str
    params: tuple[str, ...] | None   # None: `define NAME: EXPR`, used as a bare name
    body: ast.Expr                   # earlier definitions already put in
    pos: SourcePos
    words: frozenset[str]            # the body's own words (not its parameters)
    known: frozenset[str]            # the names declared when it was defined

    @property
    def where(self) -> str:
        return f"{self.pos.line}:{self.pos.column}"

    def usage(self) -> str:
        return self.name if self.params is None else f"{self.name}({', '.join(self.params)})"


def words(node: Any) -> frozenset[str]:
    """Every word an expression names: names, functions, owners, directions."""
    return frozenset(ident.text for ident in _idents(node))


def _map(node: Any, fn: Callable[[Any], Any]) -> Any:
    """`node` with `fn` applied to each of its children (tuples walked through)."""
    if isinstance(node, tuple):
        return tuple(fn(item) for item in node)
    if not attrs.has(type(node)) or isinstance(node, (SourcePos, ast.Ident)):
        return node
    changes = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        new = fn(value)
        if new is not value:
            changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


def relocated(node: Any, pos: SourcePos, note: str) -> Any:
    """A body's nodes placed at its use: every position becomes `pos`, noting where the
    text came from (a note already there, from a definition used inside, is kept first)."""
    if isinstance(node, SourcePos):
        return SourcePos(pos.line, pos.column, f"{node.note}, used {note}" if node.note
                         else note)
    if isinstance(node, ast.Ident):
        return ast.Ident(node.text, relocated(node.pos, pos, note))
    return _map(node, lambda child: relocated(child, pos, note))


class Definitions:
    """The definitions declared so far, and the expansion of their uses in a statement."""

    def __init__(self, statements: tuple[Any, ...], names_now: Callable[[], frozenset[str]]):
        self.table: dict[str, Definition] = {}
        self.names_now = names_now   # every global name declared so far
        # Every definition of the file, to tell recursion from a use before the definition.
        self.written = {s.name.text: s for s in statements if isinstance(s, ast.Define)}

    # ---- a definition
    def define(self, node: ast.Define, refuse: Callable[[ast.Ident, str], None]) -> None:
        """Record `define NAME(...): BODY`; `refuse(ident, what)` raises when a name may not
        be declared (a built-in, a player, a cell, ...)."""
        params = node.params
        if params is not None:
            seen: set[str] = set()
            for param in params:
                if param.text in seen:
                    raise error(f"parameter '{param.text}' is named twice", param)
                seen.add(param.text)
                refuse(param, "a parameter")
        names = tuple(p.text for p in params) if params is not None else None
        self._refuse_recursion(node, set(names or ()))
        body = self.expand(node.body, frozenset())
        self.table[node.name.text] = Definition(
            node.name.text, names, body, node.pos, words(body) - set(names or ()),
            self.names_now())

    def _refuse_recursion(self, node: ast.Define, params: set[str]) -> None:
        name = node.name.text
        for ident in self._uses(node.body, params):
            if ident.text == name:
                raise error(f"definition '{name}' uses itself: a definition cannot be "
                            f"recursive", ident)
            if ident.text in self.table or ident.text not in self.written:
                continue
            later = self.written[ident.text]
            if self._reaches(later, name, set()):
                raise error(f"definitions '{name}' and '{ident.text}' use each other: a "
                            f"definition cannot be recursive", ident)
            raise error(f"'{ident.text}' is defined later (at {later.pos.line}:"
                        f"{later.pos.column}); define it before '{name}', which uses it", ident)

    def _uses(self, body: ast.Expr, params: set[str]) -> Iterator[ast.Ident]:
        """The words of a body that name a definition of the file (or any, for `written`)."""
        for ident in _idents(body):
            if ident.text not in params and ident.text in self.written:
                yield ident

    def _reaches(self, node: ast.Define, target: str, seen: set[str]) -> bool:
        params = {p.text for p in node.params or ()}
        for ident in self._uses(node.body, params):
            if ident.text == target:
                return True
            if ident.text not in seen and ident.text not in self.table:
                seen.add(ident.text)
                if self._reaches(self.written[ident.text], target, seen):
                    return True
        return False

    # ---- uses
    def expand_statement(self, statement: Any) -> Any:
        """A statement with every use of a definition put in."""
        if not self.written or isinstance(statement, ast.Define):
            return statement
        bound = frozenset(p.name.text for p in _params(statement))
        return self.expand(statement, bound)

    def expand(self, node: Any, bound: frozenset[str]) -> Any:
        if isinstance(node, ast.Name) and node.ident.text in self.table:
            return self._use(self.table[node.ident.text], node, None, bound)
        if isinstance(node, ast.Apply) and node.fn.text in self.table:
            definition = self.table[node.fn.text]
            if node.arg2 is not None or node.every is not None:
                raise error(f"'{definition.name}' is used as `{definition.usage()}`", node)
            arg = node.arg
            items = arg.items if isinstance(arg, ast.ListExpr) and arg.parens else (arg,)
            return self._use(definition, node, tuple(self.expand(i, bound) for i in items),
                             bound)
        word = node.ident if isinstance(node, ast.Name) else \
            node.fn if isinstance(node, (ast.Apply, ast.ApplyOf)) else None
        if word is not None and word.text in self.written and word.text not in self.table:
            later = self.written[word.text].pos
            raise error(f"'{word.text}' is defined later (at {later.line}:{later.column}); "
                        f"a definition comes before its uses", word)
        if isinstance(node, ast.ApplyOf) and node.fn.text in self.table:
            definition = self.table[node.fn.text]
            raise error(f"'{definition.name}' is used as `{definition.usage()}`", node)
        return _map(node, lambda child: self.expand(child, bound))

    def _use(self, definition: Definition, node: ast.Name | ast.Apply,
             args: tuple[ast.Expr, ...] | None, bound: frozenset[str]) -> ast.Expr:
        name, params = definition.name, definition.params
        if params is None and args is not None:
            raise error(f"'{name}' takes no arguments: write `{name}`", node)
        if params is not None and args is None:
            raise error(f"'{name}' takes {_count(len(params))}: write "
                        f"`{definition.usage()}`", node)
        if params is not None and args is not None and len(args) != len(params):
            raise error(f"'{name}' takes {_count(len(params))} ({', '.join(params)}), "
                        f"not {len(args)}", node)
        captured = sorted(definition.words & bound)
        if captured:
            raise error(f"definition '{name}' (defined at {definition.where}) uses "
                        f"'{captured[0]}', which this move binds: pass it as an argument",
                        node)
        later = sorted(definition.words & (self.names_now() - definition.known))
        if later:
            raise error(f"definition '{name}' (defined at {definition.where}) uses "
                        f"'{later[0]}', declared after it: declare it first", node)
        note = f"in definition '{name}' (defined at {definition.where})"
        body = relocated(definition.body, node.pos, note)
        if not params:
            return body
        assert args is not None
        return _substitute(body, dict(zip(params, args)), name)


class DefinitionChecks:
    """The checker's `define` statement and the names it may take (mixed into the checker)."""

    scope: Any
    definitions: Definitions
    declared: list[ast.Ident]
    if TYPE_CHECKING:   # provided by the checker
        def _global_names(self) -> frozenset[str]: ...

    def _define(self, node: ast.Define) -> None:
        """`define NAME(p, q): EXPR` (definitions.py puts it in where it is used)."""
        self._refuse_name(node.name, "a definition")
        self.definitions.define(node, self._refuse_name)
        self.declared.append(node.name)

    def _refuse_name(self, ident: ast.Ident, what: str) -> None:
        """A definition's or a parameter's name must be its own: not a keyword, a built-in,
        a player or anything declared, a cell or a direction of the board."""
        text, s = ident.text, self.scope
        own = f"{what} needs a name of its own"
        if text in FUNCTIONS:
            raise error(f"'{text}' is a built-in function; {own}", ident)
        if text in RESERVED:
            raise error(f"'{text}' is a built-in name; {own}", ident)
        if text in keywords() and what == "a definition":   # `repeated board` reads a word
            raise error(f"'{text}' is a keyword of the rules language; {own}", ident)
        if text in s.players:
            raise error(f"'{text}' is a player; {own}", ident)
        if text in self._global_names():
            raise error(f"'{text}' is already declared; {own}", ident)
        if s.geometry is not None and text in s.geometry.names:
            raise error(f"'{text}' is a cell of the board; {own}", ident)
        if s.geometry is not None and text in s.geometry.directions:
            raise error(f"'{text}' is a direction of the board; {own}", ident)


def _substitute(node: Any, args: dict[str, ast.Expr], name: str) -> Any:
    """The body with each parameter's argument in its place: as an expression, or, where
    the body wants a word (a direction before `is`, an owner before a piece), the
    argument's word."""
    if isinstance(node, ast.Name) and node.ident.text in args:
        return args[node.ident.text]
    word_fields = {ast.Apply: "fn", ast.ApplyOf: "fn", ast.Neighbour: "direction"}
    field = word_fields.get(type(node))
    word = getattr(node, field).text if field is not None else ""
    back = field == "direction" and word.startswith("-")   # `-d is X`: d's opposite
    param = word[1:] if back else word
    if field is not None and param in args:
        arg = args[param]
        if not isinstance(arg, ast.Name):
            role = "a direction" if field == "direction" else "a word applied to an item"
            raise RulesSemanticError(f"'{name}' uses its parameter '{param}' as {role}: "
                                     f"give a name there, not an expression", arg.pos)
        given = arg.ident
        if back:   # the opposite of the argument (of `-c`, c itself)
            text = given.text[1:] if given.text.startswith("-") else "-" + given.text
            given = attrs.evolve(given, text=text)
        node = attrs.evolve(node, **{field: given})
    return _map(node, lambda child: _substitute(child, args, name))


def _idents(node: Any) -> Iterator[ast.Ident]:
    if isinstance(node, ast.Ident):
        yield node
    elif isinstance(node, tuple):
        for item in node:
            yield from _idents(item)
    elif attrs.has(type(node)) and not isinstance(node, SourcePos):
        for field in attrs.fields(type(node)):
            yield from _idents(getattr(node, field.name))


def _params(node: Any) -> Iterator[ast.Param]:
    """The names a statement binds: a parameterised move's and a `select` stage's."""
    if isinstance(node, ast.Param):
        yield node
    elif isinstance(node, tuple):
        for item in node:
            yield from _params(item)
    elif attrs.has(type(node)) and not isinstance(node, (SourcePos, ast.Ident)):
        for field in attrs.fields(type(node)):
            yield from _params(getattr(node, field.name))


def _count(n: int) -> str:
    return f"{n} argument" + ("" if n == 1 else "s")
