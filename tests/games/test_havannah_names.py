"""Havannah's one set of cell names: OpenSpiel's (`notation havannah`, rows counted from the
top) is what a move typed at `gdl play`, in `--moves`, through the API or the web board
means, what is shown, listed when a move is refused, and saved; a record saved before
(in the board's own names, `a1` bottom-left) is renamed as it loads.

On the side-4 board OpenSpiel's d1 is the top row's last cell, (x 3, y 6) of the rules'
grid, which the rules file calls d7; OpenSpiel's d7 is the bottom row's first, the rules' d1.
"""

from __future__ import annotations

import io
import json
import random

import pytest

import gdl
from gdl import records
from gdl.cli.main import main
from gdl.errors import GdlError, IllegalMove
from gdl.interpreter.notation import adapter

TOP_D = (3, 6)   # OpenSpiel's d1 on the rules' grid (x, y from the bottom)


def havannah():
    return gdl.load("havannah", backend="python", size=4)


def stone_at(game, state) -> tuple[int, int]:
    """(x, y) of the one White stone on the board."""
    (cell,) = [c for c in game.geometry.cells if state[0] >> c & 1]
    return game.geometry.xy(cell)


def test_the_api_plays_a_typed_name_as_openspiels_cell():
    game = havannah()
    position = gdl.Position(game, ["d1"])
    assert stone_at(game, position.state) == TOP_D and position.moves == ("d1",)
    assert game.ir.geometry.name(game.ir.geometry.cell(*TOP_D)) == "d7"   # the rules' name
    chosen = gdl.ai_move(game, moves=["d1"], level="easy", seed=1, backend="python")
    after = game.apply(position.state, game.parse_move(position.state, chosen.move))
    assert chosen.move in adapter(game).legal_texts(position.state) and chosen.move != "d1"
    assert game.move_text(position.state, game.parse_move(position.state, chosen.move)) \
        == chosen.move and not game.is_terminal(after)
    with pytest.raises(IllegalMove) as refused:
        gdl.Position(game, ["d1", "d1"])
    assert "'d1' is not a legal move; legal moves: d7 e7 f7 g7 c6 " in str(refused.value)
    assert "d1" not in refused.value.legal and "a1" in refused.value.legal


def test_gdl_play_reads_typed_names_and_saves_them(capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("d1\nd1\nd7\nquit\n"))   # d1 twice: taken
    code = main(["play", "havannah", "--set", "size=4", "--players", "human,human",
                 "--save", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "'d1' is not a legal move; legal moves: d7 e7 f7 g7 c6 " in out
    saved = json.loads(path.read_text())
    assert saved["moves"] == ["d1", "d7"] and saved["names"] == "havannah"
    game = havannah()
    state = records.load(path).state
    assert stone_at(game, state) == TOP_D
    black = [game.geometry.xy(c) for c in game.geometry.cells if state[1] >> c & 1]
    assert black == [(3, 0)]   # OpenSpiel's d7: the bottom row's first cell


def test_moves_on_the_command_line_are_openspiels_cells(capsys):
    assert main(["play", "havannah", "--set", "size=4", "--moves", "d1 d7",
                 "--players", "random,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    first = out.index(" 1       . . . W")   # White's d1, drawn in the top row, numbered 1
    assert out[first + 6] == " 7       B . . ."   # Black's d7 in the bottom row
    assert main(["perft", "havannah", "1", "--set", "size=4", "--moves", "d1 d1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("gdl: error: --moves, move 2: 'd1' is not a legal move; legal "
                          "moves: d7 e7 f7 g7 c6 ")


def test_the_web_api_plays_typed_names_as_openspiels_cells(web):
    doc = web("moves", {"game": "havannah", "options": {"size": 4}, "moves": ["d1"]})
    assert doc["last"] == ["d1"] and doc["moves"] == ["d1"]
    assert doc["position"].endswith("Black group=d1")
    board = web("load", {"game": "havannah", "options": {"size": 4}})["board"]
    (cell,) = [c for c in board["cells"] if c["name"] == "d1"]
    assert (cell["x"], cell["y"]) == TOP_D
    bad = web("apply", {"game": "havannah", "options": {"size": 4}, "moves": ["d1"],
                        "move": "d1"}, 422)
    assert bad["type"] == "IllegalMove" and bad["legal"][:4] == ["d7", "e7", "f7", "g7"]
    assert "d1" not in bad["legal"]


@pytest.fixture
def web():
    import warnings
    from gdl.web.app import create_app
    from gdl.web.library import Library
    with warnings.catch_warnings():   # starlette asks for httpx2; httpx still works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
        client = TestClient(create_app(Library([]), hosts={"testserver"}))

    def post(name, body, status=200):
        response = client.post(f"/api/{name}", json=body)
        assert response.status_code == status, response.text
        return response.json()
    return post


def random_record(game, rng: random.Random) -> tuple[records.Record, tuple]:
    state, moves = game.initial_state(), []
    while not game.is_terminal(state):
        move = rng.choice(list(game.legal_moves(state)))
        text = game.move_text(state, move)
        assert game.parse_move(state, text) == move   # read back to the same move
        assert text == adapter(game).standard_move(state, move)   # OpenSpiel's text
        moves.append(text)
        state = game.apply(state, move)
    record = records.Record(game="havannah", rules_sha256=records.rules_hash("havannah"),
                            options={"size": "4"}, start=records.Start(), players=("a", "b"),
                            moves=tuple(moves), seconds=(0.0,) * len(moves), result=None,
                            payoffs=None, names=records.names_of(game))
    return record, state


@pytest.mark.slow
def test_a_hundred_random_games_round_trip(tmp_path):
    game, rng = havannah(), random.Random(33)
    plies = 0
    for number in range(100):
        record, final = random_record(game, rng)
        path = tmp_path / f"{number}.json"
        record.save(path)   # read back with the game already made (load compiles it)
        assert records.replay(game, records.read(path), str(path)).state == final
        plies += len(record.moves)
    assert plies == 2735   # seeded: the figure docs/records.md gives
    assert records.load(path).state == final   # the last one as `gdl replay` reads it


def test_a_record_in_the_boards_own_names_is_renamed_as_it_loads(tmp_path, capsys):
    game = havannah()
    record, final = random_record(game, random.Random(1))
    board, named = game.ir.geometry, game.geometry
    old = [board.name(named.names[m]) for m in record.moves]   # as gdl wrote them before
    assert old != list(record.moves)
    data = record.to_json()
    del data["names"]
    data["moves"] = old
    (tmp_path / "old.json").write_text(json.dumps(data))
    assert records.load(tmp_path / "old.json").state == final
    assert main(["replay", str(tmp_path / "old.json"), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["moves"] == list(record.moves) and printed["names"] == "havannah"


def test_a_record_naming_another_notation_is_refused(tmp_path, capsys):
    record, _ = random_record(havannah(), random.Random(2))
    data = record.to_json()
    data["names"] = "quoridor"
    (tmp_path / "other.json").write_text(json.dumps(data))
    with pytest.raises(GdlError) as refused:
        records.load(tmp_path / "other.json")
    assert str(refused.value) == (f"{tmp_path / 'other.json'}: names: its moves name cells in "
                                  f"quoridor notation, but havannah names them in havannah "
                                  f"notation")
