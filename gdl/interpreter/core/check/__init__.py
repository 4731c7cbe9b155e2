"""The checker: one entry, `check`, for every kind of rules file.

A `game` file checks into a GameIR (the core of docs/core.md), a `puzzle` file into a
PuzzleIR (its permutation, tiles or stacks form; the tiles and stacks forms run as games
lowered into the core, gdl.interpreter.layouts), a `constraints` file into its grid: the
variables, domains and constraints a CSP is made of (gdl.interpreter.core.grid). Each
kind's statements are refused, located, in a file of another kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gdl.grammar import ast
from gdl.interpreter.core.check.constraints import compile_constraints, reject_constraint_statements
from gdl.interpreter.core.check.game import check as check_game
from gdl.interpreter.core.check.puzzles import check_puzzle, reject_puzzle_statements


def check(rules: ast.Rules, options: Mapping[str, str] | None = None) -> Any:
    """The checked IR of a parsed rules file of any kind, with `options` set (texts, as
    `--set` gives them): a GameIR, a PuzzleIR or a constraint grid.

    Raises:
        RulesSemanticError: a name, type, value or statement is wrong (located).
        OptionError: an option the file does not declare, or a value of the wrong shape.
    """
    if rules.header.kind == "puzzle":
        return check_puzzle(rules, options)
    if rules.header.kind == "constraints":
        return compile_constraints(rules, options)
    reject_constraint_statements(rules)
    reject_puzzle_statements(rules)
    return check_game(rules, options)
