"""A recorded local GGP match: gdl's player against the random player over loopback HTTP.

    python bench/ggp_match.py [--games 4] [--start-clock 10] [--play-clock 1]
                              [--record bench/results/ggp_match.json]

Two `gdl ggp-player` processes (gdl's AI, and `--random`) are started on free ports; the
local game manager (gdl.bridges.ggp.manager) plays `--games` matches of each game, gdl
taking the first role in even matches and the second in odd ones, with the start and play
clocks kept: an answer later than the play clock would be replaced by a random legal move
and counted. The games are KIF files of tests/data/kif_export (`gdl kif` of the bundled
tic-tac-toe, Connect Four and Breakthrough), read by both players and the manager through
gdl's KIF reader. Prints, per game, gdl's score (win 1, draw 1/2: its goal / 100), the
slowest answer against the play clock, and the answers replaced; records every match as
JSON. Asserts nothing: the issue's target is a score of at least 0.9 on each game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gdl.bridges.ggp.local import players  # noqa: E402
from gdl.bridges.ggp.manager import GameManager  # noqa: E402
from gdl.interpreter.kif import load_kif  # noqa: E402

GAMES = ["tictactoe", "connect4", "breakthrough"]
DATA = ROOT / "tests" / "data" / "kif_export"


def play(name: str, games: int, start_clock: float, play_clock: float,
         urls: list[str]) -> dict:
    """`games` matches of `name`, gdl (urls[0]) alternating roles with random (urls[1])."""
    path = DATA / f"{name}.kif"
    manager = GameManager(load_kif(str(path)), path.read_text(), name=path.name, seed=0)
    matches, score = [], 0.0
    for i in range(games):
        seat = i % 2
        order = urls if seat == 0 else urls[::-1]
        record = manager.run(order, start_clock, play_clock, match=f"{name}-{i + 1}")
        goal = record.goals[seat] if record.goals is not None else 0.0
        score += goal / 100
        matches.append({**record.to_json(), "gdl_role": record.roles[seat], "gdl_goal": goal})
        print(f"  {name} {i + 1}: gdl as {record.roles[seat]}: goal {goal:g}, "
              f"{len(record.steps)} steps, slowest answer {record.max_move_seconds:.2f} s, "
              f"replaced {record.replaced}", flush=True)
    slowest = max(m["max_move_seconds"] for m in matches)
    replaced = sum(m["replaced"] for m in matches)
    return {"game": name, "games": games, "score": score / games, "slowest": slowest,
            "replaced": replaced, "matches": matches}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--start-clock", type=float, default=10.0)
    parser.add_argument("--play-clock", type=float, default=1.0)
    parser.add_argument("--only", choices=GAMES, action="append")
    parser.add_argument("--record", default=str(ROOT / "bench" / "results" / "ggp_match.json"))
    args = parser.parse_args()
    results = []
    with players(["gdl", "random"], seed=0) as urls:
        for name in args.only or GAMES:
            results.append(play(name, args.games, args.start_clock, args.play_clock, urls))
    print(f"\ngdl against random, {args.games} matches a game, clocks "
          f"{args.start_clock:g} s / {args.play_clock:g} s:")
    for r in results:
        print(f"  {r['game']:<13} score {r['score']:.2f}   slowest answer {r['slowest']:.2f} s "
              f"(play clock {args.play_clock:g} s)   replaced {r['replaced']}")
    out = Path(args.record)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"start_clock": args.start_clock, "play_clock": args.play_clock,
                               "results": results}, indent=1) + "\n", encoding="utf-8")
    print(f"recorded: {out}")


if __name__ == "__main__":
    main()
