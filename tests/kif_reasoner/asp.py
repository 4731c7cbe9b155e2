"""KIF terms and rules written as an ASP program for clingo.

Every KIF atom becomes a clingo string (`"1"`, `"b"`), so any spelling KIF allows is a
constant; a compound term `(f a b)` becomes the tuple `("f","a","b")`; a relation `p` of the
rules becomes the predicate `r_p` (other characters escaped), so a relation and a term of the
same name never meet. `(distinct a b)` is `A != B`, `(not p)` is `not r_p`, and a body that
holds `(or ...)` becomes one rule per choice of its disjuncts. A stratified GDL program has
exactly one stable model: the standard model the GDL semantics asks for.

>>> print(rule_text(("<=", ("legal", "?p", ("mark", "?x")), ("true", ("cell", "?x", "b")),
...                  ("not", "terminal"), ("distinct", "?x", "3"))))
r_legal(V_p,("mark",V_x)) :- r_true(("cell",V_x,"b")), not r_terminal, V_x != "3".
"""

from __future__ import annotations

import itertools

from tests.kif_reasoner.sexpr import Term, kif_text


class KifRuleError(ValueError):
    """A sentence the translation cannot read (a malformed rule or literal)."""


def _escape(name: str) -> str:
    """`name` as letters, digits and underscores, one way back: `_` is `__`, others `_hex_`."""
    out = []
    for char in name:
        if char.isascii() and char.isalnum():
            out.append(char)
        elif char == "_":
            out.append("__")
        else:
            out.append(f"_{ord(char):x}_")
    return "".join(out)


def predicate(name: str) -> str:
    """The clingo predicate of the KIF relation `name`."""
    return "r_" + _escape(name)


def term_text(term: Term) -> str:
    """A KIF term as a clingo term (a variable `?x` is `V_x`)."""
    if isinstance(term, tuple):
        if not isinstance(term[0], str) or term[0].startswith("?"):
            raise KifRuleError(f"a function name must be a constant: {kif_text(term)}")
        parts = [term_text(part) for part in term]
        return "(" + ",".join(parts) + ("," if len(parts) == 1 else "") + ")"
    if term.startswith("?"):
        return "V_" + _escape(term[1:])
    return '"' + term.replace("\\", "\\\\").replace('"', '\\"') + '"'


def atom_text(sentence: Term) -> str:
    """A KIF sentence (`terminal`, `(true f)`, ...) as a clingo atom."""
    if isinstance(sentence, str):
        if sentence.startswith("?"):
            raise KifRuleError(f"a variable is not a sentence: {sentence}")
        return predicate(sentence)
    name = sentence[0]
    if not isinstance(name, str) or name.startswith("?"):
        raise KifRuleError(f"a relation name must be a constant: {kif_text(sentence)}")
    return predicate(name) + "(" + ",".join(term_text(arg) for arg in sentence[1:]) + ")"


def _literal_text(literal: Term) -> str:
    if isinstance(literal, tuple) and literal[0] == "distinct":
        if len(literal) != 3:
            raise KifRuleError(f"distinct takes two terms: {kif_text(literal)}")
        return f"{term_text(literal[1])} != {term_text(literal[2])}"
    if isinstance(literal, tuple) and literal[0] == "not":
        if len(literal) != 2:
            raise KifRuleError(f"not takes one sentence: {kif_text(literal)}")
        inner = literal[1]
        if isinstance(inner, tuple) and inner[0] == "distinct" and len(inner) == 3:
            return f"{term_text(inner[1])} = {term_text(inner[2])}"
        return "not " + atom_text(inner)
    return atom_text(literal)


def _choices(literal: Term) -> list[list[Term]]:
    """The conjunctions a body literal stands for: one, or one per disjunct of an `or`."""
    if isinstance(literal, tuple) and literal[0] == "or":
        return [conj for part in literal[1:] for conj in _choices(part)]
    if isinstance(literal, tuple) and literal[0] == "and":
        return [list(itertools.chain.from_iterable(combo))
                for combo in itertools.product(*(_choices(part) for part in literal[1:]))]
    if isinstance(literal, tuple) and literal[0] == "not" and len(literal) == 2 \
            and isinstance(literal[1], tuple) and literal[1][0] in ("or", "and"):
        raise KifRuleError(f"not over a compound formula: {kif_text(literal)}")
    return [[literal]]


def rule_text(sentence: Term) -> str:
    """One KIF sentence (a fact or a `<=` rule) as clingo rules, one per line."""
    if not (isinstance(sentence, tuple) and sentence[0] == "<="):
        return atom_text(sentence) + "."
    if len(sentence) < 2:
        raise KifRuleError("a rule '<=' needs a head")
    head = atom_text(sentence[1])
    if len(sentence) == 2:
        return head + "."
    lines = []
    for combo in itertools.product(*(_choices(literal) for literal in sentence[2:])):
        body = [_literal_text(literal) for literal in itertools.chain.from_iterable(combo)]
        lines.append(f"{head} :- {', '.join(body)}.")
    return "\n".join(lines)


def program_text(sentences: list[Term]) -> str:
    """The whole description as a clingo program."""
    return "\n".join(rule_text(sentence) for sentence in sentences) + "\n"
