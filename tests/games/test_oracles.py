"""Every game with an oracle (tools/oracles/NAME.py) against OpenSpiel's own implementation.

The recorded figures (tests/data/oracle/NAME.json, written by `tools/oracle.py record`)
are checked with gdl alone: perft from the start, and perft from positions reached by
seeded random play (stored as gdl move sequences). Seeded random games are also replayed
in both, ply by ply (pyspiel is a test dependency: `make test` installs it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl.perft import perft  # noqa: E402
from tools import oracle  # noqa: E402

# Every game with an oracle module has its record; a module without one fails below.
NAMES = sorted(p.stem for p in (ROOT / "tools" / "oracles").glob("*.py")
               if p.stem not in ("__init__", "picture"))
RECORDS = [oracle.DATA / f"{name}.json" for name in NAMES]
LIVE_GAMES = 200   # seeded random games replayed in both per game (an oracle module may say fewer)


def load(path: Path) -> tuple[dict, object]:
    data = json.loads(path.read_text())
    module = oracle.oracle(data["game"])
    # the record was made with the oracle's settings (`tools/oracle.py record` again if not)
    assert data["options"] == dict(getattr(module, "OPTIONS", {}))
    assert data["params"] == dict(getattr(module, "PARAMS", {}))
    return data, oracle.gdl_game(data["game"], module)


def test_every_oracle_has_its_record():
    assert len(NAMES) >= 13
    assert [path.name for path in RECORDS if not path.exists()] == []


@pytest.mark.parametrize("path", RECORDS, ids=NAMES)
def test_perft_from_the_start_equals_openspiels(path):
    data, game = load(path)
    start = game.initial_state()
    assert [perft(game, start, d) for d in range(1, len(data["perft"]) + 1)] == data["perft"]


@pytest.mark.parametrize("path", RECORDS, ids=NAMES)
def test_perft_from_recorded_positions_equals_openspiels(path):
    data, game = load(path)
    assert len(data["positions"]) >= 30
    for position in data["positions"]:
        state = game.moves_after(position["moves"])
        counts = [perft(game, state, d) for d in range(1, len(position["perft"]) + 1)]
        assert counts == position["perft"], position["moves"]


@pytest.mark.parametrize("name", NAMES)
def test_random_games_agree_with_openspiel_ply_by_ply(name):
    module = oracle.oracle(name)
    games = getattr(module, "LIVE_GAMES", LIVE_GAMES)
    cut = getattr(module, "LIVE_PLIES", 400)   # plies replayed per game at most
    plies = [oracle.compare_game(name, seed, max_plies=cut).plies for seed in range(games)]
    assert sum(plies) > games   # games were played, not only started
