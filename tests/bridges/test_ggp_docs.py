"""docs/ggp.md's GGP example is true: `gdl kif` writes the file it says, `gdl
ggp-match` plays it and prints the lines it shows (the moves vary; their shape does not),
and the refusal is the one shown."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gdl.cli.main import main

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs" / "ggp.md"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}   # this checkout's gdl, from another directory


def commands() -> list[tuple[str, list[str]]]:
    """Each `$ gdl ...` line of the first match's block (a text block: the moves vary, so
    tests/kif/test_ggp_doc.py, which runs the console blocks, leaves it), with the lines
    shown after it."""
    block = DOC.read_text().split("```text\n$ gdl kif tictactoe", 1)[1].split("```", 1)[0]
    block = "$ gdl kif tictactoe" + block
    out: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            out[-1][1].append(line)
    return out


def test_the_refusal_shown_is_what_gdl_kif_prints(capsys):
    shown = DOC.read_text().split("$ gdl kif nim\n", 1)[1].splitlines()[0]
    assert main(["kif", "nim"]) == 1
    assert capsys.readouterr().err.strip() == shown


@pytest.mark.slow
def test_the_first_match_runs_as_shown(tmp_path):
    (export, _), (match, shown) = commands()
    assert export == "gdl kif tictactoe -o ttt.kif"
    subprocess.run([sys.executable, "-m", "gdl", *export.split()[1:]], cwd=tmp_path,
                   env=ENV, check=True, timeout=60)
    done = subprocess.run([sys.executable, "-m", "gdl", *match.split()[1:]], cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    step = re.compile(r"(\(place [1-3] [1-3]\) noop|noop \(place [1-3] [1-3]\))\Z")
    assert all(step.match(line) for line in lines[:-2])
    assert all(step.match(line) for line in shown[:-2])
    assert re.match(r"goals: x (100|50|0) o (100|50|0)\Z", lines[-2])
    # every move legal (above); the answers' times are wall times, so not bounded here
    form = r"steps: \d+; slowest answer \d+\.\d\d s \(play clock 1 s\); moves replaced: \d+\Z"
    assert re.match(form, lines[-1]) and re.match(form, shown[-1])
    assert len(lines) - 2 == int(lines[-1].split()[1].rstrip(";"))
