"""Puzzle forms as sugar over the core: a puzzle file's tiles or stacks lower into the
rules text of a one-player game, compiled here by the same front end and code generator
as any game file (`gdl.interpreter.layouts.tiles`, `gdl.interpreter.layouts.stacks` write
the text, from checked numbers only).

Each such game names its moves (`move up: if COND then EFFECTS`, the core's `(rule,)`); the
puzzle numbers them 0..n-1 in rule order, the order the form fixes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

State = tuple


@functools.cache
def compile_core(text: str) -> Any:
    """The compiled one-player game of `text` (one per text: a form's game is built once)."""
    from gdl.grammar.parser import parse   # the core's front end, as for any game file
    from gdl.interpreter.core.check.game import check
    from gdl.interpreter.python.compiled import CompiledGame
    return CompiledGame(check(parse(text, "<puzzle lowered to the core>")))


def numbered_moves(game: Any, count: int) -> tuple[Callable[[State], Sequence[int]],
                                                    Callable[[State, int], State]]:
    """The game's legal moves and its apply with moves as rule numbers. The goal ends the
    core game; a search from it (backward, or counting every position) still needs its
    moves, which the position itself decides."""
    legal, apply = game.legal_moves, game.apply
    moves = tuple((m,) for m in range(count))
    return ((lambda s: [m[0] for m in legal(s[:-1] + (0,) if s[-1] else s)]),
            (lambda s, m: apply(s, moves[m])))   # legal moves only (parse_move checks)


def target_condition(placed: Sequence[tuple[str, str]]) -> str:
    """`count (k1 and c1 or k2 and c2 ...) == N`: every kind on its cell (a goal position)."""
    return f"count {any_of([f'{kind} and {cell}' for kind, cell in placed])} == {len(placed)}"


def any_of(terms: Sequence[str]) -> str:
    """`(t1 or t2 or ...)` grouped in halves, so that a long goal (255 tiles) stays within
    the parser's nesting limit (an `or` chain nests one level a term)."""
    if len(terms) <= 8:
        return "(" + " or ".join(terms) + ")"
    half = len(terms) // 2
    return f"({any_of(terms[:half])} or {any_of(terms[half:])})"
