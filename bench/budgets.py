"""How far each solver overshoots its time budget: prints figures, asserts nothing.

    python bench/budgets.py [--moves 100] [--budget 0.1]   # 2400 searches of 0.1 s: 4+ min

For four games at three board sizes, `--moves` searches from seeded random positions
with alpha-beta and with MCTS, each given `--budget` seconds; then the exact solver,
constraint counting and a puzzle search with a time limit. Prints the overshoot
(elapsed minus budget) as a share of the budget: median and worst.
"""

from __future__ import annotations

import argparse
import random
import contextlib
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gdl import catalog  # noqa: E402
from gdl.errors import SolverError  # noqa: E402
from gdl.solvers.search.alphabeta import AlphaBeta  # noqa: E402
from gdl.solvers.constraints.solve import solve_csp  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402
from gdl.solvers.search.mcts import MCTS  # noqa: E402
from gdl.solvers.puzzles.choose import solve_puzzle  # noqa: E402

OPENING = (0, 12)   # plies of random play before a searched position
# (game, options, plies into the game): three board sizes each, or, for Othello (no size
# option), three stages of the game
BOARDS = [
    *[("connect4", o, OPENING) for o in ({"width": "5", "height": "4"}, {},
                                          {"width": "20", "height": "16"})],
    *[("gomoku", o, OPENING) for o in ({"width": "9", "height": "9"}, {},
                                        {"width": "26", "height": "99"})],
    *[("breakthrough", o, OPENING) for o in ({"width": "5", "height": "5"}, {},
                                              {"width": "16", "height": "16"})],
    *[("othello", {}, (20 * stage, 20 * stage + 10)) for stage in range(3)],
]


def positions(game, count: int, seed: int, plies: tuple[int, int]):
    """Seeded random non-terminal positions `plies` moves (a range) into the game."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randint(*plies)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if not game.is_terminal(state):
            out.append(state)
    return out


def overshoot(run, budget: float) -> float:
    """(elapsed - budget) / budget for one call of `run()`."""
    start = perf_counter()
    run()
    return (perf_counter() - start - budget) / budget


def line(label: str, shares: list[float]) -> str:
    return (f"  {label:<34} median {statistics.median(shares):+7.1%}  "
            f"worst {max(shares):+7.1%}  ({len(shares)} searches)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.1)
    args = parser.parse_args()
    budget = args.budget
    print(f"== time budgets: overshoot over {args.moves} searches of {budget:g} s each")
    for name, options, plies in BOARDS:
        game = catalog.load(name, options)
        size = "x".join(options.values()) or "default"
        if plies != OPENING:
            size += f" plies {plies[0]}-{plies[1]}"
        states = positions(game, args.moves, 1, plies)
        ab = [overshoot(lambda s=s, g=game: AlphaBeta(g).search(s, time_limit=budget), budget)
              for s in states]
        print(line(f"{name} {size} alpha-beta", ab))
        mc = [overshoot(lambda s=s, g=game: MCTS(g, seed=1).search(s, time_limit=budget),
                        budget) for s in states]
        print(line(f"{name} {size} MCTS", mc))
    print("== one-shot limits (1 s each, 5 runs)")
    one = 1.0

    def exact() -> None:
        with contextlib.suppress(SolverError):   # a limit reached is the point
            solve(catalog.load("draughts"), time_limit=one)
    print(line("exact solve draughts", [overshoot(exact, one) for _ in range(5)]))
    queens = catalog.load("queens", {"n": "30"})
    print(line("count queens n=30", [overshoot(
        lambda: solve_csp(queens.csp(None), count=True, limit=None, time_limit=one), one)
        for _ in range(5)]))
    sudoku = catalog.load("sudoku")
    print(line("count blank sudoku", [overshoot(
        lambda: solve_csp(sudoku.csp("." * 81), count=True, limit=None, time_limit=one), one)
        for _ in range(5)]))
    hanoi = catalog.load("hanoi", {"discs": "16"})
    print(line("solve hanoi discs=16", [overshoot(
        lambda: solve_puzzle(hanoi, time_limit=one), one) for _ in range(5)]))


if __name__ == "__main__":
    main()
