"""Rules text -> AST: the Lark LALR parser (its tables cached) and its syntax errors in words.

`parse(text, filename)` returns a `Rules` or raises `RulesSyntaxError` with the
position of the offending token and, when the list is short, what was expected.
The tree becomes `gdl.grammar.ast` nodes in `gdl.grammar.transformer`.
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

import lark

from gdl.errors import RulesSyntaxError, SourcePos, source_lines
from gdl.grammar import ast, limits
from gdl.grammar.transformer import Builder

# Friendly names for terminals in "expected ..." lists; keywords are shown quoted.
_TERMINAL_NAMES = {
    "NAME": "a name", "INT": "a number", "STRING": 'a quoted title ("...")', "_NL": "end of line",
    "$END": "end of file", "COMPARE": "a comparison", "ADD": "+ or -", "MUL": "*, / or %",
    "ASSIGN": "=, += or -=", "OUTCOME": "'wins' or 'loses'", "MOST": "'most' or 'least'",
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
# `slide ... past N SCREENS`: the number of screens read, `of` missing (the text before the token)
_SLIDE_PAST = re.compile(r"\bslide\b.*\bpast\b[^;]*$")

# `count row 1`: a function given two items (`row`, then `1`); `(`, a name or a number next.
_TWO_ITEMS = re.compile(r"\b([A-Za-z_]\w*)[\t ]+([A-Za-z_]\w*)[\t ]*$")
_ITEM_STARTS = ("INT", "NAME", "LPAR")


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
    header, statements = Builder(text).transform(tree)
    return ast.Rules(header, tuple(statements), filename, text)


@functools.cache
def keywords() -> frozenset[str]:
    """The words a game's grammar spells out (`board`, `move`, `over`, ...; not the puzzle
    statements'): none may name a definition, which a statement could read as its word."""
    grammar = resources.files("gdl.grammar").joinpath("rules.lark").read_text()
    return frozenset(re.findall(r'"([A-Za-z]+)"', grammar.split("%extend statement")[0]))


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
        two = _TWO_ITEMS.search(line[:token.column - 1]) if token.type in _ITEM_STARTS else None
        if two and not {two[1], two[2]} & keywords():
            fn, item = two[1], two[2]
            return RulesSyntaxError(f"unexpected {what}: a function takes one item, so "
                                    f"'{fn}' cannot take '{item}' and then {what}; write "
                                    f"`{fn} ({item} {token})`", pos)
        if str(token) == "..":
            return RulesSyntaxError(f"unexpected {what}; a range is written `rows A..B`, "
                                    f"`columns A..B` or, in a move, `n in A..B`", pos)
        expected = sorted({_describe(t) for t in err.expected})
        if not expected:
            return RulesSyntaxError(f"unexpected {what}", pos)
        if str(token) == "=" and "a comparison" in expected:   # `plies = 10` in a condition
            return RulesSyntaxError(f"unexpected {what}; did you mean '=='? (a comparison is "
                                    f"written `==`; `=` sets a variable after `then`)", pos)
        if "'of'" in expected and _SLIDE_PAST.search(line[:token.column - 1]):
            return RulesSyntaxError(f"unexpected {what}; expected 'of' (a slide past screens is "
                                    "written `slide PIECE DIRS past N of SCREENS to CELLS`)", pos)
        if "'place'" in expected and "'choose'" in expected:
            return RulesSyntaxError(f"unexpected {what}; expected a move's action: place, step, "
                                    f"slide, jump, ride, choose or pass", pos)
        if len(expected) > _MAX_EXPECTED:
            if "'players'" not in expected:
                return RulesSyntaxError(f"unexpected {what}; expected an expression", pos)
            words = [word.strip("'") for word in expected if word.startswith("'")]
            close = difflib.get_close_matches(str(token), words, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return RulesSyntaxError(f"unexpected {what}; expected a statement keyword{hint}", pos)
        return RulesSyntaxError(f"unexpected {what}; expected {' or '.join(expected)}", pos)
    return RulesSyntaxError("unexpected end of file", pos)
