"""Compiled rules against hand-written Python: prints figures, asserts nothing about time.

    python bench/playouts.py          # about half a minute

Prints random playouts/s of the compiled tic-tac-toe and Connect Four next to
the hand-written references in tests/references/games.py, all through the protocol
calls in this one process: RUNS runs each, compiled and reference runs taking
turns, the same seed for both sides of a pair; each figure is the median. Then
perft nodes/s as `gdl perft` counts them (the perft count over its time: the
last ply is counted, not played) for the compiled Breakthrough at depth 3,
Connect Four at depth 6 (against the reference too), English draughts at depth 6,
Othello at depth 5 and ultimate tic-tac-toe at depth 3.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gdl import catalog  # noqa: E402
from tests.references.games import ConnectFour, TicTacToe  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from gdl.cli.speed import playout_rate  # noqa: E402

RUNS = 7          # runs per figure; the median is printed
SECONDS = 0.5     # length of one playout run
PERFT_SECONDS = 0.2  # least length of one perft run


def paired_playouts(compiled, reference) -> tuple[list[float], list[float]]:
    """Playouts/s of RUNS runs each, the two games taking turns (seed i for both in pair i)."""
    ours, theirs = [], []
    for seed in range(1, RUNS + 1):
        ours.append(playout_rate(compiled, SECONDS, seed)[0])
        theirs.append(playout_rate(reference, SECONDS, seed)[0])
    return ours, theirs


def perft_rate(game, depth: int) -> tuple[int, float]:
    """(perft count, median count/s over RUNS runs) from the start; a run repeats the count
    until it has taken PERFT_SECONDS."""
    rates, count = [], 0
    for _ in range(RUNS):
        start, done = perf_counter(), 0
        while done == 0 or perf_counter() - start < PERFT_SECONDS:
            count = perft(game, game.initial_state(), depth)
            done += count
        rates.append(done / (perf_counter() - start))
    return count, statistics.median(rates)


def main() -> None:
    print(f"== random playouts/s, compiled rules against the hand-written reference "
          f"(median of {RUNS} interleaved runs of {SECONDS:g} s)")
    for name, reference in (("tictactoe", TicTacToe()), ("connect4", ConnectFour())):
        ours, theirs = paired_playouts(catalog.load(name), reference)
        a, b = statistics.median(ours), statistics.median(theirs)
        spread = statistics.median(x / y for x, y in zip(ours, theirs))
        print(f"  {name:<12} compiled {a:>9,.0f}  reference {b:>9,.0f}  "
              f"compiled/reference {a / b:.2f} (median of pair ratios {spread:.2f})")

    print(f"== perft from the start, nodes/s (median of {RUNS} runs)")
    for label, game, depth in (("breakthrough (compiled)", catalog.load("breakthrough"), 3),
                               ("connect4 (compiled)", catalog.load("connect4"), 6),
                               ("connect4 (reference)", ConnectFour(), 6),
                               ("draughts (compiled)", catalog.load("draughts"), 6),
                               ("othello (compiled)", catalog.load("othello"), 5),
                               ("uttt (compiled)", catalog.load("uttt"), 3)):
        count, rate = perft_rate(game, depth)
        print(f"  {label:<24} depth {depth}: {count:>9,}  {rate:>12,.0f} nodes/s")


if __name__ == "__main__":
    main()
