"""Shogi's SFEN and USI against Fairy-Stockfish (`UCI_Variant shogi`, spoken in USI), for
gdl's `notation shogi` (gdl/interpreter/notation/shogi.py) to match.

    PYTHONPATH=$PWD python tools/shogi_oracle.py   # writes tests/data/oracle/shogi_sfen.json

Positions are reached by seeded random play in gdl that favours captures, so that hands,
drops and promoted pieces occur. For each the record keeps the USI moves from the start,
the engine's SFEN after them (`d`), its perft to DEPTH from that SFEN (`position sfen`) and
its legal moves in USI. tests/games/test_shogi_notation.py checks gdl against the record
(and against the engine, when it is installed).

Debian's Fairy-Stockfish lets a pawn dropped with mate stand in some positions (the rules
forbid it: uchifuzume). Where its perft differs from gdl's, the record walks down to the
leaves that differ and keeps, per depth, how many such drops the engine counts
(`drop_mates`) and the drops themselves (`drop_mate_examples`: the SFEN and the USI move),
each confirmed to be a pawn drop that mates by python-shogi, a third implementation; any
other difference stops the recording.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import fairy  # noqa: E402

DATA = ROOT / "tests" / "data" / "oracle" / "shogi_sfen.json"
POSITIONS, DEPTH = 30, 3


def random_line(game, notation, rng: random.Random, plies: int) -> list[str]:
    """USI moves of a seeded random game: a capture, when there is one, half the time."""
    state, line = game.initial_state(), []
    for _ in range(plies):
        moves = game.legal_moves(state)
        if game.is_terminal(state) or not moves:
            break
        takes = [m for m in moves if _takes(game, state, m)]
        move = rng.choice(takes if takes and rng.random() < 0.5 else moves)
        line.append(notation.usi(state, move))
        state = game.apply(state, move)
    return line


def _takes(game, state, move) -> bool:
    occupied = 0
    for plane in state[len(game.ir.pieces):2 * len(game.ir.pieces)] if state[-2] == 0 else \
            state[:len(game.ir.pieces)]:
        occupied |= plane
    after = game.apply(state, move)
    enemy = after[len(game.ir.pieces):2 * len(game.ir.pieces)] if state[-2] == 0 else \
        after[:len(game.ir.pieces)]
    return sum(bin(p).count("1") for p in enemy) < bin(occupied).count("1")


def extra_drops(game, notation, engine, sfen: str, depth: int) -> list[tuple[str, str]]:
    """(SFEN, USI) of each move the engine counts at the leaves under `sfen` that gdl does
    not, found by walking down the divided counts that differ."""
    from gdl.solvers.search.perft import perft
    state = game.parse_position(sfen)
    theirs = engine.divide([], depth, sfen)[1]
    ours = {notation.usi(state, m): m for m in game.legal_moves(state)}
    assert set(ours) <= set(theirs), (sfen, set(ours) - set(theirs))
    extra = [(sfen, move) for move in sorted(set(theirs) - set(ours))]
    if depth == 1:
        return extra
    assert all(confirmed(*drop) and theirs[drop[1]] == 0 for drop in extra), extra   # mated
    out = []
    for text, move in ours.items():
        after = game.apply(state, move)
        if perft(game, after, depth - 1) != theirs[text]:
            out += extra_drops(game, notation, engine, notation.sfen(after), depth - 1)
    return out


def confirmed(sfen: str, usi: str) -> bool:
    """python-shogi: `usi` is a pawn drop that mates, so illegal."""
    import shogi
    board = shogi.Board(sfen)
    move = shogi.Move.from_usi(usi)
    if not usi.startswith("P*") or move in board.legal_moves or not board.is_pseudo_legal(move):
        return False
    board.push(move)
    return board.is_checkmate()


def record() -> dict:
    from gdl import catalog
    from gdl.interpreter import notation as notations
    from gdl.interpreter.c import with_backend
    from gdl.solvers.search.perft import perft
    game = with_backend(catalog.load("shogi"), "native")
    notation = notations.adapter(game)
    engine = fairy.Engine("shogi", "usi")
    data: dict = {"game": "shogi", "oracle": "Fairy-Stockfish (UCI_Variant shogi, USI)",
                  "perft": [engine.divide([], d)[0] for d in range(1, DEPTH + 1)],
                  "positions": []}
    rng = random.Random(33)
    try:
        while len(data["positions"]) < POSITIONS:
            line = random_line(game, notation, rng, rng.randrange(20, 160))
            state = game.moves_after(line)
            if game.is_terminal(state):
                continue
            sfen = engine.shown(line)
            total, moves = engine.divide([], 1, sfen)
            counts = [total] + [engine.divide([], d, sfen)[0] for d in range(2, DEPTH + 1)]
            ours = game.parse_position(sfen)
            entry = {"moves": line, "sfen": sfen, "perft": counts, "legal": sorted(moves)}
            for depth in range(1, DEPTH + 1):
                if perft(game, ours, depth) == counts[depth - 1]:
                    continue
                drops = extra_drops(game, notation, engine, sfen, depth)
                assert all(confirmed(*drop) for drop in drops), drops
                entry.setdefault("drop_mates", [0] * DEPTH)[depth - 1] = len(drops)
                entry.setdefault("drop_mate_examples", [])
                entry["drop_mate_examples"] += [d for d in drops[:2]
                                                if list(d) not in entry["drop_mate_examples"]]
            data["positions"].append(entry)
            print(len(data["positions"]), len(line), counts, entry.get("drop_mates"), flush=True)
    finally:
        engine.close()
    return data


def main() -> None:
    data = record()
    DATA.write_text(json.dumps(data, indent=1) + "\n")
    print(f"shogi: perft {data['perft']}, {len(data['positions'])} positions")


if __name__ == "__main__":
    main()
