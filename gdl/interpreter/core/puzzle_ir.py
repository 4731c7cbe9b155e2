"""The puzzle core IR: what a checked puzzle file says, with every name resolved and every
number evaluated. `gdl.interpreter.core.check.puzzles` builds it;
`gdl.interpreter.layouts.compiled` runs it.

Three state forms, each a plain value (states are immutable tuples):

- `PermutationIR`: a tuple of components, each a tuple. A permutation component
  holds at position j the (0-based) piece that sits there; an orientation
  component holds each position's piece's orientation mod its modulus. A move
  maps every component alike: new[j] = (old[src[j]] + add[j]) mod modulus
  (a permutation component has no modulus and adds nothing).
- `TilesIR`: the board's cells in reading order (top row first), 0 the blank.
- `StacksIR`: one tuple per stack, bottom item first; items are 1..M, 1 the smallest.

Tiles and stacks are sugar: their engines lower them into a one-player game of the
general core, whose states (bitboards) are the puzzle's; the IR's start and goal above
are packed into them (`pack`, `unpack` in gdl.interpreter.layouts.tiles and
puzzle_stacks).
"""

from __future__ import annotations

from typing import Any

import attrs

State = Any


@attrs.frozen
class Component:
    """One tuple of a permutation puzzle's state.

    name: the rules' name; size: positions; modulus: None for a permutation,
    else the orientation's modulus; part: the index of the permutation component
    an orientation moves with (itself for a permutation).
    """
    name: str
    size: int
    modulus: int | None
    part: int


@attrs.frozen
class CycleAction:
    """A permutation puzzle's move: per component, `src` (new[j] = old[src[j]]) and `add`."""
    name: str
    src: tuple[tuple[int, ...], ...]
    add: tuple[tuple[int, ...], ...]


@attrs.frozen
class PermutationIR:
    components: tuple[Component, ...]
    moves: tuple[CycleAction, ...]
    declared_inverses: tuple[tuple[int, int], ...]   # pairs of move indices, as the file says
    start: State
    goal: State
    symmetries: tuple[CycleAction, ...] = ()   # conjugations that map moves and goal to
                                               # themselves (checked)


@attrs.frozen
class TilesIR:
    rows: int
    cols: int
    start: State
    goal: State
    symmetries: tuple[str, ...] = ()   # declared board symmetries that keep the goal


@attrs.frozen
class StacksIR:
    count: int
    items: int
    rule: str          # "larger": only onto a larger item or an empty stack; "any"
    start: State
    goal: State


Form = PermutationIR | TilesIR | StacksIR


@attrs.frozen
class PuzzleIR:
    name: str
    title: str
    options: tuple[tuple[str, Any], ...]
    form: Form
