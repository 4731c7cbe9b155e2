"""Every game with an oracle (tools/oracles/NAME.py) against OpenSpiel's own implementation.

The recorded figures (tests/data/oracle/NAME.json, written by `tools/oracle.py record`)
are checked with gdl alone: perft from the start, and perft from positions reached by
seeded random play (stored as gdl move sequences). 200 seeded random games per game are
also replayed in both, ply by ply (pyspiel is a test dependency: `make test` installs it):
in full (every legal move's position compared), or for the games where that costs
seconds a game, the first few in full and the rest counted (the same number of moves, the
random one played in both).
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.errors import GdlError  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from tools import oracle  # noqa: E402
from tests.marks import cases  # noqa: E402

# Every game with an oracle module has its record; a module without one fails below.
NAMES = sorted(p.stem for p in (ROOT / "tools" / "oracles").glob("*.py")
               if p.stem not in ("__init__", "picture"))
RECORDS = [oracle.DATA / f"{name}.json" for name in NAMES]
LIVE_GAMES = 200   # seeded random games replayed in both per game
# the games whose oracle says a move in OpenSpiel's actions: replayed in full only in part
COUNTED = [name for name in NAMES if hasattr(oracle.oracle(name), "spiel_moves")]


def long_records(*names: str) -> list[Path]:
    """The records of `names`, whose check takes seconds: marked slow."""
    return [oracle.DATA / f"{name}.json" for name in names]


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


@pytest.mark.parametrize("path", cases(RECORDS, long_records("backgammon", "clobber",
                                                             "lines_of_action", "shogi")),
                         ids=NAMES)
def test_perft_from_the_start_equals_openspiels(path):
    data, game = load(path)
    start = game.initial_state()
    assert [perft(game, start, d) for d in range(1, len(data["perft"]) + 1)] == data["perft"]


@pytest.mark.parametrize("path", cases(RECORDS, long_records("amazons", "chess", "lines_of_action",
                                                             "shogi", "xiangqi")), ids=NAMES)
def test_perft_from_recorded_positions_equals_openspiels(path):
    data, game = load(path)
    assert len(data["positions"]) >= 30
    for position in data["positions"]:
        state = game.moves_after(position["moves"])
        counts = [perft(game, state, d) for d in range(1, len(position["perft"]) + 1)]
        assert counts == position["perft"], position["moves"]


@pytest.mark.peers
@pytest.mark.parametrize("name", NAMES)
def test_random_games_agree_with_openspiel_ply_by_ply(name):
    module = oracle.oracle(name)
    games = getattr(module, "LIVE_GAMES", LIVE_GAMES)
    cut = getattr(module, "LIVE_PLIES", 400)   # plies replayed per game at most
    plies = [oracle.compare_game(name, seed, max_plies=cut).plies for seed in range(games)]
    assert sum(plies) > games   # games were played, not only started
    assert games == LIVE_GAMES or name in COUNTED   # the rest of the 200 are counted below


@pytest.mark.peers
@pytest.mark.parametrize("name", COUNTED)
def test_the_rest_of_200_random_games_agree_in_moves_counted(name):
    module = oracle.oracle(name)
    game = oracle.gdl_game(name, module)
    # gdl's side through C where a compiler is found (a check of that back end too); with
    # none, the same replays on Python, slower
    with contextlib.suppress(GdlError):
        game = with_backend(game, "native")
    seeds = range(getattr(module, "LIVE_GAMES", LIVE_GAMES), LIVE_GAMES)   # after those above
    replays = [oracle.compare_counts(name, seed, game=game) for seed in seeds]
    finished = [r for r in replays if r.returns is not None]
    assert sum(r.plies for r in replays) > 30 * len(replays)
    assert len(finished) > len(replays) // 2   # most ran to an end both agree on


@pytest.mark.peers
def test_a_counted_replay_finds_a_rule_left_out(tmp_path):
    rules = (ROOT / "gdl" / "games" / "connection" / "lines_of_action.gdl").read_text()
    assert "to not own" in rules
    path = tmp_path / "no_captures.gdl"
    path.write_text(rules.replace("to not own", "to empty"))   # a man no longer takes
    game = catalog.load(str(path))
    with pytest.raises(AssertionError, match="lines_of_action, seed 0, ply"):
        oracle.compare_counts("lines_of_action", 0, game=game)
