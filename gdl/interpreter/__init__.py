"""AST -> checked IR -> generated Python: `compile_rules` and `load_file`."""

from __future__ import annotations

import hashlib
from pathlib import Path
from collections.abc import Mapping

from gdl.errors import UnknownGame
from gdl.grammar.parser import parse
from gdl.interpreter.checker import check
from gdl.interpreter.compiled import CompiledGame
from gdl.interpreter.constraints import (
    CompiledConstraints, compile_constraints, reject_constraint_statements)
from gdl.interpreter.puzzle_compiled import CompiledPuzzle
from gdl.interpreter.puzzles import compile_puzzle, reject_puzzle_statements

Compiled = CompiledGame | CompiledPuzzle | CompiledConstraints   # what a rules file becomes


def compile_rules(text: str, filename: str = "<rules>",
                  options: Mapping[str, str] | None = None) -> Compiled:
    """Parse, check and compile rules text with `options` set (texts, as `--set` gives them).

    Raises:
        RulesSyntaxError, RulesSemanticError: the text is wrong (located).
        OptionError: an unknown option or a value of the wrong shape.
    """
    rules = parse(text, filename)
    if rules.header.kind == "puzzle":   # puzzles have their own checker (gdl.interpreter.puzzles)
        return compile_puzzle(rules, options)
    if rules.header.kind == "constraints":   # CSPs: gdl.interpreter.constraints
        return compile_constraints(rules, options)
    reject_constraint_statements(rules)
    reject_puzzle_statements(rules)
    game = CompiledGame(check(rules, options))
    game.rules_hash = rules_digest(text)
    return game


def rules_digest(text: str) -> str:
    """SHA-256 of the rules text: fitted weights name it, so weights fitted to other rules
    are refused."""
    return hashlib.sha256(text.encode()).hexdigest()


def load_file(path: str | Path, options: Mapping[str, str] | None = None) -> Compiled:
    """Compile the rules file at `path`."""
    path = Path(path)
    try:
        # newline="": no translation, so a lone "\r" does not become a line of its own
        # (lines are split at "\n" only: gdl.errors.source_lines).
        with open(path, encoding="utf-8", newline="") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UnknownGame(f"cannot read rules file {str(path)!r}: {exc}") from None
    return compile_rules(text, str(path), options)
