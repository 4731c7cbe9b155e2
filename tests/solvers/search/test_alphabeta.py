"""Alpha-beta: node counts, agreement with plain minimax, tables, budgets, distance scoring."""

from __future__ import annotations

import itertools
import random

import pytest

from gdl.errors import SolverError
from tests.references.games import ConnectFour, Nim, TicTacToe
from gdl.solvers.search.alphabeta import AlphaBeta, Ordering
from gdl.solvers.search.evaluation import DECIDED, WIN, plies_to_end, terminal_score
from gdl.solvers.search.minimax import minimax
from gdl.solvers.search.tables import EXACT, FULL_DEPTH, LOWER, UPPER, BoundedTable, DictTable


class ThreePlayers:
    name, players, zero_sum = "three", ("a", "b", "c"), True


def random_positions(game, count: int, min_ply: int, max_ply: int, seed: int) -> list:
    """Positions reached by seeded random playouts of min_ply..max_ply moves."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        state = game.initial_state()
        for _ in range(rng.randint(min_ply, max_ply)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(list(game.legal_moves(state))))
        out.append(state)
    return out


def nim_positions(count: int, seed: int) -> list:
    """(game, state) pairs: up to three heaps of at most 5, played down to at most 9 objects."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        game = Nim(tuple(rng.randint(0, 5) for _ in range(rng.randint(1, 3))))
        state = game.initial_state()
        while sum(state[:-2]) > 9:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        out.append((game, state))
    return out


def search(game, state=None, **options):
    return AlphaBeta(game, **options).search(state)


def backed_up(child_value: float) -> float:
    """A child's score seen from its parent: negated, and one ply further from a decided end."""
    v = -child_value
    return v - 1 if v > DECIDED else v + 1 if v < -DECIDED else v


# --------------------------------------------------------------------- tic-tac-toe figures

def test_square_order_without_table_matches_the_published_count():
    r = search(TicTacToe(), table=None, ordering=Ordering.none(), iterative=False, distance=False)
    print("alpha-beta, square order, no table, payoff scoring:", r.stats.nodes)
    assert r.stats.nodes <= 18297
    assert r.value == 0.0 and r.stats.exact and r.outcome == "draw"


def test_distance_scoring_costs_few_nodes():
    # Scoring wins by distance loses some cutoffs; the mate-distance clamp wins most back.
    r = search(TicTacToe(), table=None, ordering=Ordering.none(), iterative=False)
    print("alpha-beta, square order, no table, distance scoring:", r.stats.nodes)
    assert r.stats.nodes <= 18328 and r.value == 0.0
    r = search(TicTacToe(), table=None, iterative=False)
    print("alpha-beta, killers + history, no table:", r.stats.nodes)
    assert r.stats.nodes <= 7098 and r.value == 0.0


def test_canonical_table_cuts_the_tree():
    g = TicTacToe()
    r = search(g, table=DictTable(), iterative=False)
    print("alpha-beta, canonical table, one full-depth pass:", r.stats.nodes, r.stats.table_hits)
    assert r.stats.nodes <= 1000 and r.value == 0.0 and r.stats.table_hits > 0
    r = search(g, table=DictTable(), ordering=Ordering.none(), iterative=False)
    print("alpha-beta, canonical table, square order:", r.stats.nodes)
    assert r.stats.nodes <= 1072 and r.value == 0.0
    r = search(g)
    print("alpha-beta, defaults (iterative deepening, table):", r.stats.nodes)
    assert r.stats.nodes <= 1803 and r.value == 0.0 and r.stats.stopped == "exact"


def test_principal_variation_is_legal():
    g = TicTacToe()
    r = search(g, table=None, iterative=False)
    assert r.pv[0] == r.best_move and len(r.pv) == 9
    state = g.initial_state()
    for m in r.pv:
        assert m in g.legal_moves(state)
        state = g.apply(state, m)
    assert g.is_terminal(state) and g.returns(state) == (0.0, 0.0)


# --------------------------------------------------------------------- agreement with minimax

CONFIGS = list(itertools.product(("none", "dict", "bounded"), (Ordering.none(), Ordering()),
                                 (False, True)))


def make_table(kind: str):
    return {"none": None, "dict": DictTable(), "bounded": BoundedTable(61, "depth")}[kind]


@pytest.mark.slow
@pytest.mark.parametrize("game, count, plies", [
    (TicTacToe(), 250, (1, 8)),
    (ConnectFour(width=4, height=4, k=4), 200, (7, 14)),
])
def test_agrees_with_minimax_on_random_positions(game, count, plies):
    for i, state in enumerate(random_positions(game, count, *plies, seed=11)):
        kind, ordering, iterative = CONFIGS[i % len(CONFIGS)]
        r = search(game, state, table=make_table(kind), ordering=ordering, iterative=iterative)
        expected = minimax(game, state)
        assert r.value == expected.value, (state, kind, ordering, iterative)
        if r.best_move is not None:
            assert backed_up(minimax(game, game.apply(state, r.best_move)).value) == expected.value


@pytest.mark.slow
def test_agrees_with_minimax_on_nim():
    for i, (game, state) in enumerate(nim_positions(100, seed=3)):
        kind, ordering, iterative = CONFIGS[i % len(CONFIGS)]
        r = search(game, state, table=make_table(kind), ordering=ordering, iterative=iterative)
        assert r.value == minimax(game, state).value, (state, kind, ordering, iterative)


def test_depth_limited_values_agree_with_minimax():
    g = ConnectFour()
    for i, state in enumerate(random_positions(g, 30, 0, 20, seed=4)):
        kind, ordering, _ = CONFIGS[i % len(CONFIGS)]
        r = search(g, state, depth=3, table=make_table(kind), ordering=ordering)
        assert r.value == minimax(g, state, depth=3).value


@pytest.mark.slow
def test_payoff_scoring_agrees_on_outcome():
    g = ConnectFour(width=4, height=4, k=4)
    for state in random_positions(g, 60, 6, 14, seed=5):
        r = search(g, state, distance=False)
        expected = minimax(g, state).value
        assert (r.value > 0) == (expected > 0) and (r.value < 0) == (expected < 0)


def test_nim_sum_rule_on_every_small_position():
    table = DictTable()  # keys are sorted heaps and the mover: sharing is sound across games
    for n in (1, 2, 3):
        for heaps in itertools.product(range(6), repeat=n):
            g = Nim(heaps)
            r = AlphaBeta(g, table=table).search()
            nim_sum = 0
            for h in heaps:
                nim_sum ^= h
            assert r.stats.exact
            assert (r.outcome == "win") == (nim_sum != 0), heaps
            assert (r.outcome == "loss") == (nim_sum == 0), heaps


# --------------------------------------------------------------------- the table's bounds

def test_stored_bounds_are_sound():
    g = ConnectFour(width=4, height=4, k=4)
    table = DictTable()
    root = random_positions(g, 1, 4, 4, seed=9)[0]
    search(g, root, table=table, iterative=False)
    rng, below = random.Random(10), []
    for _ in range(100):  # positions below the root, along random lines
        state = root
        while not g.is_terminal(state):
            state = g.apply(state, rng.choice(g.legal_moves(state)))
            below.append(state)
    memo: dict = {}

    def exact(state) -> float:  # memoised minimax, scored like the search
        if state not in memo:
            if g.is_terminal(state):
                memo[state] = terminal_score(g.returns(state)[g.current_player(state)], 0)
            else:
                memo[state] = max(backed_up(exact(g.apply(state, m))) for m in g.legal_moves(state))
        return memo[state]

    assert exact(g.apply(root, 0)) == minimax(g, g.apply(root, 0)).value
    checked = 0
    for state in below:
        entry = table.probe(g.canonical(state))
        if entry is None or entry[0] != FULL_DEPTH or g.is_terminal(state):
            continue
        truth = exact(state)
        # Table values are relative to their own node, as minimax's root value is.
        value, flag = entry[1], entry[2]
        assert {EXACT: truth == value, LOWER: truth >= value, UPPER: truth <= value}[flag]
        checked += 1
    assert checked > 20


# --------------------------------------------------------------------- budgets

def test_time_budget_always_returns_a_move():
    g = ConnectFour()
    r = search(g, time_limit=0.0)
    assert r.best_move in g.legal_moves(g.initial_state())
    assert r.stats.stopped == "time" and not r.stats.completed and r.stats.depth >= 1


def test_interrupt_returns_the_best_so_far():
    g = ConnectFour()
    calls = 0

    def evaluate(state):
        nonlocal calls
        calls += 1
        if calls == 3000:
            raise KeyboardInterrupt
        return g.heuristic(state)[g.current_player(state)]

    r = search(g, evaluate=evaluate)
    assert r.stats.stopped == "interrupt" and not r.stats.completed
    assert r.best_move in g.legal_moves(g.initial_state()) and r.stats.depth >= 2


def test_depth_limit():
    g = ConnectFour()
    seen = []
    r = AlphaBeta(g, depth=4).search(on_iteration=lambda it: seen.append(it.stats.depth))
    assert seen == [1, 2, 3, 4]
    assert r.stats.depth == 4 and r.stats.completed and not r.stats.exact
    assert r.stats.stopped == "depth" and r.outcome is None


def test_default_evaluation_is_the_heuristic_else_zero():
    g = ConnectFour()
    r = search(g, depth=1, table=None)
    children = [g.apply(g.initial_state(), m) for m in range(7)]
    assert r.value == max(-g.heuristic(c)[1] for c in children)

    class NoHeuristic(ConnectFour):
        heuristic = None

    r = AlphaBeta(NoHeuristic(), depth=1, table=None).search()
    assert r.value == 0.0


# --------------------------------------------------------------------- distance scoring

def test_prefers_the_fastest_win_and_the_slowest_loss():
    g = TicTacToe()
    s = g.initial_state()
    for m in (0, 3, 1, 4):  # X a1 b1, O a2 b2: X wins at once with c1 (O threatens c2)
        s = g.apply(s, m)
    r = search(g, s)
    assert r.best_move == 2 and r.value == WIN - 1 and plies_to_end(r.value) == 1
    s = g.apply(g.apply(g.initial_state(), 0), 4)  # X a1, O b2 ...
    s = g.apply(g.apply(s, 8), 2)                   # X c3, O c1: O threatens a3
    r = search(g, g.apply(s, 1))                    # X b1 ignores it: O wins in 1
    assert r.value == WIN - 1 and r.best_move == 6
    # Nim (2, 2) is lost for the mover: the slowest loss takes one object.
    r = search(Nim((2, 2)))
    assert r.outcome == "loss" and plies_to_end(r.value) == 4 and r.best_move[1] == 1


def test_refuses_games_it_cannot_search():
    with pytest.raises(SolverError) as err:
        AlphaBeta(ThreePlayers())
    message = str(err.value)
    assert "two-player zero-sum" in message and "\n" not in message and message.endswith(".")


def test_terminal_root():
    g = Nim((0, 0))
    r = search(g)
    assert r.best_move is None and r.value == -WIN and r.stats.exact


# --------------------------------------------------------------------- extra turns (`again`)

AGAIN_NIM = """game "Nim, emptying a heap moves again"
players First Second
state heap = [2, 3, 1]
move take h in 1..size(heap), n in 1..heap[h]: heap[h] -= n, again if heap[h] == 0 and sum(heap) > 0
end: mover wins if sum(heap) == 0
"""


def plain_value(game, state):
    """The exact result for the player to move, by a plain recursion that asks who moves."""
    if game.is_terminal(state):
        return game.returns(state)[game.current_player(state)]
    me = game.current_player(state)
    values = []
    for m in game.legal_moves(state):
        after = game.apply(state, m)
        v = plain_value(game, after)
        values.append(v if game.current_player(after) == me else -v)
    return max(values)


def test_a_player_who_moves_again_is_not_negated():
    """After an `again` move the same side is to move: its value is not the opponent's."""
    from gdl.catalog import compile_text
    from gdl.solvers.search.exact import solve as exact_solve
    game = compile_text(AGAIN_NIM)
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        state = game.initial_state()
        for _ in range(rng.randrange(0, 4)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if game.is_terminal(state):
            continue
        expected = plain_value(game, state)
        sign = lambda v: (v > 0) - (v < 0)   # noqa: E731
        assert sign(search(game, state).value) == expected, state
        assert sign(minimax(game, state).value) == expected, state
        assert exact_solve(game, state).score == expected, state
        checked += 1
    assert checked > 20
