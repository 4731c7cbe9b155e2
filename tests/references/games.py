"""Hand-written bitboard games that satisfy the Game protocol.

They are the speed reference the compiled games are benchmarked against and the
fixtures the solver tests use, so they are written for speed in clean pure
Python: a state is a small tuple of ints whose last two entries are the player
to move and the result code, so `is_terminal` and `returns` are O(1).

Result codes (the last entry of every state):
    ONGOING = 0, FIRST_WON = 1, SECOND_WON = 2, DRAW = 3

Each game also has `heuristic(state)`: one value per player in [-1, 1], a cheap
static evaluation that the solvers pick up when it is present.

>>> g = TicTacToe()
>>> s = g.apply(g.initial_state(), g.parse_move(g.initial_state(), "b2"))
>>> g.move_text(s, 0), g.current_player(s), g.is_terminal(s)
('a1', 1, False)
"""

from __future__ import annotations

from typing import Any
from collections.abc import Hashable, Sequence

from gdl.errors import IllegalMove, OptionError

Cell = int   # a board square's index
Mask = int   # a set of squares, one bit each

ONGOING, FIRST_WON, SECOND_WON, DRAW = 0, 1, 2, 3
# Payoffs by result code; a non-terminal state has none, (0, 0) keeps lookups total.
_RETURNS = ((0.0, 0.0), (1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))
_WON_BY = (FIRST_WON, SECOND_WON)  # result code when player p has just won


def _bits(mask: Mask) -> tuple[int, ...]:
    """The indices of the set bits of `mask`, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _illegal(game: Any, state: Any, text: str) -> IllegalMove:
    """The error for an unreadable or illegal move text, listing the legal moves."""
    legal = tuple(game.move_text(state, m) for m in game.legal_moves(state))
    if not legal:
        return IllegalMove(f"no move is legal: the game is over (got {text!r})")
    return IllegalMove(f"{text!r} is not a legal move", legal)


# --------------------------------------------------------------------------- tic-tac-toe

_TTT_FULL: Mask = 0x1FF
_TTT_LINES = (0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124)
# Every precomputation below is indexed by a 9-bit occupancy mask.
_TTT_HAS_LINE = tuple(any(m & line == line for line in _TTT_LINES) for m in range(512))
_TTT_CELLS = tuple(_bits(m) for m in range(512))
_TTT_NAMES = tuple(f"{'abc'[c % 3]}{c // 3 + 1}" for c in range(9))


def _square_symmetries(n: int) -> list[tuple[int, ...]]:
    """The 8 symmetries of an n x n square as cell permutations (image of each cell)."""
    maps = []
    for transpose in (False, True):
        for flip_x in (False, True):
            for flip_y in (False, True):
                perm = []
                for cell in range(n * n):
                    x, y = cell % n, cell // n
                    if transpose:
                        x, y = y, x
                    if flip_x:
                        x = n - 1 - x
                    if flip_y:
                        y = n - 1 - y
                    perm.append(y * n + x)
                maps.append(tuple(perm))
    return maps


def _mask_images(perm: tuple[int, ...]) -> tuple[Mask, ...]:
    """For every 9-bit mask, its image under the cell permutation `perm`."""
    return tuple(sum(1 << perm[c] for c in _bits(m)) for m in range(512))


_TTT_SYMS = tuple(_mask_images(p) for p in _square_symmetries(3))


class TicTacToe:
    """Tic-tac-toe on a 3x3 board; X (player 0) moves first.

    A state is `(x, o, player, result)`: two 9-bit masks, cell a1=0, b1=1, c1=2,
    a2=3, ... (row-major from the bottom). A move is a cell int; legal moves come
    in ascending cell order. `canonical` is the least image of the position under
    the 8 symmetries of the square (an int).
    """

    name = "tictactoe"
    title = "Tic-tac-toe"
    players = ("X", "O")
    kind = "game"
    zero_sum = True

    def __init__(self) -> None:
        self.invariants: dict[str, Any] = {}
        # Reachable positions are few (5478), so canonical keys are memoised.
        self._canon: dict[int, int] = {}

    def initial_state(self) -> tuple[int, int, int, int]:
        return (0, 0, 0, ONGOING)

    def current_player(self, state: tuple) -> int:
        return state[2]

    def legal_moves(self, state: tuple) -> Sequence[Cell]:
        if state[3]:
            return ()
        return _TTT_CELLS[_TTT_FULL ^ (state[0] | state[1])]

    def apply(self, state: tuple, move: Cell) -> tuple[int, int, int, int]:
        x, o, player, _ = state
        bit = 1 << move
        if player == 0:
            x |= bit
            if _TTT_HAS_LINE[x]:
                return (x, o, 1, FIRST_WON)
        else:
            o |= bit
            if _TTT_HAS_LINE[o]:
                return (x, o, 0, SECOND_WON)
        return (x, o, 1 - player, DRAW if x | o == _TTT_FULL else ONGOING)

    def is_terminal(self, state: tuple) -> bool:
        return state[3] != ONGOING

    def returns(self, state: tuple) -> tuple[float, float]:
        return _RETURNS[state[3]]

    def canonical(self, state: tuple) -> Hashable:
        key = state[0] << 9 | state[1]
        canon = self._canon.get(key)
        if canon is None:
            x, o = state[0], state[1]
            # Player and result follow from the board, so the board alone is the key.
            canon = min(t[x] << 9 | t[o] for t in _TTT_SYMS)
            self._canon[key] = canon
        return canon

    def move_text(self, state: tuple, move: Cell) -> str:
        return _TTT_NAMES[move]

    def parse_move(self, state: tuple, text: str) -> Cell:
        word = text.strip().lower()
        if word in _TTT_NAMES:
            move = _TTT_NAMES.index(word)
            if move in self.legal_moves(state):
                return move
        raise _illegal(self, state, text)

    def render(self, state: tuple) -> str:
        x, o = state[0], state[1]
        rows = []
        for r in (2, 1, 0):
            cells = range(3 * r, 3 * r + 3)
            marks = ("X" if x >> c & 1 else "O" if o >> c & 1 else "." for c in cells)
            rows.append(f"{r + 1} {' '.join(marks)}")
        rows.append("  a b c")
        return "\n".join(rows)

    def heuristic(self, state: tuple) -> tuple[float, float]:
        """Open lines: (lines X can still complete - lines O can) / 8, weighted by marks."""
        if state[3]:
            return _RETURNS[state[3]]
        x, o = state[0], state[1]
        score = 0
        for line in _TTT_LINES:
            if not line & o:
                score += 1 + (line & x).bit_count()
            if not line & x:
                score -= 1 + (line & o).bit_count()
        h = score / 24.0
        return (h, -h)


# --------------------------------------------------------------------------- connect four

class ConnectFour:
    """Connect Four: drop a piece into a column; k in a row (any direction) wins.

    Bitboard layout: column c occupies bits c*(height+1) .. c*(height+1)+height-1,
    with one empty guard bit on top so that shifts never wrap between columns.
    A state is `(x, o, player, result)`; a move is a column int (0 = leftmost);
    its text is the 1-based column number. `canonical` is the lesser of the
    position and its left-right mirror (an int).

    Args:
        width, height: board size (at least 1 each).
        k: pieces in a row needed to win (at least 1).

    Raises:
        OptionError: a size out of range.
    """

    title = "Connect Four"
    players = ("X", "O")
    kind = "game"
    zero_sum = True

    def __init__(self, width: int = 7, height: int = 6, k: int = 4) -> None:
        if width < 1 or height < 1 or k < 1 or width > 26:
            raise OptionError(f"connect four needs 1 <= width <= 26, height >= 1, k >= 1; "
                              f"got {width}x{height}, k={k}")
        self.width, self.height, self.k = width, height, k
        standard = (width, height, k) == (7, 6, 4)
        self.name = "connect4" if standard else f"connect4-{width}x{height}-{k}"
        self.invariants: dict[str, Any] = {}
        stride = height + 1
        self._stride = stride
        self._bottom = tuple(1 << c * stride for c in range(width))
        self._column = tuple(((1 << height) - 1) << c * stride for c in range(width))
        self._full = sum(self._column)
        self._tops = tuple((c, 1 << (c * stride + height - 1)) for c in range(width))
        self._has_line = _line_test(k, (1, stride, stride - 1, stride + 1))
        self._windows = _windows(width, height, k, stride)

    def initial_state(self) -> tuple[int, int, int, int]:
        return (0, 0, 0, ONGOING)

    def current_player(self, state: tuple) -> int:
        return state[2]

    def legal_moves(self, state: tuple) -> Sequence[int]:
        if state[3]:
            return ()
        mask = state[0] | state[1]
        return [c for c, top in self._tops if not mask & top]

    def apply(self, state: tuple, move: int) -> tuple[int, int, int, int]:
        x, o, player, _ = state
        mask = x | o
        # The lowest empty cell of the column: the column's pieces are contiguous from the bottom.
        piece = (mask & self._column[move]) + self._bottom[move]
        if player == 0:
            x |= piece
            if self._has_line(x):
                return (x, o, 1, FIRST_WON)
        else:
            o |= piece
            if self._has_line(o):
                return (x, o, 0, SECOND_WON)
        return (x, o, 1 - player, DRAW if mask | piece == self._full else ONGOING)

    def is_terminal(self, state: tuple) -> bool:
        return state[3] != ONGOING

    def returns(self, state: tuple) -> tuple[float, float]:
        return _RETURNS[state[3]]

    def mirror(self, mask: Mask) -> Mask:
        """The left-right mirror image of a bitboard."""
        stride, last = self._stride, self.width - 1
        column = self._column[0]
        out = 0
        for c in range(self.width):
            out |= (mask >> c * stride & column) << (last - c) * stride
        return out

    def canonical(self, state: tuple) -> Hashable:
        # Player and result follow from the board, so the board alone is the key.
        shift = self.width * self._stride
        key = state[0] << shift | state[1]
        mirrored = self.mirror(state[0]) << shift | self.mirror(state[1])
        return key if key <= mirrored else mirrored

    def move_text(self, state: tuple, move: int) -> str:
        return str(move + 1)

    def parse_move(self, state: tuple, text: str) -> int:
        word = text.strip().lower()
        if word.isdigit():
            move = int(word) - 1
        elif len(word) == 1 and word.isalpha():
            move = ord(word) - ord("a")
        else:
            move = -1
        if move in self.legal_moves(state):
            return move
        raise _illegal(self, state, text)

    def render(self, state: tuple) -> str:
        x, o = state[0], state[1]
        rows = []
        for r in range(self.height - 1, -1, -1):
            cells = []
            for c in range(self.width):
                bit = 1 << (c * self._stride + r)
                cells.append("X" if x & bit else "O" if o & bit else ".")
            rows.append(" ".join(cells))
        rows.append(" ".join(str(c + 1 if c < 9 else chr(ord("a") + c)) for c in range(self.width)))
        return "\n".join(rows)

    def heuristic(self, state: tuple) -> tuple[float, float]:
        """Open windows of k cells, weighted by the square of one side's pieces in them."""
        if state[3]:
            return _RETURNS[state[3]]
        x, o = state[0], state[1]
        score = 0
        for w in self._windows:
            a, b = x & w, o & w
            if a:
                if not b:
                    n = a.bit_count()
                    score += n * n
            elif b:
                n = b.bit_count()
                score -= n * n
        h = score / (score + 32.0) if score >= 0 else score / (32.0 - score)
        return (h, -h)


def _line_test(k: int, directions: tuple[int, ...]):
    """A function telling whether a bitboard holds k set bits in a row along a direction.

    A run of length k is found by doubling: m &= m >> (step * d) extends runs of
    length `run` to `run + step`, so log2(k) shifts per direction suffice.
    """
    plans = []
    for d in directions:
        steps, run = [], 1
        while run < k:
            step = min(run, k - run)
            steps.append(step * d)
            run += step
        plans.append(tuple(steps))
    if all(len(p) == 2 for p in plans) and len(plans) == 4:
        # k = 3 or 4, the common case, unrolled.
        (a1, a2), (b1, b2), (c1, c2), (d1, d2) = plans

        def has_line(b: Mask) -> bool:
            m = b & b >> a1
            if m & m >> a2:
                return True
            m = b & b >> b1
            if m & m >> b2:
                return True
            m = b & b >> c1
            if m & m >> c2:
                return True
            m = b & b >> d1
            return bool(m & m >> d2)
        return has_line

    def has_line_any(b: Mask) -> bool:
        for steps in plans:
            m = b
            for s in steps:
                m &= m >> s
            if m:
                return True
        return False
    return has_line_any


def _windows(width: int, height: int, k: int, stride: int) -> tuple[Mask, ...]:
    """Every set of k cells in a row (the possible winning lines) as bitboards."""
    out = []
    for c in range(width):
        for r in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + i * dc, r + i * dr) for i in range(k)]
                if all(0 <= cc < width and 0 <= rr < height for cc, rr in cells):
                    out.append(sum(1 << (cc * stride + rr) for cc, rr in cells))
    return tuple(out)


# --------------------------------------------------------------------------- nim

class Nim:
    """Nim, normal play: take any positive number from one heap; taking the last object wins.

    A state is `(h0, h1, ..., player, result)`; a move is `(heap_index, amount)`,
    written "heap:amount" with heaps numbered from 1 (e.g. "2:3"). `canonical`
    is the sorted heaps with the player to move.

    Args:
        heaps: the starting heap sizes (non-negative ints, at least one heap).

    Raises:
        OptionError: no heaps or a negative heap.
    """

    title = "Nim"
    players = ("first", "second")
    kind = "game"
    zero_sum = True

    def __init__(self, heaps: Sequence[int] = (3, 4, 5)) -> None:
        heaps = tuple(heaps)
        if not heaps or any(h < 0 for h in heaps):
            raise OptionError(f"nim needs at least one heap and no negative heap; got {heaps}")
        self.heaps = heaps
        self.name = "nim" if heaps == (3, 4, 5) else "nim-" + "-".join(map(str, heaps))
        self.invariants: dict[str, Any] = {}

    def initial_state(self) -> tuple[int, ...]:
        # With nothing to take the first player has already lost.
        return (*self.heaps, 0, ONGOING if any(self.heaps) else SECOND_WON)

    def current_player(self, state: tuple) -> int:
        return state[-2]

    def legal_moves(self, state: tuple) -> Sequence[tuple[int, int]]:
        return [(i, n) for i, h in enumerate(state[:-2]) for n in range(1, h + 1)]

    def apply(self, state: tuple, move: tuple[int, int]) -> tuple[int, ...]:
        i, n = move
        heaps = list(state[:-2])
        heaps[i] -= n
        player = state[-2]
        return (*heaps, 1 - player, ONGOING if any(heaps) else _WON_BY[player])

    def is_terminal(self, state: tuple) -> bool:
        return state[-1] != ONGOING

    def returns(self, state: tuple) -> tuple[float, float]:
        return _RETURNS[state[-1]]

    def canonical(self, state: tuple) -> Hashable:
        return (*sorted(state[:-2]), state[-2])

    def move_text(self, state: tuple, move: tuple[int, int]) -> str:
        return f"{move[0] + 1}:{move[1]}"

    def parse_move(self, state: tuple, text: str) -> tuple[int, int]:
        parts = text.replace("-", ":").replace(" ", ":").split(":")
        parts = [p for p in parts if p]
        if len(parts) == 2 and all(p.isdigit() for p in parts):
            move = (int(parts[0]) - 1, int(parts[1]))
            if move in self.legal_moves(state):
                return move
        raise _illegal(self, state, text)

    def render(self, state: tuple) -> str:
        return "\n".join(f"{i + 1}: {'|' * h} ({h})" for i, h in enumerate(state[:-2]))

    def heuristic(self, state: tuple) -> tuple[float, float]:
        """The nim-sum rule: the mover is winning exactly when the heaps' XOR is not 0."""
        if state[-1]:
            return _RETURNS[state[-1]]
        nim_sum = 0
        for h in state[:-2]:
            nim_sum ^= h
        h = 0.9 if nim_sum else -0.9
        return (h, -h) if state[-2] == 0 else (-h, h)
