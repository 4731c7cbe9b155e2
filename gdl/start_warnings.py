"""`gdl check`'s warnings about a game's start: rules that are legal but almost surely not
what was meant.

- the game is over before its first move (an end rule already holds at the start);
- one player wins every game in one move (every first move ends the game with a win for
  the same player).

Each is reported as `file:line:col: warning: ...` at the end rule that decides it, found by
compiling the rules again with that end rule alone (the first, in order, that gives the
same verdict). Warnings are not errors: `gdl check` still succeeds.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from gdl.errors import GdlError, RulesSemanticError
from gdl.grammar import ast
from gdl.grammar.parser import parse
from gdl.interpreter import compile_ir, rules_text
from gdl.interpreter.core.check import check
from gdl.interpreter.python.compiled import CompiledGame


def start_warnings(game: CompiledGame, path: Path | None,
                   options: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The warnings of a game of two or more players (a puzzle may start at its goal)."""
    if len(game.players) < 2:
        return ()
    start = game.initial_state()
    if game.is_terminal(start):
        verdict = game.outcome_text(start)
        return (_warning(path, options, lambda g: g.is_terminal(g.initial_state()),
                         f"the game is over before its first move ({verdict}): this end "
                         f"rule already holds at the start"),)
    moves = list(game.legal_moves(start))
    if not moves:
        return ()
    winners = set()
    for move in moves:
        after = game.apply(start, move)
        winners.add(game.winner(after) if game.is_terminal(after) else None)
    (winner,) = winners if len(winners) == 1 else (None,)
    if winner is None:
        return ()
    name = game.players[winner]
    first = moves[0]

    def decides(variant: CompiledGame) -> bool:
        after = variant.apply(variant.initial_state(), first)
        return variant.is_terminal(after) and variant.winner(after) == winner
    return (_warning(path, options, decides,
                     f"{name} wins every game in one move: each of the {len(moves)} first "
                     f"moves ends the game by this end rule"),)


def _warning(path: Path | None, options: Mapping[str, str] | None, decides: Any,
             message: str) -> str:
    """The warning located at the first end rule that decides it alone (else unlocated)."""
    if path is None:
        return f"warning: {message}"
    text = rules_text(path)   # as the compiler read it: a lone "\r" is no line break
    rules = parse(text, str(path))
    ends = [s for s in rules.statements if isinstance(s, ast.End)]
    for end in ends:
        alone = attrs.evolve(rules, statements=tuple(
            s for s in rules.statements if not isinstance(s, ast.End) or s is end))
        try:
            variant = compile_ir(check(alone, options), text)
        except GdlError:   # an end rule that cannot stand alone (it is not the one)
            continue
        if isinstance(variant, CompiledGame) and decides(variant):
            err = RulesSemanticError(f"warning: {message}", end.pos).located(str(path), text)
            return err.report()
    return f"{path}: warning: {message}"
