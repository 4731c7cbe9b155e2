"""Game records: `gdl play --save`, `gdl replay`, `--moves FILE` and gdl.load_record."""

from __future__ import annotations

import io
import json
import re

import pytest

import gdl
from gdl import records
from gdl.cli import colour as cli_colour
from gdl.catalog import resolve
from gdl.cli.main import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def boards_and_moves(lines: list[str]) -> list[str]:
    """The lines play and replay share: boards and "N. P plays M" (replay adds the time)."""
    return [re.sub(r"  \(\d+\.\d\d s\)$", "", line) for line in lines[1:]]


def test_a_full_draughts_game_round_trips(capsys, tmp_path):
    path = tmp_path / "draughts.json"
    code, played, _ = run(capsys, "play", "draughts", "--players", "random,random",
                          "--seed", "5", "--max-plies", "400", "--save", str(path))
    # drawn by 40 moves each without a capture or a man's move
    assert code == 0 and played[-1] == "result after 173 moves: draw (Black 0, White 0)"
    data = json.loads(path.read_text())
    assert data["format"] == "gdl-record" and data["game"] == "draughts"
    assert data["rules_sha256"] == records.rules_hash("draughts")
    assert len(data["moves"]) == len(data["seconds"]) == 173
    assert data["players"] == ["random", "random"] and data["payoffs"] == [0.0, 0.0]
    assert any("x" in move for move in data["moves"])   # capture chains among them
    code, replayed, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert boards_and_moves(replayed) == boards_and_moves(played)
    position = gdl.load_record(path)
    assert position.is_over and str(position.result) == "draw (Black 0, White 0)"
    assert position.moves == tuple(data["moves"])


def test_a_record_continues_through_moves(capsys, tmp_path):
    path = tmp_path / "t.json"
    run(capsys, "play", "tictactoe", "--players", "random,random", "--seed", "1",
        "--max-plies", "4", "--save", str(path))
    record = records.read(path)
    assert record.result is None and len(record.moves) == 4
    code, lines, _ = run(capsys, "perft", "tictactoe", "2", "--moves", str(path))
    code_text, lines_text, _ = run(capsys, "perft", "tictactoe", "2", "--moves",
                                   " ".join(record.moves))
    assert code == code_text == 0 and lines[-1] == lines_text[-1] == "16"
    assert gdl.perft(gdl.load_record(path), 2).count == 16


def test_a_record_whose_rules_changed_is_refused(capsys, tmp_path):
    rules = tmp_path / "mine.gdl"
    rules.write_text(resolve("tictactoe").read_text())
    path = tmp_path / "mine.json"
    run(capsys, "play", str(rules), "--players", "random,random", "--seed", "2",
        "--save", str(path))
    rules.write_text(rules.read_text().replace("line 3", "line 2"))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == []
    assert err.count("\n") == 1
    assert "was played with other rules for" in err and "cannot be trusted" in err
    with pytest.raises(gdl.GdlError, match="other rules"):
        gdl.load_record(path)


def test_what_is_not_a_record_is_refused_in_one_line(capsys, tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"moves": []}))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert err == f'gdl: error: {path}: not a gdl game record (no "format": "gdl-record")\n'


def test_a_human_undoes_asks_for_a_hint_then_resigns(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("b2\nundo\nundo\nhint\nresign\n"))
    path = tmp_path / "r.json"
    code, lines, _ = run(capsys, "play", "tictactoe", "--players", "human,ai:easy",
                         "--seed", "1", "--time", "0.05", "--save", str(path))
    text = "\n".join(lines)
    assert code == 0
    assert "took back 2 moves" in text and "nothing to undo" in text
    assert re.search(r"hint: [a-c][1-3]", text)
    assert lines[-1] == "result after 0 moves: X resigns"
    assert records.read(path).payoffs == (-1.0, 1.0)


def test_quit_leaves_the_game_unfinished_with_its_moves(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("a1\nb1\nquit\n"))
    code, lines, _ = run(capsys, "play", "tictactoe", "--players", "human,human")
    assert code == 0
    assert lines[-2:] == ["moves: a1 b1", "result after 2 moves: unfinished"]


def test_colour_only_on_a_terminal_without_no_color(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert cli_colour.wanted(Terminal()) and not cli_colour.wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not cli_colour.wanted(Terminal())


def test_colour_marks_pieces_and_the_last_move():
    game = gdl.load("tictactoe")
    position = gdl.Position(game, ["b2", "a1"])
    picture = cli_colour.colour_board(game, str(position), cli_colour.move_cells(game, "a1"))
    rows = picture.split("\n")
    assert rows[1] == " 2 . " + cli_colour.PLAYER_STYLES[0] + "X" + cli_colour.RESET + " ."
    assert cli_colour.LAST_MOVE + "O" in rows[2]
    assert rows[3:] == ["   a b c", "X to move"]


def test_a_scrambled_puzzle_round_trips(capsys, tmp_path):
    path = tmp_path / "puzzle.json"
    code, played, _ = run(capsys, "play", "eight_puzzle", "--players", "ai", "--seed", "2",
                          "--save", str(path))
    record = records.read(path)
    assert code == 0 and (record.start.scramble, record.start.seed) == (20, 2)
    position = gdl.load_record(path)
    assert position.is_over and position.result.text == "solved (payoff 1)"
    code, replayed, _ = run(capsys, "replay", str(path))
    assert replayed[-2:] == played[-2:]


@pytest.mark.slow
def test_a_game_from_a_position_keeps_it_in_its_record(capsys, tmp_path):
    path = tmp_path / "from.json"
    code, played, _ = run(capsys, "play", "tictactoe", "--position", "X../.O./... X",
                          "--players", "random,random", "--seed", "1", "--save", str(path))
    record = records.read(path)
    assert code == 0 and record.start.position == "X../.O./... X"
    position = gdl.load_record(path)
    assert position.moves == record.moves and str(position.result) == record.result
    code, replayed, _ = run(capsys, "replay", str(path))
    assert boards_and_moves(replayed) == boards_and_moves(played)
    code, _, err = run(capsys, "perft", "tictactoe", "1", "--moves", str(path))
    assert code == 1 and "starts from a position of its own" in err
