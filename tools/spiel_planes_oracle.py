"""OpenSpiel's `chess` action ids, recorded along seeded random gdl chess games, for the
OpenSpiel bridge's "planes" action space (gdl/bridges/action_planes.py) to match.

    PYTHONPATH=$PWD python tools/spiel_planes_oracle.py

writes tests/data/oracle/spiel_planes.json.

gdl plays the games (seed s: at each ply a seeded choice among the legal moves sorted by
their gdl text, so the games do not depend on the numbering under test); at every position
OpenSpiel's `chess` is set up from gdl's FEN, and the record keeps per game the plies, a
digest of OpenSpiel's sorted `legal_actions()` at every ply, and, for the first FULL games,
a digest of every legal action paired with OpenSpiel's `action_to_string` (SAN).
tests/bridges/test_action_planes.py replays the games with gdl's ids and SAN, and compares
with pyspiel live where it imports.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from gdl import catalog  # noqa: E402

DATA = ROOT / "tests" / "data" / "oracle" / "spiel_planes.json"
GAMES = 200   # seeded random games
FULL = 20     # of them, those whose every legal action's text is recorded too


def digest(lines: list[str]) -> str:
    """A short digest of some lines, in the order given."""
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:12]


def positions(game: Any, seed: int) -> Iterator[tuple[Any, list[Any]]]:
    """(state, legal moves) at every position of seeded random game `seed` of `game`."""
    rng, state = random.Random(seed), game.initial_state()
    while not game.is_terminal(state):
        moves = list(game.legal_moves(state))
        yield state, moves
        chosen = rng.choice(sorted(moves, key=lambda m: game.move_text(state, m)))
        state = game.apply(state, chosen)


def ids_line(ids: list[int]) -> str:
    return " ".join(map(str, sorted(ids)))


def texts_line(texts: dict[int, str]) -> str:
    return " ".join(f"{a}:{texts[a]}" for a in sorted(texts))


def play(game: Any, spiel: Any, fen: Any, seed: int, full: bool) -> dict:
    """One game's record: OpenSpiel's ids (and texts) at gdl's positions."""
    ids, texts = [], []
    for state, _moves in positions(game, seed):
        theirs = spiel.new_initial_state(fen(state))
        legal = theirs.legal_actions()
        ids.append(ids_line(legal))
        if full:
            texts.append(texts_line({a: theirs.action_to_string(a) for a in legal}))
    entry = {"seed": seed, "plies": len(ids), "ids": digest(ids)}
    if full:
        entry["texts"] = digest(texts)
    return entry


def record() -> dict:
    import pyspiel
    from gdl.interpreter.notation import adapter
    game = catalog.load("chess")
    spiel = pyspiel.load_game("chess")
    fen = adapter(game).fen
    games = [play(game, spiel, fen, seed, seed < FULL) for seed in range(GAMES)]
    return {"spiel": "chess", "open_spiel": _version(),
            "distinct_actions": spiel.num_distinct_actions(),
            "positions": sum(g["plies"] for g in games), "games": games}


def _version() -> str | None:
    from importlib import metadata
    try:
        return metadata.version("open_spiel")
    except metadata.PackageNotFoundError:
        return None


if __name__ == "__main__":
    DATA.write_text(json.dumps(record(), indent=0) + "\n")
    print(f"wrote {DATA}")
