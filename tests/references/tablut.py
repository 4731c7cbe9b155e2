"""A plain tablut generator, written from the rules in gdl/games/hunt/tablut.gdl's header and
sharing nothing with gdl: the reference its perft is checked against.

9 x 9, Black (16 attackers) moves first, White has 8 soldiers and the king on the throne
(e5). Pieces move like rooks through empty cells; only the king may stop on the throne,
others may pass over it when empty. After a move, each enemy soldier beside the landing
cell is taken when the cell beyond it holds a piece of the mover's (the king included) or
is the empty throne. Then, in order: the mover wins if his king stands on an edge; the
mover wins if the enemy king has all four neighbours on the board, each a piece of the
mover's or the throne; the mover wins if the next player has no move; a draw at 200 plies.

    python -m tests.references.tablut record   # tests/data/oracle/tablut.json
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

SIZE = 9
THRONE = (4, 4)
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
LIMIT = 200
BLACK, WHITE = 0, 1
RECORD = Path(__file__).resolve().parent.parent / "data" / "oracle" / "tablut.json"
POSITIONS, SEED = 30, 29


def cell(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def name(xy: tuple[int, int]) -> str:
    return f"{chr(ord('a') + xy[0])}{xy[1] + 1}"


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


class Position:
    """board: {(x, y): (player, "soldier" | "king")}; the player to move; plies; the result
    (None while the game goes on, else the winner 0/1 or "draw")."""

    def __init__(self) -> None:
        black = ["d1", "e1", "f1", "e2", "d9", "e9", "f9", "e8",
                 "a4", "a5", "a6", "b5", "i4", "i5", "i6", "h5"]
        white = ["e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"]
        self.board = {cell(c): (BLACK, "soldier") for c in black}
        self.board.update({cell(c): (WHITE, "soldier") for c in white})
        self.board[THRONE] = (WHITE, "king")
        self.player, self.plies, self.result = BLACK, 0, None

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.board, other.player = dict(self.board), self.player
        other.plies, other.result = self.plies, self.result
        return other

    def moves(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        if self.result is not None:
            return []
        out = []
        for (x, y), (owner, kind) in self.board.items():
            if owner != self.player:
                continue
            for dx, dy in STEPS:
                tx, ty = x + dx, y + dy
                while on_board(tx, ty) and (tx, ty) not in self.board:
                    if (tx, ty) != THRONE or kind == "king":
                        out.append(((x, y), (tx, ty)))
                    tx, ty = tx + dx, ty + dy
        return out

    def play(self, move: tuple[tuple[int, int], tuple[int, int]]) -> Position:
        after = self.copy()
        source, (x, y) = move
        me = self.player
        after.board[(x, y)] = after.board.pop(source)
        for dx, dy in STEPS:
            victim, beyond = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
            if after.board.get(victim) != (1 - me, "soldier") or not on_board(*beyond):
                continue
            hostile = (after.board.get(beyond, (None,))[0] == me
                       or (beyond == THRONE and beyond not in after.board))
            if hostile:
                del after.board[victim]
        after.plies += 1
        after.player = 1 - me
        after.result = after.outcome(me)
        return after

    def outcome(self, mover: int) -> int | str | None:
        kings = {xy: owner for xy, (owner, kind) in self.board.items() if kind == "king"}
        if any(owner == mover and (x in (0, SIZE - 1) or y in (0, SIZE - 1))
               for (x, y), owner in kings.items()):
            return mover
        for (x, y), owner in kings.items():
            if owner == mover:
                continue
            sides = [(x + dx, y + dy) for dx, dy in STEPS]
            if all(on_board(*s) and (self.board.get(s, (None,))[0] == mover or s == THRONE)
                   for s in sides):
                return mover
        if not self.moves_of_next():
            return mover
        return "draw" if self.plies >= LIMIT else None

    def moves_of_next(self) -> bool:
        probe = self.copy()
        probe.result = None
        return bool(probe.moves())


def perft(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = position.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(position.play(m), depth - 1) for m in moves)


def text(move: tuple[tuple[int, int], tuple[int, int]]) -> str:
    return f"{name(move[0])}-{name(move[1])}"


def after(texts: list[str]) -> Position:
    position = Position()
    for t in texts:
        source, target = t.split("-")
        move = (cell(source), cell(target))
        assert move in position.moves(), t
        position = position.play(move)
    return position


def record(depth: int = 4, position_depth: int = 3) -> dict:
    """Perft from the start and from POSITIONS positions reached by seeded random play (10
    to 150 plies each; a game that ends before is drawn again), in the oracle files' format."""
    rng = random.Random(SEED)
    positions = []
    while len(positions) < POSITIONS:
        position, played = Position(), []
        for _ in range(rng.randint(10, 150)):
            moves = position.moves()
            if not moves:
                break
            move = rng.choice(sorted(moves))
            played.append(text(move))
            position = position.play(move)
        if position.result is not None:
            continue
        positions.append({"moves": played,
                          "perft": [perft(position, d) for d in range(1, position_depth + 1)]})
    start = Position()
    return {"game": "tablut", "spiel": None, "reference": "tests/references/tablut.py",
            "params": {}, "options": {},
            "perft": [perft(start, d) for d in range(1, depth + 1)], "positions": positions}


if __name__ == "__main__":
    if sys.argv[1:] != ["record"]:
        sys.exit(__doc__)
    RECORD.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
