"""Perft of standard chess positions counted by python-chess, for gdl's chess to match.

    python tools/chess_perft.py     # writes tests/data/perft/chess_positions.json

The positions are the chessprogramming wiki's perft test positions (the start, Kiwipete and
positions 3 to 6), given as FEN; tools/oracles/chess.py turns a FEN into gdl's position
text. The suite (tests/games/test_chess.py) checks gdl against the stored counts, and
against python-chess live when it can be imported.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "perft" / "chess_positions.json"
DEPTH = 3

POSITIONS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position 3": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "position 4": "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "position 4 mirrored": "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "position 5": "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "position 6": "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
}


def perft(board, depth: int) -> int:
    """python-chess's count of the move sequences of `depth` plies from `board`."""
    if depth == 1:
        return board.legal_moves.count()
    count = 0
    for move in board.legal_moves:
        board.push(move)
        count += perft(board, depth - 1)
        board.pop()
    return count


def record(depth: int = DEPTH) -> list[dict]:
    import chess
    return [{"name": name, "fen": fen,
             "perft": [perft(chess.Board(fen), d) for d in range(1, depth + 1)]}
            for name, fen in POSITIONS.items()]


def main() -> None:
    data = record()
    DATA.write_text(json.dumps(data, indent=1) + "\n")
    for entry in data:
        print(f"{entry['name']}: {entry['perft']}")


if __name__ == "__main__":
    main()
