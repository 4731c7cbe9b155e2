"""How far each solver overshoots its time budget: prints figures, asserts nothing.

    python bench/budgets.py [--moves 100] [--budget 0.1] [--load N] [--quick]
                                                  # 4800 searches of 0.1 s: 8+ min

For four games at three board sizes, `--moves` searches from seeded random positions
with alpha-beta and with MCTS, each on Python and in C, each given `--budget` seconds;
then `gdl.Player` on a clock over whole games (chess and breakthrough in C: each move
against its hard bound, each game's time against its clock); then the exact solver,
constraint counting and a puzzle search with a time limit. Prints the overshoot (elapsed
minus budget) as a share of the budget: median and worst. `--load N` runs N busy
processes beside it (the machine loaded on purpose); `--quick` takes one board size per
game and skips the one-shot limits.
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
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.alphabeta import AlphaBeta  # noqa: E402
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta  # noqa: E402
from gdl.solvers.search.native_mcts import NativeMCTS  # noqa: E402
from gdl.solvers.constraints.solve import solve_csp  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402
from gdl.solvers.search.mcts import MCTS  # noqa: E402
from gdl.solvers.puzzles.choose import solve_puzzle  # noqa: E402

SHORT = 0.1   # s: a Player's moves bound to less are shown apart
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


def engines(game, budget: float) -> dict:
    """Each engine's search of a state within `budget` seconds, by name."""
    native = with_backend(game, "native")
    return {
        "alpha-beta": lambda s: AlphaBeta(game).search(s, time_limit=budget),
        "MCTS": lambda s: MCTS(game, seed=1).search(s, time_limit=budget),
        "alpha-beta in C": lambda s: NativeAlphaBeta(native, None).search(s, time_limit=budget),
        "MCTS in C": lambda s: NativeMCTS(native, None, seed=1).search(s, time_limit=budget),
    }


def clocked_games(name: str, clock: float, games: int) -> None:
    """Two gdl.Players on `clock` seconds each play `games` games: each move's time against
    its hard bound (Player.bound: the search's, the checks after it and the notation), each
    player's whole time against its clock."""
    import gdl
    game = gdl.load(name)
    gdl.Player(game, clock=clock).move(gdl.Position(game))   # the library loaded first
    per_move, short, per_game = [], [], []
    for g in range(games):
        players = [gdl.Player(game, clock=clock, seed=10 * g + i) for i in range(2)]
        pos, spent = gdl.Position(game), [0.0, 0.0]
        while not game.is_terminal(pos.state) and len(pos.moves) < 160:
            who = game.current_player(pos.state)
            player = players[who]
            start = perf_counter()
            text = player.move(pos)
            took = perf_counter() - start
            bound = player.bound
            (per_move if bound >= SHORT else short).append((took - bound) / bound)
            spent[who] += took
            pos.play(text)
        per_game += [(t - clock) / clock for t in spent]
    print(line(f"{name} Player, move against its bound", per_move))
    if short:   # the clock nearly spent: a move's fixed costs (checks, notation) show
        print(line(f"{name} Player, bound under {SHORT:g} s", short))
    print(line(f"{name} Player, game against its clock", per_game))


def busy(n: int) -> list:
    """n processes spinning on a core each (killed by the caller), to load the machine."""
    import subprocess
    spin = "while True: pass"
    return [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--load", type=int, default=0, help="busy processes beside it")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--clock", type=float, default=20.0, help="each Player's clock")
    args = parser.parse_args()
    budget = args.budget
    spinners = busy(args.load)
    try:
        run(args, budget)
    finally:
        for proc in spinners:
            proc.kill()


def run(args, budget: float) -> None:
    print(f"== time budgets: overshoot over {args.moves} searches of {budget:g} s each"
          f" ({args.load} busy processes beside)")
    boards = BOARDS[1::3] if args.quick else BOARDS
    for name, options, plies in boards:
        game = catalog.load(name, options)
        size = "x".join(options.values()) or "default"
        if plies != OPENING:
            size += f" plies {plies[0]}-{plies[1]}"
        states = positions(game, args.moves, 1, plies)
        for label, search in engines(game, budget).items():
            search(states[0])   # the library built before the clock is read
            shares = [overshoot(lambda s=s, f=search: f(s), budget) for s in states]
            print(line(f"{name} {size} {label}", shares), flush=True)
    print(f"== gdl.Player on a clock of {args.clock:g} s a game")
    for name in ("breakthrough", "chess"):
        clocked_games(name, args.clock, 1 if args.quick else 2)
    if args.quick:
        return
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
