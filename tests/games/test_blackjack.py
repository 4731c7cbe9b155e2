"""Draws from a bag (issue 31): `chance NAME = bag LIST`, each outcome i weighing LIST[i] on
the position, shown by blackjack (gdl/games/dice/blackjack.gdl), one deck drawn without
replacement as OpenSpiel's blackjack draws it. Checked against OpenSpiel's 200 seeded games
recorded by tools/bag_oracle.py (the cards that can be drawn and their probability at every
chance node, the returns), the exact expected payoff of small deals against a hand-written
blackjack (tests/references/blackjack.py), the C back end against Python, and OpenSpiel's
random simulation test through the bridge. tools/oracles/blackjack.py adds perft and live
replays to tests/games/test_oracles.py."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import PositionError
from gdl.interpreter import compile_rules
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.python.chance import chance_text
from gdl.protocol import CHANCE
from gdl.solvers.search.expectimax import expectimax, star2
from gdl.solvers.search.native_mcts import NativeMCTS
from tests.interpreter.c.test_native import needs_cc
from tests.references import blackjack as reference

RECORD = Path(__file__).resolve().parent.parent / "data" / "oracle" / "blackjack_games.json"
SMALL_BAG = """game "Small bag"
players A
state bag = [3, 1, 0]
state got = 0
chance t = bag bag
move pick: roll t, bag[t] -= 1, got += t
end: score got if got >= 4
"""

BAG_RACE = """game "Bag race"
players A B
state bag = [3, 2, 1]
state total = 0 per player
chance t = bag bag
move pick: roll t, bag[t] -= 1, total[own] += t
end: mover wins if total[own] >= 4
end: draw if bag[1] + bag[2] + bag[3] == 0
"""


@functools.cache
def blackjack():
    return catalog.load("blackjack")


def text(game, state, move) -> str:
    """A gdl move as OpenSpiel's action: card k is `NAME=k+1`; hit 0, stand 1."""
    word = game.move_text(state, move)
    return str(int(word.split("=")[1]) - 1) if "=" in word else str(("hit", "stand")
                                                                     .index(word))


@pytest.mark.slow
def test_the_recorded_openspiel_games_draw_the_same_cards_with_the_same_chances():
    game, record = blackjack(), json.loads(RECORD.read_text())
    assert record["spiel"] == "blackjack" and len(record["games"]) == 200
    nodes = ends = 0
    for recorded in record["games"]:
        state, chances = game.initial_state(), iter(recorded["chances"])
        for action in recorded["actions"]:
            moves = {text(game, state, m): m for m in game.legal_moves(state)}
            if game.current_player(state) == CHANCE:
                node = next(chances)
                ours = {text(game, state, m): p for m, p in game.chance_outcomes(state)}
                assert "".join("1" if str(k) in ours else "0" for k in range(52)) == \
                    node["cards"], recorded["seed"]
                assert len(node["p"]) == 1 and all(p == pytest.approx(node["p"][0], abs=1e-15)
                                                   for p in ours.values())
                nodes += 1
            else:
                assert sorted(moves) == ["0", "1"]
            state = game.apply(state, moves[str(action)])
        assert game.is_terminal(state)
        assert list(game.returns(state)) == recorded["returns"], recorded["seed"]
        ends += recorded["returns"][0] != 0
    assert nodes == 1033 and ends > 150


# deals as gdl's cards (1-52: clubs A..K, diamonds, hearts, spades) and as card values
DEALS = [(["p1=10", "p2=13", "d1=6", "d2=23"], [10, 10], [6, 10]),
         (["p1=10", "p2=13", "d1=6", "d2=22"], [10, 10], [6, 9]),
         (["p1=10", "p2=9", "d1=5", "d2=23"], [10, 9], [5, 10]),
         (["p1=9", "p2=8", "d1=7", "d2=23"], [9, 8], [7, 10])]


@pytest.mark.parametrize("moves, player, dealer", DEALS)
def test_expectimax_equals_the_hand_written_blackjack(moves, player, dealer):
    game = blackjack()
    state = game.moves_after(moves)
    expected = float(reference.after_deal(player, dealer))
    assert expectimax(game, state) == pytest.approx(expected, abs=1e-12)
    value, move, _nodes = star2(game, state)
    assert value == pytest.approx(expected, abs=1e-12)
    hit = expectimax(game, game.apply(state, game.parse_move(state, "hit")))
    assert game.move_text(state, move) == ("hit" if hit >= value - 1e-12 else "stand")


def test_the_reference_agrees_with_a_count_by_hand():
    """20 against the dealer's 16, standing: of the 48 cards left an ace (4) makes 17, a 2 or
    3 (8) 18 or 19: won; a 4 (4) ties at 20; a 5 (4) makes 21: lost; the other 28 bust the
    dealer: (4 + 8 + 28 - 4) / 48 = 3/4 (hitting 20 does worse)."""
    assert reference.after_deal([10, 10], [6, 10]) == Fraction(3, 4)


def test_a_bag_draws_in_proportion_to_what_is_left():
    game = compile_rules(SMALL_BAG, "small.gdl")
    state = game.moves_after(["pick"])
    assert game.current_player(state) == CHANCE
    assert [(game.move_text(state, m), p) for m, p in game.chance.exact(state)] == \
        [("t=1", Fraction(3, 4)), ("t=2", Fraction(1, 4))]   # t=3 weighs 0: absent
    state = game.moves_after(["pick", "t=2", "pick"])
    assert [(game.move_text(state, m), p) for m, p in game.chance_outcomes(state)] == \
        [("t=1", 1.0)]
    assert game.position_text(game.moves_after(["pick", "t=2", "pick", "t=1"])) == \
        "A bag=2,0,0 got=3 t=0 chance=0"


def test_an_empty_bag_is_refused_in_one_line():
    game = compile_rules(SMALL_BAG.replace("got >= 4", "got >= 9"), "small.gdl")
    state = game.moves_after(["pick", "t=1", "pick", "t=1", "pick", "t=1", "pick", "t=2",
                              "pick"])
    with pytest.raises(PositionError, match="the bag is empty: 't' has no outcome left"):
        game.chance_outcomes(state)


def test_gdl_check_refuses_a_draw_from_an_empty_bag_in_one_line(tmp_path, capsys):
    path = tmp_path / "small.gdl"
    path.write_text(SMALL_BAG.replace("got >= 4", "got >= 9"))   # never ends: the bag empties
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in err
    assert err.splitlines() == ["gdl: error: the bag is empty: 't' has no outcome left to draw"]


def test_gdl_check_lists_the_draws_and_their_bag():
    assert chance_text(blackjack().ir) == ", ".join(
        f"{name} (bag deck)" for name in ("p1", "p2", "d1", "d2", "card", "dealt"))
    assert chance_text(catalog.load("pig").ir) == "d (6 outcomes)"


def test_a_roll_with_a_condition_is_made_only_when_it_holds():
    """`roll d if x > 1`: no draw the first time (the effects after it are the draw's, and
    the turn passes), a draw the second, its effects then run."""
    game = compile_rules('game "Maybe"\nplayers A B\nstate x = 0\nstate y = 0\n'
                         'chance d = die 2\nmove m: x += 1, roll d if x > 1, y += d\n'
                         'end: mover wins if y > 3\n', "maybe.gdl")
    texts = [(game.position_text(game.moves_after(moves)),
              game.current_player(game.moves_after(moves)))
             for moves in (["m"], ["m", "m"], ["m", "m", "d=2"])]
    assert texts == [("B x=1 y=0 d=0 chance=0", 1), ("B x=2 y=0 d=0 chance=1", CHANCE),
                     ("A x=2 y=2 d=0 chance=0", 0)]


def test_a_draw_repeated_while_its_condition_holds():
    """The dealer draws to 17: `roll dealt if hits` ends the stand and each of its draws."""
    game = blackjack()
    state = game.moves_after(["p1=10", "p2=13", "d1=2", "d2=3", "stand"])
    draws = 0
    while game.current_player(state) == CHANCE:
        low = min(game.legal_moves(state), key=lambda m: game.move_text(state, m))
        state = game.apply(state, game.parse_move(state, "dealt=14"
                                                  if game.move_text(state, low) != "dealt=1"
                                                  else game.move_text(state, low)))
        draws += 1
    # 2 + 3, then aces: A (16 soft), A (17 soft): two draws and the dealer stands
    assert draws == 2 and game.is_terminal(state) and game.returns(state) == (1.0,)


@functools.cache
def native():
    return with_backend(blackjack(), "native")


@needs_cc
def test_c_back_end_equals_python_along_random_games():
    python, c = blackjack(), native()
    rng = random.Random(5)
    for _ in range(30):
        state = python.initial_state()
        while not python.is_terminal(state):
            moves = python.legal_moves(state)
            assert list(c.legal_moves(state)) == list(moves)
            assert c.current_player(state) == python.current_player(state)
            if python.current_player(state) == CHANCE:
                assert c.chance_outcomes(state) == python.chance_outcomes(state)
            move = rng.choice(moves)
            assert c.apply(state, move) == python.apply(state, move)
            state = python.apply(state, move)
        assert c.returns(state) == python.returns(state)


@pytest.mark.slow
@needs_cc
def test_c_playouts_draw_from_the_bag_by_weight():
    python = compile_rules(SMALL_BAG, "small.gdl")
    c = with_backend(python, "native")
    firsts = Counter()
    for seed in range(2000):
        line = c.native_line(python.initial_state(), seed, 4)
        state = python.initial_state()
        for move in line:   # every draw one the bag holds on Python's position
            assert move in python.legal_moves(state)
            state = python.apply(state, move)
        firsts[python.move_text(python.moves_after(["pick"]), line[1])] += 1
    assert set(firsts) == {"t=1", "t=2"}
    assert firsts["t=1"] / 2000 == pytest.approx(0.75, abs=0.04)   # 4 standard deviations


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("stratify", [False, True])
def test_c_mcts_draws_from_the_bag_by_weight(stratify):
    """The C MCTS (two players) at chance nodes: drawn by the bag's weights, or stratified by
    them; uniform draws over the cards left would value the race 0.438 for A, not 1/3."""
    python = compile_rules(BAG_RACE, "bag_race.gdl")
    exact = expectimax(python, python.initial_state())
    assert exact == pytest.approx(1 / 3, abs=1e-12)
    found = NativeMCTS(with_backend(python, "native"), None, evaluate=False, seed=3,
                       stratify=stratify).search(python.initial_state(), iterations=20_000)
    assert found.value == pytest.approx(exact, abs=0.02)


@needs_cc
def test_c_playouts_of_blackjack_end_as_python_scores_them():
    plies, results = native().native_playouts(blackjack().initial_state(), 500, seed=3)
    assert sum(results.values()) == 500 and plies > 500 * 5
    assert len(results) == 3   # wins, losses and draws all happen


@pytest.mark.slow
@pytest.mark.peers
def test_openspiel_random_simulation_through_the_bridge():
    pyspiel = pytest.importorskip("pyspiel")
    from gdl.bridges import openspiel
    game = pyspiel.load_game(openspiel.register("blackjack"))
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
