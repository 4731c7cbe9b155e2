"""OpenSpiel's blackjack (a deck drawn without replacement) recorded for gdl's blackjack
(gdl/games/dice/blackjack.gdl, a `bag` draw): 200 seeded random games, each its actions
and, at every chance node, the cards that can be drawn and their probability, and the
returns at the end. tests/games/test_blackjack.py replays them in gdl alone (OpenSpiel's
card k is gdl's `NAME=k+1`; its actions 0 and 1 are `hit` and `stand`).

    python tools/bag_oracle.py     # writes tests/data/oracle/blackjack_games.json
"""

from __future__ import annotations

import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "oracle" / "blackjack_games.json"
GAMES = 200


def record_game(spiel, seed: int) -> dict:
    """One game drawn with `random.Random(seed)`: each chance outcome by its probability,
    each player action uniformly."""
    rng, state = random.Random(seed), spiel.new_initial_state()
    actions, chances = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            cards = {a for a, _ in outcomes}
            chances.append({"cards": "".join("1" if k in cards else "0" for k in range(52)),
                            "p": sorted({p for _, p in outcomes})})
            r, action = rng.random(), outcomes[-1][0]
            for a, p in outcomes:
                r -= p
                if r < 0:
                    action = a
                    break
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    return {"seed": seed, "actions": actions, "chances": chances,
            "returns": state.returns()}


def main() -> None:
    import pyspiel
    spiel = pyspiel.load_game("blackjack")
    games = [record_game(spiel, seed) for seed in range(GAMES)]
    OUT.write_text(json.dumps({"spiel": "blackjack", "games": games}, separators=(",", ":"))
                   + "\n")
    nodes = sum(len(g["chances"]) for g in games)
    print(f"{len(games)} games, {nodes} chance nodes -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
