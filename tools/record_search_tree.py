"""Record the C alpha-beta's tree at fixed depths (nodes, best move, value) on seeded
positions of the games with a royal piece, for tests/data/search/check_reuse.json.

    python tools/record_search_tree.py OUT.json

Run it on the code whose tree the test holds to (a checkout of the older search, with the
evaluation of today's gdl/ai): the test then checks that the search of now builds the same
tree node for node.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))   # the checkout run from, not this file's

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta  # noqa: E402

GAMES = (("chess", 6, 4), ("shogi", 3, 3), ("xiangqi", 3, 3))   # positions, depth
FEATURES = (2 | 8 | 16 | 32, 16, 8)   # everything but aspiration; null move; check extensions


def main() -> None:
    rows = []
    for name, count, depth in GAMES:
        game = catalog.load(name)
        native = with_backend(game, "native")
        rng = random.Random(7)
        for _ in range(count):
            state, moves = game.initial_state(), []
            for _ in range(rng.randint(6, 30)):
                if game.is_terminal(state):
                    break
                move = rng.choice(game.legal_moves(state))
                moves.append(game.move_text(state, move))
                state = game.apply(state, move)
            if game.is_terminal(state):
                continue
            for features in FEATURES:
                found = NativeAlphaBeta(native, None, depth=depth,
                                        selective=features).search(state)
                rows.append({"game": name, "moves": moves, "depth": depth,
                             "features": features, "nodes": found.stats.nodes,
                             "best": game.move_text(state, found.best_move),
                             "value": found.value})
    lines = [json.dumps(row, separators=(", ", ": ")) for row in rows]
    Path(sys.argv[1]).write_text("[\n" + ",\n".join(lines) + "\n]\n")
    print(len(rows), "searches,", sum(row["nodes"] for row in rows), "nodes")


if __name__ == "__main__":
    main()
