"""gdl's AI against GNU Go on go, through GTP.

GNU Go (Debian `gnugo`) runs as `gnugo --mode gtp --level L --chinese-rules
--capture-all-dead`, komi 7.5 and the board size given; gdl plays its bundled go (area
scoring, komi 7.5: the same game) as `gdl.Player`, `--time` seconds a move, on the C back
end when a compiler is here. Moves go both ways in GTP text (columns A-T without I). The
game ends when gdl's rules end it (two passes in a row, the move limit, a superko draw);
then both counts are taken: gdl's result and GNU Go's `final_score`, and the record says
whether they agree (GNU Go removes the stones it judges dead; gdl counts every stone, so
they differ only when dead stones are left on the board). gdl's result scores the game.
Colours alternate; game i is seeded `seed + i` (gdl's player and GNU Go's `--seed`).

    python bench/playoff_gtp.py [--gnugo /usr/games/gnugo] [--level 1] [--size 9]
                                [--games 20] [--time 1.0] [--seed 0] [--ai-level hard]
                                [--engine ai|alphabeta|mcts] [--set NAME=VALUE ...]
                                [--out FILE.json]

Prints one line per game, then gdl's wins, draws and losses, its score with a 95% interval,
the median seconds per move of both sides and how many final counts agreed; every game
(moves, times, both counts) goes to `--out` (default bench/data/playoff_gtp.json).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.playoff_record import keep, tally, write  # noqa: E402

GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"   # GTP leaves out I


class GTP:
    """A GTP engine in a process: one command, one answer."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def __call__(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        answer = []
        while True:
            text = self.proc.stdout.readline()
            if text == "":
                raise RuntimeError(f"the engine stopped at {line!r}")
            if text.strip() == "" and answer:
                break
            if text.strip():
                answer.append(text.strip())
        head = answer[0]
        if head.startswith("?"):
            raise RuntimeError(f"{line!r}: {head}")
        return " ".join([head[1:].strip(), *answer[1:]]).strip()

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, BrokenPipeError):
            self("quit")
        self.proc.wait(timeout=5)


def to_gtp(text: str) -> str:
    """gdl's go move text (`d4`, `pass`) in GTP (`D4`, `pass`)."""
    if text == "pass":
        return "pass"
    return GTP_COLUMNS[ord(text[0]) - ord("a")] + text[1:]


def from_gtp(text: str) -> str:
    text = text.strip().upper()
    if text in ("PASS", "RESIGN"):
        return text.lower()
    return chr(ord("a") + GTP_COLUMNS.index(text[0])) + text[1:]


def play_game(game, args, seed: int, gdl_black: bool) -> dict:
    import gdl
    engine = GTP([args.gnugo, "--mode", "gtp", "--level", str(args.level), "--chinese-rules",
                  "--capture-all-dead", "--komi", "7.5", "--seed", str(seed)])
    try:
        engine(f"boardsize {args.size}")
        engine("clear_board")
        engine("komi 7.5")
        player = gdl.Player(game, level=args.ai_level, seconds=args.time, seed=seed,
                            engine=args.engine)
        for name, value in args.set:   # the engine's options, as NativeMCTS names them
            if not hasattr(player.ai.engine, name):
                raise SystemExit(f"--set {name}: the engine has no such option")
            setattr(player.ai.engine, name, type(getattr(player.ai.engine, name))(value))
        state = game.initial_state()
        record: dict = {"seed": seed, "gdl": "black" if gdl_black else "white", "moves": [],
                        "gdl_seconds": [], "engine_seconds": []}
        while not game.is_terminal(state):
            black = game.current_player(state) == 0
            colour = "B" if black else "W"
            start = perf_counter()
            if black == gdl_black:
                text = player.move(state)
                engine(f"play {colour} {to_gtp(text)}")
                record["gdl_seconds"].append(round(perf_counter() - start, 4))
            else:
                text = from_gtp(engine(f"genmove {colour}"))
                record["engine_seconds"].append(round(perf_counter() - start, 4))
                if text == "resign":
                    record["moves"].append("resign")
                    record.update(result="gdl wins by resignation", score=1.0, counts_agree=None)
                    return record
            record["moves"].append(text)
            state = game.apply(state, game.parse_move(state, text))
        record["load"] = round(os.getloadavg()[0], 2)   # the machine's, as the game ended
        record["final_board"] = game.render(state)
        returns = game.returns(state)
        mine = returns[0 if gdl_black else 1]
        score = 1.0 if mine > 0 else 0.0 if mine < 0 else 0.5
        final = engine("final_score")   # B+3.5 / W+12.5 / 0
        their_black_wins = final.startswith("B+")
        ours_black_wins = returns[0] > 0
        record.update(result=f"gdl {'wins' if score == 1 else 'loses' if score == 0 else 'draws'}",
                      score=score, gnugo_final_score=final,
                      counts_agree=(their_black_wins == ours_black_wins) if returns[0] != 0
                      else None)
        return record
    finally:
        engine.close()


def option(text: str) -> tuple[str, str]:
    name, _, value = text.partition("=")
    if not value:
        raise argparse.ArgumentTypeError(f"{text!r}: NAME=VALUE")
    return name, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument("--level", type=int, default=1, help="GNU Go's level")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=1.0, help="gdl's seconds a move")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ai-level", default="hard")
    parser.add_argument("--engine", default="ai", choices=("ai", "alphabeta", "mcts"),
                        help="gdl's engine (ai: the one its weights file chose)")
    parser.add_argument("--set", action="append", default=[], type=option, metavar="NAME=VALUE",
                        help="an option of gdl's engine (e.g. max_rollout_plies=10000, "
                             "rave=300, eyes=0)")
    parser.add_argument("--out", default=str(ROOT / "bench" / "data" / "playoff_gtp.json"))
    args = parser.parse_args()
    import gdl
    game = gdl.load("go", size=args.size)
    games, started = [], perf_counter()
    for i in range(args.games):
        record = play_game(game, args, args.seed + i, i % 2 == 0)
        games.append(record)
        print(f"game {i + 1}: gdl {record['gdl']}: {record['result']} "
              f"({len(record['moves'])} plies; GNU Go counts "
              f"{record.get('gnugo_final_score', '-')})", flush=True)
        write(args.out, f"{len(games)} games so far", args, games)   # kept if cut short
    agree = sum(1 for g in games if g.get("counts_agree"))
    options = "".join(f", {name}={value}" for name, value in args.set)
    summary = (f"go {args.size}x{args.size}: gdl ({args.ai_level}, {args.engine}{options}, "
               f"{args.time} s/move) against "
               f"GNU Go level {args.level}: {tally(games, 'GNU Go')}; counts agreeing {agree} "
               f"of {len(games)}; {perf_counter() - started:.0f} s")
    keep(args.out, summary, args, games)


if __name__ == "__main__":
    main()
