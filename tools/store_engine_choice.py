"""Store in a game's weights file the engine choice that play-offs against one outside
opponent measured (gdl.ai.engine.measured).

    python tools/store_engine_choice.py PLAYOFF.json [PLAYOFF.json ...] [--weights PATH]

Each PLAYOFF.json is a record of bench/playoff_openspiel.py run with `--engine alphabeta`
or `--engine mcts`; all must be of one game against one bot (kind and simulations). The
records of one engine are pooled (runs cut short and finished with `--start`). Each engine's
share over its games chooses; the weights file (default: the game's own, as the AI finds
it) keeps everything else and gets the new `engine` part.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def pooled(paths: list[str]) -> tuple[str, str, dict[str, list[float]]]:
    """(game, opponent, each engine's game scores) of the play-off records at `paths`."""
    games, opponents, scores = set(), set(), {}
    for path in paths:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        args = doc["args"]
        if args["engine"] not in ("alphabeta", "mcts"):
            raise SystemExit(f"{path}: played with --engine {args['engine']}; "
                             f"alphabeta or mcts expected")
        games.add(args["game"])
        opponents.add(f"OpenSpiel MCTSBot ({args.get('bot', 'python')}, "
                      f"{args['simulations']} simulations), equal time")
        scores.setdefault(args["engine"], []).extend(g["score"] for g in doc["games"])
    if len(games) != 1 or len(opponents) != 1:
        raise SystemExit(f"records of one game against one bot expected: games {sorted(games)}, "
                         f"bots {sorted(opponents)}")
    return games.pop(), opponents.pop(), scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--weights", default=None, help="the weights file (default the game's)")
    args = parser.parse_args()
    from gdl import catalog
    from gdl.ai import engine, weights_file as wfile
    name, against, scores = pooled(args.records)
    counts = {len(s) for s in scores.values()}
    if set(scores) != {"alphabeta", "mcts"} or len(counts) != 1:
        raise SystemExit(f"as many games of alphabeta and of mcts expected: "
                         f"{ {k: len(v) for k, v in scores.items()} }")
    path = Path(args.weights) if args.weights else wfile.find(catalog.load(name))
    if path is None:
        raise SystemExit(f"{name} has no weights file: `gdl train {name}` first")
    doc = json.loads(path.read_text(encoding="utf-8"))
    shares = {k: sum(v) / len(v) for k, v in scores.items()}
    doc["engine"] = engine.measured(doc.get("engine") or {}, shares, counts.pop(), against)
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"{path}: engine {doc['engine']['choice']} "
          f"({', '.join(f'{k} {v:.2f}' for k, v in sorted(shares.items()))} against {against})")


if __name__ == "__main__":
    main()
