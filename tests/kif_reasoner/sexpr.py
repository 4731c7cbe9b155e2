"""A small reader of KIF text into plain Python terms, for the independent reasoner.

It shares nothing with gdl's own KIF reader on purpose: the tests compare the two.
A term is an atom (a lowercase `str`; variables keep their `?`) or a tuple whose first
item is the functor atom: `(mark 1 2)` is `("mark", "1", "2")`. KIF is case-insensitive,
so everything is lowercased; `;` starts a comment that runs to the end of the line.

>>> read_kif("(role x) ; a comment\\n(<= (p ?X) (q ?x))")
[('role', 'x'), ('<=', ('p', '?x'), ('q', '?x'))]
>>> kif_text(("mark", "1", ("f", "a")))
'(mark 1 (f a))'
"""

from __future__ import annotations

import re
from typing import TypeAlias

Term: TypeAlias = str | tuple["Term", ...]

_TOKEN = re.compile(r"\s+|;[^\n]*|\(|\)|[^\s();]+")


class KifSyntaxError(ValueError):
    """The text is not a sequence of balanced s-expressions."""


def tokens(text: str) -> list[str]:
    """The parentheses and atoms of `text`, comments and blanks dropped, lowercased."""
    out = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if not token.isspace() and not token.startswith(";"):
            out.append(token.lower())
    return out


def read_kif(text: str) -> list[Term]:
    """Every top-level s-expression of `text`, in order."""
    stack: list[list[Term]] = [[]]
    for token in tokens(text):
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) == 1:
                raise KifSyntaxError("a ')' closes nothing")
            done = tuple(stack.pop())
            if not done:
                raise KifSyntaxError("an empty '()'")
            stack[-1].append(done)
        else:
            stack[-1].append(token)
    if len(stack) != 1:
        raise KifSyntaxError(f"{len(stack) - 1} '(' left open at the end")
    return stack[0]


def kif_text(term: Term) -> str:
    """The canonical KIF print of a term: atoms bare, lists single-spaced."""
    if isinstance(term, str):
        return term
    return "(" + " ".join(kif_text(part) for part in term) + ")"
