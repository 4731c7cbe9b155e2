"""The web board's JSON API (gdl.web) through Starlette's TestClient, without a browser:
each endpoint's answer, checked against the library and hand-written references, and the
requests it refuses."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from gdl.api import load
from gdl.catalog import compile_text
from gdl.errors import RulesError
from gdl.web import api
from gdl.web.app import MAX_BODY, create_app
from gdl.web.documents import move_cells
from gdl.web.library import Library

with warnings.catch_warnings():   # starlette asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TICTACTOE = """game "Tic-tac-toe"
players X O
board 3 x 3
move: place on empty
end: mover wins if line 3
end: draw if full
"""


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    rules = tmp_path_factory.mktemp("rules") / "mine.gdl"
    rules.write_text(TICTACTOE.replace("Tic-tac-toe", "Mine"), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield TestClient(create_app(Library([str(rules)]), hosts={"testserver"}))


def post(client, name, body, status=200):
    response = client.post(f"/api/{name}", json=body)
    assert response.status_code == status, response.text
    return response.json()


def test_games_lists_the_bundled_games_and_the_command_lines_files(client):
    games = client.get("/api/games").json()["games"]
    names = {g["name"]: g for g in games}
    assert names["connect4"] == {"name": "connect4", "title": "Connect Four", "kind": "game",
                                 "source": "bundled"}
    assert names["sudoku"]["kind"] == "constraints"
    mine = [g for g in games if g["source"] == "file"]
    assert len(mine) == 1 and mine[0]["title"] == "Mine"


def test_a_file_given_on_the_command_line_loads(client):
    name = [g for g in client.get("/api/games").json()["games"] if g["source"] == "file"][0]
    doc = post(client, "load", {"game": name["name"]})
    assert doc["title"] == "Mine" and len(doc["position"]["legal"]) == 9


def test_load_gives_the_geometry_and_the_start(client):
    doc = post(client, "load", {"game": "connect4", "options": {"width": 5, "height": "4"}})
    board = doc["board"]
    assert (board["shape"], board["width"], board["height"]) == ("square", 5, 4)
    assert len(board["cells"]) == 20 and doc["options"]["width"] == 5
    assert [m["text"] for m in doc["position"]["legal"]] == ["a1", "b1", "c1", "d1", "e1"]


def test_the_pages_default_seat_is_the_command_lines(client):
    from gdl.cli.parser import build_parser
    level = build_parser().parse_args(["play", "tictactoe"]).level
    assert post(client, "load", {"game": "connect4"})["default_seat"] == f"ai:{level}" \
        == "ai:hard"
    app = (Path(api.__file__).parent / "static" / "app.js").read_text(encoding="utf-8")
    assert "info.default_seat" in app and '"ai:medium"));' not in app   # the page uses it


@pytest.mark.parametrize("name, shape, cells, links", [
    ("hex", "hex", 121, 0), ("nine_mens_morris", "points", 24, 32),
    ("draughts", "square", 32, 0), ("mancala", "square", 14, 0)])
def test_every_board_kind_has_its_cells(client, name, shape, cells, links):
    board = post(client, "load", {"game": name})["board"]
    assert board["shape"] == shape and len(board["cells"]) == cells
    assert len(board["links"]) == links
    game = load(name)
    assert {c["name"] for c in board["cells"]} == {game.geometry.name(c)
                                                   for c in game.geometry.cells}


def test_mancala_has_pits_and_two_stores(client):
    doc = post(client, "load", {"game": "mancala"})
    stores = [c["name"] for c in doc["board"]["cells"] if c.get("store")]
    assert sorted(stores) == ["a2", "h1"] and doc["board"]["counted"]
    counts = doc["position"]["counts"]
    assert sum(counts.values()) == 48 and counts["h1"] == counts["a2"] == 0


def test_draughts_playable_squares_are_the_dark_ones(client):
    board = post(client, "load", {"game": "draughts"})["board"]
    assert board["subset"] and all((c["x"] + c["y"]) % 2 == 0 for c in board["cells"])


def test_moves_replays_and_names_each_moves_cells(client):
    moves = ["a3-b4", "f6-e5", "g3-h4", "e7-f6", "b4-c5", "b6xd4"]
    doc = post(client, "moves", {"game": "draughts", "moves": moves})
    assert doc["to_move"] == "Black" and doc["last"] == ["b6", "d4"]
    assert doc["legal"] == [{"text": "e3xc5xe7", "cells": ["e3", "c5", "e7"]}]


def test_move_cells_keep_order_and_repeats():
    amazons = load("amazons")
    assert move_cells(amazons, "d1-d7/d1") == ["d1", "d7", "d1"]
    assert move_cells(load("nim"), "take 1 2") == []


def test_apply_plays_a_legal_move_and_refuses_an_illegal_one(client):
    doc = post(client, "apply", {"game": "tictactoe", "moves": ["b2"], "move": "a1"})
    assert doc["moves"] == ["b2", "a1"] and doc["to_move"] == "X"
    bad = post(client, "apply", {"game": "tictactoe", "moves": ["b2"], "move": "b2"}, 422)
    assert bad["type"] == "IllegalMove" and "b2" not in bad["legal"] and len(bad["legal"]) == 8


def test_a_finished_game_has_its_result(client):
    doc = post(client, "moves", {"game": "tictactoe",
                                 "moves": ["a1", "b1", "a2", "b2", "a3"]})
    assert doc["over"] and doc["result"] == "X won" and doc["legal"] == []


def test_ai_finds_the_winning_move_within_its_time(client):
    doc = post(client, "ai", {"game": "tictactoe", "moves": ["a1", "b1", "a2", "b2"],
                              "seconds": 0.5})
    assert doc["move"] == "a3" and doc["outcome"] == "win" and doc["seconds"] <= 5
    rand = post(client, "ai", {"game": "connect4", "engine": "random", "seed": 3})
    assert rand["move"] in {f"{c}1" for c in "abcdefg"}


def test_solve_a_game_a_puzzle_and_a_constraint_puzzle(client):
    game = post(client, "solve", {"game": "tictactoe"})
    assert game["value"] == "draw" and game["to_move"] == "X"
    start = post(client, "scramble", {"game": "eight_puzzle", "steps": 12, "seed": 5})["start"]
    puzzle = post(client, "solve", {"game": "eight_puzzle", "start": start})
    assert puzzle["length"] == len(puzzle["solution"]) <= 12
    after = post(client, "moves", {"game": "eight_puzzle", "start": start,
                                   "moves": puzzle["solution"]})
    assert after["goal"] and after["result"] == "solved"
    sudoku = post(client, "solve", {"game": "sudoku"})
    assert sudoku["status"] == "unique" and _sudoku_ok(sudoku["solution"])


def _sudoku_ok(grid: str) -> bool:
    """A hand-written Sudoku referee: every row, column and box holds 1..9."""
    rows = [grid[r * 9:(r + 1) * 9] for r in range(9)]
    groups = rows + ["".join(row[c] for row in rows) for c in range(9)]
    groups += ["".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
               for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(sorted(g) == list("123456789") for g in groups)


def test_constraints_name_the_broken_constraint_and_its_cells(client):
    givens = load("sudoku").grid_string(load("sudoku").default_givens)
    values = givens[:2] + "5" + givens[3:]   # a second 5 in row 1 (r1c1 is 5)
    doc = post(client, "constraints", {"game": "sudoku", "values": values})
    labels = [c["label"] for c in doc["conflicts"]]
    assert any(label.startswith("all different in row 1") for label in labels)
    row = next(c for c in doc["conflicts"] if c["label"].startswith("all different in row 1"))
    assert row["culprits"] == ["r1c1", "r1c3"] and not doc["solved"]
    solved = post(client, "solve", {"game": "sudoku"})["solution"]
    assert post(client, "constraints", {"game": "sudoku", "values": solved})["solved"]


def test_check_locates_an_error_as_the_command_line_does(client):
    text = TICTACTOE.replace("place on empty", "place on emty")
    doc = post(client, "check", {"text": text})
    with pytest.raises(RulesError) as raised:
        compile_text(text, "editor.gdl")
    error = doc["errors"][0]
    assert not doc["ok"] and error["error"] == str(raised.value)
    line = 4
    assert (error["line"], error["column"]) == (line, text.splitlines()[line - 1].index("emty") + 1)
    assert error["error"].startswith(f"editor.gdl:4:{error['column']}: ")


def test_a_checked_text_can_be_played(client):
    doc = post(client, "check", {"text": TICTACTOE})
    assert doc["ok"] and doc["game"].startswith("editor:")
    played = post(client, "apply", {"game": doc["game"], "move": "b2"})
    assert played["moves"] == ["b2"]
    assert client.get("/api/source", params={"game": doc["game"]}).text == TICTACTOE


@pytest.mark.parametrize("name, body, status, says", [
    ("load", {"game": "/etc/passwd"}, 404, "no game named"),
    ("load", {"game": "../gdl/games/line/tictactoe.gdl"}, 404, "no game named"),
    ("load", {}, 400, "'game' is required"),
    ("load", {"game": "connect4", "options": {"width": 99}}, 422, "width must be"),
    ("load", {"game": "connect4", "options": {"wide": 5}}, 400, "wide"),
    ("moves", {"game": "tictactoe", "moves": "a1"}, 400, "must be a list"),
    ("moves", {"game": "tictactoe", "moves": ["a1"] * (api.MAX_MOVES + 1)}, 400, "at most"),
    ("ai", {"game": "tictactoe", "seconds": 60}, 400, "at most 10"),
    ("ai", {"game": "tictactoe", "seconds": True}, 400, "must be a number"),
    ("ai", {"game": "tictactoe", "level": "godlike"}, 400, "level must be"),
    ("ai", {"game": "tictactoe", "moves": ["a1", "b1", "a2", "b2", "a3"]}, 422, "over"),
    ("check", {"text": "x" * (api.MAX_TEXT + 1)}, 400, "at most"),
    ("scramble", {"game": "tictactoe"}, 400, "not a puzzle"),
    ("constraints", {"game": "sudoku", "values": "12"}, 422, "symbols"),
    ("moves", {"game": "sudoku"}, 400, "constraint puzzle"),
])
def test_bad_requests_are_refused_with_a_reason(client, name, body, status, says):
    doc = post(client, name, body, status)
    assert says in doc["error"]


def test_a_body_too_large_or_not_json_is_refused(client):
    big = client.post("/api/check", content=b" " * (MAX_BODY + 1),
                      headers={"content-type": "application/json"})
    assert big.status_code == 413
    as_json = {"content-type": "application/json"}
    assert client.post("/api/load", content=b"{not json", headers=as_json).status_code == 400
    assert client.post("/api/load", content=json.dumps([1, 2]),
                       headers=as_json).status_code == 400


def test_the_page_and_its_scripts_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and '<svg id="board"' in page.text
    for script in ("app.js", "board.js", "moves.js", "editor.js", "api.js", "turns.js",
                   "style.css"):
        assert client.get(f"/{script}").status_code == 200
    assert client.get("/../pyproject.toml").status_code == 404


def test_serve_refuses_an_unknown_game_in_one_line(capsys):
    from gdl.cli.main import main
    assert main(["serve", "conect4"]) == 1
    err = capsys.readouterr().err
    assert "did you mean 'connect4'" in err and "Traceback" not in err
