"""`gdl serve game.kif`: the web board loads a KIF file given on the command line, shows
its position as text and plays its moves (through Starlette's TestClient)."""

from __future__ import annotations

import warnings
from pathlib import Path

from gdl.web.app import create_app
from gdl.web.library import Library

with warnings.catch_warnings():   # starlette asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

KIF = str(Path(__file__).resolve().parent.parent / "data" / "kif_unit" / "tictactoe.kif")


def test_the_web_board_loads_and_plays_a_kif_file():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        client = TestClient(create_app(Library([KIF]), hosts={"testserver"}))
    doc = client.post("/api/load", json={"game": KIF}).json()
    assert doc["board"] == {"shape": "text"} and doc["players"] == ["x", "o"]
    assert len(doc["position"]["legal"]) == 9
    after = client.post("/api/apply", json={"game": KIF, "moves": [], "move": "(play 2 2)"})
    assert after.status_code == 200 and after.json()["to_move"] == "o"
    refused = client.post("/api/apply", json={"game": KIF, "moves": ["(play 2 2)"],
                                              "move": "(play 2 2)"})
    assert refused.status_code == 422 and "(play 1 1)" in refused.text
