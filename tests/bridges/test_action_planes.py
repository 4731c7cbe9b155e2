"""The "planes" action space (gdl/bridges/action_planes.py): chess numbered as OpenSpiel's own
`chess`, checked against the record tests/data/oracle/spiel_planes.json (made by
tools/spiel_planes_oracle.py from pyspiel at gdl's positions) and against pyspiel live;
shogi's ids read back to their moves by the layout alone; the C++ game numbering alike."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.bridges.action_space import ActionSpace  # noqa: E402
from gdl.interpreter.notation import adapter  # noqa: E402
from tools import spiel_planes_oracle as recorder  # noqa: E402

RECORD = json.loads(recorder.DATA.read_text())
LIVE_GAMES = 10   # games compared position by position with pyspiel live


@pytest.fixture(scope="module")
def chess():
    game = catalog.load("chess")
    return game, ActionSpace(game)


def test_chess_has_openspiels_count(chess):
    game, space = chess
    assert space.shape == "planes"
    assert space.size == RECORD["distinct_actions"] == 64 * 73 + 2   # + the two castlings


def test_each_side_numbers_from_its_own_side(chess):
    """Black's e7-e5 is White's e2-e4 seen from Black's side (OpenSpiel reflects the ranks)."""
    game, space = chess
    state = game.initial_state()
    white = {game.move_text(state, m): a for a, m in space.actions(state, list(
        game.legal_moves(state))).items()}
    state = game.apply(state, game.parse_move(state, "a2-a3"))
    black = {game.move_text(state, m): a for a, m in space.actions(state, list(
        game.legal_moves(state))).items()}
    assert black["e7-e5"] == white["e2-e4"] and black["g8-f6"] == white["g1-f3"]
    assert white["e2-e4"] == (4 * 8 + 1) * 73 + 9 + 7 + 1   # e2: file 4, rank 1; north 2


def test_castling_and_under_promotions_have_their_own_ids(chess):
    game, space = chess
    note = adapter(game)
    for fen, wanted in (("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ("O-O-O", "O-O")),
                        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ("O-O-O", "O-O"))):
        state = note.parse_fen(fen)
        ids = space.actions(state, list(game.legal_moves(state)))
        assert [note.san(state, ids[a], marks=False) for a in (4672, 4673)] == list(wanted)
    state = note.parse_fen("1n5k/P7/8/8/8/8/8/7K w - - 0 1")
    ids = {note.san(state, m, marks=False): a for a, m in space.actions(
        state, list(game.legal_moves(state))).items()}
    a7 = (0 * 8 + 6) * 73   # file a, rank 7; then rook, bishop, knight x straight, east, west
    assert ids["a8=R"] == a7 + 0 and ids["a8=B"] == a7 + 3 and ids["a8=N"] == a7 + 6
    assert ids["axb8=R"] == a7 + 1 and ids["axb8=N"] == a7 + 7
    assert ids["a8=Q"] == a7 + 9 + 7   # a queen's promotion is the plain step north


@pytest.mark.peers
@pytest.mark.parametrize("fen", [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "1n5k/P7/8/8/8/8/8/7K w - - 0 1", "7k/8/8/8/8/8/1p6/N1N4K b - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"])
def test_castlings_promotions_and_en_passant_are_pyspiels(chess, fen):
    pyspiel = pytest.importorskip("pyspiel")
    game, space = chess
    note = adapter(game)
    state = note.parse_fen(fen)
    ids = space.actions(state, list(game.legal_moves(state)))
    theirs = pyspiel.load_game("chess").new_initial_state(fen)
    assert sorted(ids) == theirs.legal_actions()
    assert {a: note.san(state, m) for a, m in ids.items()} == \
        {a: theirs.action_to_string(a) for a in theirs.legal_actions()}


def _replay(game, space, seed: int, texts: bool) -> tuple[int, str, str | None]:
    """(plies, digest of the sorted ids at every ply, digest of every id's SAN or None) of
    recorded game `seed`, by gdl alone."""
    note = adapter(game)
    ids_lines, text_lines = [], []
    for state, moves in recorder.positions(game, seed):
        ids = space.actions(state, moves)
        ids_lines.append(recorder.ids_line(list(ids)))
        if texts:
            text_lines.append(recorder.texts_line({a: note.san(state, m)
                                                   for a, m in ids.items()}))
    return (len(ids_lines), recorder.digest(ids_lines),
            recorder.digest(text_lines) if texts else None)


@pytest.mark.slow
def test_chess_ids_and_texts_are_openspiels_along_200_recorded_games(chess):
    game, space = chess
    assert len(RECORD["games"]) == 200
    for entry in RECORD["games"]:
        plies, ids, texts = _replay(game, space, entry["seed"], "texts" in entry)
        assert (plies, ids) == (entry["plies"], entry["ids"]), entry["seed"]
        assert texts == entry.get("texts"), entry["seed"]
    assert sum(g["plies"] for g in RECORD["games"]) == RECORD["positions"]


@pytest.mark.peers
@pytest.mark.slow
def test_chess_ids_and_texts_are_pyspiels_live(chess):
    pyspiel = pytest.importorskip("pyspiel")
    game, space = chess
    spiel, note = pyspiel.load_game("chess"), adapter(game)
    assert spiel.num_distinct_actions() == space.size
    for seed in range(LIVE_GAMES):
        for state, moves in recorder.positions(game, seed):
            ids = space.actions(state, moves)
            theirs = spiel.new_initial_state(note.fen(state))
            assert sorted(ids) == theirs.legal_actions(), note.fen(state)
            assert {a: note.san(state, m) for a, m in ids.items()} == \
                {a: theirs.action_to_string(a) for a in theirs.legal_actions()}


@pytest.mark.slow
def test_shogi_ids_read_back_to_their_moves():
    """From 20 random games: no two legal moves on one id (`actions` would raise), and each
    id read back by the layout alone (Planes.describe) gives the move's cells, its kind
    dropped, and whether it promotes (`=T` in its text)."""
    game = catalog.load("shogi")
    space = ActionSpace(game)
    planes, bits = space.planes, game._cell_bits
    assert space.shape == "planes"
    # 4 lines x 16 distances + 2 knight leaps, their promoting twins, 8 kinds to drop
    assert (planes.types, space.size) == (66 + 66 + 8, 81 * 140)
    xy, seen = game.geometry.xy, 0
    for seed in range(20):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(150):
            if game.is_terminal(state):
                break
            player = game.current_player(state)
            ids = space.actions(state, list(game.legal_moves(state)))
            for action, move in ids.items():
                assert 0 <= action < space.size
                to, start = move & (1 << bits) - 1, move >> bits & (1 << bits) - 1
                text = game.move_text(state, move)
                meaning = planes.describe(player, action)
                if "*" in text:   # a drop: the kind rides in the move's from field
                    assert meaning == ("drop", start, xy(to))
                else:
                    assert meaning == ("move", xy(start), xy(to), int("=" in text))
                seen += 1
            state = game.apply(state, ids[rng.choice(sorted(ids))])
    assert seen > 20_000


@pytest.mark.peers
@pytest.mark.slow
@pytest.mark.parametrize("name", ["chess", "shogi"])
def test_the_cpp_game_numbers_as_the_python_bridge(name):
    """The C++ game takes the numbering from Python, memoised per mover and move."""
    pytest.importorskip("pyspiel")
    from gdl.bridges import openspiel
    from gdl.bridges.openspiel import cpp_build
    if cpp_build.headers() is None or cpp_build.compiler() is None:
        pytest.skip("OpenSpiel's headers or a C++ compiler are absent")
    cpp, python = openspiel.load(name, cpp=True), openspiel.load(name)
    assert cpp.get_type().short_name.endswith("_cpp")
    assert cpp.num_distinct_actions() == python.num_distinct_actions()
    for seed in range(2):
        rng = random.Random(seed)
        ours, theirs = cpp.new_initial_state(), python.new_initial_state()
        for _ in range(120):
            assert ours.is_terminal() == theirs.is_terminal()
            if ours.is_terminal():
                break
            player = ours.current_player()
            assert ours.legal_actions() == theirs.legal_actions()
            action = rng.choice(ours.legal_actions())
            assert ours.action_to_string(player, action) == \
                theirs.action_to_string(player, action)
            ours.apply_action(action)
            theirs.apply_action(action)


def test_planes_can_be_asked_for_where_the_rules_fit_them():
    """Breakthrough derives "moves" and takes "planes" on request (3 lines x 14 distances per
    cell); Connect Four's placements do not fit them."""
    pyspiel = pytest.importorskip("pyspiel")
    from gdl.bridges import openspiel
    from gdl.errors import GdlError
    game = openspiel.load("breakthrough", actions="planes")
    assert game.num_distinct_actions() == 64 * 3 * 14
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    with pytest.raises(GdlError, match="no 'planes' action space; its rules allow 'columns'"):
        ActionSpace(catalog.load("connect4"), "planes")
