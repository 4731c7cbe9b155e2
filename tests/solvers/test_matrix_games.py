"""The simultaneous-move solvers (gdl.solvers.simultaneous) against simpler ones: the exact
rational LP against closed forms, scipy's HiGHS and regret matching; backward induction
against a plain hand-written goofspiel solved by regret matching at each node; roshambo
and a Colonel Blotto whose matrix the test builds by hand."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

import gdl
from gdl.solvers.simultaneous.matrix import guaranteed, solve_matrix
from gdl.solvers.simultaneous.regret import regret_matching
from gdl.solvers.simultaneous.stages import solve_stages

PRECISION = 1e-3   # regret matching's gap (exploitability, both players summed)


def random_matrices(count: int, seed: int = 7):
    rng = random.Random(seed)
    for _ in range(count):
        m, n = rng.randint(1, 7), rng.randint(1, 7)
        yield [[rng.randint(-5, 5) for _ in range(n)] for _ in range(m)]


def test_the_lp_solves_a_two_by_two_game_as_its_closed_form():
    a, b, c, d = 3, -1, -2, 1   # no saddle point: v = (ad - bc) / (a + d - b - c)
    solved = solve_matrix([[a, b], [c, d]])
    assert solved.value == Fraction(a * d - b * c, a + d - b - c) == Fraction(1, 7)
    assert solved.row == (Fraction(3, 7), Fraction(4, 7))
    assert solved.column == (Fraction(2, 7), Fraction(5, 7))


def test_the_lp_strategies_are_optimal_exactly():
    for matrix in random_matrices(40):
        solved = solve_matrix(matrix)
        assert sum(solved.row) == sum(solved.column) == 1
        assert min(solved.row) >= 0 and min(solved.column) >= 0
        assert guaranteed(matrix, solved.row, solved.column) == (solved.value, solved.value)


def test_the_lp_value_equals_scipys():
    linprog = pytest.importorskip("scipy.optimize").linprog
    for matrix in random_matrices(40, seed=8):
        m, n = len(matrix), len(matrix[0])
        # maximise v: for every column j, sum_i x_i a_ij >= v; x a distribution
        found = linprog([0] * m + [-1], A_ub=[[-matrix[i][j] for i in range(m)] + [1]
                                             for j in range(n)], b_ub=[0] * n,
                        A_eq=[[1] * m + [0]], b_eq=[1], bounds=[(0, None)] * m + [(None, None)])
        assert abs(found.x[-1] - float(solve_matrix(matrix).value)) < 1e-7


def test_regret_matching_reaches_the_lp_value_to_its_precision():
    for matrix in random_matrices(15, seed=9):
        value = float(solve_matrix(matrix).value)
        found = regret_matching(matrix, PRECISION)
        assert found.gap <= PRECISION
        assert found.low - 1e-12 <= value <= found.high + 1e-12


def test_roshambo_is_worth_zero_with_the_uniform_strategy():
    game = gdl.load("roshambo", backend="python")
    solved = solve_stages(game, game.initial_state())
    third = (Fraction(1, 3),) * 3
    assert solved.value == 0 and solved.root.strategies == (third, third)


def blotto_matrix(coins: int) -> tuple[list[tuple[int, int, int]], list[list[int]]]:
    """Colonel Blotto (3 fields) by hand: the deployments in OpenSpiel's order and A's payoffs."""
    plans = [(a, b, coins - a - b) for a in range(coins + 1) for b in range(coins + 1 - a)]

    def payoff(mine, theirs) -> int:
        won = sum(x > y for x, y in zip(mine, theirs)) - sum(x < y for x, y in zip(mine, theirs))
        return (won > 0) - (won < 0)

    return plans, [[payoff(p, q) for q in plans] for p in plans]


@pytest.mark.parametrize("coins", [3, 4, 5])
def test_blotto_equals_the_matrix_computed_by_hand(coins):
    game = gdl.load("blotto", backend="python", coins=coins)
    start = game.initial_state()
    plans, matrix = blotto_matrix(coins)
    assert [game.part_text(start, m) for m in game.joint_moves(start)[0]] == [
        f"deploy {a} {b}" for a, b, _ in plans]
    solved = solve_stages(game, start)
    by_hand = solve_matrix(matrix)
    assert solved.value == by_hand.value == 0   # a symmetric game
    # gdl's strategies are optimal in the hand-made matrix
    assert guaranteed(matrix, *solved.root.strategies) == (0, 0)


def plain_goofspiel_value(cards: int) -> float:
    """Goofspiel (descending point cards, win/loss) by hand, each node's matrix game solved by
    regret matching: the simple method, independent of the LP and of the rules file."""

    @cache
    def value(hands: tuple[frozenset, frozenset], points: int) -> float:
        turn = cards - len(hands[0])
        if not hands[0]:
            return float((points > 0) - (points < 0))
        card = cards - turn
        a_cards, b_cards = sorted(hands[0]), sorted(hands[1])
        matrix = [[value((hands[0] - {a}, hands[1] - {b}),
                         points + card * ((a > b) - (b > a))) for b in b_cards] for a in a_cards]
        found = regret_matching(matrix, 1e-7, max_iterations=200_000)
        return (found.low + found.high) / 2

    full = frozenset(range(1, cards + 1))
    return value((full, full), 0)


def test_goofspiel_by_backward_induction_equals_a_plain_solver():
    game = gdl.load("goofspiel", backend="python", cards=3)
    start = game.initial_state()
    assert solve_stages(game, start).value == 0
    assert abs(plain_goofspiel_value(3)) < 1e-6
    after = game.apply(start, game.parse_move(start, "play 3 | play 1"))
    value = solve_stages(game, after).value   # A 3 points up, holding 1 2 against 2 3
    assert value == Fraction(1, 2) and abs(plain_subgame(3, (1, 2), (2, 3), 3) - 0.5) < 1e-6


@cache
def plain_subgame(cards: int, a_hand: tuple, b_hand: tuple, points: int) -> float:
    """The value of a goofspiel position by hand (regret matching at every node)."""
    if not a_hand:
        return float((points > 0) - (points < 0))
    card = len(a_hand)   # the point cards left are len(hand) .. 1, highest first
    matrix = [[plain_subgame(cards, tuple(x for x in a_hand if x != a),
                             tuple(x for x in b_hand if x != b),
                             points + card * ((a > b) - (b > a))) for b in b_hand]
              for a in a_hand]
    found = regret_matching(matrix, 1e-5, max_iterations=200_000)
    return (found.low + found.high) / 2


@pytest.mark.slow
def test_goofspiel_4_subgames_equal_a_plain_solver():
    game = gdl.load("goofspiel", backend="python")
    start = game.initial_state()
    solved = solve_stages(game, start)
    assert solved.value == 0 and len(solved.nodes) == 633
    for a, b in [(4, 1), (1, 4), (3, 2), (2, 2)]:
        after = game.apply(start, game.parse_move(start, f"play {a} | play {b}"))
        hands = tuple(c for c in range(1, 5) if c != a), tuple(c for c in range(1, 5) if c != b)
        mine = solved.strategy(after).value
        assert abs(float(mine) - plain_subgame(4, *hands, 4 * ((a > b) - (b > a)))) < 1e-4, (a, b)
    after = game.apply(start, game.parse_move(start, "play 4 | play 1"))
    assert solved.strategy(after).value == Fraction(3, 19)   # OpenSpiel: 0.157894737


def root_matrix(game, state, solved) -> list[list[float]]:
    """The exact values of the joint moves from `state` (backward induction's)."""
    def value(after):
        return game.returns(after)[0] if game.is_terminal(after) \
            else float(solved.strategy(after).value)
    each = solved.strategy(state).moves
    return [[value(game.apply(state, (a, b))) for b in each[1]] for a in each[0]]


@pytest.mark.parametrize("name, simulations, gap", [("blotto", 5000, 0.2),
                                                    ("goofspiel", 5000, 0.1)])
def test_regret_matching_mcts_nears_the_exact_strategies(name, simulations, gap):
    """SM-MCTS's root average strategies are nearly optimal in the exact root matrix (their
    gap, exploitability summed over both, shrinks as simulations grow: 0.31 -> 0.13 on blotto
    and 0.16 -> 0.07 on goofspiel 4 from 2,000 to 5,000)."""
    from gdl.solvers.simultaneous.smmcts import RegretMCTS
    game = gdl.load(name, backend="python")
    start = game.initial_state()
    matrix = root_matrix(game, start, solve_stages(game, start))
    found = RegretMCTS(game, seed=1).search(start, simulations=simulations)
    low, high = guaranteed(matrix, *found.strategies)
    assert found.simulations == simulations and float(high - low) < gap


def test_the_ai_seat_draws_from_the_equilibrium():
    from gdl.ai.players import make_player
    game = gdl.load("roshambo", backend="python")
    seat = make_player("ai", game, seed=4)
    start = game.initial_state()
    drawn = [game.part_text(start, seat.choose_part(game, start, 0)) for _ in range(600)]
    assert all(150 < drawn.count(throw) < 250 for throw in ("rock", "paper", "scissors"))
