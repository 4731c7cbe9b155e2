"""International draughts (FMJD) written plainly, apart from gdl, to check its compiled game.

A board is a dict {(x, y): (player, king)} of the pieces, x and y from 0, the dark cells
those with x + y even; player 0 (White) moves up from the bottom rows and moves first.
Men step diagonally forward and capture in all four diagonal directions; kings fly. A
capture sequence keeps the pieces it jumps on the board until it ends (they block, and none
is jumped twice). A move is (from, to, captured cells); two paths with the same three are
one move. The switches make the variants the small rules files of tests/data/rules need:
`flying` False gives kings that step and jump one cell like men, `majority` False makes any
capture legal (captures still compulsory), `kings` starts with kings instead of men, and
`keep_taken` False removes each jumped piece at once (not a rule of any draughts: what the
tests show the compiled game does not do).
"""

from __future__ import annotations

from typing import NamedTuple

DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
Cell = tuple[int, int]
Move = tuple[Cell, Cell, frozenset]


class Rules(NamedTuple):
    size: int = 10
    flying: bool = True
    majority: bool = True
    kings: bool = False
    keep_taken: bool = True

    def start(self) -> dict[Cell, tuple[int, bool]]:
        rows = self.size // 2 - 1
        board = {}
        for y in range(self.size):
            for x in range(self.size):
                if (x + y) % 2 == 0 and (y < rows or y >= self.size - rows):
                    board[(x, y)] = (0 if y < rows else 1, self.kings)
        return board

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.size and 0 <= y < self.size

    def captures(self, board: dict, player: int) -> list[Move]:
        found: set[Move] = set()
        for start, (owner, king) in board.items():
            if owner == player:
                self._extend(board, player, king, start, start, frozenset(), found)
        return sorted(found)

    def _extend(self, board: dict, player: int, king: bool, start: Cell, cell: Cell,
                taken: frozenset, found: set) -> None:
        """Every way the piece from `start`, now on `cell`, goes on capturing."""
        def free(c: Cell) -> bool:
            gone = c == start or (c in taken and not self.keep_taken)
            return self.inside(*c) and (c not in board or gone)

        grown = False
        for dx, dy in DIRECTIONS:
            x, y = cell[0] + dx, cell[1] + dy
            if king and self.flying:
                while free((x, y)):
                    x, y = x + dx, y + dy
            victim = (x, y)
            if not self.inside(x, y) or victim not in board or victim == start:
                continue
            if board[victim][0] == player or victim in taken:
                continue
            x, y = x + dx, y + dy
            while free((x, y)):
                grown = True
                self._extend(board, player, king, start, (x, y), taken | {victim}, found)
                if not (king and self.flying):
                    break
                x, y = x + dx, y + dy
        if taken and not grown:
            found.add((start, cell, taken))

    def moves(self, board: dict, player: int) -> list[Move]:
        captures = self.captures(board, player)
        if captures:
            if self.majority:
                most = max(len(m[2]) for m in captures)
                captures = [m for m in captures if len(m[2]) == most]
            return captures
        out = []
        forward = 1 if player == 0 else -1
        for (x, y), (owner, king) in sorted(board.items()):
            if owner != player:
                continue
            for dx, dy in DIRECTIONS:
                if not king and dy != forward:
                    continue
                tx, ty = x + dx, y + dy
                while self.inside(tx, ty) and (tx, ty) not in board:
                    out.append(((x, y), (tx, ty), frozenset()))
                    if not (king and self.flying):
                        break
                    tx, ty = tx + dx, ty + dy
        return out

    def play(self, board: dict, player: int, move: Move) -> dict:
        start, end, taken = move
        out = {c: p for c, p in board.items() if c != start and c not in taken}
        owner, king = board[start]
        crown = self.size - 1 if player == 0 else 0
        out[end] = (owner, king or end[1] == crown)
        return out

    def perft(self, board: dict, player: int, depth: int) -> int:
        moves = self.moves(board, player)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(board, player, m), 1 - player, depth - 1)
                   for m in moves)


class Game:
    """A game under way, with the draws of the bundled file: a position (pieces and the
    player to move) occurring a third time, and 50 plies without a capture or a man's move.
    `over` is None while it goes on, else the winner (0, 1) or -1 for a draw."""

    def __init__(self, rules: Rules):
        self.rules, self.board, self.player = rules, rules.start(), 0
        self.quiet = 0   # plies since the last capture or man's move
        self.seen = {self.key(): 1}
        self.over: int | None = None if rules.moves(self.board, 0) else 1

    def key(self) -> tuple:
        return (frozenset(self.board.items()), self.player)

    def moves(self) -> list[Move]:
        return [] if self.over is not None else self.rules.moves(self.board, self.player)

    def play(self, move: Move) -> None:
        man = not self.board[move[0]][1]
        self.board = self.rules.play(self.board, self.player, move)
        self.player = 1 - self.player
        self.quiet = 0 if (man or move[2]) else self.quiet + 1
        self.seen[self.key()] = self.seen.get(self.key(), 0) + 1
        if self.quiet >= 50 or self.seen[self.key()] >= 3:
            self.over = -1
        elif not self.rules.moves(self.board, self.player):
            self.over = 1 - self.player


def from_position_text(text: str, size: int = 10,
                       letters: dict[str, tuple[int, bool]] | None = None) -> tuple[dict, int]:
    """The board and player to move of gdl's position text (`mmmmm/.../MMMMM White ...`:
    rows from the top, the dark cells of each; upper case White's, `k` a king; `letters`
    says otherwise: letter -> (player, king))."""
    rows, player = text.split()[:2]
    board = {}
    for r, row in enumerate(rows.split("/")):
        y = size - 1 - r
        cells = [x for x in range(size) if (x + y) % 2 == 0]
        for x, ch in zip(cells, row):
            if ch != ".":
                board[(x, y)] = letters[ch] if letters else (0 if ch.isupper() else 1,
                                                             ch.lower() == "k")
    return board, 0 if player == "White" else 1
