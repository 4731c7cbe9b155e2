"""gdl's AI against a UCI engine (Stockfish, Fairy-Stockfish) on chess, at equal time.

The engine plays through its own protocol (UCI, spoken by python-chess's `chess.engine`);
python-chess's board referees (checkmate, stalemate, insufficient material, and the
fifty-move and threefold-repetition draws claimed at once) and gdl's game must agree with
it at every ply: each side's move is replayed on the other in UCI text. gdl plays as
`gdl.Player` (its AI on the C back end when a compiler is here), `--time` seconds a move;
the engine gets `movetime` the same. Colours alternate; game i is seeded `seed + i`, which
seeds gdl's player and the `--opening` random plies both sides start from.

    python bench/playoff_uci.py [--engine /usr/games/stockfish] [--elo 1350] [--skill N]
                                [--depth N] [--games 20] [--time 1.0] [--opening 2]
                                [--seed 0] [--level hard] [--out FILE.json]

Prints one line per game, then gdl's wins, draws and losses, its score with a 95% interval
and the median seconds per move of both sides; every game (moves, times, result) goes to
`--out` (default bench/data/playoff_uci.json).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.playoff_record import engine_arguments, loaded, series  # noqa: E402

MAX_PLIES = 400


def open_engine(path: str, args: argparse.Namespace):
    import chess.engine
    engine = chess.engine.SimpleEngine.popen_uci(path)
    options: dict = {}
    if args.skill is not None:
        options["Skill Level"] = args.skill
    if args.elo is not None:
        options["UCI_LimitStrength"] = True
        options["UCI_Elo"] = args.elo
    options = {k: v for k, v in options.items() if k in engine.options}
    engine.configure(options)
    return engine


def play_game(game, notation, engine, args, seed: int, gdl_white: bool) -> dict:
    """One game; gdl's score (1, 0.5, 0) and its record."""
    import chess
    import chess.engine
    import gdl
    board, state = chess.Board(), game.initial_state()
    player = gdl.Player(game, level=args.level, seconds=args.time, seed=seed)
    rng = random.Random(seed)
    record: dict = {"seed": seed, "gdl": "white" if gdl_white else "black", "moves": [],
                    "gdl_seconds": [], "engine_seconds": []}
    limit = chess.engine.Limit(depth=args.depth) if args.depth else \
        chess.engine.Limit(time=args.time)

    def push(uci: str) -> None:
        nonlocal state
        board.push_uci(uci)
        state = game.apply(state, notation.parse_move(state, uci))
        record["moves"].append(uci)

    for _ in range(args.opening):
        push(rng.choice([m.uci() for m in board.legal_moves]))
    while not board.is_game_over(claim_draw=True) and len(record["moves"]) < MAX_PLIES:
        if game.is_terminal(state):
            raise AssertionError(f"gdl ended the game at {board.fen()}; python-chess did not")
        gdl_to_move = board.turn == (chess.WHITE if gdl_white else chess.BLACK)
        start = perf_counter()
        if gdl_to_move:
            text = player.move(state)
            uci = notation.uci(state, game.parse_move(state, text))
        else:
            uci = engine.play(board, limit).move.uci()
        record["gdl_seconds" if gdl_to_move else "engine_seconds"].append(
            round(perf_counter() - start, 4))
        push(uci)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        score = 0.5
    else:
        score = 1.0 if outcome.winner == gdl_white else 0.0
    record["result"] = board.result(claim_draw=True) if outcome else "1/2-1/2 (move limit)"
    record["termination"] = outcome.termination.name if outcome else "MOVE_LIMIT"
    record["score"] = score
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    engine_arguments(parser, "/usr/games/stockfish", 20,
                     str(ROOT / "bench" / "data" / "playoff_uci.json"))
    parser.add_argument("--depth", type=int, default=None, help="engine: go depth N")
    args = parser.parse_args()
    game, notation = loaded("chess")
    engine = open_engine(args.engine, args)
    series(args, f"chess: gdl ({args.level}, {args.time} s/move) against "
           f"{Path(args.engine).name} (elo {args.elo}, skill {args.skill}, depth {args.depth})",
           lambda seed, first: play_game(game, notation, engine, args, seed, first),
           lambda record: record["result"], engine.quit)

if __name__ == "__main__":
    main()
