"""The OpenSpiel bridge: OpenSpiel's own tests and algorithms run on bridged gdl games."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts, minimax

from gdl import catalog
from gdl.bridges import openspiel
from gdl.cli.main import main
from gdl.errors import GdlError
from gdl.bridges.openspiel_actions import ActionIndex
from tests.marks import cases
from tests import bundled

GAMES = bundled.two_player_games()


@pytest.mark.slow
def test_every_bundled_game_is_bridged():
    assert GAMES == ["amazons", "antichess", "backgammon", "blotto", "breakthrough", "chess",
                     "clobber", "connect4", "crazyhouse", "cylinder_draughts", "dots_and_boxes",
                     "draughts",
                     "einstein", "go", "gomoku", "goofspiel", "havannah", "hex",
                     "international_draughts", "lines_of_action", "mancala", "nim",
                     "nine_mens_morris", "oshi_zumo", "othello", "oware", "pentago", "pig",
                     "quoridor", "roshambo", "shogi", "tablut", "three_check", "tictactoe",
                     "uttt", "xiangqi", "y"]
    assert openspiel.register_bundled() == [f"gdl_{name}" for name in GAMES]
    assert pyspiel.load_game("gdl_tictactoe").num_distinct_actions() == 9   # pyspiel knows it


# the games whose three random simulations take half a second or more: marked slow
@pytest.mark.parametrize("name", cases(GAMES, {
    "amazons", "antichess", "backgammon", "chess", "crazyhouse", "cylinder_draughts", "draughts",
    "go", "gomoku", "havannah", "hex", "international_draughts", "lines_of_action", "mancala",
    "nine_mens_morris", "othello", "oware", "pentago", "quoridor", "shogi", "tablut",
    "three_check", "xiangqi", "y"}))
def test_openspiel_random_simulation(name):
    game = pyspiel.load_game(openspiel.register(name))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.slow
def test_minimax_solves_tictactoe_as_a_draw():
    game = pyspiel.load_game(openspiel.register("tictactoe"))
    value, action = minimax.alpha_beta_search(game)
    assert value == 0.0
    assert action in game.new_initial_state().legal_actions()


def test_minimax_finds_the_win_in_one():
    game = pyspiel.load_game(openspiel.register("tictactoe"))
    state = game.new_initial_state()
    for text in ("a1", "a2", "b1", "b2"):   # X to move, c1 wins
        state.apply_action(_action(state, text))
    value, action = minimax.alpha_beta_search(game, state=state, maximizing_player_id=0)
    assert value == 1.0
    assert state.action_to_string(0, action) == "c1"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mcts_bot_beats_a_random_player_at_connect_four(seed):
    game = pyspiel.load_game(openspiel.register("connect4"))
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=60,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        mover_is_bot = state.current_player() == 0
        state.apply_action(bot.step(state) if mover_is_bot else rng.choice(state.legal_actions()))
    assert state.returns() == [1.0, -1.0]
    assert 7 <= len(state.history()) <= 42


@pytest.mark.slow
def test_mcts_bot_plays_itself_to_the_end_on_a_small_board():
    game = openspiel.load("connect4", width=5, height=4)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=40,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == 0.0 and state.returns()[0] in (-1.0, 0.0, 1.0)
    assert 7 <= len(state.history()) <= 20


def test_options_become_parameters():
    game = pyspiel.load_game(openspiel.register("connect4") + "(width=5,height=4)")
    assert game.num_distinct_actions() == 5   # a column each
    assert game.max_game_length() == 20
    assert game.get_parameters()["width"] == 5


@pytest.mark.slow
def test_unbounded_games_are_cut_at_max_plies_as_a_draw():
    game = openspiel.load("draughts", max_plies=6)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 6
    assert state.returns() == [0.0, 0.0]


def test_actions_read_in_gdl_notation_and_clones_are_independent():
    game = pyspiel.load_game(openspiel.register("connect4"))
    state = game.new_initial_state()
    texts = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert texts == ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]
    twin = state.clone()
    twin.apply_action(_action(twin, "d1"))
    assert state.legal_actions() == list(range(7))
    assert " 1 . . . X . . ." in twin.observation_string(0)
    assert " 1 . . . . . . ." in state.observation_string(0)


@pytest.mark.slow
def test_a_capture_chain_is_one_action_named_by_its_path():
    game = pyspiel.load_game(openspiel.register("draughts"))
    state = game.new_initial_state()
    for move in ("c3-d4", "f6-e5"):
        state.apply_action(_action(state, move))
    (capture,) = state.legal_actions()   # capturing is compulsory: d4 takes e5
    assert state.action_to_string(0, capture) == "d4xf6"
    assert game.index.index.texts[capture] == "d4xf6"   # draughts keeps the flat index


def test_openspiels_checkers_takes_a_chain_one_jump_an_action():
    """Why draughts keeps the flat index (docs/openspiel.md): in pyspiel's `checkers` a
    capture that can go on leaves the same player to move, with only jumps of that piece
    from where it landed; one gdl move is several OpenSpiel actions."""
    checkers, rng, chains = pyspiel.load_game("checkers"), random.Random(0), 0
    assert checkers.num_distinct_actions() == 8 * 8 * 4 * 2   # (cell, direction, capture)
    for _ in range(5):
        state = checkers.new_initial_state()
        while not state.is_terminal():
            player, action = state.current_player(), rng.choice(state.legal_actions())
            state.apply_action(action)
            if action % 2 and not state.is_terminal() and state.current_player() == player:
                landed = action // 8 + 2 * _CHECKERS_STEP[action // 2 % 4]
                assert all(a % 2 and a // 8 == landed for a in state.legal_actions())
                chains += 1
    assert chains > 0


# OpenSpiel's checkers: direction -> the change of row * 8 + column (up-left, up-right,
# down-right, down-left)
_CHECKERS_STEP = (-9, -7, 9, 7)


@pytest.mark.slow
def test_action_ids_are_the_same_in_every_process():
    # Two game objects number their moves alike: the numbering is rebuilt, not remembered.
    draughts = catalog.load("draughts")
    first, second = ActionIndex(draughts), ActionIndex(catalog.load("draughts"))
    assert first.texts == second.texts and first.size == second.size
    assert first.size == 2 * len(first.texts) > 64   # as many ids again for texts met in play
    assert first.texts[:32] == [draughts.geometry.name(c) for c in draughts.geometry.cells]


@pytest.mark.slow
def test_texts_first_met_in_play_get_the_next_ids_and_keep_them():
    index = ActionIndex(catalog.load("draughts"))
    known = len(index.texts)
    assert index.id_of("a1xc3xe5xg7") == known
    assert index.id_of("a1xc3xe5xg7") == known   # the same id when met again
    assert index.id_of("c3-d4") < known and index.texts[index.id_of("c3-d4")] == "c3-d4"
    assert len(index.texts) == known + 1


def test_placement_games_are_numbered_by_the_board_alone():
    index = ActionIndex(catalog.load("connect4"), placements_only=True)
    assert index.size == 42 and index.texts[:8] == ["a1", "b1", "c1", "d1", "e1", "f1", "g1",
                                                    "a2"]


def test_parameterised_moves_are_numbered_alike_in_every_process():
    game = openspiel.load("nim")
    state = game.new_initial_state()
    texts = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert texts[:3] == ["take 1 1", "take 1 2", "take 1 3"]
    assert len(texts) == 12


def test_puzzles_are_refused_in_one_sentence():
    with pytest.raises(GdlError, match="the OpenSpiel bridge takes games"):
        openspiel.register("eight_puzzle")


def test_openspiel_command(capsys):
    assert main(["openspiel", "tictactoe"]) == 0
    out = capsys.readouterr().out
    assert "registered: gdl_tictactoe" in out
    assert "distinct actions: 9 (cells)" in out
    assert "observation: [3, 3, 3]" in out
    assert "max game length: 9 (bounded by the rules)" in out


def _action(state, text):
    for action in state.legal_actions():
        if state.action_to_string(state.current_player(), action) == text:
            return action
    raise AssertionError(f"{text} is not legal here")


def test_observation_tensors_hold_pieces_mover_and_variables():
    four = openspiel.load("connect4", width=4, height=4)
    state = four.new_initial_state()
    state.apply_action(_action(state, "b1"))
    tensor = np.array(state.observation_tensor(0)).reshape(3, 4, 4)
    assert four.observation_tensor_shape() == [3, 4, 4]   # X, O, empty over rows and columns
    assert np.flatnonzero(tensor[0]).tolist() == [1] and not tensor[1].any()   # X on b1
    assert tensor[2].sum() == 15
    nim = openspiel.load("nim")
    state = nim.new_initial_state()
    state.apply_action(_action(state, "take 3 2"))
    assert state.observation_tensor(0) == [0.0, 1.0, 3.0, 4.0, 3.0]


@pytest.mark.slow
def test_scored_games_bound_their_utilities_by_the_board(tmp_path):
    rules = catalog.bundled_paths()["othello"].read_text().splitlines()
    scored = [line for line in rules if not line.startswith("end:")]
    path = tmp_path / "othello_scored.gdl"
    path.write_text("\n".join(scored) + "\nend: score count own if not moves and not moves mover\n")
    game = pyspiel.load_game(openspiel.register(str(path)))
    assert (game.min_utility(), game.max_utility()) == (-64.0, 64.0)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    black, white = state.returns()
    assert black == -white and black != 0 and abs(black) <= 64


def test_a_hex_board_bridges(tmp_path):
    rules = tmp_path / "hexfill.gdl"
    rules.write_text('game "Hex fill"\nplayers R B\nboard hex rhombus 3\n'
                     'move: place on empty\nend: draw if full\n')
    game = pyspiel.load_game(openspiel.register(str(rules)))
    assert (game.num_distinct_actions(), game.max_game_length()) == (9, 9)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_chance_game_asked_in_cpp_is_the_python_game_with_a_line(capsys):
    assert openspiel.register("pig", cpp=True) == "gdl_pig"
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "the C++ OpenSpiel game is not available (pig: it has chance stages" in err


def test_without_the_headers_the_cpp_build_says_where_to_get_them(tmp_path, monkeypatch):
    from gdl.bridges.openspiel import cpp_build
    monkeypatch.setenv("OPEN_SPIEL_SRC", str(tmp_path))   # no open_spiel/spiel.h there
    assert cpp_build.headers() is None
    why = cpp_build.build_library(cpp_build.GET_HEADERS.with_name("spiel_game.cc"), "x")
    assert why == ("OpenSpiel's headers not found: set OPEN_SPIEL_SRC or run "
                   "`python -m gdl.bridges.openspiel.fetch_headers`")
