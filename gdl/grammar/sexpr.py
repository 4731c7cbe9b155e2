"""KIF s-expressions (GGP messages, typed moves): read with positions, printed canonically.

A message is one KIF s-expression: atoms and parenthesised lists, `;` comments to the
end of a line, case-insensitive. Terms read here are tuples of strings (an atom is a
str, a list a tuple), lower-cased, so two spellings of one move compare equal. The
rules inside a `start` message are not read here: their text goes to the KIF reader
as it came (`Node.text`), so its errors point into the message.

>>> node = read("(play m1 ((mark 1 2) NOOP))")
>>> term_text(node.term)
'(play m1 ((mark 1 2) noop))'
>>> canonical_move(" ( MARK 1   2 ) ")
'(mark 1 2)'
"""

from __future__ import annotations

import attrs

from gdl.errors import GdlError, SourcePos, source_lines

Term = str | tuple["Term", ...]
MAX_DEPTH = 200   # lists nested deeper than this are refused (no recursion blow-up)


class MessageError(GdlError):
    """A GGP message that cannot be read: `line:col: message` and the source line."""

    def __init__(self, message: str, pos: SourcePos | None = None, source: str = "") -> None:
        super().__init__(message)
        self.message, self.pos, self.source = message, pos, source

    def __str__(self) -> str:
        if self.pos is None:
            return self.message
        lines = source_lines(self.source)
        shown = lines[self.pos.line - 1][:120] if self.pos.line <= len(lines) else ""
        return (f"<message>:{self.pos.line}:{self.pos.column}: {self.message}\n"
                f"    {shown}\n    {' ' * (self.pos.column - 1)}^")


@attrs.frozen
class Node:
    """A term read from `source`, with the span [start, end) of its text."""
    term: Term
    start: int
    end: int
    children: tuple[Node, ...]
    source: str = attrs.field(repr=False, eq=False)

    @property
    def text(self) -> str:
        return self.source[self.start:self.end]

    @property
    def inner_text(self) -> str:
        """A list's text without its outer parentheses (the rules of `start`)."""
        return self.source[self.start + 1:self.end - 1] if self.children or \
            self.text.startswith("(") else self.text


def term_text(term: Term) -> str:
    """A term in canonical KIF print: `(mark 1 2)`, `noop` (the grounder prints its ground
    terms, which have this shape, the same way)."""
    if isinstance(term, tuple):
        return "(" + " ".join(term_text(t) for t in term) + ")"
    return term


def position(source: str, offset: int) -> SourcePos:
    """The 1-based line and column of `offset` in `source`."""
    line = source.count("\n", 0, offset) + 1
    return SourcePos(line, offset - (source.rfind("\n", 0, offset) + 1) + 1)


def _tokens(source: str):
    """(offset, token) for '(', ')' and atoms; comments and blanks skipped."""
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c.isspace():
            i += 1
        elif c == ";":
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif c in "()":
            yield i, c
            i += 1
        else:
            j = i
            while j < n and not source[j].isspace() and source[j] not in "();":
                j += 1
            yield i, source[i:j]
            i = j


def read(source: str) -> Node:
    """The one term `source` holds.

    Raises:
        MessageError: empty text, unbalanced parentheses, lists nested too deep, or
            more than one term.
    """
    def fail(message: str, offset: int) -> MessageError:
        return MessageError(message, position(source, offset), source)

    stack: list[tuple[int, list[Node]]] = []
    result: Node | None = None
    for offset, token in _tokens(source):
        if token == ")" and not stack:
            raise fail("')' without a matching '('", offset)
        if result is not None:
            raise fail("one term expected, but more follows", offset)
        if token == "(":
            if len(stack) >= MAX_DEPTH:
                raise fail(f"lists nested deeper than {MAX_DEPTH}", offset)
            stack.append((offset, []))
            continue
        if token == ")":
            start, items = stack.pop()
            node = Node(tuple(item.term for item in items), start, offset + 1,
                        tuple(items), source)
        else:
            node = Node(token.lower(), offset, offset + len(token), (), source)
        if stack:
            stack[-1][1].append(node)
        else:
            result = node
    if stack:
        raise fail("'(' never closed", stack[-1][0])
    if result is None:
        raise MessageError("empty message: expected one s-expression such as (info)")
    return result


def canonical_move(text: str) -> str:
    """A move's text in canonical form (raises MessageError when it is not one term)."""
    return term_text(read(text).term)
