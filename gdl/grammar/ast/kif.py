"""Stanford GDL (KIF) syntax tree: terms and rules, each node with its source position.

Words are folded to lower case when read (GDL is case-insensitive), so two spellings of a
name are one name. A term is a constant, a variable or a compound `(f arg ...)`; a rule is
a head and a body of literals (a fact has an empty body).
"""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos


@attrs.frozen
class Const:
    """A constant: a name or a number (`x`, `100`)."""
    name: str
    pos: SourcePos = attrs.field(eq=False)


@attrs.frozen
class Var:
    """A variable, `?x` (its name holds the `?`)."""
    name: str
    pos: SourcePos = attrs.field(eq=False)


@attrs.frozen
class Compound:
    """A function term or an atom with arguments: `(cell 1 2 b)`."""
    name: str
    args: tuple[Term, ...]
    pos: SourcePos = attrs.field(eq=False)


Term = Const | Var | Compound


@attrs.frozen
class Not:
    """`(not literal)`."""
    literal: Literal
    pos: SourcePos = attrs.field(eq=False)


@attrs.frozen
class Or:
    """`(or literal ...)`."""
    literals: tuple[Literal, ...]
    pos: SourcePos = attrs.field(eq=False)


@attrs.frozen
class Distinct:
    """`(distinct a b)`: true when the two terms differ."""
    left: Term
    right: Term
    pos: SourcePos = attrs.field(eq=False)


Literal = Const | Compound | Not | Or | Distinct   # a Const or Compound is an atom


@attrs.frozen
class Rule:
    """`(<= head body ...)`, or a fact (an empty body)."""
    head: Const | Compound
    body: tuple[Literal, ...]
    pos: SourcePos = attrs.field(eq=False)


@attrs.frozen
class Description:
    """A whole KIF game description, with the text it was read from (for error reports)."""
    rules: tuple[Rule, ...]
    filename: str
    text: str


def relation(atom: Const | Compound) -> tuple[str, int]:
    """An atom's relation: its name and its number of arguments."""
    return (atom.name, len(atom.args)) if isinstance(atom, Compound) else (atom.name, 0)


def term_text(term: Term) -> str:
    """The canonical KIF print: lower case, single spaces, `(mark 1 2)`."""
    if isinstance(term, Compound):
        return "(" + " ".join([term.name, *map(term_text, term.args)]) + ")"
    return term.name


def variables(node: Term | Literal) -> list[Var]:
    """Every variable occurrence in a term or literal, in reading order."""
    if isinstance(node, Var):
        return [node]
    if isinstance(node, Compound):
        return [v for arg in node.args for v in variables(arg)]
    if isinstance(node, Not):
        return variables(node.literal)
    if isinstance(node, Or):
        return [v for lit in node.literals for v in variables(lit)]
    if isinstance(node, Distinct):
        return variables(node.left) + variables(node.right)
    return []
