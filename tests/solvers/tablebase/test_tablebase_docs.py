"""docs/solve.md's Python session runs as shown, and its refusal is the command's."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from gdl.cli.main import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "solve.md"


def test_the_session_runs_as_shown():
    text = DOC.read_text(encoding="utf-8")
    sessions = re.findall(r"```pycon\n(.*?)```", text, re.S)
    assert sessions
    for session in sessions:
        test = doctest.DocTestParser().get_doctest(session, {}, "solve.md", str(DOC), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0


def test_the_refusal_shown_is_printed(capsys, tmp_path):
    shown = re.search(r"\$ gdl tablebase chess --up-to 3\n(gdl: error: .*)\n",
                      DOC.read_text(encoding="utf-8"))
    assert shown is not None
    assert main(["tablebase", "chess", "--up-to", "3", "--dir", str(tmp_path)]) != 0
    assert capsys.readouterr().err.strip() == shown.group(1)
