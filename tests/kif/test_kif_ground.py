"""The grounder gives every corpus description the ground program recorded in
tests/data/kif/ground.json (tools/record_kif_ground.py): the same sizes and the same rules,
whatever order its joins find them in (tests/kif/ground_digest.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gdl.grammar.kif import parse_kif
from gdl.interpreter.kif.check import check_kif
from gdl.interpreter.kif.ground import ground_program
from tests.kif.ground_digest import summary

CORPUS = Path(__file__).resolve().parent.parent / "data" / "kif"
RECORDED = json.loads((CORPUS / "ground.json").read_text())


def test_every_corpus_file_is_recorded():
    assert sorted(RECORDED) == sorted(path.name for path in CORPUS.glob("*.kif"))


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_ground_program_is_the_recorded_one(name):
    path = CORPUS / name
    program = ground_program(check_kif(parse_kif(path.read_text(encoding="utf-8"), str(path))))
    assert summary(program) == RECORDED[name]
