"""Search benchmarks on the reference games: prints figures, asserts nothing about time.

    python bench/search.py            # about a minute and a half

Prints: random playouts/s; alpha-beta nodes/s; MCTS iterations/s; how far a
time budget per move overshoots (median and worst over 100 moves); exact
solving of small Connect Four boards; a short AI-against-random match.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gdl import catalog  # noqa: E402
from tests.references.games import ConnectFour, TicTacToe  # noqa: E402
from gdl.ai.players import AIPlayer  # noqa: E402
from gdl.solvers.search.alphabeta import AlphaBeta, Ordering  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402
from gdl.ai.match import format_table, run_match  # noqa: E402
from gdl.solvers.search.mcts import MCTS  # noqa: E402
from gdl.solvers.search.tables import BoundedTable  # noqa: E402
from gdl.cli.speed import playout_rate  # noqa: E402


def alphabeta_rate(game, depth: int, **options) -> tuple[int, float]:
    """(nodes, nodes/s) of one iterative-deepening search to `depth` from the start."""
    result = AlphaBeta(game, depth=depth, **options).search()
    return result.stats.nodes, result.stats.nodes / result.stats.seconds


def overshoot(make_search, budget: float, moves: int, seed: int = 3) -> list[float]:
    """Seconds over budget for `moves` searches along seeded random-opening games."""
    game = ConnectFour()
    rng = random.Random(seed)
    over = []
    search = make_search(game)
    state = game.initial_state()
    while len(over) < moves:
        if game.is_terminal(state):
            state = game.initial_state()
            for _ in range(rng.randint(0, 6)):
                state = game.apply(state, rng.choice(game.legal_moves(state)))
            continue
        start = perf_counter()
        move = search(state, budget)
        over.append(perf_counter() - start - budget)
        if rng.random() < 0.2:  # some variety, so the moves do not repeat one game
            move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
    return over


def main() -> None:
    c4 = ConnectFour()
    print("== random playouts (reference games, protocol calls)")
    for game in (TicTacToe(), c4):
        games, plies = playout_rate(game, 2.0)
        print(f"  {game.name:<12} {games:>9,.0f} playouts/s  {plies:>11,.0f} moves/s")

    compiled = catalog.load("connect4")
    for source, game in (("reference", c4), ("compiled rules", compiled)):
        print(f"== alpha-beta on connect4 ({source}) from the start (iterative deepening)")
        for label, depth, options in (
                ("table + ordering + heuristic", 9, {}),
                ("table + ordering, zero evaluation", 9, {"evaluate": lambda state: 0.0}),
                ("no table, square order", 7, {"table": None, "ordering": Ordering.none()})):
            nodes, rate = alphabeta_rate(game, depth, **options)
            print(f"  {label:<34} depth {depth}: {nodes:>9,} nodes  {rate:>9,.0f} nodes/s")

        print(f"== MCTS (UCT, random rollouts) on connect4 ({source}) from the start")
        stats = MCTS(game, seed=1).search(time_limit=3.0).stats
        print(f"  {stats.iterations:,} iterations in {stats.seconds:.2f} s: "
              f"{stats.iterations / stats.seconds:,.0f} iterations/s")

    budget, moves = 0.05, 100
    print(f"== time budget overshoot, {moves} moves at {budget} s on connect4")

    def ab_search(game):
        searcher = AlphaBeta(game, table=BoundedTable(200_000))
        return lambda state, seconds: searcher.search(state, time_limit=seconds).best_move

    def mcts_search(game):
        searcher = MCTS(game, seed=2)
        return lambda state, seconds: searcher.search(state, time_limit=seconds).best_move

    for label, make in (("alpha-beta", ab_search), ("MCTS", mcts_search)):
        over = overshoot(make, budget, moves)
        print(f"  {label:<11} median {statistics.median(over) * 1000:6.2f} ms  "
              f"worst {max(over) * 1000:6.2f} ms")

    print("== exact solving (ExactSolver, alpha-beta on payoffs, dict table)")
    for width, height in ((4, 4), (5, 4)):
        r = solve(ConnectFour(width, height, 4))
        print(f"  connect4 {width}x{height}: {r.value:<4} best column {r.best_move + 1}  "
              f"{r.nodes:>9,} nodes  {r.seconds:6.2f} s  {r.nodes / r.seconds:>9,.0f} nodes/s")

    print("== ai:hard (0.1 s per move) against random on connect4, 4 games")
    result = run_match(c4, "ai:hard", "random", games=4, seed=5, time_per_move=0.1)
    print("  " + format_table(result).replace("\n", "\n  "))
    player = AIPlayer(c4, "hard", seed=1, time_per_move=0.2)
    player.choose(c4, c4.initial_state())
    stats = player.last.stats
    print(f"  ai:hard at 0.2 s from the start: depth {stats.depth}, {stats.nodes:,} nodes")


if __name__ == "__main__":
    main()
