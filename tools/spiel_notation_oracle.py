"""OpenSpiel's move texts for quoridor and havannah, recorded for gdl's `notation quoridor` and
`notation havannah` (gdl/interpreter/notation/spiel_cells.py) to match.

    PYTHONPATH=$PWD python tools/spiel_notation_oracle.py

writes tests/data/oracle/spiel_notation.json.

Each game is played by OpenSpiel alone, seeded random actions, so the record needs nothing of
gdl. Per game it keeps the texts of the actions played (`action_to_string`), at every ply a
digest of the sorted texts of all legal actions (`legal`), for the first FULL games of each
also a digest of every legal action's text paired with the position it leads to, read as gdl's
board by the game's oracle module (`after`: the text names the same move in both), and the
returns at the end. The start position's texts are kept whole (`start`).
tests/games/test_spiel_notation.py replays the record in gdl, and against pyspiel live.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import oracle  # noqa: E402

DATA = ROOT / "tests" / "data" / "oracle" / "spiel_notation.json"
FULL = 10   # games per entry whose every legal move's position is recorded too
# (gdl game, its options, OpenSpiel's parameters, games, oracle module or None): the oracle
# modules read OpenSpiel's board at their own size only
GAMES = (
    ("quoridor", {"n": 5}, {"board_size": 5}, 100, "quoridor"),
    ("quoridor", {"n": 9}, {"board_size": 9}, 20, None),
    ("havannah", {"size": 4}, {"board_size": 4}, 100, "havannah"),
    ("havannah", {"size": 8}, {"board_size": 8}, 20, None),
)


def digest(words: list[str]) -> str:
    """A short digest of some texts, in the order given."""
    return hashlib.sha256("\n".join(words).encode()).hexdigest()[:8]


def legal_texts(state: Any) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def after_pairs(state: Any, position: Any) -> list[str]:
    """Every legal action's text and the board it leads to (the oracle module's reading)."""
    pairs = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        pairs.append(f"{state.action_to_string(action)}={position(after)}")
    return sorted(pairs)


def play(spiel: Any, seed: int, position: Any = None) -> dict:
    """One seeded random game of OpenSpiel's, as the record keeps it."""
    rng, state = random.Random(seed), spiel.new_initial_state()
    moves, legal, after = [], [], []
    while not state.is_terminal():
        legal.append(digest(sorted(legal_texts(state))))
        if position is not None:
            after.append(digest(after_pairs(state, position)))
        action = rng.choice(state.legal_actions())
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    game = {"seed": seed, "moves": moves, "legal": legal, "returns": state.returns()}
    if after:
        game["after"] = after
    return game


def record() -> dict:
    import pyspiel
    entries = []
    for name, options, params, games, module in GAMES:
        spiel = pyspiel.load_game(name, params)
        position = None if module is None else oracle.oracle(module).position
        entries.append({
            "game": name, "options": options, "params": params, "oracle": module,
            "start": legal_texts(spiel.new_initial_state()),
            "games": [play(spiel, seed, position if seed < FULL else None)
                      for seed in range(games)]})
    return {"spiel_version": pyspiel.__version__ if hasattr(pyspiel, "__version__") else None,
            "entries": entries}


if __name__ == "__main__":
    DATA.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print(f"wrote {DATA}")
