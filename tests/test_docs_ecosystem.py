"""docs/api.md, docs/openspiel.md, docs/records.md and docs/rl.md say true things: every
`>>>` example runs as a doctest, and every `$ gdl ...` line of a ```console block prints
what follows it."""

from __future__ import annotations

import doctest
import importlib
import re
import shlex
from pathlib import Path

import pytest

from gdl.cli.main import main
from tests.marks import cases

DOCS = Path(__file__).resolve().parent.parent / "docs"
DOC_FILES = ["api.md", "openspiel.md", "records.md", "rl.md"]
CONSOLE = re.compile(r"^```console\n(.*?)^```", re.M | re.S)


def test_the_documents_exist():
    assert [name for name in DOC_FILES if not (DOCS / name).exists()] == []


@pytest.fixture(scope="module")
def workdirs(tmp_path_factory):
    """One directory per document: its commands and examples share the files they write."""
    return {doc: tmp_path_factory.mktemp(doc.replace(".", "_")) for doc in DOC_FILES}


def _commands(doc: str) -> list[tuple[str, list[str], str]]:
    out = []
    for block in CONSOLE.findall((DOCS / doc).read_text(encoding="utf-8")):
        parts = re.split(r"^\$ ", block, flags=re.M)
        for part in parts[1:]:
            line, _, shown = part.partition("\n")
            out.append((doc, shlex.split(line), shown.rstrip("\n")))
    return out


COMMANDS = [c for doc in DOC_FILES for c in _commands(doc)]


def _masked(text: str) -> str:
    """Timings change from run to run: mask them, and trailing spaces."""
    text = re.sub(r"\(\d+\.\d+ s(, [\d,]+ nodes/s)?\)", "(TIME)", text)
    return "\n".join(line.rstrip() for line in text.rstrip("\n").split("\n"))


@pytest.mark.slow
@pytest.mark.parametrize("doc,argv,shown", COMMANDS, ids=[" ".join(c[1]) for c in COMMANDS])
def test_console_examples(doc, argv, shown, capsys, workdirs, monkeypatch):
    monkeypatch.chdir(workdirs[doc])
    assert argv[0] == "gdl"
    assert main(argv[1:]) == 0
    assert _masked(capsys.readouterr().out) == _masked(shown)


@pytest.mark.parametrize("doc", cases(DOC_FILES, {"openspiel.md"}))
def test_doctests(doc, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for _, argv, _ in _commands(doc):   # the files the document's commands write, first
        assert main(argv[1:]) == 0
    capsys.readouterr()
    # A closing fence ends an example's expected output, as a blank line would.
    text = re.sub(r"^```.*$", "", (DOCS / doc).read_text(encoding="utf-8"), flags=re.M)
    test = doctest.DocTestParser().get_doctest(text, {}, doc, str(DOCS / doc), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test)
    assert result.attempted > 0
    assert result.failed == 0


DOCTESTED_MODULES = ["gdl.api", "gdl.position", "gdl.bridges.openspiel", "gdl.catalog",
                     "gdl.bridges.pettingzoo", "gdl.bridges.pettingzoo_parallel",
                     "gdl.bridges.gymnasium",
                     "gdl.solvers.search.perft", "gdl.solvers.search.pns", "gdl.ai.players",
                     "gdl.interpreter.core.geometry", "gdl.interpreter.core.lines"]


@pytest.mark.parametrize("name", cases(DOCTESTED_MODULES, {"gdl.bridges.openspiel"}))
def test_module_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
