"""The AI with endgame tables against the AI without, from positions of the tables: each
position (drawn at random among those the tables call a win for one side) is played twice,
the tables' AI on each side once, both AIs at the same node budget. Prints the tables' AI's
score (1 a win, 0.5 a draw) with its 95% interval. Build the tables first (`gdl tablebase
GAME --up-to N --dir D`).

    python bench/tablebase_match.py GAME --dir D [--up-to N] [--set NAME=VALUE ...]
                                    [--games 40] [--nodes 2000] [--max-plies 200]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--dir", required=True)
    parser.add_argument("--up-to", default="3")
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--nodes", default="2000")
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    from gdl.ai.players import AIPlayer
    from gdl.catalog import load
    from gdl.cli.common import read_options
    from gdl.interpreter.placement import Placement
    from gdl.solvers.tablebase import codes, tables as tb
    from gdl.solvers.tablebase.probe import move_probe

    game = load(args.game, read_options(args.set))
    tables = tb.Tables(Placement(game), Path(args.dir))
    every = tb.parse_spec(args.up_to, tables.placement.material, len(tables.placement.cells))
    classes = [c for c in every if sum(c) == max(map(sum, every))]   # the most pieces
    rng = random.Random(f"gdl-tablebase-match:{args.seed}")

    def start() -> tuple:
        while True:   # a decisive position of the largest classes, not over
            counts = rng.choice(classes)
            index = tables.index(counts)
            if index.size == 0:
                continue
            i = rng.randrange(index.size)
            state = tables.placement.state(*index.unrank(i))
            if tables.get(counts) is None:
                raise SystemExit(f"class {counts} is not in {args.dir}")
            if codes.decode(int(tables.get(counts)[1][i]))[0] != "draw" and \
                    not game.is_terminal(state) and game.legal_moves(state):
                return state

    score = 0.0
    played = 0
    for pair in range(args.games // 2):
        state0 = start()
        for seat in (0, 1):   # the tables' AI moves for player `seat`
            ais = [AIPlayer(game, args.nodes, seed=pair,
                            tables=move_probe(tables) if p == seat else None) for p in (0, 1)]
            state, plies = state0, 0
            while not game.is_terminal(state) and plies < args.max_plies:
                state = game.apply(state, ais[game.current_player(state)].choose(game, state))
                plies += 1
            payoff = game.returns(state)[seat] if game.is_terminal(state) else 0.0
            score += (payoff + 1) / 2
            played += 1
        print(f"{played} games: tables' AI {score:g} ({score / played:.3f})", flush=True)
    mean = score / played
    half = 1.96 * math.sqrt(max(mean * (1 - mean), 1e-9) / played)
    print(f"{args.game}: the AI with tables scores {mean:.3f} +- {half:.3f} over {played} games "
          f"against the AI without ({args.nodes} nodes a move)")


if __name__ == "__main__":
    main()
