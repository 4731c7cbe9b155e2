"""The documented limits of a rules file, checked on the parse tree before anything else
sees it, so that no file reaches Python's recursion limit, its integer-conversion limit
or CPython's nesting limits in the generated code. Each is a located syntax error that
names the limit.

    MAX_CHARACTERS   characters in a rules file
    MAX_STATEMENTS   statements in a rules file
    MAX_DEPTH        nesting of the parse tree: expressions in parentheses, `not`, `-`,
                     indexing, chains such as `t - t - t` or `n is n is empty`
    MAX_DIGITS       digits of a number written in the file
    MAX_NAME         characters of a name
    MAX_PARAMETERS   parameters of one move rule (each is a loop in the generated code)
    MAX_SYMMETRIES   symmetry statements (each names up to eight transforms, and every
                     one is verified on the random games of `gdl check`)
"""

from __future__ import annotations

import lark

from gdl.errors import RulesSyntaxError, SourcePos

MAX_CHARACTERS = 1_000_000
MAX_STATEMENTS = 500
MAX_DEPTH = 60
MAX_DIGITS = 30
MAX_NAME = 100
MAX_PARAMETERS = 10
MAX_SYMMETRIES = 20


def check_text(text: str) -> None:
    """Refuse a text too long to parse (before the parser allocates for it)."""
    if len(text) > MAX_CHARACTERS:
        raise RulesSyntaxError(f"the file has {len(text):,} characters, more than the limit "
                               f"of {MAX_CHARACTERS:,}", SourcePos(1, 1))


def check_tree(tree: lark.Tree) -> None:
    """Refuse a parse tree past a limit, at the first place it is passed (no recursion)."""
    statements = [c for c in tree.children if isinstance(c, lark.Tree)]
    if len(statements) > MAX_STATEMENTS + 1:   # + the header
        raise RulesSyntaxError(f"more than {MAX_STATEMENTS} statements (a limit of gdl)",
                               _where(statements[MAX_STATEMENTS + 1]))
    symmetries = [c for c in statements if c.data in ("symmetry", "symmetry_cells")]
    if len(symmetries) > MAX_SYMMETRIES:
        raise RulesSyntaxError(f"more than {MAX_SYMMETRIES} symmetry statements (a limit of "
                               f"gdl)", _where(symmetries[MAX_SYMMETRIES]))
    stack: list[tuple[lark.Tree | lark.Token, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, lark.Token):
            _check_token(node)
            continue
        if depth > MAX_DEPTH:
            raise RulesSyntaxError(f"nested more than {MAX_DEPTH} levels deep (a limit of gdl)",
                                   _where(node))
        if node.data == "params" and len(node.children) > MAX_PARAMETERS:
            raise RulesSyntaxError(f"a move takes at most {MAX_PARAMETERS} parameters "
                                   f"(a limit of gdl)", _where(node.children[MAX_PARAMETERS]))
        stack.extend((child, depth + 1) for child in node.children if child is not None)


def _check_token(token: lark.Token) -> None:
    if token.type == "INT" and len(token.lstrip("+-")) > MAX_DIGITS:
        raise RulesSyntaxError(f"a number of {len(token):,} digits; numbers have at most "
                               f"{MAX_DIGITS} (a limit of gdl)", _where(token))
    if token.type == "NAME" and len(token) > MAX_NAME:
        raise RulesSyntaxError(f"a name of {len(token):,} characters; names have at most "
                               f"{MAX_NAME} (a limit of gdl)", _where(token))


def _where(node: lark.Tree | lark.Token) -> SourcePos | None:
    if isinstance(node, lark.Token):
        if node.line is None or node.column is None:
            return None
        return SourcePos(node.line, node.column)
    meta = node.meta
    return None if meta.empty else SourcePos(meta.line, meta.column)
