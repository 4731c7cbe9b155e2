"""The documentation's examples are true: rules compile, errors and commands print as shown.

Fenced blocks in docs/language.md and docs/tutorial.md, by their info word:

- ```gdl            a complete rules file: it must compile and survive a few random games;
- ```gdl-fails      a complete rules file that compiles but fails in play: random games must
                    raise an error (an index outside its list, a division by zero);
- ```gdl-fragment   part of a file: skipped;
- ```gdl-error      a file that must raise `RulesError`; when the next block is a
                    ```text block starting "example.gdl:", it is the error's exact report;
- ```pycon          a Python session, run as a doctest (where the files saved before it are);
- ```console        `$ gdl ...` commands, each followed by its output (none shown: it must succeed).

A line `<!-- file: NAME -->` just before a gdl, gdl-fails or gdl-error block saves it as NAME;
console commands and pycon sessions run in a directory holding every file saved before them
(the latest version of each). Commands run are `list`, `check`, `perft`, `solve`, and `play`
when every seat is a seeded random player; timings are masked before comparing, and `list`
only needs the lines shown to be among the lines printed.

The reference must also keep up with the language: every keyword of the game grammar and
every built-in name and function is shown in docs/language.md, and each of the newer
features (zones, `here`, `slot`, `fill`, guarded effects, `line K in X`, a truth value
beside a set of cells) is used by a complete rules file there.
"""

from __future__ import annotations

import doctest
import random
import re
import shlex
from pathlib import Path

import attrs
import pytest

from gdl.cli.main import main
from gdl.errors import RulesError
from gdl.catalog import compile_text

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GRAMMAR = ROOT / "gdl" / "grammar" / "rules.lark"
DOC_FILES = ("language.md", "tutorial.md")
EXAMPLE_NAME = "example.gdl"
FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[\w-]*)\s*$")
FILE_MARK = re.compile(r"^\s*<!--\s*file:\s*(?P<name>[\w.-]+)\s*-->\s*$")
RUN = {"list", "check", "perft", "solve", "play"}
PLAYOUTS, MAX_PLIES = 5, 400


@attrs.frozen
class Block:
    doc: str
    line: int            # 1-based line of the opening fence
    info: str
    text: str            # the block's lines, dedented to the fence
    file: str | None     # the name given by a `<!-- file: NAME -->` line just before it

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"


@attrs.frozen
class Command:
    block: Block
    argv: tuple[str, ...]    # after `gdl`
    output: str              # the lines shown after the command, "" when none
    files: tuple[tuple[str, str], ...]   # (name, text) of the files saved before it

    @property
    def id(self) -> str:
        return f"{self.block.where} gdl {' '.join(self.argv)}"


def read_blocks(doc: str) -> list[Block]:
    """Every fenced block of docs/`doc`, in order."""
    lines = (DOCS / doc).read_text(encoding="utf-8").splitlines()
    blocks, i = [], 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match or not match.group("info"):
            i += 1
            continue
        indent, start = match.group("indent"), i
        body = []
        i += 1
        while i < len(lines) and lines[i].rstrip() != indent + "```":
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        before = [ln for ln in lines[:start] if ln.strip()]
        mark = FILE_MARK.match(before[-1]) if before else None
        blocks.append(Block(doc, start + 1, match.group("info"), "\n".join(body) + "\n",
                            mark.group("name") if mark else None))
        i += 1
    return blocks


def all_blocks(info: str) -> list[Block]:
    return [b for doc in DOC_FILES for b in read_blocks(doc) if b.info == info]


def saved_files(blocks: list[Block], upto: Block) -> tuple[tuple[str, str], ...]:
    """The files saved by the blocks before `upto` (the latest text of each name)."""
    files: dict[str, str] = {}
    for block in blocks:
        if block is upto:
            break
        if block.file and block.info in ("gdl", "gdl-fails", "gdl-error"):
            files[block.file] = block.text
    return tuple(files.items())


def read_commands(doc: str) -> list[Command]:
    """The `$ gdl ...` commands of a document's console blocks, with their outputs."""
    blocks = read_blocks(doc)
    commands = []
    for block in blocks:
        if block.info != "console":
            continue
        files = saved_files(blocks, block)
        current: list[str] | None = None
        output: list[str] = []
        for line in block.text.splitlines() + ["$ <end>"]:
            if line.startswith("$ "):
                if current and current[0] == "gdl":
                    commands.append(Command(block, tuple(current[1:]), "\n".join(output), files))
                current, output = shlex.split(line[2:]), []
            else:
                output.append(line)
    return commands


def runnable(command: Command) -> bool:
    if not command.argv or command.argv[0] not in RUN:
        return False
    if command.argv[0] != "play":
        return True
    argv = list(command.argv)
    seats = argv[argv.index("--players") + 1].split(",") if "--players" in argv else ["human"]
    return "--seed" in argv and all(seat == "random" for seat in seats)


def normalise(text: str) -> str:
    """Mask what changes from run to run (timings and rates) or from machine to machine (an
    exact solve's node count: C's table is not Python's; the notice of a first build in C,
    said only when the cache is cold), drop trailing spaces."""
    text = re.sub(r"^gdl: compiling \S+ to C \(first run only\) \.\.\.\n", "", text, flags=re.M)
    text = re.sub(r"\(\d+\.\d+ s, (?:[\d,]+|-) nodes/s\)", "(TIME)", text)
    text = re.sub(r"^time: \d+\.\d+ s$", "time: TIME", text, flags=re.M)
    text = re.sub(r"^nodes: \d+$", "nodes: N", text, flags=re.M)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def write_files(directory: Path, files) -> None:
    for name, text in files:
        (directory / name).write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- rules blocks

@pytest.mark.parametrize("block", all_blocks("gdl"), ids=lambda b: b.where)
def test_rules_block_compiles_and_plays(block):
    game = compile_text(block.text, block.file or EXAMPLE_NAME)
    rng = random.Random(0)
    for _ in range(PLAYOUTS):
        state, plies = game.initial_state(), 0
        while not game.is_terminal(state) and plies < MAX_PLIES:
            moves = game.legal_moves(state)
            if not moves:
                break   # a stuck position is the rules' business, not a crash
            move = rng.choice(list(moves))
            assert game.parse_move(state, game.move_text(state, move)) in moves
            state = game.apply(state, move)
            plies += 1
        game.render(state)


@pytest.mark.parametrize("block", all_blocks("gdl-fails"), ids=lambda b: b.where)
def test_failing_block_compiles_then_fails_in_play(block):
    game = compile_text(block.text, block.file or EXAMPLE_NAME)
    rng = random.Random(0)
    with pytest.raises((IndexError, ZeroDivisionError)):
        for _ in range(PLAYOUTS):
            state, plies = game.initial_state(), 0
            while not game.is_terminal(state) and plies < MAX_PLIES:
                moves = game.legal_moves(state)
                if not moves:
                    break
                state = game.apply(state, rng.choice(list(moves)))
                plies += 1


def _error_cases() -> list:
    cases = []
    for doc in DOC_FILES:
        blocks = read_blocks(doc)
        for i, block in enumerate(blocks):
            if block.info != "gdl-error":
                continue
            after = blocks[i + 1] if i + 1 < len(blocks) else None
            shown = None
            if after and after.info == "text" and after.text.startswith(EXAMPLE_NAME + ":"):
                shown = after.text
            cases.append(pytest.param(block, shown, id=block.where))
    return cases


@pytest.mark.parametrize("block, shown", _error_cases())
def test_error_block_is_refused_as_shown(block, shown):
    with pytest.raises(RulesError) as caught:
        compile_text(block.text, EXAMPLE_NAME)
    if shown is not None:
        assert normalise(caught.value.report()) == normalise(shown)


def test_every_rules_block_is_marked():
    """A block of rules is gdl, gdl-fragment or gdl-error: nothing else starts with a header."""
    for doc in DOC_FILES:
        for block in read_blocks(doc):
            first = block.text.lstrip().split(" ", 1)[0]
            if first in ("game", "puzzle", "constraints") and '"' in block.text.splitlines()[0]:
                assert block.info.startswith("gdl"), \
                    f"{block.where}: mark this block gdl, gdl-fragment or gdl-error"


# --------------------------------------------------------------------------- coverage

def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_]\w*", text))


def _game_keywords() -> set[str]:
    """The quoted words of the game grammar (the part before the puzzle statements)."""
    game_part = GRAMMAR.read_text(encoding="utf-8").split("%extend statement")[0]
    return set(re.findall(r'"([A-Za-z]+)"', game_part))


def test_the_reference_shows_every_word_of_the_language():
    """Each keyword, built-in name and function appears as code in docs/language.md."""
    from gdl.interpreter.core.check.scope import BUILTIN_NAMES, FUNCTIONS
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    shown = set()
    for span in re.findall(r"`([^`\n]+)`", text):
        shown |= _words(span)
    for block in read_blocks("language.md"):
        shown |= _words(block.text)
    missing = sorted((_game_keywords() | set(BUILTIN_NAMES) | set(FUNCTIONS)) - shown)
    assert not missing, f"docs/language.md never shows: {', '.join(missing)}"


# A feature and a pattern that finds it in the text of a rules file.
FEATURES = {
    "zones": r"^zones \w+:",
    "here": r"\bhere\b",
    "slot": r"\bslot\b",
    "fill": r"\bfill\b.*\bwith\b",
    "a guarded effect": r"\bthen\b.*\bif\b",
    "line K in X": r"\bline \w+ in\b",
    "a truth value beside cells": r"\bor no \(",
    "moves P": r"\bmoves (mover|opponent)\b",
    "a jump chain": r"\brepeatedly\b",
    "flank and flip": r"\bflank\b.*\bflip\b",
    "priority": r"^priority:",
    "a parameterised move": r"^move \w+ \w+ in\b",
    "a hex board": r"^board hex \w+ \w+",
    "a points board": r"^board \w+ x \w+ links\b",
    "a definition with parameters": r"^define \w+\(\w+(, \w+)*\):",
    "a hop chain that may stop": r"\bhop\b.*\brepeatedly at will\b",
    "a straight multi-jump": r"\brepeat jump\b",
}


@pytest.mark.parametrize("feature", FEATURES)
def test_the_reference_compiles_an_example_of(feature):
    texts = [b.text for b in read_blocks("language.md") if b.info == "gdl"]
    assert any(re.search(FEATURES[feature], text, re.M) for text in texts), \
        f"no complete rules file in docs/language.md uses {feature}"


# --------------------------------------------------------------------------- Python sessions

def _pycon_blocks() -> list:
    out = []
    for doc in DOC_FILES:
        blocks = read_blocks(doc)
        out += [pytest.param(b, saved_files(blocks, b), id=b.where)
                for b in blocks if b.info == "pycon"]
    return out


@pytest.mark.parametrize("block, files", _pycon_blocks())
def test_python_session(block, files, tmp_path, monkeypatch):
    write_files(tmp_path, files)
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(block.text, {}, block.where, block.doc, block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{block.where}: the session does not run as shown (see above)"


# --------------------------------------------------------------------------- commands

COMMANDS = [c for doc in DOC_FILES for c in read_commands(doc)]


def test_the_tutorial_shows_commands():
    shown = [c for c in COMMANDS if c.block.doc == "tutorial.md" and runnable(c) and c.output]
    assert {c.argv[0] for c in shown} >= {"list", "check", "perft", "solve", "play"}


@pytest.mark.parametrize("command", [c for c in COMMANDS if runnable(c)], ids=lambda c: c.id)
def test_command_prints_as_shown(command, tmp_path, monkeypatch, capsys):
    write_files(tmp_path, command.files)
    monkeypatch.chdir(tmp_path)
    status = main(list(command.argv))
    out, err = capsys.readouterr()
    printed = normalise(out + err)
    if not command.output.strip():
        assert status == 0, printed
        return
    shown = normalise(command.output)
    failed = bool(re.match(r"^(\S+:\d+:\d+: |gdl: error: )", shown))
    assert status == (1 if failed else 0), printed
    if command.argv[0] == "list":   # the games shown must be listed, with their titles
        rows = {tuple(line.split(None, 1)) for line in printed.splitlines()}
        assert {tuple(line.split(None, 1)) for line in shown.splitlines()} <= rows
    else:
        assert printed == shown
