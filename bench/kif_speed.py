"""KIF games on their two paths, next to the same games in gdl's language: prints figures,
asserts nothing about time.

    python bench/kif_speed.py          # about a minute

For tic-tac-toe, Connect Four, Breakthrough (tests/data/kif_bench/*.kif, beside the
bundled tictactoe, connect4, breakthrough) and a simultaneous game (roshambo.kif, no
bundled twin): random playouts through the KIF Python path (the propnet over Python
ints), the KIF C path (the propnet generated as C) and the bundled game on its default
back end (its generated C), all in this process by gdl.cli.speed.playout_rate (uniform
random moves to the end). RUNS runs of each, taking turns, same seeds; medians of moves/s
(states reached per second), and the ratios.
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


def main() -> None:
    print(f"{'game':<14}{'KIF Python':>14}{'KIF C':>14}{'gdl':>14}"
          f"{'C/Python':>10}{'C/gdl':>8}   (moves/s, median of {RUNS})")
    for kif_name, bundled in GAMES:
        native = load_kif(DATA / f"{kif_name}.kif")
        python = native.on_backend("python")
        playout_rate(native, 0.01)   # build (or load) the C library before the clock
        rates = [median_rate(python, SECONDS), median_rate(native, SECONDS)]
        if bundled is not None:
            game = api.load(bundled)
            playout_rate(game, 0.01)
            rates.append(median_rate(game, SECONDS))
        gdl_text = f"{rates[2]:>14,.0f}" if len(rates) > 2 else f"{'-':>14}"
        ratio = f"{rates[1] / rates[2]:>8.2f}" if len(rates) > 2 else f"{'-':>8}"
        print(f"{kif_name:<14}{rates[0]:>14,.0f}{rates[1]:>14,.0f}{gdl_text}"
              f"{rates[1] / rates[0]:>10.1f}{ratio}")


if __name__ == "__main__":
    main()
