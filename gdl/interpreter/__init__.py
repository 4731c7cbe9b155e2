"""Rules text -> AST (gdl.grammar) -> checked IR (`core.check`) -> a game the solvers can
run: `compile_rules` and `load_file`.

    core/       one checker and one IR for games, puzzles and constraint grids
    python/     IR -> generated Python (CompiledGame)
    c/          IR -> generated C, built and cached (NativeGame, `--backend`)
    layouts/    puzzle state layouts read back from the IR, and their engines
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from collections.abc import Callable, Mapping
from typing import Any, cast

import attrs

from gdl.errors import UnknownGame
from gdl.grammar.parser import parse
from gdl.interpreter.core.check import check
from gdl.interpreter.core.grid.compiled import CompiledConstraints
from gdl.interpreter.core.ir import GameIR, fingerprint
from gdl.interpreter.core.puzzle_ir import PuzzleIR
from gdl.interpreter.layouts.compiled import CompiledPuzzle
from gdl.interpreter.python.compiled import CompiledGame
from gdl.interpreter.python.simultaneous import SimultaneousGame

Compiled = CompiledGame | CompiledPuzzle | CompiledConstraints   # what a rules file becomes


def compile_rules(text: str, filename: str = "<rules>",
                  options: Mapping[str, str] | None = None) -> Compiled:
    """Parse, check and compile rules text with `options` set (texts, as `--set` gives them).

    Raises:
        RulesSyntaxError, RulesSemanticError: the text is wrong (located).
        OptionError: an unknown option or a value of the wrong shape.
    """
    checked = check(parse(text, filename), options)
    if isinstance(checked, GameIR) and options:   # the digest is of the rules as written
        return compile_ir(checked, text, lambda: game_digest(check(parse(text, filename))))
    return compile_ir(checked, text)


def compile_ir(checked: Any, text: str, digest: Callable[[], str] | None = None) -> Compiled:
    """The checked IR of `text` on its engine: a game's generated code, a puzzle's tables; a
    constraint grid is its own (it builds CSPs). digest: the rules' digest, when it is not
    the IR's own (options were set)."""
    if isinstance(checked, GameIR):
        game = (SimultaneousGame if checked.simultaneous else CompiledGame)(checked)
        game.digest_of_rules = digest or (lambda: game_digest(checked))
        return game
    if isinstance(checked, PuzzleIR):
        return CompiledPuzzle(checked)
    return cast(CompiledConstraints, checked)


def game_digest(checked: GameIR) -> str:
    """SHA-256 of a game's checked IR with its default options: fitted weights name it, so
    weights fitted to other rules are refused. What a rules file means, not how it is
    written: comments, layout, named definitions and the `notation` it is also read in
    change nothing (a file rewritten with v3's constructs keeps its weights)."""
    text = fingerprint(attrs.evolve(checked, notation=None))
    return hashlib.sha256(text.encode()).hexdigest()


def rules_text(path: str | Path) -> str:
    """The text of the rules file at `path`, as every reader of it must read it.

    Raises:
        UnknownGame: unreadable, or not UTF-8.
    """
    try:
        # newline="": no translation, so a lone "\r" does not become a line of its own
        # (lines are split at "\n" only: gdl.errors.source_lines).
        with open(path, encoding="utf-8", newline="") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UnknownGame(f"cannot read rules file {str(path)!r}: {exc}") from None


def load_file(path: str | Path, options: Mapping[str, str] | None = None) -> Compiled:
    """Compile the rules file at `path`."""
    return compile_rules(rules_text(path), str(path), options)
