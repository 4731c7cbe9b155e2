"""Sliding puzzles: numbered tiles and one blank on a rows x cols board, as sugar over
the core.

`tiles 1..N and blank` with `move: slide tile into blank` lowers into a one-player game
of the general core (`core_rules`): a piece kind per tile, four moves named by the way
the tile goes, each a `swap` of the empty cell with its neighbour, and the goal as the
core's `goal:`. That game is compiled like any rules file; its states (a one-bit plane
per tile, the player, the result) are the puzzle's states. The notation and the bound
below read the cells in reading order (top row first, left to right, 0 for the blank),
which `TilesEngine.unpack` gives. A move is an int 0..3: up, down, left, right; "up"
takes the tile below the blank, so the blank goes down. Up/down and left/right undo
each other.

Derived from the rules, not declared:
- "permutation parity" is conserved: a move swaps the blank with a neighbour,
  which flips both the parity of the arrangement (a transposition) and the
  colour of the blank's cell on the chequered board; their sum never changes,
  so a start whose sum differs from the goal's is unsolvable (the 15-puzzle
  with two tiles swapped).
- `heuristic_distance`: every move carries one tile one cell, so the sum of the
  tiles' Manhattan distances to their goal cells is a lower bound; two tiles in
  their goal line but in the wrong order cost two more moves (linear conflicts).

Notation: a digit per cell when every tile is below 10 ("123456780"), else the
numbers separated by spaces; 0, "." or "_" is the blank; "/" may end a row.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Hashable

from gdl.interpreter.layouts.core_game import compile_core, numbered_moves, target_condition
from gdl.interpreter.core.puzzle_ir import State, TilesIR

NAMES = ("up", "down", "left", "right")
_BLANK_STEP = ((1, 0), (-1, 0), (0, 1), (0, -1))   # (row, column) step of the blank per move
_BLANKS = {".": 0, "_": 0}

def in_order(rows: int, cols: int, blank_last: bool = True) -> State:
    tiles = tuple(range(1, rows * cols))
    return tiles + (0,) if blank_last else (0,) + tiles

def parse_state(rows: int, cols: int, text: str) -> State:
    """The cells from their notation. Raises ValueError saying what is wrong."""
    words = [w for w in re.split(r"[\s,/]+", text.strip()) if w]
    if len(words) == 1 and len(words[0]) == rows * cols:
        words = list(words[0])
    try:
        cells = tuple(_BLANKS[w] if w in _BLANKS else int(w) for w in words)
    except ValueError:
        raise ValueError(f"expected tile numbers, got {text!r}") from None
    if sorted(cells) != list(range(rows * cols)):
        raise ValueError(f"a position holds each of 1..{rows * cols - 1} once and one blank "
                         f"(0), in {rows * cols} cells")
    return cells

def format_state(rows: int, cols: int, state: State) -> str:
    if rows * cols <= 10:
        return "".join(map(str, state))
    return " / ".join(" ".join(map(str, state[r * cols:(r + 1) * cols])) for r in range(rows))

def render(rows: int, cols: int, state: State) -> str:
    width = len(str(rows * cols - 1))
    return "\n".join(" ".join((str(t) if t else ".").rjust(width)
                              for t in state[r * cols:(r + 1) * cols]) for r in range(rows))

def _swap_parity(state: State, cols: int) -> int:
    """Parity of the arrangement (a permutation of 0..n-1) plus the colour of the blank's cell."""
    seen, cycles = [False] * len(state), 0
    for i in range(len(state)):
        if not seen[i]:
            cycles += 1
            while not seen[i]:
                seen[i] = True
                i = state[i]
    b = state.index(0)
    return (len(state) - cycles + b // cols + b % cols) & 1

def _out_of_order(goals: list[int]) -> int:
    """Tiles to lift out of a line so the rest are in goal order: length minus the longest
    increasing subsequence (each lifted tile costs two extra moves)."""
    tails: list[int] = []   # tails[k]: least last goal of an increasing run of length k+1
    for g in goals:
        i = bisect.bisect_left(tails, g)
        tails[i:i + 1] = [g]
    return len(goals) - len(tails)

class TilesEngine:
    """A sliding puzzle lowered into a one-player game of the core (see `core_rules`), with
    its notation, its conserved parity and its Manhattan-plus-conflicts bound.

    States are the core game's: one plane per tile (a one-bit board), the player and the
    result (1 on the goal, judged by the core's `goal:`); `pack` and `unpack` convert
    from and to the cells in reading order, which the notation and the bound read."""

    names = NAMES

    def __init__(self, form: TilesIR):
        rows, cols = self.rows, self.cols = form.rows, form.cols
        self.form = form
        self.game = game = compile_core(core_rules(rows, cols, form.goal))
        geo, size = game.geometry, rows * cols
        cells = [geo.names[cell_name(rows, cols, i)] for i in range(size)]
        index = {1 << cell: i for i, cell in enumerate(cells)}   # a plane -> its reading index
        settle, tiles = game._settle, range(size - 1)

        def pack(state: State) -> State:
            planes = [0] * (size - 1)
            for i, tile in enumerate(state):
                if tile:
                    planes[tile - 1] = 1 << cells[i]
            return settle((*planes, 0, 0))

        def unpack(state: State) -> State:
            out = [0] * size
            for k in tiles:
                out[index[state[k]]] = k + 1
            return tuple(out)
        self.pack, self.unpack = pack, unpack
        self.legal_moves, self.apply = numbered_moves(game, 4)   # up, down, left, right
        self.inverse: list[int | None] = [1, 0, 3, 2]
        self.commuting = {(m, m) for m in range(4)}
        self.quantities: dict[str, Callable[[State], Hashable]] = {
            "permutation parity": lambda s: _swap_parity(unpack(s), cols)}
        self._home = {tile: divmod(cell, cols) for cell, tile in enumerate(form.goal) if tile}
        self._memo: list[dict] = [{} for _ in range(rows + cols)]
        if "transpose" in form.symmetries:
            self.symmetry_key = transposed_key(rows, form.goal, cells)

    def heuristic_distance(self, state: State) -> int:
        """Manhattan distance plus two per tile lifted out of its goal row or column."""
        rows, cols, memo, h = self.rows, self.cols, self._memo, 0
        state = self.unpack(state)
        for r in range(rows):
            line = state[r * cols:(r + 1) * cols]
            cost = memo[r].get(line)
            if cost is None:
                cost = memo[r][line] = self._line_cost(line, r, True)
            h += cost
        for c in range(cols):
            line = state[c::cols]
            cost = memo[rows + c].get(line)
            if cost is None:
                cost = memo[rows + c][line] = self._line_cost(line, c, False)
            h += cost
        return h

    def _line_cost(self, line: State, index: int, is_row: bool) -> int:
        """A row's share of the Manhattan sum (rows only) plus its line's conflicts."""
        cost, goals = 0, []
        for k, tile in enumerate(line):
            if not tile:
                continue
            gr, gc = self._home[tile]
            if is_row:
                cost += abs(gr - index) + abs(gc - k)
            if (gr if is_row else gc) == index:
                goals.append(gc if is_row else gr)
        return cost + 2 * _out_of_order(goals)

def transposed_key(side: int, goal: State, cells: list[int]) -> Callable[[State], State]:
    """The least of a state and its reflection about the main diagonal: the board
    transposed, each tile renamed to the tile whose goal cell is the transposed one (a
    goal that the reflection maps to itself makes the two equally far from it).
    `cells` are the core's cells in reading order; a state has one one-bit plane per tile."""
    mirror = [c % side * side + c // side for c in range(side * side)]
    rename = {goal[c]: goal[mirror[c]] for c in range(side * side)}
    # plane k (tile k + 1) on a cell -> plane rename - 1 on the mirrored cell
    target = [rename[k + 1] - 1 for k in range(side * side - 1)]
    moved = {1 << cells[c]: 1 << cells[mirror[c]] for c in range(side * side)}
    planes = range(side * side - 1)

    def key(state: State) -> State:
        image = list(state)
        for k in planes:
            image[target[k]] = moved[state[k]]
        mirrored = tuple(image)
        return mirrored if mirrored < state else state
    return key


def cell_name(rows: int, cols: int, index: int) -> str:
    """The core's name of the cell at `index` in reading order (row 1 at the bottom)."""
    row, col = divmod(index, cols)
    return f"{chr(ord('a') + col)}{rows - row}"


def core_rules(rows: int, cols: int, goal: State) -> str:
    """The sliding puzzle as a one-player game of the core: a piece per tile (t1, t2, ...),
    and four moves named by the way the tile goes, each the exchange of the empty cell with
    its neighbour (`swap`); the goal puts every tile on its goal cell."""
    tiles = " ".join(f"t{k}" for k in range(1, rows * cols))
    home = target_condition([(f"t{tile}", cell_name(rows, cols, i))
                             for i, tile in enumerate(goal) if tile])
    lines = ['game "sliding puzzle"', "players solver", f"board {cols} x {rows}",
             f"pieces {tiles}"]
    # "up": the tile below the empty cell goes up: the empty cell is some cell's north.
    for name, way in zip(NAMES, ("n", "s", "w", "e")):
        lines.append(f"move {name}: if count ({way} is empty) > 0 "
                     f"then swap empty with {way} is empty")
    lines.append(f"goal: {home}")
    return "\n".join(lines) + "\n"
