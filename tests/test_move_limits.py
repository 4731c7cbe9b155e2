"""Games that never end: `gdl play` and `gdl match` stop at --max-plies (a draw by the move
limit, said so), and `gdl check` warns when random games never reach an end."""

from __future__ import annotations

import json

import pytest

from gdl import limits
from gdl.cli.main import main

NO_END = '''game "Shuffle"
players A B
state n = 0
move up k in 1..1: n += k
move down k in 1..1: n -= k
end: draw if n == 1000000
'''


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.mark.slow
def test_check_warns_when_random_games_never_end(capsys, tmp_path):
    path = tmp_path / "shuffle.gdl"
    path.write_text(NO_END)
    code, lines, _ = run(capsys, "check", str(path))
    assert code == 0
    warning = [line for line in lines if "warning" in line]
    assert warning == ["  warning: 200 of 200 random games did not end within 1,000 moves: the "
                       "game may never end (`gdl play` and `gdl match` call it a draw after "
                       "--max-plies)"]
    code, lines, _ = run(capsys, "check", "tictactoe")
    assert code == 0 and not any("warning" in line for line in lines)


def test_play_stops_a_game_without_end_at_the_default_move_limit(capsys, tmp_path):
    path = tmp_path / "shuffle.gdl"
    path.write_text(NO_END)
    code, lines, _ = run(capsys, "play", str(path), "--players", "random,random", "--seed", "1")
    assert code == 0
    assert lines[-1] == f"result after {limits.MAX_PLIES} moves: a draw by the move limit " \
                        f"(--max-plies)"


@pytest.mark.slow
def test_ai_draughts_reaches_a_result(capsys):
    code, lines, _ = run(capsys, "play", "draughts", "--players", "ai,ai", "--time", "0.05",
                         "--seed", "1", "--max-plies", "24")
    assert code == 0
    assert lines[-1] == "result after 24 moves: a draw by the move limit (--max-plies)"


def test_match_counts_games_cut_by_the_move_limit(capsys):
    code, lines, _ = run(capsys, "match", "draughts", "--players", "random,random",
                         "--games", "4", "--max-plies", "10")
    assert code == 0 and lines[-1] == "4 of them drawn by the move limit"
    code, lines, _ = run(capsys, "match", "draughts", "--players", "random,random",
                         "--games", "2", "--max-plies", "10", "--json")
    data = json.loads("\n".join(lines))
    assert (data["draws_by_move_limit"], data["played"], data["interrupted"]) == (2, 2, False)
    assert data["players"][0]["draws"] == 2
