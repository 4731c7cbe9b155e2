"""The C++ OpenSpiel game (gdl.bridges.openspiel.native): OpenSpiel's random-simulation test on
it, and move for move the same game as the Python bridge's (legal actions, action texts, state
strings, observation tensors, returns) along seeded random games. Skipped, with the reason,
where OpenSpiel's headers are absent (`python -m gdl.bridges.openspiel.fetch_headers` fetches
them); failed there where GDL_REQUIRE_OPENSPIEL_HEADERS is set, as .ci/run sets it."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from gdl import catalog  # noqa: E402
from gdl.bridges import openspiel  # noqa: E402
from gdl.bridges.openspiel import cpp_build, native  # noqa: E402
from tests import bundled  # noqa: E402
from tests.marks import cases  # noqa: E402

# every bundled two-player game the C++ game takes (the others have chance stages or
# simultaneous moves, see native.refusal)
TAKEN = ["amazons", "antichess", "breakthrough", "chess", "clobber", "connect4", "crazyhouse",
         "cylinder_draughts", "dots_and_boxes", "draughts", "go", "gomoku", "havannah", "hex",
         "international_draughts", "lines_of_action", "mancala", "nim", "nine_mens_morris",
         "othello", "oware", "pentago", "quoridor", "shogi", "tablut", "three_check",
         "tictactoe", "uttt", "xiangqi", "y"]
# the games whose checks here take half a second or more
SLOW = set(TAKEN) - {"clobber", "connect4", "dots_and_boxes", "nim", "tictactoe"}
# compared over 20 games, but where 50 took the Python side 15 s or more (then 4; none for
# the five slowest, which their sim test and the interleaved lines below check)
COMPARED = [name for name in TAKEN
            if name not in ("quoridor", "shogi", "crazyhouse", "chess", "three_check")]
FEWER = {"amazons", "gomoku", "havannah", "hex", "lines_of_action", "pentago", "tablut",
         "xiangqi", "y"}
# the sim tests of 20 s or more: one simulation, not three
ONE_SIM = {"amazons", "chess", "crazyhouse", "quoridor", "shogi"}

pytestmark = pytest.mark.peers


@pytest.fixture(scope="module", autouse=True)
def shim():
    if cpp_build.headers() is None:
        if os.environ.get("GDL_REQUIRE_OPENSPIEL_HEADERS"):   # .ci/run fetched them
            pytest.fail("GDL_REQUIRE_OPENSPIEL_HEADERS is set and OpenSpiel's headers are absent")
        pytest.skip("OpenSpiel's headers are absent: "
                    "`python -m gdl.bridges.openspiel.fetch_headers` fetches them")
    if cpp_build.compiler() is None:   # as the C back end's tests without a C compiler
        pytest.skip("no C++ compiler (g++ or c++, or set CXX)")
    built = native.registry()
    assert not isinstance(built, str), built   # headers and a compiler there: it must build
    return built


@pytest.mark.slow
def test_the_games_taken():
    taken = [name for name in bundled.two_player_games()
             if native.refusal(catalog.load(name)) is None]
    assert taken == TAKEN


def test_connect_four_is_shaped_as_openspiel_s():
    game = openspiel.load("connect4", cpp=True)
    assert game.get_type().short_name == "gdl_connect4_cpp"
    assert game.num_distinct_actions() == 7
    assert game.observation_tensor_shape() == [3, 6, 7]
    assert game.max_game_length() == 42


@pytest.mark.parametrize("params", [{}, {"width": 5, "height": 4}, {"max_plies": 30}])
def test_game_type_and_info_are_the_python_bridge_s(params):
    cpp, python = openspiel.load("connect4", cpp=True, **params), openspiel.load(
        "connect4", **params)
    ours, theirs = cpp.get_type(), python.get_type()
    for field in ("long_name", "dynamics", "chance_mode", "information", "utility",
                  "reward_model", "max_num_players", "min_num_players",
                  "provides_information_state_string", "provides_information_state_tensor",
                  "provides_observation_string", "provides_observation_tensor",
                  "parameter_specification", "default_loadable", "is_concrete",
                  "provides_factored_observation_string"):
        assert getattr(ours, field) == getattr(theirs, field), field
    assert ours.short_name == theirs.short_name + "_cpp"
    assert cpp.get_parameters() == python.get_parameters()
    for method in ("num_distinct_actions", "num_players", "min_utility", "max_utility",
                   "utility_sum", "max_game_length", "max_chance_outcomes",
                   "observation_tensor_shape"):
        assert getattr(cpp, method)() == getattr(python, method)(), method


@pytest.mark.parametrize("name", cases(TAKEN, SLOW))
def test_random_simulation(name):
    game = pyspiel.load_game(openspiel.register(name, cpp=True))
    assert game.get_type().short_name == f"gdl_{name}_cpp"
    sims = 1 if name in ONE_SIM else 3
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _seeded(python) -> int:
    """The ids the Python bridge's game numbered when it was made (before any play)."""
    texts = python.index.index
    return len(texts.texts) if texts is not None else python.num_distinct_actions()


def _play_both(cpp, python, seed: int, seeded: int) -> int:
    """One seeded random game on both, compared at every ply; its length. A "texts" space
    numbers a text its exploration missed when first met: one game's C++ spec is shared by
    every load of it in the process (so that a game deserialized numbers alike), the
    Python bridge's game is new, so there the two may differ by order of meeting: those
    actions (past `seeded`) are compared by their texts."""
    rng, plies = random.Random(seed), 0
    ours, theirs = cpp.new_initial_state(), python.new_initial_state()
    while True:
        assert ours.is_terminal() == theirs.is_terminal()
        assert ours.current_player() == theirs.current_player()
        assert str(ours) == str(theirs)
        assert np.array_equal(ours.observation_tensor(0), theirs.observation_tensor(0))
        if ours.is_terminal():
            assert ours.returns() == theirs.returns()
            return plies
        _step(ours, theirs, rng, seeded)
        plies += 1


def _step(ours, theirs, rng: random.Random, seeded: int) -> None:
    """One random move on both, their legal actions compared (by text past `seeded`)."""
    player = ours.current_player()
    legal, other = ours.legal_actions(), theirs.legal_actions()
    assert [a for a in legal if a < seeded] == [a for a in other if a < seeded]
    assert sorted(ours.action_to_string(player, a) for a in legal) == \
        sorted(theirs.action_to_string(player, a) for a in other)
    action = rng.choice(legal)
    text = ours.action_to_string(player, action)
    ours.apply_action(action)
    theirs.apply_action(next(a for a in other if theirs.action_to_string(player, a) == text))


@pytest.mark.parametrize("name", cases(COMPARED, SLOW))
def test_random_games_as_the_python_bridge(name):
    cpp, python = openspiel.load(name, cpp=True), openspiel.load(name)
    seeded, games = _seeded(python), 4 if name in FEWER else 20
    plies = sum(_play_both(cpp, python, seed, seeded) for seed in range(games))
    assert plies >= games * 5   # whole games were played


@pytest.mark.slow
def test_options_and_the_cap_as_the_python_bridge():
    for name, params in (("connect4", {"width": 5, "height": 4}),
                         ("breakthrough", {"max_plies": 7, "width": 5})):
        cpp, python = openspiel.load(name, cpp=True, **params), openspiel.load(name, **params)
        seeded = _seeded(python)
        for seed in range(10):
            _play_both(cpp, python, seed, seeded)
    capped = openspiel.load("breakthrough", cpp=True, max_plies=7).new_initial_state()
    for _ in range(7):
        capped.apply_action(capped.legal_actions()[0])
    assert capped.is_terminal() and capped.returns() == [0.0, 0.0]   # cut: a draw


def test_an_illegal_action_is_refused_with_the_legal_ones():
    state = openspiel.load("connect4", cpp=True).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match=r"action 9 is not legal here; legal: "
                                                 r"0, 1, 2, 3, 4, 5, 6"):
        state.apply_action(9)
    for _ in range(6):
        state.apply_action(3)   # column d is full
    with pytest.raises(pyspiel.SpielError, match=r"action 3 is not legal here; legal: "
                                                 r"0, 1, 2, 4, 5, 6"):
        state.apply_action(3)
    assert state.legal_actions() == [0, 1, 2, 4, 5, 6]   # nothing was played
    assert len(state.history()) == 6


def test_clones_are_independent():
    state = openspiel.load("tictactoe", cpp=True).new_initial_state()
    state.apply_action(4)
    clone = state.clone()
    clone.apply_action(0)
    assert state.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8]
    assert clone.legal_actions() == [1, 2, 3, 5, 6, 7, 8]
    assert state.history() == [4] and clone.history() == [4, 0]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["draughts", "chess"])
def test_interleaved_lines_keep_their_own_positions_seen(name):
    """Clones of one position played by turns, as a search does: each line's positions seen
    are its own (loaded into the library's table when another line's are there)."""
    cpp, python = openspiel.load(name, cpp=True), openspiel.load(name)
    seeded, rng = _seeded(python), random.Random(7)
    ours, theirs = cpp.new_initial_state(), python.new_initial_state()
    for _ in range(6):
        _step(ours, theirs, rng, seeded)
    lines = [(ours.clone(), theirs.clone()) for _ in range(3)]
    for _ in range(60):
        mine, peer = lines[rng.randrange(3)]
        if mine.is_terminal():
            continue
        _step(mine, peer, rng, seeded)
        assert str(mine) == str(peer) and mine.returns() == peer.returns()


def _play(state, text: str) -> None:
    player = state.current_player()
    state.apply_action(next(a for a in state.legal_actions()
                            if state.action_to_string(player, a) == text))


@pytest.mark.slow
def test_a_threefold_repetition_ends_its_own_line_only():
    """Chess: the knights out and back twice is the start seen a third time, a draw; a clone
    playing between every move (its sightings in the table then) changes nothing."""
    state = openspiel.load("chess", cpp=True).new_initial_state()
    other = state.clone()
    dance = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"] * 2
    for ply, text in enumerate(dance, 1):
        _play(state, text)
        if not other.is_terminal():   # a line of its own, its sightings in the table
            other.apply_action(other.legal_actions()[ply % 3])
        assert state.is_terminal() == (ply == len(dance)), ply
    assert state.returns() == [0.0, 0.0]
    assert "draw" in str(state)
    assert not other.is_terminal()


def test_the_command_shows_the_cpp_game(capsys):
    from gdl.cli.main import main
    assert main(["openspiel", "connect4", "--cpp"]) == 0
    out = capsys.readouterr().out
    assert "registered: gdl_connect4_cpp  (Connect Four (gdl))" in out
    assert "register('connect4', cpp=True)" in out
    assert "distinct actions: 7 (columns)" in out and "observation: [3, 6, 7]" in out
