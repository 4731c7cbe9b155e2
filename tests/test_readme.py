"""The README's Python script runs as shown: a 5-wide Connect Four after 11 moves."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_script() -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(r"<!-- readme-script -->\n```python\n(.*?)```", text, re.S)
    assert match, "the README's script block is missing"
    return match.group(1)


def test_the_script_is_ten_lines():
    lines = [ln for ln in readme_script().splitlines() if ln.strip()]
    assert len(lines) == 8   # ten with the blank lines between the imports and the code
    assert len(readme_script().splitlines()) == 10


@pytest.mark.slow
def test_the_script_prints_a_five_wide_board_after_eleven_moves():
    done = subprocess.run([sys.executable, "-c", readme_script()], capture_output=True,
                          text=True, check=True, timeout=120)
    rows = done.stdout.splitlines()
    assert rows[6] == "   a b c d e"
    assert sum(row.count("X") + row.count("O") for row in rows[:6]) == 11
    assert rows[7] in ("O to move", "X won")   # X made the eleventh move: O to move, or X won
