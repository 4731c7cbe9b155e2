"""`notation quoridor` and `notation havannah`: moves as OpenSpiel's `action_to_string` writes
them, both ways, checked against OpenSpiel (the record tests/data/oracle/spiel_notation.json,
made by tools/spiel_notation_oracle.py from OpenSpiel alone, and pyspiel live where it imports).

For each recorded game, at every ply: the sorted texts of gdl's legal moves have the digest of
OpenSpiel's, OpenSpiel's text of the move it played is read by gdl to a legal move, and the
game ends at the same ply with the same returns. For the first games of the sizes the oracle
modules read, every legal move's text and the board it leads to are OpenSpiel's too.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.errors import GdlError, IllegalMove, RulesSemanticError  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.interpreter.notation import adapter  # noqa: E402
from tests.marks import cases  # noqa: E402
from tools import oracle, spiel_notation_oracle as recorder  # noqa: E402

DATA = json.loads(recorder.DATA.read_text())
ENTRIES = {f"{e['game']}-{next(iter(e['options'].values()))}": e for e in DATA["entries"]}
FAST_GAMES = 4   # games per entry checked by `make test-fast`; the slow case checks the rest


def load(entry: dict):
    return catalog.load(entry["game"], {k: str(v) for k, v in entry["options"].items()})


def gdl_after_pairs(game, state, module) -> list[str]:
    """Every legal move's OpenSpiel text and the board it leads to, read as the oracle reads
    OpenSpiel's."""
    notation = adapter(game)
    return sorted(f"{notation.standard_move(state, m)}="
                  f"{oracle.board_key(game, game.apply(state, m), module)}"
                  for m in game.legal_moves(state))


def replay(game, played: dict, module=None) -> None:
    """One recorded game replayed in gdl (AssertionError at the first difference)."""
    notation, state = adapter(game), game.initial_state()
    for ply, text in enumerate(played["moves"]):
        where = f"seed {played['seed']}, ply {ply}"
        assert not game.is_terminal(state), where
        texts = notation.legal_texts(state)
        assert len(set(texts)) == len(texts), where   # one text, one move
        if notation.name == "havannah":   # the game's own texts are OpenSpiel's
            assert texts == tuple(game.move_text(state, m) for m in game.legal_moves(state))
        assert recorder.digest(sorted(texts)) == played["legal"][ply], where
        if module is not None and "after" in played:
            assert recorder.digest(gdl_after_pairs(game, state, module)) == \
                played["after"][ply], where
        move = notation.parse_move(state, text)
        assert notation.standard_move(state, move) == text, where
        state = game.apply(state, move)
    assert game.is_terminal(state)
    assert list(game.returns(state)) == played["returns"]


def test_the_start_is_openspiels():
    quoridor = load(ENTRIES["quoridor-5"])
    texts = adapter(quoridor).legal_texts(quoridor.initial_state())
    assert sorted(texts) == sorted(ENTRIES["quoridor-5"]["start"])
    assert texts[:3] == ("c4", "d5", "b5") and len(texts) == 3 + 32
    havannah = load(ENTRIES["havannah-4"])
    texts = adapter(havannah).legal_texts(havannah.initial_state())
    assert sorted(texts) == sorted(ENTRIES["havannah-4"]["start"]) and len(texts) == 37


@pytest.mark.slow
def test_quoridor_names_pawn_moves_and_walls():
    game = catalog.load("quoridor")   # n = 9: gdl's 17 x 17 grid, White's pawn on i1
    notation, state = adapter(game), game.initial_state()
    for own, spiel in [("i1-i3", "e8"), ("i17-i15", "e2"), ("wall c2", "b8h"),
                       ("wall b1", "a8v")]:
        move = game.parse_move(state, own)
        assert notation.standard_move(state, move) == spiel
        assert game.parse_move(state, spiel) == move == game.parse_move(state, spiel.upper())
        state = game.apply(state, move)
    assert notation.legal_texts(state)[:5] == ("e7", "e9", "f8", "d8", "d8h")


def test_an_illegal_quoridor_move_lists_the_legal_ones_in_openspiels_form():
    game = catalog.load("quoridor", {"n": "5"})
    state = game.initial_state()
    with pytest.raises(IllegalMove) as refused:
        game.parse_move(state, "e5")
    assert str(refused.value).startswith("'e5' is not a legal move; legal moves: c4 d5 b5 a4h ")
    with pytest.raises(IllegalMove, match=r"^'a9v' is not a legal move; legal moves: c4 d5 "):
        game.parse_move(state, "a9v")
    with pytest.raises(IllegalMove, match=r"^'c4q' is not a legal move; legal moves: e1-e3 "):
        game.parse_move(state, "c4q")   # not OpenSpiel's form: the game's own texts listed
    assert game.move_text(state, game.parse_move(state, "e1-e3")) == "e1-e3"   # gdl's own


def test_havannah_names_are_openspiels_everywhere():
    """Havannah's own texts are OpenSpiel's (rows counted from the top): typed, written and
    listed when a move is refused, with no second set of names."""
    game = load(ENTRIES["havannah-4"])
    notation, state = adapter(game), game.initial_state()
    move = game.parse_move(state, "d1")   # OpenSpiel's d1: the top cell of column d
    assert game.move_text(state, move) == "d1" == notation.standard_move(state, move)
    assert notation.parse_move(state, "d1") == move == game.parse_move(state, "D1")
    assert game.geometry.xy(game.geometry.names["d1"]) == (3, 6)   # x 3, the top row
    assert game.ir.geometry.names["d1"] != game.geometry.names["d1"]   # the rules' own a1
    state = game.apply(state, move)
    with pytest.raises(IllegalMove) as refused:
        game.parse_move(state, "d1")   # taken
    assert str(refused.value).startswith(
        "'d1' is not a legal move; legal moves: d7 e7 f7 g7 c6 ")
    with pytest.raises(IllegalMove, match=r"^'a7' is not a legal move; legal moves: d7 e7 f7 "):
        game.parse_move(state, "a7")   # OpenSpiel's bottom row starts at d7
    assert notation.parse_move(state, "a1-a2") is None   # not a cell's name
    assert game.position_text(state).endswith("Black group=d1")
    assert game.render(state).splitlines()[0] == " 1       . . . W"   # row 1 on top


@pytest.mark.parametrize("text, message", [
    ("game \"Q\"\nplayers A B\nboard 8 x 8\npieces pawn\nnotation quoridor\n"
     "move: step pawn n to empty\nend: draw if not moves\n",
     "<rules>:5:1: `notation quoridor`: quoridor notation needs a square board of 2n - 1 "
     "cells a side (squares at odd rows and columns, slots between), all playable, not a "
     "8 x 8 board"),
    ("game \"H\"\nplayers A B\nboard hex rhombus 5\nnotation havannah\nmove: place on empty\n"
     "end: draw if full\n",
     "<rules>:4:1: `notation havannah`: havannah notation needs a hex board of hexagon "
     "shape, not a hex rhombus 5 board"),
])
def test_a_board_that_does_not_fit_is_refused_at_the_statement(text, message):
    with pytest.raises(RulesSemanticError) as refused:
        catalog.compile_text(text)
    assert str(refused.value).splitlines()[0] == message


@pytest.mark.parametrize("key", cases(sorted(ENTRIES), {"quoridor-9", "havannah-8"}))
def test_the_first_recorded_games_replay_in_gdl(key):
    entry = ENTRIES[key]
    game, module = load(entry), entry["oracle"] and oracle.oracle(entry["oracle"])
    for played in entry["games"][:FAST_GAMES]:
        replay(game, played, module)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(ENTRIES))
def test_every_recorded_game_replays_in_gdl(key):
    entry = ENTRIES[key]
    assert len(entry["games"]) >= (100 if key in ("quoridor-5", "havannah-4") else 20)
    game, module = load(entry), entry["oracle"] and oracle.oracle(entry["oracle"])
    for played in entry["games"][FAST_GAMES:]:
        replay(game, played, module)


@pytest.mark.slow
@pytest.mark.parametrize("key", ["quoridor-5", "havannah-4"])
def test_the_native_game_writes_the_same_texts(key):
    entry = ENTRIES[key]
    try:
        game = with_backend(load(entry), "native")
    except GdlError:
        pytest.skip("no C compiler")
    for played in entry["games"][:FAST_GAMES]:
        replay(game, played)


@pytest.mark.peers
@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(ENTRIES))
def test_the_record_is_openspiels_now(key):
    """pyspiel live: the record is what OpenSpiel plays today."""
    pyspiel = pytest.importorskip("pyspiel")
    entry = ENTRIES[key]
    spiel = pyspiel.load_game(entry["game"], entry["params"])
    assert recorder.legal_texts(spiel.new_initial_state()) == entry["start"]
    position = entry["oracle"] and oracle.oracle(entry["oracle"]).position
    for played in entry["games"][:recorder.FULL]:
        again = recorder.play(spiel, played["seed"],
                              position if played["seed"] < recorder.FULL else None)
        assert again == played


@pytest.mark.slow
def test_gdl_replay_shows_openspiels_texts(tmp_path, capsys):
    from gdl import records
    from gdl.cli.main import main
    record = records.Record(game="quoridor", rules_sha256=records.rules_hash("quoridor"),
                            options={}, start=records.Start(), players=("a", "b"),
                            moves=("i1-i3", "i17-i15", "wall c2"), seconds=(0.0,) * 3,
                            result=None, payoffs=None)
    record.save(tmp_path / "game.json")
    assert main(["replay", str(tmp_path / "game.json"), "--standard"]) == 0
    printed = capsys.readouterr().out
    assert "1. White plays i1-i3 (e8)" in printed and "3. White plays wall c2 (b8h)" in printed
    assert main(["perft", "quoridor", "1", "--moves", "e8 e2 b8h a8v"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "126"   # pyspiel: 126 legal actions


@pytest.mark.peers
@pytest.mark.parametrize("name", ["hex", "y"])
def test_hex_and_y_already_write_openspiels_texts(name):
    """No notation needed there: gdl's own cell names are OpenSpiel's (each legal move's text
    is an action's, leading to the same board), unlike havannah's."""
    pytest.importorskip("pyspiel")
    module = oracle.oracle(name)
    game, spiel = oracle.gdl_game(name, module), oracle.spiel_game(module)
    checked = 0
    for seed in range(3):
        rng, state, theirs = random.Random(seed), game.initial_state(), spiel.new_initial_state()
        while not game.is_terminal(state):
            actions = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            texts = {game.move_text(state, m): m for m in game.legal_moves(state)}
            assert sorted(texts) == sorted(actions)
            for text, move in texts.items():
                after = theirs.clone()
                after.apply_action(actions[text])
                assert oracle.board_key(game, game.apply(state, move), module) == \
                    module.position(after)
                checked += 1
            text = rng.choice(sorted(texts))
            state = game.apply(state, texts[text])
            theirs.apply_action(actions[text])
    assert checked > 100


def test_a_position_takes_openspiels_quoridor_moves():
    import gdl
    position = gdl.Position(gdl.load("quoridor", backend="python", n=5), ["c4", "c2", "b4h"])
    assert position.moves == ("e1-e3", "e9-e7", "wall c2")   # the game's own texts
