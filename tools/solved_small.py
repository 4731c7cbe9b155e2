"""Record the values of small bundled games, by the exact alpha-beta solver, as test data for
the other solvers (tests/solvers/search/test_pns.py checks proof-number search against it).

    python tools/solved_small.py        # writes tests/data/solved/small_games.json

For each game: the start and POSITIONS positions of seeded random play (the moves from the
start as text, so the file does not depend on how a state is stored), each with the value
for the player to move, solved on the Python back end (gdl.solvers.search.exact, method
"alphabeta"; its C twin and the "memo" method agree with it: tests/interpreter/c and
tests/solvers/search/test_exact_solve.py).
"""

from __future__ import annotations

import json
import random
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402

OUT = ROOT / "tests" / "data" / "solved" / "small_games.json"
POSITIONS = 6
GAMES = [
    ("tictactoe", {}),
    ("nim", {}),
    ("nim", {"heaps": [2, 3, 5, 6]}),
    ("connect4", {"width": "4", "height": "4"}),
    ("connect4", {"width": "5", "height": "4"}),
    ("hex", {"size": "3"}),
    ("hex", {"size": "4"}),
    ("clobber", {"width": "3", "height": "3"}),
    ("clobber", {"width": "4", "height": "3"}),
    ("clobber", {"width": "4", "height": "4"}),
    ("breakthrough", {"width": "3", "height": "4"}),
    ("breakthrough", {"width": "4", "height": "4"}),
    ("breakthrough", {"width": "5", "height": "4"}),
    ("gomoku", {"width": "4", "height": "4", "k": "3"}),
    ("gomoku", {"width": "4", "height": "3", "k": "3"}),
    ("dots_and_boxes", {}),
]


def random_lines(game, count: int, seed: int) -> list[list[str]]:
    """Move texts of `count` seeded random lines of 1 to 8 plies that do not end the game."""
    rng, lines = random.Random(seed), []
    while len(lines) < count:
        state, texts = game.initial_state(), []
        for _ in range(rng.randint(1, 8)):
            move = rng.choice(game.legal_moves(state))
            texts.append(game.move_text(state, move))
            state = game.apply(state, move)
            if game.is_terminal(state):
                break
        if not game.is_terminal(state):
            lines.append(texts)
    return lines


def main() -> None:
    records = []
    for number, (name, options) in enumerate(GAMES):
        game = catalog.load(name, options)
        for texts in [[]] + random_lines(game, POSITIONS, seed=number):
            result = solve(game, game.moves_after(texts))
            records.append({"game": name, "options": options, "moves": texts,
                            "value": result.value, "alphabeta_nodes": result.nodes})
        print(name, options, [r["value"] for r in records[-POSITIONS - 1:]], flush=True)
    about = (f"Small bundled games: the value for the player to move at the start and after "
             f"seeded random moves, by gdl's exact alpha-beta solver on the Python back end "
             f"(tools/solved_small.py, {date.today().isoformat()}).")
    OUT.write_text(json.dumps({"about": about, "positions": records}, indent=1) + "\n")


if __name__ == "__main__":
    main()
