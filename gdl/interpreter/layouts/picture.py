"""A sliding-tile or stacks puzzle's state as numbers to draw (the web page and the notebook
SVG draw them): tiles row by row (0 the blank), or each peg's discs bottom first."""

from __future__ import annotations

from typing import Any

from gdl.interpreter.core.puzzle_ir import PermutationIR, TilesIR


def tiles(puzzle: Any, state: Any) -> list[list[int]] | None:
    """The tiles row by row, 0 the blank; None when the puzzle is not a tiles puzzle."""
    form = puzzle.ir.form
    if not isinstance(form, TilesIR):
        return None
    text = puzzle.state_text(state)
    words = text.replace("/", " ").split()
    numbers = [int(w) for w in (words if len(words) > 1 else text.strip())]  # 123456780
    return [numbers[i:i + form.cols] for i in range(0, len(numbers), form.cols)]


def stacks(puzzle: Any, state: Any) -> list[list[int]] | None:
    """Each peg's discs, bottom first; None when the puzzle is not a stacks puzzle."""
    form = puzzle.ir.form
    if isinstance(form, (TilesIR, PermutationIR)):
        return None
    text = puzzle.state_text(state)
    return [[int(v) for v in peg.split() if v != "-"] for peg in text.split("/")]
