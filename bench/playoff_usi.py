"""gdl's AI against Fairy-Stockfish on shogi, through USI, at equal time.

The engine (Debian's /usr/games/fairy-stockfish, `UCI_Variant shogi`, spoken to in USI:
`7g7f`, `P*5e`, SFEN) gets `go movetime` equal to gdl's time a move, at its weakest
`UCI_Elo` (1350, the least it takes) unless told otherwise; gdl plays as `gdl.Player` (on
the C back end when a compiler is here). gdl's game referees: its end rules decide (a
move of the engine that gdl's rules refuse ends the game, recorded as `engine illegal`:
Fairy-Stockfish lets a pawn drop that mates stand, which shogi forbids). Colours alternate,
game i is seeded `seed + i` (gdl's player and the `--opening` random plies).

    python bench/playoff_usi.py [--engine /usr/games/fairy-stockfish] [--elo 1350]
                                [--skill N] [--games 6] [--time 1.0] [--opening 2]
                                [--seed 0] [--level hard] [--out FILE.json]

Prints one line per game, then gdl's wins, draws and losses, its score with a 95% interval
and the median seconds a move of both sides; every game goes to `--out` (default
bench/data/playoff_usi.json).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.playoff_record import engine_arguments, loaded, series  # noqa: E402

MAX_PLIES = 400


class USIEngine:
    """One engine process in USI, set to shogi and its strength."""

    def __init__(self, path: str, args: argparse.Namespace) -> None:
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send("usi")
        self.until("usiok")
        self.send("setoption name UCI_Variant value shogi")
        if args.skill is not None:
            self.send(f"setoption name Skill Level value {args.skill}")
        if args.elo is not None:
            self.send("setoption name UCI_LimitStrength value true")
            self.send(f"setoption name UCI_Elo value {args.elo}")
        self.send("isready")
        self.until("readyok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")

    def until(self, prefix: str) -> str:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine ended before '{prefix}'")
            if line.startswith(prefix):
                return line.strip()

    def best(self, moves: list[str], seconds: float) -> str:
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go movetime {round(seconds * 1000)}")
        return self.until("bestmove").split()[1]

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


def play_game(game, notation, engine: USIEngine, args, seed: int, gdl_first: bool) -> dict:
    """One game; gdl's score (1, 0.5, 0) and its record."""
    import gdl
    from gdl.errors import IllegalMove
    state = game.initial_state()
    player = gdl.Player(game, level=args.level, seconds=args.time, seed=seed)
    rng = random.Random(seed)
    record: dict = {"seed": seed, "gdl": "first" if gdl_first else "second", "moves": [],
                    "gdl_seconds": [], "engine_seconds": [], "termination": "end rule"}
    for _ in range(args.opening):
        move = rng.choice(game.legal_moves(state))
        record["moves"].append(notation.usi(state, move))
        state = game.apply(state, move)
    mine = 0 if gdl_first else 1
    while not game.is_terminal(state) and len(record["moves"]) < MAX_PLIES:
        gdl_to_move = game.current_player(state) == mine
        start = perf_counter()
        if gdl_to_move:
            move = game.parse_move(state, player.move(state))
            usi = notation.usi(state, move)
        else:
            usi = engine.best(record["moves"], args.time)
            try:
                move = notation.parse_move(state, usi)
            except IllegalMove:
                move = None
        record["gdl_seconds" if gdl_to_move else "engine_seconds"].append(
            round(perf_counter() - start, 4))
        record["moves"].append(usi)
        if move is None:
            record["termination"] = "engine illegal"
            record["score"] = 1.0
            return record
        state = game.apply(state, move)
    if game.is_terminal(state):
        record["score"] = (game.returns(state)[mine] + 1) / 2
    else:
        record["termination"], record["score"] = "move limit", 0.5
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    engine_arguments(parser, "/usr/games/fairy-stockfish", 6,
                     str(ROOT / "bench" / "data" / "playoff_usi.json"))
    args = parser.parse_args()
    game, notation = loaded("shogi")
    engine = USIEngine(args.engine, args)
    title = (f"shogi: gdl ({args.level}, {args.time} s/move) against "
             f"{Path(args.engine).name} (elo {args.elo}, skill {args.skill})")
    series(args, title, lambda seed, first: play_game(game, notation, engine, args, seed, first),
           lambda record: f"{record['score']:g}", engine.close)

if __name__ == "__main__":
    main()
