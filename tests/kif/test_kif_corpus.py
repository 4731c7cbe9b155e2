"""Every KIF description of the test corpus (tests/data/kif/*.kif, written for these tests)
read by gdl agrees with the independent reasoner (tests/kif_reasoner, clingo): perft at
depths 1, 2 (and 3 where recorded) and 20 seeded random games ply by ply (each role's legal
moves, the end, the goals). The reasoner's figures are tests/data/kif/recorded.json
(tools/record_kif.py), so these tests need no clingo.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from gdl.interpreter.kif import load_kif
from tests.interpreter.c.test_native import needs_cc
from tests.kif.agree import gdl_perft, replay
from tests.marks import cases

CORPUS = Path(__file__).resolve().parent.parent / "data" / "kif"
RECORDED: dict[str, Any] = json.loads((CORPUS / "recorded.json").read_text())
FILES = sorted(path.name for path in CORPUS.glob("*.kif"))
SLOW: set[str] = set()   # none since the join order counts every argument (mancala_tiny: 0.1 s)


def corpus_cases() -> list[Any]:
    return cases(FILES, SLOW)


@functools.cache
def game(name: str) -> Any:
    return load_kif(CORPUS / name)


def test_the_corpus_is_recorded_whole():
    assert len(FILES) >= 40
    assert sorted(RECORDED) == FILES, "rerun tools/record_kif.py"


def test_every_file_says_what_it_is():
    for name in FILES:
        first = (CORPUS / name).read_text().splitlines()[0]
        assert first.startswith("; ") and len(first) > 20, name


@pytest.mark.parametrize("name", corpus_cases())
def test_roles_and_perft_equal_the_reasoners(name):
    played = game(name).on_backend("python")
    assert list(played.players) == RECORDED[name]["roles"]
    found = {depth: gdl_perft(played, int(depth)) for depth in RECORDED[name]["perft"]}
    assert found == RECORDED[name]["perft"]


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("name", corpus_cases())
def test_perft_in_c_equals_the_reasoners(name):
    played = game(name).on_backend("native")
    found = {depth: gdl_perft(played, int(depth)) for depth in RECORDED[name]["perft"]}
    assert found == RECORDED[name]["perft"]


@pytest.mark.parametrize("name", corpus_cases())
def test_random_games_agree_ply_by_ply(name):
    played = game(name).on_backend("python")
    for seed, plies in enumerate(RECORDED[name]["games"]):
        assert replay(played, plies) is None, f"seed {seed}: {replay(played, plies)}"
