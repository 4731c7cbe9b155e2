"""The permutation layout: a one-player game of the core whose moves only rearrange its
board, held as pieces and turns instead of planes.

When every move of a one-player game is a fixed rearrangement of cells (`move NAME:
cycle ...`, or `if C then cycle ...` with C always true; no other effect), its
positions are the images of one reference position (the goal) under a permutation group.
Such a game can be held the way a twisty puzzle is: per orbit of moving cells, which
piece stands on each block of cells and how far it is turned. `derive` reads that shape
off the checked IR; no game is named here:

- The moving cells split into orbits (the cells some moves carry into each other).
- An orbit splits into blocks: the fewest cells that always move together (the three
  stickers of a cube's corner). Atkinson's closure finds the least block holding the
  orbit's first cell and each other cell; the smallest proper one and its images are
  the blocks (none: every cell is its own block).
- Each block's cells get an order, its frame. A move carries a block onto a block and
  its frame onto a rearrangement of the other's. Those rearrangements must form a
  cyclic group, and a piece's turn is the power of its generator, added mod its order
  as the move carries it. The frame is the cells in cell order when every move turns
  blocks by a rotation of that order. Otherwise the first block's order is carried
  along the moves.

The result is a `PermutationIR` (gdl.interpreter.core.puzzle_ir), tabulated by
`puzzle_permutation.PermutationEngine`; `Layout.values_of` and `Layout.planes_of` convert
positions. It is used only when exact: no two (piece, turn) pairs may show the same
kinds on a block, so that positions and states are one to one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from gdl.interpreter.core import ir
from gdl.interpreter.layouts import groups as permutation_groups, symmetry as puzzle_symmetry
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.layouts.groups import Perm
from gdl.interpreter.core.puzzle_ir import Component, CycleAction, PermutationIR, State

EMPTY = -1   # the kind of an empty cell


@attrs.frozen
class Orbit:
    """One orbit of moving cells: its blocks' cells in frame order, the local group
    (`turns[a]`: frame position t goes to turns[a][t] at turn a), and the kinds each
    (piece, turn) shows on a block (`pieces`: kinds in frame order -> (piece, turn))."""
    frames: tuple[tuple[int, ...], ...]
    turns: tuple[tuple[int, ...], ...]
    pieces: dict[tuple[int, ...], tuple[int, int]] = attrs.field(eq=False)


@attrs.frozen
class Layout:
    """The derived form and what converts positions (board planes) to its states."""
    form: PermutationIR
    orbits: tuple[Orbit, ...]
    reference: dict[int, int] = attrs.field(eq=False)   # cell -> kind of the position at 0
    fixed: dict[int, int] = attrs.field(eq=False)       # cells no move changes -> kind

    def values_of(self, planes: Sequence[int]) -> State:
        """The state (a tuple of component values) of a board given by its planes.

        Raises:
            ValueError: a block shows kinds that no piece shows at any turn.
        """
        kind = kinds_on(planes)
        out: list[tuple[int, ...]] = []
        for orbit in self.orbits:
            found = []
            for frame in orbit.frames:
                seen = tuple(kind.get(c, EMPTY) for c in frame)
                if seen not in orbit.pieces:
                    raise ValueError("a block of cells holds kinds that no piece of the "
                                     "puzzle shows there")
                found.append(orbit.pieces[seen])
            out.append(tuple(piece for piece, _ in found))
            if len(orbit.turns) > 1:
                out.append(tuple(turn for _, turn in found))
        for cell, k in self.fixed.items():
            if kind.get(cell, EMPTY) != k:
                raise ValueError("a cell that no move changes holds another kind")
        return tuple(out)

    def planes_of(self, values: State, kinds: int) -> tuple[int, ...]:
        """The board planes (one per kind) of a state."""
        planes = [0] * kinds
        for cell, k in self.fixed.items():
            if k != EMPTY:
                planes[k] |= 1 << cell
        parts = iter(values)
        for orbit in self.orbits:
            pieces = next(parts)
            turned = next(parts) if len(orbit.turns) > 1 else (0,) * len(pieces)
            for frame, piece, turn in zip(orbit.frames, pieces, turned):
                shape = orbit.turns[turn]
                for t, cell in enumerate(orbit.frames[piece]):
                    k = self.reference[cell]
                    if k != EMPTY:
                        planes[k] |= 1 << frame[shape[t]]
        return tuple(planes)


def layout_text(form: PermutationIR) -> str:
    """"pieces1: 7 pieces, turns1: 7 turns mod 3": what `gdl check` shows."""
    return ", ".join(f"{c.name}: {c.size} "
                     + ("pieces" if c.modulus is None else f"turns mod {c.modulus}")
                     for c in form.components)


def kinds_on(planes: Sequence[int]) -> dict[int, int]:
    return {c: k for k, plane in enumerate(planes) for c in bits(plane)}


def derive(game: ir.GameIR, reference: dict[int, int] | None = None,
           names: Sequence[str] = ()) -> Layout | None:
    """The permutation layout of `game`, or None when its moves are not all fixed
    rearrangements of the board or the layout would not be exact.

    `reference` (cell -> kind) is the position whose state is all zeros: by default
    the goal. `names` name the components in order (default `pieces1`, `turns1`, ...).
    """
    moves = rearrangements(game)
    goal = goal_cells(game)
    if moves is None or goal is None:
        return None
    start = kinds_on(game.initial_planes)
    moving = sorted({c for _, perm in moves for c in perm})
    if not set(moving) <= set(goal):
        return None
    reference = dict(goal) if reference is None else reference
    fixed = {c: start.get(c, EMPTY) for c in sorted(set(game.geometry.cells) - set(moving))}
    if any(goal.get(c, k) != k for c, k in fixed.items()):
        return None   # the goal asks a cell no move changes for another kind: unreachable
    full = [{c: perm.get(c, c) for c in moving} for _, perm in moves]
    orbits = []
    for cells in permutation_groups.orbits(moving, full):
        orbit = _orbit(cells, full, reference)
        if orbit is None:
            return None
        orbits.append(orbit)
    components = _components(orbits, names)
    actions = []
    for (name, _), perm in zip(moves, full):
        action = _action(name, perm, orbits)
        if action is None:
            return None
        actions.append(action)
    layout = Layout(PermutationIR(components, tuple(actions), (), (), ()), tuple(orbits),
                    reference, fixed)
    try:
        start_state = layout.values_of(game.initial_planes)
        goal_state = layout.values_of(_planes(goal, fixed, len(game.pieces)))
    except ValueError:
        return None
    symmetries = tuple(s for s in (_symmetry(sym, moving, orbits, reference, fixed)
                                   for sym in game.declared_symmetries) if s is not None)
    symmetries = tuple(s for s in symmetries if puzzle_symmetry.check(
        components, tuple(actions), s, goal_state) is None)
    form = PermutationIR(components, tuple(actions), (), start_state, goal_state, symmetries)
    return attrs.evolve(layout, form=form)


# --------------------------------------------------------------------------- reading the IR

def rearrangements(game: ir.GameIR) -> list[tuple[str, Perm]] | None:
    """Each rule's name and cell map when every rule is an always-legal named move made of
    `cycle` effects only, on a one-player game without state variables; else None."""
    if len(game.players) != 1 or game.variables or game.priority or game.illegal is not None:
        return None
    out = []
    for rule in game.rules:
        if not (isinstance(rule, ir.ParamRule) and not rule.ranges and rule.effects
                and (rule.guard is None or isinstance(rule.guard, ir.Const)
                     and rule.guard.value is True)
                and all(isinstance(e, ir.CycleCells) for e in rule.effects)):
            return None
        perm: Perm = {}
        for effect in rule.effects:   # in order: a piece goes on from where it stands
            assert isinstance(effect, ir.CycleCells)   # (tested above)
            step = dict(zip(effect.cells, effect.cells[1:] + effect.cells[:1]))
            for c in step:
                perm.setdefault(c, c)
            perm = {c: step.get(now, now) for c, now in perm.items()}
        out.append((rule.name, perm))
    return out


def goal_cells(game: ir.GameIR) -> dict[int, int] | None:
    """cell -> kind when the game's one end is a win whose condition is
    `count (K1 and X1 or K2 and X2 ...) == N`, with the X's disjoint and N their size (every
    named cell holds its kind); else None."""
    if len(game.ends) != 1 or game.ends[0].outcome != "wins":
        return None
    cond = game.ends[0].condition
    if not (isinstance(cond, ir.Op) and cond.op == "==" and isinstance(cond.args[1], ir.Const)
            and isinstance(cond.args[0], ir.Op) and cond.args[0].op == "count"):
        return None
    terms = _or_terms(cond.args[0].args[0])
    if terms is None:
        return None
    cells: dict[int, int] = {}
    for kind, mask in terms:
        for c in bits(mask):
            if c in cells:
                return None
            cells[c] = kind
    return cells if len(cells) == cond.args[1].value else None


def _or_terms(expr: Any) -> list[tuple[int, int]] | None:
    if isinstance(expr, ir.Op) and expr.op == "or":
        out = []
        for arg in expr.args:
            part = _or_terms(arg)
            if part is None:
                return None
            out += part
        return out
    if isinstance(expr, ir.Op) and expr.op == "and" and len(expr.args) == 2:
        kinds = [a.kind for a in expr.args if isinstance(a, ir.Pieces) and a.kind is not None]
        masks = [a.value for a in expr.args if isinstance(a, ir.Const)]
        if len(kinds) == 1 and len(masks) == 1 and kinds[0] is not None:
            return [(kinds[0], masks[0])]
    return None


def _planes(cells: dict[int, int], fixed: dict[int, int], kinds: int) -> tuple[int, ...]:
    planes = [0] * kinds
    for c, k in {**fixed, **cells}.items():
        if k != EMPTY:
            planes[k] |= 1 << c
    return tuple(planes)


# --------------------------------------------------------------------------- frames

def _local(perm: Perm, frames: Sequence[tuple[int, ...]], index: dict[int, int], h: int
           ) -> tuple[int, tuple[int, ...]] | None:
    """(the block frame h goes to, where each of its frame positions lands there), or None
    when the map does not carry the block onto one block."""
    image = [perm[c] for c in frames[h]]
    j = index[image[0]]
    if any(index[c] != j for c in image):
        return None
    return j, tuple(frames[j].index(c) for c in image)


def _orbit(cells: list[int], perms: list[Perm], reference: dict[int, int]) -> Orbit | None:
    blocks = permutation_groups.blocks(cells, perms)
    index = {c: i for i, block in enumerate(blocks) for c in block}
    k = len(blocks[0])
    rotations = [tuple((t + a) % k for t in range(k)) for a in range(k)]
    turns: list[tuple[int, ...]] | None = None
    frames: list[tuple[int, ...]] = list(blocks)
    locals_ = _locals(perms, frames, index)
    if locals_ is not None and locals_ <= set(rotations):
        turns = rotations if locals_ != {rotations[0]} else rotations[:1]   # no move turns them
    else:   # carry the first block's order along the moves
        carried: list[tuple[int, ...] | None] = [None] * len(blocks)
        carried[0], todo = blocks[0], [0]
        while todo:
            i = todo.pop()
            frame = carried[i]
            assert frame is not None
            for perm in perms:
                j = index[perm[frame[0]]]
                if carried[j] is None:
                    carried[j] = tuple(perm[c] for c in frame)
                    todo.append(j)
        frames = [f for f in carried if f is not None]
        locals_ = _locals(perms, frames, index)
        if locals_ is None:
            return None
        turns = permutation_groups.cyclic(permutation_groups.closure(locals_, k))
        if turns is None:
            return None
    pieces: dict[tuple[int, ...], tuple[int, int]] = {}
    for h, home in enumerate(frames):
        for a, shape in enumerate(turns):
            seen = [EMPTY] * k
            for t, cell in enumerate(home):
                seen[shape[t]] = reference[cell]
            if tuple(seen) in pieces:
                return None   # two pieces (or turns) look alike: the layout is not exact
            pieces[tuple(seen)] = (h, a)
    return Orbit(tuple(frames), tuple(turns), pieces)


def _locals(perms: list[Perm], frames: list[tuple[int, ...]], index: dict[int, int]
            ) -> set[tuple[int, ...]] | None:
    out = set()
    for perm in perms:
        for h in range(len(frames)):
            local = _local(perm, frames, index, h)
            if local is None:
                return None
            out.add(local[1])
    return out


def _components(orbits: list[Orbit], names: Sequence[str]) -> tuple[Component, ...]:
    out: list[Component] = []
    for i, orbit in enumerate(orbits):
        part = len(out)
        out.append(Component(f"pieces{i + 1}", len(orbit.frames), None, part))
        if len(orbit.turns) > 1:
            out.append(Component(f"turns{i + 1}", len(orbit.frames), len(orbit.turns), part))
    if names:
        out = [attrs.evolve(c, name=n) for c, n in zip(out, names)]
    return tuple(out)


def _action(name: str, perm: Perm, orbits: Sequence[Orbit]) -> CycleAction | None:
    """The move as the form's src/add per component (new[j] = old[src[j]] + add[j])."""
    src: list[tuple[int, ...]] = []
    add: list[tuple[int, ...]] = []
    for orbit in orbits:
        frames = orbit.frames
        index = {c: i for i, frame in enumerate(frames) for c in frame}
        n = len(frames)
        came, turned = [0] * n, [0] * n
        for h in range(n):
            local = _local(perm, frames, index, h)
            if local is None or local[1] not in orbit.turns:
                return None
            came[local[0]], turned[local[0]] = h, orbit.turns.index(local[1])
        src.append(tuple(came))
        add.append((0,) * n)
        if len(orbit.turns) > 1:
            src.append(tuple(came))
            add.append(tuple(turned))
    return CycleAction(name, tuple(src), tuple(add))


def _symmetry(sym: ir.Symmetry, moving: list[int], orbits: Sequence[Orbit],
              reference: dict[int, int], fixed: dict[int, int]) -> CycleAction | None:
    """A declared board symmetry (cells moved, kinds renamed) as a conjugation of the
    layout, when it maps moving cells onto moving cells, blocks onto blocks and the
    reference and the unchanging cells onto themselves; else None."""
    if sym.swap:
        return None
    rename = sym.kinds

    def renamed(k: int) -> int:
        return rename[k] if rename and k != EMPTY else k
    perm = {c: sym.perm[c] for c in moving}
    if set(perm.values()) != set(moving):
        return None
    if any(renamed(reference[c]) != reference[perm[c]] for c in moving):
        return None
    if any(renamed(k) != fixed.get(sym.perm[c]) for c, k in fixed.items()):
        return None
    return _action(sym.name, perm, orbits)
