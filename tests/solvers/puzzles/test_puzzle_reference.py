"""The hand-written reference puzzles: their declared invariants hold, moves round-trip."""

from __future__ import annotations

import random

import pytest

from gdl.errors import IllegalMove, OptionError
from tests.references.puzzles import Hanoi, PocketCube, SlidingPuzzle, random_walk
from gdl.protocol import Puzzle

PUZZLES = [PocketCube(), SlidingPuzzle(3), SlidingPuzzle(4), SlidingPuzzle(2, 3),
           Hanoi(4), Hanoi(4, pegs=4)]
IDS = ["cube", "8-puzzle", "15-puzzle", "2x3", "hanoi", "hanoi4"]


def _sample_states(p, count=40, seed=0):
    rng = random.Random(seed)
    return [random_walk(p, rng.randrange(60), rng.randrange(10 ** 9)) for _ in range(count)]


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_satisfies_the_puzzle_protocol(p):
    assert isinstance(p, Puzzle)
    assert p.kind == "puzzle" and p.players == ("solver",) and p.zero_sum is False
    assert p.is_goal(p.goal_state()) and p.is_terminal(p.goal_state())
    assert p.returns(p.goal_state()) == (1.0,)
    assert p.current_player(p.initial_state()) == 0


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_a_move_then_its_inverse_restores_the_state(p):
    for s in _sample_states(p):
        for m in p.legal_moves(s):
            t = p.apply(s, m)
            assert p.inverse(m) in p.legal_moves(t)
            assert p.apply(t, p.inverse(m)) == s


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_declared_commuting_moves_commute(p):
    pairs = [(a, b) for a in p.moves() for b in p.moves() if p.commutes(a, b)]
    for s in _sample_states(p):
        legal = set(p.legal_moves(s))
        for a, b in pairs:
            ab = b in p.legal_moves(p.apply(s, a)) if a in legal else False
            ba = a in p.legal_moves(p.apply(s, b)) if b in legal else False
            assert ab == ba
            if ab:
                assert p.apply(p.apply(s, a), b) == p.apply(p.apply(s, b), a)


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_declared_quantities_are_conserved(p):
    for name, q in p.quantities().items():
        for s in _sample_states(p):
            for m in p.legal_moves(s):
                assert q(p.apply(s, m)) == q(s), name


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_moves_round_trip_through_text(p):
    for s in _sample_states(p, 10):
        for m in p.legal_moves(s):
            assert p.parse_move(s, p.move_text(s, m)) == m
        assert p.render(s)


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_codes_round_trip(p):
    for s in _sample_states(p, 20):
        c = p.encode(s)
        assert p.decode(c) == s
        assert p.code_bound is None or 0 <= c < p.code_bound


def test_cube_back_undoes_front_and_each_turn_has_order_four():
    c = PocketCube()
    rng = random.Random(7)
    for s in _sample_states(c, 100, seed=3):
        for a, b in (("F", "B"), ("R", "L"), ("U", "D")):
            ma, mb = c.parse_move(s, a), c.parse_move(s, b)
            assert c.apply(c.apply(s, ma), mb) == s
            assert c.apply(c.apply(s, mb), ma) == s
        m = rng.randrange(6)
        t = s
        for _ in range(4):
            t = c.apply(t, m)
        assert t == s


def test_cube_turns_move_four_cubies_and_keep_the_twist_sum():
    c = PocketCube()
    g = c.goal_state()
    for m in c.moves():
        perm, ori = c.apply(g, m)
        assert sum(1 for j in range(7) if perm[j] != j) == 4
        assert sum(ori) % 3 == 0
    # U turns never twist; F and R do
    assert c.apply(g, c.parse_move(g, "U"))[1] == (0,) * 7
    assert c.apply(g, c.parse_move(g, "F"))[1] != (0,) * 7


def test_cube_prime_is_the_partner_move_and_a_start_string_is_played():
    c = PocketCube()
    g = c.goal_state()
    assert c.parse_move(g, "F'") == c.parse_move(g, "B")
    assert PocketCube("R U F").initial_state() == c.apply(c.apply(c.apply(g, 3), 4), 0)


def test_bad_move_text_lists_the_legal_moves():
    p = SlidingPuzzle(3, start="123456780")
    with pytest.raises(IllegalMove) as err:
        p.parse_move(p.initial_state(), "D")   # blank in the corner: cannot go down
    assert set(err.value.legal) == {"U", "L"}
    with pytest.raises(IllegalMove):
        PocketCube().parse_move(PocketCube().goal_state(), "X")
    h = Hanoi(3)
    with pytest.raises(IllegalMove):
        h.parse_move(h.initial_state(), "2-3")
    assert h.move_text(h.initial_state(), h.parse_move(h.initial_state(), "13")) == "1-3"


def test_bad_options_are_reported():
    with pytest.raises(OptionError):
        SlidingPuzzle(1)
    with pytest.raises(OptionError):
        SlidingPuzzle(3, start="12345678")
    with pytest.raises(OptionError):
        Hanoi(0)


def test_sliding_parity_tells_the_two_classes_apart():
    p = SlidingPuzzle(4)
    parity = p.quantities()["parity"]
    goal = p.goal_state()
    swapped = (2, 1) + goal[2:]
    assert parity(swapped) != parity(goal)
    assert all(parity(s) == parity(goal) for s in _sample_states(p))


def test_manhattan_plus_conflicts_is_admissible_and_exact_at_the_goal():
    p = SlidingPuzzle(3)
    assert p.heuristic_distance(p.goal_state()) == 0
    assert p.heuristic_distance((2, 1, 3, 4, 5, 6, 7, 8, 0)) == 4    # 2 + one row conflict
    # a tile one step from home costs 1
    assert p.heuristic_distance((1, 2, 3, 4, 5, 6, 7, 0, 8)) == 1
