"""KIF games on their two paths, next to the same games in gdl's language: prints figures,
asserts nothing about time.

    python bench/kif_speed.py          # about a minute

For tic-tac-toe, Connect Four, Breakthrough (tests/data/kif_bench/*.kif, beside the
bundled tictactoe, connect4, breakthrough) and a simultaneous game (roshambo.kif, no
bundled twin): random playouts through the KIF propnet's Python path (over Python ints)
and C path (generated C), through the lowered path where the game is lowered into gdl's
core (docs/ggp.md: its compiled Python behind the KIF moves, and its generated C), and
the bundled game on Python and on its default back end (its generated C), all in this
process by
gdl.cli.speed.playout_rate (uniform random moves to the end). RUNS runs of each, same
seeds; medians of moves/s (states reached per second), and the ratios: the propnet's C
over its Python, the lowered C over the bundled game's C (the target: within 2x, a ratio
of 0.5 or more). The lowered Python column is slower than gdl's Python by the mapping of
moves between the KIF's terms and gdl's, kept out of the C loops.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gdl import api  # noqa: E402
from gdl.cli.speed import playout_rate  # noqa: E402
from gdl.interpreter.kif import load_kif  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "kif_bench"
GAMES = [("tictactoe", "tictactoe"), ("connect4", "connect4"),
         ("breakthrough", "breakthrough"), ("roshambo", None)]
RUNS = 5
SECONDS = 0.5


def median_rate(game, seconds: float) -> float:
    return statistics.median(playout_rate(game, seconds, seed)[1] for seed in range(1, RUNS + 1))


def rate_of(game) -> float | None:
    if game is None:
        return None
    playout_rate(game, 0.01)   # build (or load) the C library before the clock
    return median_rate(game, SECONDS)


def main() -> None:
    heads = ["propnet Py", "propnet C", "lowered Py", "lowered C", "gdl Py", "gdl C"]
    print(f"{'game':<14}" + "".join(f"{h:>12}" for h in heads) +
          f"{'C/Py':>7}{'low/gdl':>9}   (moves/s, median of {RUNS})")
    for kif_name, bundled in GAMES:
        native = load_kif(DATA / f"{kif_name}.kif", "propnet")
        auto = load_kif(DATA / f"{kif_name}.kif")
        lowered = auto if auto.path == "lowered" else None
        rates = [rate_of(native.on_backend("python")), rate_of(native),
                 rate_of(lowered and lowered.on_backend("python")),
                 rate_of(lowered and lowered.on_backend("auto")),
                 rate_of(api.load(bundled, backend="python") if bundled else None),
                 rate_of(api.load(bundled) if bundled else None)]
        cells = "".join(f"{r:>12,.0f}" if r else f"{'-':>12}" for r in rates)
        ratio = f"{rates[3] / rates[5]:>9.2f}" if rates[3] and rates[5] else f"{'-':>9}"
        print(f"{kif_name:<14}{cells}{rates[1] / rates[0]:>7.0f}{ratio}")


if __name__ == "__main__":
    main()
