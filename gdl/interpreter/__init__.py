"""AST -> checked IR -> generated Python: `compile_rules` and `load_file`."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from gdl.errors import UnknownGame
from gdl.grammar.parser import parse
from gdl.interpreter.checker import check
from gdl.interpreter.compiled import CompiledGame


def compile_rules(text: str, filename: str = "<rules>",
                  options: Mapping[str, str] | None = None) -> CompiledGame:
    """Parse, check and compile rules text with `options` set (texts, as `--set` gives them).

    Raises:
        RulesSyntaxError, RulesSemanticError: the text is wrong (located).
        OptionError: an unknown option or a value of the wrong shape.
    """
    return CompiledGame(check(parse(text, filename), options))


def load_file(path: str | Path, options: Mapping[str, str] | None = None) -> CompiledGame:
    """Compile the rules file at `path`."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UnknownGame(f"cannot read rules file {str(path)!r}: {exc}") from None
    return compile_rules(text, str(path), options)
