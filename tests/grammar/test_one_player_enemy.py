"""`enemy` in a one-player game (issue 34, item 6): it names no piece at all, and every form
of it compiles and plays, or is a located error; never a one-line or an internal error.
(The red team's own file was not at hand; these are the forms it could have taken.)"""

from __future__ import annotations

import re

import pytest

from gdl.cli.main import main

FORMS = ["end: Solo wins if line 3 of enemy", "end: Solo wins if count enemy == 0",
         "end: Solo wins if streak (count king == 1) of enemy >= 2",
         "move: step king n to enemy", "move: jump king n s e w over enemy to empty",
         "move: place king on empty and adjacent enemy",
         "move: step king n s e w to enemy then remove adjacent here and enemy",
         "end: enemy wins if count king == 0", "setup enemy king: b2",
         "end: score count own - count enemy if plies >= 4",
         "illegal: attacked own king and count enemy == 0"]
LOCATED = re.compile(r"^\S+\.gdl:\d+:\d+: ")


@pytest.mark.parametrize("form", FORMS)
def test_enemy_in_a_one_player_game_plays_or_is_located(form, tmp_path, capsys):
    path = tmp_path / "alone.gdl"
    path.write_text(f'game "Alone"\nplayers Solo\nboard 3 x 3\npieces king\n'
                    f"setup Solo king: a1\nmove: step king n s e w to empty\n{form}\n"
                    f"end: draw if plies >= 5\n")
    for backend in ("python", "auto"):   # (auto: C where a compiler is)
        code = main(["perft", str(path), "3", "--backend", backend])
        out, err = capsys.readouterr()
        if code == 0:
            assert out.splitlines()[-1].isdigit()
        else:
            assert code == 1 and LOCATED.match(err), err
