"""Sliding puzzles: numbered tiles and one blank on a rows x cols board.

A state is the tuple of the cells in reading order (top row first, left to
right), 0 for the blank. A move is named by the way the tile slides into the
blank: up, down, left, right (ints 0..3); "up" takes the tile below the blank,
so the blank goes down. Up/down and left/right undo each other.

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

from gdl.errors import IllegalMove
from gdl.interpreter.puzzle_ir import State, TilesIR

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
    """Moves, invariants and the Manhattan-plus-conflicts bound of one sliding puzzle."""

    names = NAMES

    def __init__(self, form: TilesIR):
        rows, cols = self.rows, self.cols = form.rows, form.cols
        self.form = form
        target = []   # target[b][m]: the blank's next cell for move m from b, -1 off the board
        for b in range(rows * cols):
            r, c = divmod(b, cols)
            target.append(tuple((r + dr) * cols + c + dc
                                if 0 <= r + dr < rows and 0 <= c + dc < cols else -1
                                for dr, dc in _BLANK_STEP))
        legal = tuple(tuple(m for m in range(4) if t[m] >= 0) for t in target)
        self.legal_moves = lambda state: legal[state.index(0)]
        self.apply = _applier(target)
        self.inverse: list[int | None] = [1, 0, 3, 2]
        self.commuting = {(m, m) for m in range(4)}
        self.quantities: dict[str, Callable[[State], Hashable]] = {
            "permutation parity": lambda s: _swap_parity(s, cols)}
        self._home = {tile: divmod(cell, cols) for cell, tile in enumerate(form.goal) if tile}
        self._memo: list[dict] = [{} for _ in range(rows + cols)]
        self.encode = lambda s: int.from_bytes(bytes(s), "big")
        size = rows * cols
        self.decode = lambda code: tuple(code.to_bytes(size, "big"))
        if "transpose" in form.symmetries:
            self.symmetry_key = transposed_key(rows, form.goal)

    def heuristic_distance(self, state: State) -> int:
        """Manhattan distance plus two per tile lifted out of its goal row or column."""
        rows, cols, memo, h = self.rows, self.cols, self._memo, 0
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

def transposed_key(side: int, goal: State) -> Callable[[State], State]:
    """The least of a state and its reflection about the main diagonal: the board
    transposed, each tile renamed to the tile whose goal cell is the transposed one (a
    goal that the reflection maps to itself makes the two equally far from it)."""
    cells = [c % side * side + c // side for c in range(side * side)]
    rename = {goal[c]: goal[cells[c]] for c in range(side * side)}
    order = [cells.index(c) for c in range(side * side)]   # new cell c <- old cell order[c]

    def key(state: State) -> State:
        image = tuple([rename[state[j]] for j in order])
        return image if image < state else state
    return key

def _applier(target: list[tuple[int, ...]]) -> Callable[[State, int], State]:
    def apply(state: State, move: int) -> State:
        b = state.index(0)
        t = target[b][move]
        if t < 0:
            raise IllegalMove(f"no tile can slide {NAMES[move]} here")
        cells = list(state)
        cells[b], cells[t] = cells[t], 0
        return tuple(cells)
    return apply
