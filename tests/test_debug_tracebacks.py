"""`--debug` tracebacks show the lines of the generated code (registered in linecache)."""

from __future__ import annotations

import subprocess
import sys

import pytest

FAILS_IN_PLAY = '''game "Bad"
players A B
state heap = [1, 2]
state k = 1
move take n in 1..1: heap[k] -= n, k += 1
end: draw if k == 9
'''


@pytest.mark.slow
def test_a_debug_traceback_shows_the_generated_source_line(tmp_path):
    path = tmp_path / "bad.gdl"
    path.write_text(FAILS_IN_PLAY)
    argv = [sys.executable, "-m", "gdl", "play", str(path), "--players", "random,random"]
    plain = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert plain.returncode == 1 and "Traceback" not in plain.stderr
    debug = subprocess.run(argv + ["--debug"], capture_output=True, text=True, timeout=60)
    lines = debug.stderr.splitlines()
    frames = [i for i, line in enumerate(lines) if line.strip().startswith('File "<gdl bad>"')]
    assert frames, debug.stderr
    shown = lines[frames[-1] + 1].strip()
    assert shown.startswith("raise IndexError(")   # the generated line, not an empty one
    assert lines[-1] == "IndexError: index 3 is outside 1..2"
