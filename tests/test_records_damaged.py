"""Damaged game records (issue 34, item 4): every one is refused in one line that names the
file and what is wrong, by `gdl replay`, `--moves FILE` and gdl.load_record alike; never an
internal error. And `gdl replay` shows the result its moves give, not the stored text."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import gdl
from gdl.cli.main import main

# tictactoe, random players, seed 1: O wins on the 8th move
MOVES = ["c3", "b2", "c1", "a1", "a2", "b3", "a3", "b1"]


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("records") / "good.json"
    assert main(["play", "tictactoe", "--players", "random,random", "--seed", "1",
                 "--save", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["moves"] == MOVES and data["result"] == "O wins (X -1, O 1)"
    return data


def changed(**fields: Any) -> Callable[[dict[str, Any]], str]:
    """A damage: the record with these fields replaced ("start_x" for start's x)."""
    def damage(data: dict[str, Any]) -> str:
        for name, value in fields.items():
            if name.startswith("start_"):
                data["start"][name.removeprefix("start_")] = value
            else:
                data[name] = value
        return json.dumps(data)
    return damage


def appended(move: str) -> Callable[[dict[str, Any]], str]:
    def damage(data: dict[str, Any]) -> str:
        data["moves"].append(move)
        data["seconds"].append(0.5)
        return json.dumps(data)
    return damage


def text(replace: str, by: str) -> Callable[[dict[str, Any]], str]:
    """A damage to the JSON text itself (what json.dumps cannot write)."""
    return lambda data: json.dumps(data).replace(replace, by, 1)


def nan_first_time(data: dict[str, Any]) -> str:
    """The first move's time written as NaN (the time made known first: a move's measured
    time need not be 0.0, and replacing a prefix of 0.0123 would damage the JSON instead)."""
    data["seconds"][0] = 0.25
    return json.dumps(data).replace('"seconds": [0.25', '"seconds": [NaN', 1)


DEEP = "[" * 100_000 + "]" * 100_000

# (damage, what the one line says after "FILE: ")
DAMAGES = {
    "moves as numbers": (changed(moves=[1, 2, 3, 4, 5, 6, 7, 8]),
                         "moves[0] should be a text, not 1"),
    "a move as a list": (changed(moves=MOVES[:3] + [["a1"]] + MOVES[4:]),
                         "moves[3] should be a text, not a list"),
    "moves as a text": (changed(moves="c3 b2"), "moves should be a list of texts, not 'c3 b2'"),
    "deep nesting": (lambda data: DEEP, "not a gdl game record (nested too deeply)"),
    "deep nesting in moves": (text('"moves": [', '"moves": [' + DEEP + ", "),
                              "not a gdl game record (nested too deeply)"),
    "a 5,000-digit number": (text('"version": 1', '"version": 1' + "0" * 5000),
                             "not a gdl game record (Exceeds the limit (4300 digits) for "
                             "integer string conversion)"),
    "a 4,000-digit seed": (text('"seed": null', '"seed": ' + "9" * 4000),
                           None),   # readable, and a seed may be any whole number
    "a scramble of a game": (changed(start_scramble=5),
                             "start.scramble: tictactoe is not a puzzle with a goal to scramble"),
    "a scramble as a text": (changed(start_scramble="5"),
                             "start.scramble should be a whole number, not '5'"),
    "a negative scramble": (changed(start_scramble=-1),
                            "start.scramble should be from 0 to 100,000, not -1"),
    "a huge scramble": (changed(start_scramble=10**40),
                        "start.scramble should be from 0 to 100,000, not a very large number"),
    "a scramble and moves": (changed(start_scramble=3, start_moves=["b2"]),
                             "start has a scramble and also moves or a position: one or the "
                             "other"),
    "a move after the end": (appended("c2"), "move 9: 'c2': the game is already over"),
    "an illegal move": (changed(moves=["c3", "c3"], seconds=[0, 0]),
                        "move 2: 'c3' is not a legal move; legal moves: a1 b1 c1 a2 b2 c2 "
                        "a3 b3"),
    "an illegal start move": (changed(start_moves=["zz"]),
                              "start move 1: 'zz' is not a legal move; legal moves: a1 b1 c1 "
                              "a2 b2 c2 a3 b3 c3"),
    "a position it cannot read": (changed(start_position="XX"),
                                  "start.position: the board has 3 rows, the position 1"),
    "fewer times than moves": (changed(seconds=[0.1]),
                               "seconds should be one time (0 or more) for each of the 8 moves"),
    "a time of NaN": (nan_first_time,
                      "seconds[0] should be a finite number, not nan"),
    "a negative time": (changed(seconds=[-1] * 8),
                        "seconds should be one time (0 or more) for each of the 8 moves"),
    "one player": (changed(players=["random"]), "players: 1 named, but tictactoe has 2 seats"),
    "three payoffs": (changed(payoffs=[1, 0, -1]), "payoffs: 3 given, but tictactoe has 2 "
                                                   "players"),
    "a payoff as a text": (changed(payoffs=["1", "-1"]),
                           "payoffs[0] should be a number, not '1'"),
    "a lone surrogate": (changed(players=["\ud800", "random"]),
                         "players[0] is not valid Unicode (a lone surrogate)"),
    "version true": (changed(version=True), "a record of version true; this gdl reads "
                                            "version 1"),
    "no moves field": (lambda data: json.dumps({k: v for k, v in data.items() if k != "moves"}),
                       'no "moves" field'),
    "options as a list": (changed(options=["n=3"]), "options should be an object, not a list"),
    "an unknown option": (changed(options={"n": "3"}),
                          "this game has no option 'n' (its options: none)"),
    "a game as a list": (changed(game=["tictactoe"]), "game should be a text, not a list"),
    "start as a text": (changed(start="b2"), "start should be an object, not 'b2'"),
    "not a record": (lambda data: "[1, 2]", 'not a gdl game record (no "format": "gdl-record")'),
    "not UTF-8": (lambda data: "\udcff", "not JSON (not UTF-8 text at byte 0)"),
    "empty": (lambda data: "", "not JSON (Expecting value, line 1)"),
}


def damaged(tmp_path: Path, good: dict[str, Any], case: str) -> Path:
    path = tmp_path / "damaged.json"
    damage, _ = DAMAGES[case]
    path.write_bytes(damage(json.loads(json.dumps(good))).encode("utf-8", "surrogateescape"))
    return path


@pytest.mark.parametrize("case", DAMAGES)
def test_a_damaged_record_is_one_line_naming_the_file(capsys, tmp_path, good, case):
    path = damaged(tmp_path, good, case)
    expected = DAMAGES[case][1]
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    if expected is None:
        assert code == 0 and err == ""
        return
    assert (code, out, err) == (1, "", f"gdl: error: {path}: {expected}\n")


@pytest.mark.parametrize("case", DAMAGES)
def test_moves_from_a_damaged_record_and_load_record_refuse_it_alike(capsys, tmp_path, good,
                                                                      case):
    path = damaged(tmp_path, good, case)
    expected = DAMAGES[case][1]
    if expected is None:
        assert gdl.load_record(path).is_over
        return
    with pytest.raises(gdl.GdlError) as refused:
        gdl.load_record(path)
    assert str(refused.value) == f"{path}: {expected}"
    if "position" in case or "scramble" in case:
        return   # --moves refuses a record with a start of its own before its moves
    code = main(["perft", "tictactoe", "1", "--moves", str(path)])
    _, err = capsys.readouterr()
    assert (code, err) == (1, f"gdl: error: {path}: {expected}\n")


def test_replay_prints_the_result_the_moves_give_and_names_a_stored_one_that_differs(
        capsys, tmp_path, good):
    path = tmp_path / "lie.json"
    path.write_text(json.dumps(dict(good, result="X wins (X 1, O -1)", payoffs=[1, -1])))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 0
    assert out.splitlines()[-1] == "result after 8 moves: O wins (X -1, O 1)"
    assert err == (f"gdl: warning: {path}: the record says 'X wins (X 1, O -1)', but its "
                   f"moves give 'O wins (X -1, O 1)'\n")


def test_replay_of_an_unfinished_game_that_claims_a_result(capsys, tmp_path, good):
    path = tmp_path / "short.json"
    path.write_text(json.dumps(dict(good, moves=MOVES[:4], seconds=[0] * 4)))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 0 and out.splitlines()[-1] == "result after 4 moves: unfinished"
    assert err.endswith("but its moves give 'an unfinished game'\n")


def test_a_resignation_replays_as_the_stored_result(capsys, tmp_path, good):
    path = tmp_path / "resigned.json"   # after 3 moves O is to move: O may resign
    path.write_text(json.dumps(dict(good, moves=MOVES[:3], seconds=[0] * 3,
                                    result="O resigns", payoffs=[1, -1])))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "") and out.splitlines()[-1] == "result after 3 moves: O resigns"
    path.write_text(json.dumps(dict(good, moves=MOVES[:3], seconds=[0] * 3,
                                    result="X resigns", payoffs=[-1, 1])))
    main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "result after 3 moves: unfinished"
    assert "the record says 'X resigns'" in err


def test_a_record_is_written_whole_or_not_at_all(tmp_path, good, monkeypatch):
    path = tmp_path / "kept.json"
    path.write_text("the old file\n")
    record = gdl.records.from_json(good)

    def fail(*args: Any) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("os.replace", fail)
    with pytest.raises(OSError):
        record.save(path)
    assert path.read_text() == "the old file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.json"]   # no temporary file left
    monkeypatch.undo()
    record.save(path)
    assert gdl.records.read(path) == record
