"""A short run of the fuzz campaign (tools/fuzz.py): mutated rules files compile or are
refused with a located or one-line error; no internal error, hang, memory blow-up or
report that prints another line than the one it names. The long run is documented in
tools/fuzz.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import fuzz  # noqa: E402


def test_the_classes_of_outcomes():
    text = 'game "T"\nplayers A B  # a\x0cb\nstate n = 0\nend: draw if zz\n'
    report = "t.gdl:4:14: unknown name 'zz'\n    end: draw if zz\n                 ^\n"
    assert fuzz.classify(text, 1, "", report) == "located error"
    shifted = "t.gdl:4:14: unknown name 'zz'\n    state n = 0\n                 ^\n"
    assert fuzz.classify(text, 1, "", shifted) == "wrong position"
    assert fuzz.classify(text, 1, "", "gdl: internal error: ValueError: x\n") == "internal error"
    assert fuzz.classify(text, 1, "", "gdl: error: option n: bad\n") == "one-line error"
    assert fuzz.classify(text, 0, "ok\n", "") == "compiled"
    assert fuzz.classify(text, 1, "", "gdl: internal error: MemoryError\n") == "memory"


@pytest.mark.slow
def test_a_short_campaign_finds_nothing_bad():
    result = fuzz.campaign(cases=400, seed=11, workers=2)
    counts = result["counts"]
    assert sum(counts.values()) == 400
    assert {k: counts[k] for k in fuzz.BAD} == dict.fromkeys(fuzz.BAD, 0), result["examples"]
    assert counts["located error"] > 0 and counts["compiled"] > 0


@pytest.mark.slow
def test_a_short_campaign_on_records_positions_and_the_web_finds_nothing_bad():
    """The other targets (tools/fuzz_targets.py), 100 cases each; the records and the web
    bodies include valid ones that are accepted."""
    targets = ("records", "positions", "web")
    result = fuzz.campaign(cases=300, seed=5, workers=2, targets=targets)
    counts = result["counts"]
    assert {k: counts[k] for k in fuzz.BAD} == dict.fromkeys(fuzz.BAD, 0), result["examples"]
    for target in targets:
        counts = result["targets"][target]
        assert sum(counts.values()) == 100
        assert counts["one-line error"] > 0
    assert result["targets"]["web"]["compiled"] > 0
