"""docs/ggp.md's console session is true: each `$ gdl ...` prints what is shown (perft's
timings masked: the doc shows `depth N: COUNT` only)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from gdl.cli.main import main

ROOT = Path(__file__).resolve().parent.parent.parent


def sessions() -> list[tuple[str, list[str]]]:
    text = (ROOT / "docs" / "ggp.md").read_text(encoding="utf-8")
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                out.append((line[2:], []))
            elif out:
                out[-1][1].append(line)
    return out


@pytest.mark.parametrize("command, shown", sessions())
def test_the_doc_session_prints_what_it_shows(command, shown, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    words = shlex.split(command)
    assert words[0] == "gdl" and main(words[1:]) == 0
    printed = [re.sub(r"  \(.*\)$", "", line) for line in capsys.readouterr().out.splitlines()]
    assert printed == shown
