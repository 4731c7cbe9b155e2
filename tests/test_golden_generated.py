"""Golden digests: the Python and the C generated for every bundled game, pinned byte for byte.

The SHA-256 of each generated source is recorded in tests/data/golden/generated.json (the
whole text of one game, tic-tac-toe's Python, is pinned by test_golden_codegen.py, which
shows a diff). A change to a code generator, to the IR it reads or to the derived
evaluation the C source compiles changes a digest: look at the difference, then record
them again with

    GDL_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden_generated.py

and commit the file with the change. A tree move (issue 27) must leave every digest as is.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from gdl import catalog
from gdl.interpreter.c.generate import generate
from gdl.ai.equip import evaluation_specs
from gdl.interpreter.c.support import Unsupported

GOLDEN = Path(__file__).parent / "data" / "golden" / "generated.json"
REGEN = "GDL_REGEN_GOLDEN"
# Beside each bundled game's defaults, options that switch other constructs on.
VARIANTS = {"draughts openspiel=1": ("draughts", {"openspiel": "1"}),
            "go size=9": ("go", {"size": "9"}),
            "connect4 width=6 height=5": ("connect4", {"width": "6", "height": "5"})}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _cases() -> dict[str, tuple[str, dict[str, str]]]:
    cases = {name: (name, {}) for name, _ in catalog.bundled_games()}
    cases.update(VARIANTS)
    return cases


def generated(game: str, options: dict[str, str]) -> dict[str, str]:
    """{"python": digest, "c": digest or the construct C lacks} of a game compiled to code;
    {} for a puzzle or constraint file that runs on its own engine."""
    compiled = catalog.load(game, options)
    source = getattr(compiled, "source", None)
    if not isinstance(source, str) or not hasattr(compiled, "ir"):
        return {}
    try:
        c_source, _ = generate(compiled.ir, evaluation_specs(compiled))
        c = _digest(c_source)
    except Unsupported as err:
        c = f"unsupported: {err}"
    return {"python": _digest(source), "c": c}


@pytest.mark.slow
def test_every_generated_source_matches_its_recorded_digest():
    found = {label: generated(*case) for label, case in sorted(_cases().items())}
    if os.environ.get(REGEN) == "1":
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(found) == sorted(expected)
    changed = [f"{label} {side}" for label in found for side in ("python", "c")
               if found[label].get(side) != expected[label].get(side)]
    assert not changed, f"generated code differs from {GOLDEN.name} for: {', '.join(changed)}"
    assert sum(1 for v in found.values() if v) >= 25   # the board games, each with both sources


def test_the_recorded_tictactoe_digest_is_that_of_the_pinned_text():
    """The two golden files agree: the digest recorded for tic-tac-toe's Python is the digest
    of the whole text test_golden_codegen.py pins (so a digest is of the whole source)."""
    pinned = (GOLDEN.parent / "tictactoe_generated.py").read_text(encoding="utf-8")
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))["tictactoe"]["python"]
    assert _digest(pinned) == recorded
