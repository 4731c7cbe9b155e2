"""Time limits and memory bounds: every long search stops near its limit with its best
result so far and a one-line reason. The bounds here are on processor time and generous
on purpose (shared machines); bench/budgets.py measures the overshoot itself."""

from __future__ import annotations

import json
from time import process_time

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers import budget
from gdl.solvers.budget import Clock, deadline_after
from gdl.solvers.constraints.solve import solve_csp
from gdl.solvers.search.mcts import MCTS


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def timed(fn):
    """(fn(), the processor time it took): other processes on a shared machine do not count,
    and a search that ignored its limit would still run on and on."""
    start = process_time()
    value = fn()
    return value, process_time() - start


def test_the_clock_is_read_at_every_node_when_nodes_are_slow(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(budget, "perf_counter", lambda: now[0])
    slow = Clock(100.0)
    nodes = 0
    for _ in range(5):   # a node takes a second: far more than the seconds between reads
        now[0] += 1.0
        nodes = slow.next_check(nodes)
    assert slow.interval == 1
    fast = Clock(100.0)
    nodes = 0
    for _ in range(5):   # a node takes a microsecond: from the second read on, twofold a read
        now[0] += 1e-6 * fast.interval
        nodes = fast.next_check(nodes)
    assert fast.interval == 16
    assert Clock(deadline_after(-1.0)).next_check(5) == -1


@pytest.mark.slow
def test_counting_queens_stops_at_the_time_limit(capsys):
    (code, out, err), took = timed(lambda: run(capsys, "solve", "queens", "--set", "n=30",
                                               "--count", "--time-limit", "1", "--json"))
    data = json.loads(out)
    assert code == 3 and err == "" and took < 5
    assert data["stopped"] == "time" and data["count"] > 0 and data["solved"]
    assert data["reason"].endswith("then stopped: not finished within 1 s")


@pytest.mark.slow
def test_counting_a_blank_sudoku_stops_at_the_time_limit(capsys):
    (code, out, _), took = timed(lambda: run(capsys, "solve", "sudoku", "--count", "--given",
                                             "." * 81, "--time-limit", "1"))
    assert code == 3 and took < 5
    assert out.splitlines()[-1].split(" solutions found, then stopped: not finished within "
                                      "1 s")[0].replace(",", "").isdigit()


def test_counting_keeps_two_solutions_however_many_it_counts():
    puzzle = catalog.load("queens", {"n": "8"})
    result = solve_csp(puzzle.csp(None), count=True, limit=None, time_limit=30)
    assert (result.count, result.exact, result.stopped) == (92, True, None)


@pytest.mark.slow
def test_alpha_beta_and_mcts_keep_to_the_budget_on_a_huge_board():
    game = catalog.load("gomoku", {"width": "26", "height": "99"})
    start = game.initial_state()
    for search in (AlphaBeta(game).search, MCTS(game, seed=1).search):
        result, took = timed(lambda search=search: search(start, time_limit=0.3))
        assert result.best_move in game.legal_moves(start) and took < 3
        assert result.stats.stopped == "time"


def test_the_mcts_tree_is_bounded():
    game = catalog.load("connect4")
    mcts = MCTS(game, seed=2, max_nodes=200)
    result = mcts.search(iterations=10_000)
    assert result.stats.stopped == "nodes" and result.stats.iterations == 199
    assert result.best_move in game.legal_moves(game.initial_state())
    # Reused for the next move: the bound counts the kept subtree too.
    again = mcts.search(iterations=10_000)
    assert again.stats.stopped == "nodes" and again.stats.iterations == 0


@pytest.mark.slow
def test_a_puzzle_too_big_to_solve_is_played_within_the_time(capsys):
    (code, out, _), took = timed(lambda: run(capsys, "play", "hanoi", "--set", "discs=16",
                                             "--players", "ai", "--time", "0.3",
                                             "--max-plies", "3"))
    assert code == 0 and took < 10
    assert out.splitlines()[-1] == "result after 3 moves: unsolved at the move limit " \
                                   "(--max-plies)"


@pytest.mark.slow
def test_solving_a_huge_board_keeps_to_the_limit(capsys):
    (code, out, _), took = timed(lambda: run(capsys, "solve", "gomoku", "--set", "width=26",
                                             "--set", "height=99", "--time-limit", "0.5"))
    assert code == 3 and took < 6
    assert out.startswith("value: unknown (gomoku was not solved within 0.5 s")


def test_an_mcts_player_takes_its_tree_bound_from_the_command_line(capsys):
    from gdl.ai.players import make_player
    game = catalog.load("tictactoe")
    player = make_player("mcts", game, "hard", seed=1, time_per_move=5.0, max_nodes=30)
    move = player.choose(game, game.initial_state())
    assert move in game.legal_moves(game.initial_state())
    assert player.last.stats.stopped == "nodes" and player.last.stats.root_visits == 29
    code, out, _ = run(capsys, "match", "tictactoe", "--players", "mcts,random", "--games",
                       "2", "--max-nodes", "30", "--json")
    assert code == 0 and json.loads(out)["played"] == 2


def test_timed_searches_run_without_collector_pauses():
    """The cyclic collector is off inside a search (a pass over a big tree lands inside
    the budget) and on again after it, also when the search raises."""
    import gc

    game = catalog.load("connect4")
    seen = []

    def evaluate(state):
        seen.append(gc.isenabled())
        return (0.0, 0.0)

    assert gc.isenabled()
    MCTS(game, seed=1, evaluate=evaluate, max_rollout_plies=1).search(iterations=20)
    AlphaBeta(game, evaluate=lambda s: seen.append(gc.isenabled()) or 0.0).search(depth=2)
    assert seen and not any(seen) and gc.isenabled()
    try:
        with budget.without_gc():
            raise ValueError
    except ValueError:
        pass
    assert gc.isenabled()
