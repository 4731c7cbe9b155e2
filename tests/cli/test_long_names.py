"""Names the system cannot even look up (issue 34's fuzz campaign: a Sokoban `--position`
whose text, read as a file name, was too long gave an internal OSError): a game, a level,
a record path of 300 characters or with a NUL are one-line errors."""

from __future__ import annotations

import pytest

from gdl.cli.main import main

LONG = "9" * 300


@pytest.mark.parametrize("args", [
    ["perft", "sokoban", "1", "--position", f"/../../BM../..B./../ kee{LONG}"],
    ["perft", f"x{LONG}.gdl", "1"],
    ["perft", f"x{LONG}.xsb", "1"],
    ["perft", "x\0y.gdl", "1"],
    ["perft", "tictactoe", "1", "--moves", f"{LONG}.json"],
])
def test_a_name_too_long_to_look_up_is_a_one_line_error(args, capsys):
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("gdl: error: ") and "internal error" not in err
    assert len(err.strip().splitlines()) == 1
