"""Golden test: the Python generated for the bundled tic-tac-toe, pinned as text.

A change to the code generator that changes this text must be deliberate: look
at the difference, then rewrite the file with

    GDL_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden_codegen.py

and commit it with the change. Only the text is pinned; the tables the code
reads through its globals are covered by the perft and conformance tests.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from gdl import catalog

GOLDEN = Path(__file__).parent / "data" / "golden" / "tictactoe_generated.py"
REGEN = "GDL_REGEN_GOLDEN"


def test_generated_tictactoe_matches_the_golden_file():
    source = catalog.load("tictactoe").source
    if os.environ.get(REGEN) == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(source, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8") if GOLDEN.exists() else ""
    if source != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), source.splitlines(True),
                                            str(GOLDEN.name), "generated now"))
        raise AssertionError(
            f"the generated tic-tac-toe differs from {GOLDEN}.\n"
            f"If the change is intended, regenerate it with\n"
            f"    {REGEN}=1 .venv/bin/python -m pytest tests/test_golden_codegen.py\n"
            f"and commit the new file.\n{diff}")
