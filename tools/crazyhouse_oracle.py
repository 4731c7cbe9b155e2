"""Crazyhouse counted by python-chess (chess.variant.CrazyhouseBoard) and Fairy-Stockfish, for
gdl's crazyhouse (gdl/games/board/crazyhouse.gdl) to match.

    python tools/crazyhouse_oracle.py      # writes tests/data/oracle/crazyhouse.json

The record is in the form of tools/oracle.py's (perft from the start; positions as moves,
here UCI, each with its perft), plus each position's FEN and its legal moves in UCI. The
positions are reached by seeded random play in python-chess that favours drops, promotions
and captures, so that pockets, promoted pieces (Q~) and en passant into the hand all occur.
Fairy-Stockfish (`UCI_Variant crazyhouse`, `go perft`) counts the same, when installed.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "oracle" / "crazyhouse.json"
FAIRY = "/usr/games/fairy-stockfish"
POSITIONS, DEPTH, POSITION_DEPTH = 30, 4, 2


def perft(board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    count = 0
    for move in list(board.legal_moves):
        board.push(move)
        count += perft(board, depth - 1)
        board.pop()
    return count


def random_game(rng: random.Random, plies: int) -> list[str]:
    """UCI moves of a random crazyhouse game: half the time a drop, promotion or capture
    when there is one."""
    import chess.variant
    board, moves = chess.variant.CrazyhouseBoard(), []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal or board.is_game_over(claim_draw=True):
            break
        keen = [m for m in legal if m.drop or m.promotion or board.is_capture(m)]
        move = rng.choice(keen if keen and rng.random() < 0.5 else legal)
        moves.append(move.uci())
        board.push(move)
    return moves


def fairy_perft(fen: str | None, moves: list[str], depth: int) -> int | None:
    """Fairy-Stockfish's perft (None when it is not installed)."""
    if not shutil.which(FAIRY):
        return None
    where = "startpos" if fen is None else f"fen {fen}"
    script = (f"uci\nsetoption name UCI_Variant value crazyhouse\nposition {where}"
              f"{' moves ' + ' '.join(moves) if moves else ''}\ngo perft {depth}\n")
    out = subprocess.run([FAIRY], input=script + "isready\nquit\n", capture_output=True,
                         text=True, timeout=300).stdout
    return int(next(line for line in out.splitlines() if "Nodes searched" in line).split()[-1])


def record() -> dict:
    import chess.variant
    start = chess.variant.CrazyhouseBoard()
    data: dict = {"game": "crazyhouse", "oracle": "python-chess CrazyhouseBoard",
                  "params": {}, "options": {},
                  "perft": [perft(start, d) for d in range(1, DEPTH + 1)], "positions": []}
    rng = random.Random(1)
    while len(data["positions"]) < POSITIONS:
        moves = random_game(rng, rng.randrange(10, 90))
        board = chess.variant.CrazyhouseBoard()
        for move in moves:
            board.push_uci(move)
        if board.is_game_over(claim_draw=True):
            continue
        counts = [perft(board, d) for d in range(1, POSITION_DEPTH + 1)]
        fairy = fairy_perft(None, moves, POSITION_DEPTH)
        assert fairy in (None, counts[-1]), (moves, fairy, counts)
        data["positions"].append({"moves": moves, "fen": board.fen(), "perft": counts,
                                  "legal": sorted(m.uci() for m in board.legal_moves)})
    fairy = fairy_perft(None, [], DEPTH)
    assert fairy in (None, data["perft"][-1]), fairy
    return data


def main() -> None:
    data = record()
    DATA.write_text(json.dumps(data, indent=1) + "\n")
    print(f"crazyhouse: perft {data['perft']}, {len(data['positions'])} positions")


if __name__ == "__main__":
    main()
