"""The permutation form (twisty puzzles) as sugar over the core, read back as a layout.

A puzzle file's `state corner: permutation 7, twist: 7 x mod 3` lowers into the rules text
of a one-player game of the core (`core_rules`). Each piece's position is a row of cells, one
per orientation (a sticker each, a kind per sticker), and a move is the `cycle`s of its
stickers. The goal is every sticker on its cell. A symmetry is its stickers' cycles, with
the stickers' kinds renamed alike (`recolouring`).

That game is checked and compiled by the core's front end, and its layout is read back
from the checked IR by `gdl.interpreter.layouts.layout`, which knows nothing of this form.
The form's engine runs on what comes back, once it equals the file's form (`read_back`);
the tabulated engine is then the specialised state layout of a core game, the same one a
game file of stickers gets.
"""

from __future__ import annotations

import attrs

from gdl.interpreter.layouts import layout as puzzle_layout, symmetry as puzzle_symmetry
from gdl.interpreter.layouts.core_game import compile_core, target_condition
from gdl.interpreter.core.puzzle_ir import Component, CycleAction, PermutationIR, State


def layout_of(form: PermutationIR) -> tuple[list[int], dict[int, int | None], list[int]] | None:
    """(the permutation components, each one's orientation component or None, and each
    one's slots), or None when a permutation has two orientations (not lowered)."""
    parts = [k for k, c in enumerate(form.components) if c.modulus is None]
    turns: dict[int, int | None] = dict.fromkeys(parts)
    slots = dict.fromkeys(parts, 1)
    for k, c in enumerate(form.components):
        if c.modulus is not None:
            if turns[c.part] is not None:
                return None
            turns[c.part], slots[c.part] = k, c.modulus
    return parts, turns, [slots[k] for k in parts]


class Stickers:
    """Where the form's stickers stand in the lowered game: a permutation component's
    positions are consecutive rows (the first component at the bottom), a slot per column;
    a sticker's kind is `NAME_PIECE` or, with an orientation, `NAME_PIECE_SLOT`."""

    def __init__(self, form: PermutationIR, parts: list[int], turns: dict[int, int | None],
                 slots: list[int]):
        self.form, self.parts, self.turns, self.slots = form, parts, turns, slots
        self.offset, row = {}, 0
        for k in parts:
            self.offset[k] = row
            row += form.components[k].size
        self.rows, self.cols = row, max(slots)

    def cell(self, k: int, position: int, slot: int) -> str:
        return f"{chr(ord('a') + slot)}{self.offset[k] + position + 1}"

    def kind(self, k: int, piece: int, slot: int) -> str:
        base = f"{self.form.components[k].name}_{piece + 1}"
        return base if self.slots[self.parts.index(k)] == 1 else f"{base}_{slot}"

    def kinds(self) -> list[str]:
        return [self.kind(k, p, s) for k, m in zip(self.parts, self.slots)
                for p in range(self.form.components[k].size) for s in range(m)]

    def of(self, values: State) -> list[tuple[str, str]]:
        """(kind, cell) of every sticker of a state."""
        out = []
        for k, m in zip(self.parts, self.slots):
            twist = values[self.turns[k]] if self.turns[k] is not None \
                else (0,) * self.form.components[k].size
            for position, piece in enumerate(values[k]):
                out += [(self.kind(k, piece, s), self.cell(k, position, (s + twist[position]) % m))
                        for s in range(m)]
        return out

    def cycles(self, action: CycleAction) -> list[list[str]]:
        """The action as cycles of cells (a cell's sticker goes to the next)."""
        goes: dict[str, str] = {}
        for k, m in zip(self.parts, self.slots):
            turn = self.turns[k]
            add = action.add[turn] if turn is not None else (0,) * self.form.components[k].size
            for j, came in enumerate(action.src[k]):
                for r in range(m):
                    goes[self.cell(k, came, r)] = self.cell(k, j, (r + add[j]) % m)
        out, seen = [], set()
        for first in goes:
            loop, c = [], first
            while c not in seen:
                seen.add(c)
                loop.append(c)
                c = goes[c]
            if len(loop) > 1:
                out.append(loop)
        return out


def stickers_of(form: PermutationIR) -> Stickers | None:
    shape = layout_of(form)
    return None if shape is None else Stickers(form, *shape)


def core_rules(form: PermutationIR, name: str) -> str | None:
    """The form as a one-player game of the core, or None when it cannot be lowered (a
    permutation with two orientations, a move or symmetry that moves nothing)."""
    sticks = stickers_of(form)
    if sticks is None:
        return None
    lines = [f'game "{name} (stickers)"', "players solver",
             f"board {sticks.cols} x {sticks.rows}", f"pieces {' '.join(sticks.kinds())}"]
    lines += [f"setup solver {k}: {c}" for k, c in sticks.of(form.start)]
    for action in form.moves:
        loops = sticks.cycles(action)
        if not loops:
            return None
        lines.append(f"move {action.name}: "
                     + ", ".join("cycle " + " ".join(loop) for loop in loops))
    home = {c: k for k, c in sticks.of(_solved(form.components))}
    for action in form.symmetries:
        loops = sticks.cycles(action)
        if not loops:
            return None
        # a sticker's kind names its home cell: the kinds go round as the cells do
        lines.append("symmetry cycle " + ", ".join(" ".join(loop) for loop in loops)
                     + " recolouring "
                     + ", ".join(" ".join(home[c] for c in loop) for loop in loops))
    lines.append(f"goal: {target_condition(sticks.of(form.goal))}")
    return "\n".join(lines) + "\n"


def _solved(components: tuple[Component, ...]) -> State:
    return tuple(tuple(range(c.size)) if c.modulus is None else (0,) * c.size
                 for c in components)


def read_back(form: PermutationIR, name: str) -> PermutationIR | None:
    """The form lowered into the core and its layout read back from the checked game, when
    that equals the file's form (the same components, moves, start, goal and symmetry
    group); else None (the form is then used as written)."""
    text = core_rules(form, name)
    sticks = stickers_of(form)
    if text is None or sticks is None:
        return None
    game = compile_core(text).ir
    comps = form.components
    solved = {game.geometry.names[c]: game.pieces.index(k) for k, c in sticks.of(_solved(comps))}
    layout = puzzle_layout.derive(game, reference=solved, names=[c.name for c in comps])
    if layout is None:
        return None
    derived = attrs.evolve(layout.form, declared_inverses=form.declared_inverses)
    if (derived.components, derived.moves, derived.start, derived.goal) != \
            (comps, form.moves, form.start, form.goal):
        return None
    if _group(comps, derived.symmetries) != _group(comps, form.symmetries):
        return None
    return derived


def _group(components: tuple[Component, ...], symmetries: tuple[CycleAction, ...]) -> set:
    return set(puzzle_symmetry.group(components, [puzzle_symmetry.element(s, components)
                                                  for s in symmetries]))
