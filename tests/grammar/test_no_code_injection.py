"""Rules text and option values are data: nothing a user writes runs, or reaches generated code.

A rules file compiles to Python source; a user controls its title, every name in
it and (through `--set`) the option values. Each attempt to smuggle code through
them must either be rejected with a located error or be carried as plain data:
the title shown verbatim, the names kept out of the generated source (which is
built from generated names only, so a player called `pl` or `b0` cannot collide
with the generated locals of the same name).
"""

from __future__ import annotations

import io
import os
import subprocess
import tokenize
from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import OptionError, RulesError, RulesSyntaxError
from gdl.catalog import compile_text
from gdl.interpreter import load_file
from gdl.solvers.search.perft import perft

PAYLOAD = "__import__('os').system('touch PWNED')"
TICTACTOE = [1, 9, 72, 504, 3024, 15120]

# Tic-tac-toe with an option for the side, a move counter and a named move rule: every
# kind of name the language has, so each can be replaced by a hostile or colliding one.
TICTACTOE_RULES = """\
game "{title}"
players {p0} {p1}
option {option} = 3
state {var} = 0
board {option} x {option}
symmetry dihedral
move {rule}: place on empty then {var} += 1
end: mover wins if line {option}
end: draw if full
"""
PLAIN = dict(title="Tic-tac-toe", p0="X", p1="O", option="k", var="played", rule="put")

# Nim with the move's parameters named too; `a1`/`a0` are the generated names of the
# parameters in the other order, `v0` the generated name of the state variable.
NIM_RULES = """\
game "Nim"
players {p0} {p1}
option {option} = [3, 4, 5]
state {var} = {option}
move {rule} {i} in 1..size({var}), {n} in 1..{var}[{i}]: {var}[{i}] -= {n}
end: mover wins if sum({var}) == 0
"""
NIM_PLAIN = dict(p0="First", p1="Second", option="heaps", var="heap", rule="take", i="h", n="n")

# Names the generated code uses itself, Python builtins and keywords.
HOSTILE_NAMES = [
    dict(p0="b0", p1="pl", option="res", var="s", rule="legal_moves"),
    dict(p0="__import__", p1="exec", option="os", var="m", rule="apply"),
    dict(p0="occ", p1="t", option="bit", var="low", rule="canonical"),
    dict(p0="None", p1="True", option="lambda", var="import", rule="def"),
    dict(p0="self", p1="globals", option="RETURNS", var="CELLS", rule="LINE3"),
]
NIM_HOSTILE_NAMES = [
    dict(p0="pl", p1="res", option="b0", var="v0", rule="apply", i="a1", n="a0"),
    dict(p0="eval", p1="exec", option="s", var="m", rule="moves_of", i="add", n="out"),
    dict(p0="import", p1="from", option="return", var="yield", rule="class", i="if", n="else"),
]


@pytest.fixture(autouse=True)
def nothing_runs(monkeypatch, tmp_path):
    """Each test runs in an empty directory where starting a process fails the test; at the
    end the directory holds only the rules files the test wrote."""
    monkeypatch.chdir(tmp_path)

    def refuse(*args, **kwargs):
        pytest.fail(f"something tried to run a command: {args!r}")

    monkeypatch.setattr(os, "system", refuse)
    monkeypatch.setattr(os, "popen", refuse)
    monkeypatch.setattr(subprocess, "Popen", refuse)
    yield
    assert not (tmp_path / "PWNED").exists()
    assert {p.name for p in tmp_path.iterdir()} <= {"rules"}


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / "rules" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def source_names(source: str) -> set[str]:
    """The Python names (identifiers and keywords) in generated source."""
    return {tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type == tokenize.NAME}


def check_output(capsys, path: Path) -> str:
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


# ---- titles

@pytest.mark.parametrize("title", [
    "x'); import os; os.system('touch PWNED'); ('",
    "x\\n" + PAYLOAD,                        # a backslash and an n, not a newline
    "{" + PAYLOAD + "}",                      # f-string braces
    "%s %(title)s {0} {title!r} \\x00 '''",
    "#" + PAYLOAD,
])
def test_a_title_is_data(tmp_path, capsys, title):
    path = write(tmp_path, "titled.gdl", TICTACTOE_RULES.format(**{**PLAIN, "title": title}))
    game = load_file(path)
    assert game.title == title
    assert title not in game.source and "PWNED" not in game.source
    assert "os" not in source_names(game.source)
    assert [perft(game, game.initial_state(), d) for d in range(5)] == TICTACTOE[:5]
    assert f"titled: {title} (game) - ok" in check_output(capsys, path)


@pytest.mark.parametrize("header, column", [
    ('game "x" + ' + PAYLOAD + ' + "y"', 10),   # breaking out of the string: a stray '+'
    ('game "x"; import os', 9),
    ('game "x" ' + PAYLOAD, 10),
])
def test_code_after_a_title_is_a_located_syntax_error(tmp_path, header, column):
    text = TICTACTOE_RULES.format(**PLAIN).replace('game "Tic-tac-toe"', header)
    with pytest.raises(RulesSyntaxError) as info:
        load_file(write(tmp_path, "header.gdl", text))
    assert (info.value.pos.line, info.value.pos.column) == (1, column)


# ---- names

@pytest.mark.parametrize("names", HOSTILE_NAMES, ids=lambda n: "-".join(n.values()))
def test_hostile_names_leave_the_generated_code_unchanged(names):
    game = compile_text(TICTACTOE_RULES.format(**{**PLAIN, **names}), "twin.gdl")
    plain = compile_text(TICTACTOE_RULES.format(**PLAIN), "twin.gdl")
    assert game.source == plain.source
    generated = source_names(plain.source)
    foreign = {n for n in names.values() if n not in generated}
    assert not foreign & source_names(game.source)
    assert game.players == (names["p0"], names["p1"])
    assert game.options == {names["option"]: 3}
    assert [perft(game, game.initial_state(), d) for d in range(len(TICTACTOE))] == TICTACTOE


@pytest.mark.parametrize("names", HOSTILE_NAMES[:2], ids=lambda n: "-".join(n.values()))
def test_an_option_with_a_hostile_name_can_be_set(names):
    text = TICTACTOE_RULES.format(**{**PLAIN, **names})
    game = compile_text(text, "twin.gdl", {names["option"]: "4"})
    assert game.options == {names["option"]: 4}
    assert [perft(game, game.initial_state(), d) for d in range(3)] == [1, 16, 16 * 15]


def test_a_move_counter_with_a_colliding_name_counts():
    names = HOSTILE_NAMES[0]
    game = compile_text(TICTACTOE_RULES.format(**{**PLAIN, **names}), "twin.gdl")
    state = game.moves_after(["a1", "b2", "c3"])
    assert game.render(state, details=True).splitlines()[-2] == f"{names['var']}: 3"
    assert game.render(state).splitlines()[-1] == f"{names['p1']} to move"


@pytest.mark.parametrize("names", NIM_HOSTILE_NAMES, ids=lambda n: "-".join(n.values()))
def test_hostile_parameter_names_leave_the_generated_code_unchanged(names):
    game = compile_text(NIM_RULES.format(**names), "twin.gdl")
    plain = compile_text(NIM_RULES.format(**NIM_PLAIN), "twin.gdl")
    bundled = catalog.load("nim")
    assert game.source == plain.source
    counts = [perft(bundled, bundled.initial_state(), d) for d in range(5)]
    assert [perft(game, game.initial_state(), d) for d in range(5)] == counts
    state = game.initial_state()
    move = game.legal_moves(state)[-1]
    assert game.move_text(state, move) == f"{names['rule']} 3 5"
    assert game.apply(state, move)[0] == (3, 4, 0)


@pytest.mark.parametrize("line, column", [
    ("players os.system X", 11),               # a dotted name: the '.' is a stray character
    ("players __import__('os') X", 19),        # a call: the '(' cannot follow a player's name
    ("option k = " + PAYLOAD, 23),             # a string literal does not exist in the language
    ("option k = 3; import os", 13),
])
def test_code_in_place_of_a_name_is_a_located_syntax_error(tmp_path, line, column):
    text = TICTACTOE_RULES.format(**PLAIN)
    target = "players X O" if line.startswith("players") else "option k = 3"
    with pytest.raises(RulesSyntaxError) as info:
        load_file(write(tmp_path, "names.gdl", text.replace(target, line)))
    lines = text.splitlines()
    assert (info.value.pos.line, info.value.pos.column) == (lines.index(target) + 1, column)


def test_a_name_as_an_option_default_is_a_located_error(tmp_path):
    text = TICTACTOE_RULES.format(**PLAIN).replace("option k = 3", "option k = exec")
    with pytest.raises(RulesError, match="not 'exec'") as info:
        load_file(write(tmp_path, "default.gdl", text))
    assert (info.value.pos.line, info.value.pos.column) == (3, 12)


# ---- option values and names from the user

HOSTILE_VALUES = [
    "__import__('os')",
    "1;import os",
    PAYLOAD,
    "4)); " + PAYLOAD + "; ((",
    "7 if " + PAYLOAD + " else 7",
    "[1, " + PAYLOAD + "]",
    "0x10",
    "1e3",
    "4.0",
    "True",
    "",
]


@pytest.mark.parametrize("value", HOSTILE_VALUES)
def test_a_hostile_option_value_is_rejected(value):
    with pytest.raises(OptionError, match="option width"):
        catalog.load("connect4", {"width": value})


@pytest.mark.parametrize("value", HOSTILE_VALUES)
def test_a_hostile_option_value_on_the_command_line_is_one_line(capsys, value):
    code = main(["check", "connect4", "--set", f"width={value}"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1 and err.startswith("gdl: error: option width")


@pytest.mark.parametrize("name", [PAYLOAD, "os.system", "__class__", "width;import os"])
def test_a_hostile_option_name_is_rejected(capsys, name):
    with pytest.raises(OptionError, match="this game has no option"):
        catalog.load("connect4", {name: "5"})
    code = main(["check", "connect4", "--set", f"{name}=5"])
    _, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in err and len(err.splitlines()) == 1


def test_option_values_reach_the_code_as_numbers():
    game = catalog.load("nim", {"heaps": " [1, 2,3] "})
    assert game.options == {"heaps": (1, 2, 3)}
    assert game.initial_state()[0] == (1, 2, 3)
    assert "[1, 2,3]" not in game.source
