"""Chance nodes (issue 31): a value the chance player draws, which the rules then read.

`roll d = die 6` draws d at the start of every turn; `chance d = die 6` declares it and a
move's effect `roll d` draws it there (the effects after it read the outcome)."""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos
from gdl.grammar.ast.expressions import Expr, Ident
from gdl.grammar.ast.effects import Effect, Guarded


@attrs.frozen
class Outcome:
    """One outcome of a declared distribution: its value and its weight, as written
    (`9/10`, `0.9` or a whole number)."""
    value: Expr
    weight: str
    pos: SourcePos


@attrs.frozen
class Chance:
    """`roll NAME = DIST [where COND]` (`every_turn`) or `chance NAME = DIST [where COND]`.
    DIST is `die N` (`form` "die", `args` (N,)), `dice K of N` ("dice", (K, N)),
    `{v: w, ...}` ("weights", `outcomes`) or `bag NAME` ("bag", (NAME,)): outcome i weighs
    the list variable's element i, read from the position (cards left in a deck); COND,
    read with NAME the outcome, leaves out the outcomes where it fails (the others' chances
    in proportion)."""
    name: Ident
    every_turn: bool
    form: str
    args: tuple[Expr, ...]
    outcomes: tuple[Outcome, ...]
    pos: SourcePos
    where: Expr | None = None   # the outcomes possible: those where it holds (2048's empty cell)


@attrs.frozen
class Roll:
    """`roll NAME` among a move's effects: the chance player draws NAME here."""
    name: Ident
    pos: SourcePos


def rolled(effect: Effect) -> Roll | None:
    """The draw an effect makes: `roll NAME`, or `roll NAME if COND` (drawn only when COND
    holds; the effects after it are the draw's); None for any other effect."""
    if isinstance(effect, Guarded):
        effect = effect.effect
    return effect if isinstance(effect, Roll) else None


@attrs.frozen
class Opening:
    """`opening: roll NAME, EFFECTS`: the draw the game starts with, before the first move;
    EFFECTS read its outcome (backgammon's opening roll picks who starts, and the dice)."""
    effects: tuple[Effect, ...]
    pos: SourcePos
