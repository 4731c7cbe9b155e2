"""UCT MCTS: determinism, strength on tiny positions, N players, tree reuse, budgets."""

from __future__ import annotations

from tests.references.games import ConnectFour, Nim, TicTacToe
from gdl.solvers.search.mcts import MCTS, heuristic_rollout


class CountToTen:
    """Three players add 1 or 2 in turn; whoever reaches 10 wins (+1, the others -0.5)."""

    name, title, players, kind = "count", "Count", ("a", "b", "c"), "game"
    zero_sum, invariants = True, {}

    def initial_state(self):
        return (0, 0, -1)  # total, player to move, winner

    def current_player(self, s):
        return s[1]

    def legal_moves(self, s):
        return [] if s[2] >= 0 else [n for n in (1, 2) if s[0] + n <= 10]

    def apply(self, s, m):
        total = s[0] + m
        return (total, (s[1] + 1) % 3, s[1] if total == 10 else -1)

    def is_terminal(self, s):
        return s[2] >= 0

    def returns(self, s):
        return tuple(1.0 if p == s[2] else -0.5 for p in range(3))


def test_seeded_searches_repeat():
    g = ConnectFour()
    a = MCTS(g, seed=7).search(iterations=500)
    b = MCTS(g, seed=7).search(iterations=500)
    assert a.visits == b.visits and a.best_move == b.best_move
    assert a.stats.iterations == a.stats.root_visits == 500
    assert a.stats.stopped == "iterations"


def test_finds_wins_and_blocks():
    g = TicTacToe()
    s = g.initial_state()
    for m in (0, 3, 1, 4):  # X to move wins with c1
        s = g.apply(s, m)
    assert MCTS(g, seed=1).search(s, iterations=2000).best_move == 2
    s = g.initial_state()
    for m in (0, 4, 8, 2):  # O threatens a3; X must block
        s = g.apply(s, m)
    assert MCTS(g, seed=1).search(s, iterations=3000).best_move == 6
    r = MCTS(Nim((3, 5)), seed=2).search(iterations=3000)
    assert r.best_move == (1, 2)  # equalise the heaps


def test_three_players():
    g = CountToTen()
    r = MCTS(g, seed=3).search((8, 2, -1), iterations=300)
    assert r.best_move == 2 and r.value > 0.9
    # From the start: every visit is counted once under the root's children.
    r = MCTS(g, seed=3).search(iterations=2000)
    assert r.best_move in (1, 2) and sum(v for _, v in r.visits) == 2000


def test_tree_reuse_across_moves():
    g = ConnectFour()
    m = MCTS(g, seed=5)
    first = m.search(iterations=2000)
    s = g.apply(g.initial_state(), first.best_move)
    reply = max(m.root.children[first.best_move].children.items(), key=lambda mc: mc[1].visits)[0]
    s = g.apply(s, reply)
    second = m.search(s, iterations=500)
    assert second.stats.reused > 0
    assert second.stats.root_visits == second.stats.reused + 500
    m.advance(second.best_move)
    assert m.root is not None and m.root.state == g.apply(s, second.best_move)
    m.reset()
    assert m.search(s, iterations=10).stats.reused == 0


def test_time_budget_and_terminal_root():
    g = ConnectFour()
    r = MCTS(g, seed=1).search(time_limit=0.0)
    assert r.stats.stopped == "time" and r.best_move in g.legal_moves(g.initial_state())
    done = Nim((0,))
    assert MCTS(done, seed=1).search(iterations=10).best_move is None


def test_heuristic_rollouts_and_cut_rollouts():
    g = ConnectFour()
    r = MCTS(g, seed=4, rollout=heuristic_rollout(g, epsilon=0.2)).search(iterations=200)
    assert r.best_move in range(7)
    cut = MCTS(g, seed=4, max_rollout_plies=3).search(iterations=300)
    assert cut.best_move in range(7) and -1 <= cut.value <= 1
