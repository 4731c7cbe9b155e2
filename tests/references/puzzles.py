"""Hand-written puzzles that satisfy the Puzzle protocol: pocket cube, sliding puzzles, Hanoi.

They are the speed reference the compiled puzzles are measured against and the
fixtures of the puzzle-search tests. Every move table is computed once, so
`apply` is a couple of lookups.

Besides the protocol, each puzzle offers the optional members the puzzle
solvers look for (all optional, found with `getattr`):

- `moves()`: every move, in the canonical order the pruning uses;
- `commutes(a, b)`: whenever one of `a b` / `b a` is legal from a state, so is
  the other, and both reach the same state;
- `quantities()`: named conserved quantities (equal before and after any move);
- `encode(s)` / `decode(c)`: a state as a non-negative int and back, and
  `code_bound` (every code is below it) or None when codes are sparse;
- `heuristic_distance(s)` (sliding puzzles) or `abstractions()` (pocket cube):
  what IDA* uses as its lower bound.

>>> p = SlidingPuzzle(3, start="123456708")
>>> s = p.apply(p.initial_state(), p.parse_move(p.initial_state(), "R"))
>>> p.is_goal(s), p.move_text(s, p.inverse(0))
(True, 'D')
"""

from __future__ import annotations

import bisect
from functools import cache
from itertools import permutations, product
from typing import Any
from collections.abc import Callable, Hashable, Sequence

from gdl.errors import IllegalMove, OptionError
from gdl.solvers.puzzles.walk import random_walk  # noqa: F401  (the tests and benchmarks take it from here too)

Move = int


def _illegal(game: Any, state: Any, text: str) -> IllegalMove:
    """The error for an unreadable or illegal move text, listing the legal moves."""
    legal = tuple(game.move_text(state, m) for m in game.legal_moves(state))
    return IllegalMove(f"{text!r} is not a legal move", legal)


class _PuzzleBase:
    """What the three puzzles share: one player, the goal ends the game."""

    players = ("solver",)
    kind = "puzzle"
    zero_sum = False
    name: str
    _goal: Any
    _start: Any
    _names: tuple[str, ...]

    def __init__(self) -> None:
        self.invariants: dict[str, Any] = {}

    def initial_state(self) -> Any:
        return self._start

    def current_player(self, state: Any) -> int:
        return 0

    def is_goal(self, state: Any) -> bool:
        return state == self._goal

    def is_terminal(self, state: Any) -> bool:
        return state == self._goal

    def goal_state(self) -> Any:
        return self._goal

    def returns(self, state: Any) -> tuple[float, ...]:
        return (1.0,) if state == self._goal else (0.0,)

    def canonical(self, state: Any) -> Hashable:
        return state

    def move_text(self, state: Any, move: Move) -> str:
        return self._names[move]

    def moves(self) -> tuple[Move, ...]:
        return tuple(range(len(self._names)))


# --------------------------------------------------------------------------- pocket cube
#
# Corner positions are the points of {-1, 1}^3: x left->right, y down->up,
# z back->front. The back-left-down cubie never moves, so every move turns one
# of the three layers that miss it (x = 1, y = 1, z = 1).

Vec = tuple[int, int, int]
_FIXED: Vec = (-1, -1, -1)
_CORNERS: tuple[Vec, ...] = ((-1, 1, 1), (1, 1, 1), (1, 1, -1), (-1, 1, -1),
                             (-1, -1, 1), (1, -1, 1), (1, -1, -1))
CUBE_MOVE_NAMES = ("F", "B", "L", "R", "U", "D")


def _corner_name(v: Vec) -> str:
    return "DU"[v[1] > 0] + "BF"[v[2] > 0] + "LR"[v[0] > 0]


def _quarter(axis: int, v: Vec) -> Vec:
    """v turned a quarter clockwise as seen from the + end of `axis` (0=x, 1=y, 2=z)."""
    x, y, z = v
    if axis == 0:
        return (x, z, -y)
    if axis == 1:
        return (-z, y, x)
    return (y, -x, z)


def _facets(p: Vec) -> tuple[Vec, Vec, Vec]:
    """The three outward normals at corner p, the up/down one first, all in one handedness.

    Rotations keep handedness, so a turn maps the facets of one corner to a
    cyclic shift of another's: that shift is the twist the move adds.
    """
    ey, ex, ez = (0, p[1], 0), (p[0], 0, 0), (0, 0, p[2])
    return (ey, ex, ez) if -p[0] * p[1] * p[2] > 0 else (ey, ez, ex)


def _cube_move(axis: int, turns: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(src, twist) of turning the + layer of `axis` `turns` quarters clockwise.

    After the move, position j holds the cubie that was at src[j], its
    orientation increased by twist[j] (mod 3).
    """
    src, twist = list(range(7)), [0] * 7
    for i, p in enumerate(_CORNERS):
        if p[axis] != 1:
            continue
        q, normals = p, list(_facets(p))
        for _ in range(turns):
            q = _quarter(axis, q)
            normals = [_quarter(axis, n) for n in normals]
        j = _CORNERS.index(q)
        shift = _facets(q).index(normals[0])
        assert all(_facets(q)[(f + shift) % 3] == normals[f] for f in range(3))
        src[j], twist[j] = i, shift
    return tuple(src), tuple(twist)


# F/B turn the front layer (z), R/L the right layer (x), U/D the up layer (y):
# the named move clockwise, its partner counterclockwise (see PocketCube).
CUBE_MOVES = tuple(_cube_move(axis, turns)
                   for axis in (2, 0, 1) for turns in (1, 3))


@cache
def _cube_tables() -> tuple:
    """Move tables over every permutation and every orientation tuple, and their indices.

    Returns (perms, perm_index, perm_move, oris, ori_index, ori_move): perm_move[m]
    maps a permutation tuple to its image (the very tuple object stored in
    `perms`, so states share their parts), likewise for orientations.
    """
    perms = list(permutations(range(7)))
    oris = list(product(range(3), repeat=7))
    perms_i = {p: p for p in perms}
    oris_i = {o: o for o in oris}
    perm_move, ori_move = [], []
    for src, twist in CUBE_MOVES:
        perm_move.append({p: perms_i[tuple(p[i] for i in src)] for p in perms})
        ori_move.append({o: oris_i[tuple((o[i] + t) % 3 for i, t in zip(src, twist))]
                         for o in oris})
    perm_index = {p: k for k, p in enumerate(perms)}
    ori_index = {o: k for k, o in enumerate(oris)}
    return perms, perm_index, perm_move, oris, ori_index, ori_move


class PocketCube(_PuzzleBase):
    """The 2x2x2 cube with its back-left-down cubie held fixed: 3,674,160 positions.

    A state is `(perm, ori)`: perm[j] is the cubie at position j and ori[j] its
    twist (0, 1, 2: where its up/down sticker points), for the seven movable
    positions UFL UFR UBR UBL DFL DFR DBR. Cubie k's home is position k.

    Moves are ints 0..5 named F B L R U D. Every turn is a quarter turn
    clockwise *as seen from the front, the right or the top* (looking along the
    axis from its + end). With DBL held still, the back, left and down layers
    never turn themselves: B (the back layer clockwise seen from the front) is
    the front layer turned counterclockwise, likewise L and D. So B undoes F,
    L undoes R and D undoes U (declared as inverse pairs). Beware: in the usual
    notation, where B is clockwise looking *at the back face*, B on a cube with
    DBL fixed would be the same as F, not its inverse.

    Conserved: "twist", the sum of the twists mod 3 (0 for every reachable state).
    The quarter-turn God's number is 14.

    Args:
        start: the initial state, or a move string applied to the solved cube
            ("R U F'"; X' means the inverse of X); default solved.
    Raises:
        IllegalMove: an unreadable move in a `start` string.
    """

    name = "pocketcube"
    title = "Pocket cube (2x2x2)"
    _names = CUBE_MOVE_NAMES
    code_bound = 5040 * 2187

    def __init__(self, start: Any = None) -> None:
        super().__init__()
        (self._perms, self._perm_index, self._perm_move,
         self._oris, self._ori_index, self._ori_move) = _cube_tables()
        self._goal = (self._perms[0], self._oris[0])
        if isinstance(start, str):
            state = self._goal
            for word in start.split():
                state = self.apply(state, self.parse_move(state, word))
            start = state
        self._start = self._goal if start is None else start

    def legal_moves(self, state: Any) -> Sequence[Move]:
        return (0, 1, 2, 3, 4, 5)

    def apply(self, state: Any, move: Move) -> Any:
        return (self._perm_move[move][state[0]], self._ori_move[move][state[1]])

    def parse_move(self, state: Any, text: str) -> Move:
        word = text.strip().upper()
        base = word[:-1] if word.endswith("'") else word
        if base not in CUBE_MOVE_NAMES:
            raise _illegal(self, state, text)
        move = CUBE_MOVE_NAMES.index(base)
        return move ^ 1 if word.endswith("'") else move

    def inverse(self, move: Move) -> Move:
        return move ^ 1   # F/B, L/R, U/D are adjacent pairs

    def commutes(self, a: Move, b: Move) -> bool:
        return a == b or a == b ^ 1

    def quantities(self) -> dict[str, Callable[[Any], Hashable]]:
        return {"twist": lambda s: sum(s[1]) % 3}

    def abstractions(self) -> dict[str, Callable[[Any], Hashable]]:
        """Projections that moves act on by themselves: pattern databases for IDA*."""
        return {"corner permutation": lambda s: s[0], "corner twists": lambda s: s[1]}

    def encode(self, state: Any) -> int:
        return self._perm_index[state[0]] * 2187 + self._ori_index[state[1]]

    def decode(self, code: int) -> Any:
        return (self._perms[code // 2187], self._oris[code % 2187])

    def render(self, state: Any) -> str:
        perm, ori = state
        cells = [f"{_corner_name(p)}={_corner_name(_CORNERS[perm[j]])}"
                 + (f"+{ori[j]}" if ori[j] else "") for j, p in enumerate(_CORNERS)]
        return "\n".join(("up    " + "  ".join(cells[:4]),
                          "down  " + "  ".join(cells[4:]) + "  DBL fixed",
                          "(position=cubie; +k: twisted k thirds from home)"))


# --------------------------------------------------------------------------- sliding puzzles

SLIDE_NAMES = ("U", "D", "L", "R")
_SLIDE_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))   # (row, column) step of the blank


def _parity(seq: Sequence[int]) -> int:
    """0 for an even permutation of 0..n-1, 1 for an odd one (n minus the cycle count)."""
    seen = [False] * len(seq)
    cycles = 0
    for i in range(len(seq)):
        if not seen[i]:
            cycles += 1
            while not seen[i]:
                seen[i] = True
                i = seq[i]
    return (len(seq) - cycles) & 1


def _conflicts(goals: Sequence[int]) -> int:
    """Tiles to take out of a line so the rest are in goal order: len - longest increasing run."""
    best: list[int] = []   # best[k]: least tail of an increasing subsequence of length k+1
    for g in goals:
        i = bisect.bisect_left(best, g)
        best[i:i + 1] = [g]
    return len(goals) - len(best)


class SlidingPuzzle(_PuzzleBase):
    """The (rows x cols - 1)-puzzle: 8-puzzle for size 3, 15-puzzle for size 4.

    A state is the tuple of tiles in row-major order, 0 for the blank; the goal
    is 1, 2, ..., n-1 with the blank last. A move is named by the direction the
    *blank* moves (U D L R = ints 0..3); the tile beside it slides the other way.
    U/D and L/R are inverse pairs.

    Conserved: "parity", the parity of the whole arrangement as a permutation
    (blank included) plus the parity of the blank's row + column. Every move
    swaps the blank with a neighbour, flipping both, so their sum never changes;
    it splits the arrangements into the two classes that are reachable from one
    another (for the 15-puzzle: tile-permutation parity against the blank's row
    distance).

    `heuristic_distance` is Manhattan distance plus linear conflicts: two extra
    moves for each tile that must leave its goal row (or column) to let others pass.

    Args:
        size: rows (and columns unless `cols` is given), at least 2.
        cols: columns, at least 2.
        start: the initial tiles (a tuple, or a string of digits / space-separated
            numbers); default: the goal for sizes other than 3x3, and for 3x3 the
            instance 867254301, which needs 31 moves.
    Raises:
        OptionError: bad dimensions or a start that is not an arrangement of the tiles.
    """

    name = "sliding"
    _names = SLIDE_NAMES
    code_bound = None

    def __init__(self, size: int = 3, cols: int | None = None, start: Any = None) -> None:
        super().__init__()
        rows, cols = size, size if cols is None else cols
        if rows < 2 or cols < 2 or rows * cols > 256:
            raise OptionError(f"a sliding puzzle needs 2..16 rows and columns, got {rows}x{cols}")
        self.rows, self.cols, n = rows, cols, rows * cols
        self.title = f"{n - 1}-puzzle ({rows}x{cols})"
        self._goal = tuple(range(1, n)) + (0,)
        # target[b][m]: the blank's cell after move m from cell b, or -1 off the board.
        self._target = tuple(
            tuple((b // cols + dr) * cols + b % cols + dc
                  if 0 <= b // cols + dr < rows and 0 <= b % cols + dc < cols else -1
                  for dr, dc in _SLIDE_STEPS)
            for b in range(n))
        self._legal = tuple(tuple(m for m in range(4) if t[m] >= 0) for t in self._target)
        self._row_cost: list[dict] = [{} for _ in range(rows)]
        self._col_cost: list[dict] = [{} for _ in range(cols)]
        if start is None and (rows, cols) == (3, 3):
            start = "867254301"
        self._start = self._goal if start is None else self._read(start)

    def _read(self, start: Any) -> tuple[int, ...]:
        if isinstance(start, str):
            start = [int(w) for w in (start.split() if " " in start.strip() else start.strip())]
        tiles = tuple(start)
        if sorted(tiles) != list(range(len(self._goal))):
            raise OptionError(
                f"a start must hold each of 0..{len(self._goal) - 1} once, got {tiles}")
        return tiles

    def legal_moves(self, state: tuple[int, ...]) -> Sequence[Move]:
        return self._legal[state.index(0)]

    def apply(self, state: tuple[int, ...], move: Move) -> tuple[int, ...]:
        b = state.index(0)
        t = self._target[b][move]
        if t < 0:
            raise IllegalMove(f"the blank cannot move {SLIDE_NAMES[move]} from here")
        tiles = list(state)
        tiles[b], tiles[t] = tiles[t], 0
        return tuple(tiles)

    def parse_move(self, state: Any, text: str) -> Move:
        word = text.strip().upper()
        move = SLIDE_NAMES.index(word) if word in SLIDE_NAMES else -1
        if move not in self.legal_moves(state):
            raise _illegal(self, state, text)
        return move

    def inverse(self, move: Move) -> Move:
        return move ^ 1

    def commutes(self, a: Move, b: Move) -> bool:
        return a == b   # U then D is legal where D then U may not be

    def quantities(self) -> dict[str, Callable[[Any], Hashable]]:
        cols = self.cols
        n = len(self._goal)

        def parity(s: tuple[int, ...]) -> int:
            b = s.index(0)
            # the tile order as a permutation of 0..n-1 (the blank as n-1)
            return (_parity([(t - 1) % n for t in s]) + b // cols + b % cols) & 1
        return {"parity": parity}

    def heuristic_distance(self, state: tuple[int, ...]) -> int:
        cols, h = self.cols, 0
        for r, memo in enumerate(self._row_cost):
            line = state[r * cols:(r + 1) * cols]
            cost = memo.get(line)
            if cost is None:
                cost = memo[line] = self._line_cost(line, r, True)
            h += cost
        for c, memo in enumerate(self._col_cost):
            line = state[c::cols]
            cost = memo.get(line)
            if cost is None:
                cost = memo[line] = self._line_cost(line, c, False)
            h += cost
        return h

    def _line_cost(self, line: tuple[int, ...], index: int, is_row: bool) -> int:
        """A row's Manhattan distances plus its conflicts, or a column's conflicts (memoised)."""
        cols, cost, goals = self.cols, 0, []
        for k, tile in enumerate(line):
            if tile == 0:
                continue
            gr, gc = divmod(tile - 1, cols)
            if is_row:
                cost += abs(gr - index) + abs(gc - k)
                if gr == index:
                    goals.append(gc)
            elif gc == index:
                goals.append(gr)
        return cost + 2 * _conflicts(goals)

    def encode(self, state: tuple[int, ...]) -> int:
        return int.from_bytes(bytes(state), "big")

    def decode(self, code: int) -> tuple[int, ...]:
        return tuple(code.to_bytes(len(self._goal), "big"))

    def render(self, state: tuple[int, ...]) -> str:
        width = len(str(len(state) - 1))
        return "\n".join(
            " ".join(str(t).rjust(width) if t else ".".rjust(width)
                     for t in state[r * self.cols:(r + 1) * self.cols])
            for r in range(self.rows))


# --------------------------------------------------------------------------- towers of Hanoi


class Hanoi(_PuzzleBase):
    """Towers of Hanoi: move every disc from the first peg to the last, never large on small.

    A state is the tuple of each disc's peg (0-based), smallest disc first. A
    move is an int naming a (from, to) pair of pegs, written "1-3" (1-based).
    "a-b" and "b-a" are inverse; with four or more pegs, moves between disjoint
    pairs of pegs commute. With three pegs the optimum is 2^n - 1 moves.

    Args:
        discs: number of discs, 1..30.
        pegs: number of pegs, 3..9.
    Raises:
        OptionError: a count out of range.
    """

    name = "hanoi"

    def __init__(self, discs: int = 3, pegs: int = 3) -> None:
        super().__init__()
        if not 1 <= discs <= 30 or not 3 <= pegs <= 9:
            raise OptionError(f"hanoi needs 1..30 discs and 3..9 pegs, got {discs} and {pegs}")
        self.discs, self.pegs = discs, pegs
        self.title = f"Towers of Hanoi ({discs} discs, {pegs} pegs)"
        self._pairs = tuple((a, b) for a in range(pegs) for b in range(pegs) if a != b)
        self._names = tuple(f"{a + 1}-{b + 1}" for a, b in self._pairs)
        self._goal = (pegs - 1,) * discs
        self._start = (0,) * discs
        self.code_bound = pegs ** discs

    def legal_moves(self, state: tuple[int, ...]) -> Sequence[Move]:
        top = [self.discs] * self.pegs   # smallest disc on each peg (discs = empty)
        for d in range(self.discs - 1, -1, -1):
            top[state[d]] = d
        return [m for m, (a, b) in enumerate(self._pairs) if top[a] < top[b]]

    def apply(self, state: tuple[int, ...], move: Move) -> tuple[int, ...]:
        a, b = self._pairs[move]
        if a not in state or (b in state and state.index(b) < state.index(a)):
            raise IllegalMove(f"no disc can move {self._names[move]} here")
        d = state.index(a)   # the smallest disc on peg a is its top
        return state[:d] + (b,) + state[d + 1:]

    def parse_move(self, state: Any, text: str) -> Move:
        word = text.strip().replace(" ", "")
        if "-" not in word and len(word) == 2:
            word = f"{word[0]}-{word[1]}"
        if word not in self._names or self._names.index(word) not in self.legal_moves(state):
            raise _illegal(self, state, text)
        return self._names.index(word)

    def inverse(self, move: Move) -> Move:
        a, b = self._pairs[move]
        return self._pairs.index((b, a))

    def commutes(self, a: Move, b: Move) -> bool:
        return a == b or not set(self._pairs[a]) & set(self._pairs[b])

    def quantities(self) -> dict[str, Callable[[Any], Hashable]]:
        return {}

    def encode(self, state: tuple[int, ...]) -> int:
        code = 0
        for peg in reversed(state):
            code = code * self.pegs + peg
        return code

    def decode(self, code: int) -> tuple[int, ...]:
        out = []
        for _ in range(self.discs):
            code, peg = divmod(code, self.pegs)
            out.append(peg)
        return tuple(out)

    def render(self, state: tuple[int, ...]) -> str:
        bottom_up = range(self.discs - 1, -1, -1)
        return "\n".join(f"{p + 1}: " + " ".join(str(d + 1) for d in bottom_up if state[d] == p)
                         for p in range(self.pegs))
