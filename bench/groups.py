"""Groups without whole-board floods (gdl/interpreter/c/groups.py, alive.py) against the
generator's whole floods, and against OpenSpiel's own C++ loop, in one process.

    python bench/groups.py [NAME ...] [--seconds S] [--runs N]

For each game, two libraries of the same rules: the generator as it is ("local") and with
`groups.FLOODS_ONLY` (every `reach` a whole flood, as the generator wrote it before: the
same source byte for byte), plus OpenSpiel's C++ loop where bench/openspiel_cpp.py can
build it (its headers as gdl/bridges/openspiel/cpp_build.py finds them). The sides take
turns in every run; figures are medians, per CPU-second of this process
(time.process_time: the machine's other jobs do not count): the exact loop's games (every
legal move listed at every ply, one drawn), the playouts an AI runs (the filter asked only
of the moves drawn; go with its eye-keeping rule, mode 2), and perft nodes (counts checked
equal on every side). Prints figures only.
"""

from __future__ import annotations

import ctypes
import statistics
import sys
from pathlib import Path
from time import process_time

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c import groups  # noqa: E402
from gdl.interpreter.c.game import NativeGame  # noqa: E402
from gdl.interpreter.core.playout_eyes import eye_rule  # noqa: E402
from openspiel_cpp import OpenSpielLoop, arguments, build_loop  # noqa: E402

# label -> (game, options, OpenSpiel's game string or None, perft depth)
GAMES = {"go 9": ("go", {}, "go(board_size=9)", 3),
         "go 13": ("go", {"size": "13"}, "go(board_size=13)", 2),
         "go 19": ("go", {"size": "19"}, "go(board_size=19)", 2),
         "hex 11": ("hex", {}, "hex(board_size=11)", 3),
         "hex 19": ("hex", {"size": "19"}, "hex(board_size=19)", 2),
         "y": ("y", {}, None, 3), "havannah": ("havannah", {}, None, 2),
         "quoridor": ("quoridor", {}, None, 2)}


def built(name: str, options: dict, floods_only: bool) -> NativeGame:
    groups.FLOODS_ONLY = floods_only
    try:
        return NativeGame(catalog.load(name, options or None))
    finally:
        groups.FLOODS_ONLY = False


def rate(run, seconds: float) -> float:
    """Units a CPU-second: `run(batch)` returns the units it did; batches double."""
    begin, done, batch = process_time(), 0, 1
    while process_time() - begin < seconds:
        done += run(batch)
        batch = min(batch * 2, 1024)
    return done / (process_time() - begin)


def playouts(game: NativeGame, exact: bool, eyes: int, seconds: float, seed: int) -> float:
    start = game.initial_state()
    counter = [seed]

    def run(batch: int) -> int:
        found = game.native_playouts(start, batch, seed=counter[0], exact=exact, eyes=eyes)
        assert found is not None, "the native playouts did not run"
        counter[0] += batch
        return batch
    return rate(run, seconds)


def perft(game: NativeGame, depth: int) -> tuple[int, float]:
    begin = process_time()
    count = game.native_perft(game.initial_state(), depth)
    assert count is not None
    return count, count / max(process_time() - begin, 1e-9)


def spiel_perft(loop: OpenSpielLoop, spiel: str, depth: int) -> tuple[int, float]:
    begin = process_time()
    count = loop.perft(spiel, depth)
    return count, count / max(process_time() - begin, 1e-9)


def spiel_playouts(loop: OpenSpielLoop, spiel: str, seconds: float, seed: int) -> float:
    """OpenSpiel's games a CPU-second (its loop runs `seconds` of wall time)."""
    plies, elapsed = ctypes.c_longlong(), ctypes.c_double()
    begin = process_time()
    games = loop.lib.gdl_os_playouts(spiel.encode(), seconds, seed, ctypes.byref(plies),
                                     ctypes.byref(elapsed))
    return games / max(process_time() - begin, 1e-9)


def main() -> None:
    args = arguments(__doc__, GAMES, 3)
    loop = build_loop()
    if isinstance(loop, str):
        print(f"(no OpenSpiel column: {loop})")
        loop = None
    print(f"== local groups against whole floods (and OpenSpiel's C++ loop); medians of "
          f"{args.runs} interleaved runs of {args.seconds:g} CPU-s; per CPU-second")
    print(f"{'game':<10} {'loop':<11} {'floods':>10} {'local':>10} {'x':>6} "
          f"{'openspiel':>10} {'local/os':>8}")
    for label in args.games or GAMES:
        name, options, spiel, depth = GAMES[label]
        old, new = built(name, options, True), built(name, options, False)
        eyes = 2 if eye_rule(new.python.ir) is not None else 0
        rows: dict[str, list[list[float]]] = {"exact games": [], "AI playouts": [],
                                              f"perft {depth}": []}
        for seed in range(1, args.runs + 1):
            theirs = spiel_playouts(loop, spiel, args.seconds, seed) if loop and spiel else 0.0
            rows["exact games"].append([playouts(old, True, 0, args.seconds, seed),
                                        playouts(new, True, 0, args.seconds, seed), theirs])
            rows["AI playouts"].append([playouts(old, False, eyes, args.seconds, seed),
                                        playouts(new, False, eyes, args.seconds, seed), 0.0])
            (a, x), (b, y) = perft(old, depth), perft(new, depth)
            c, z = spiel_perft(loop, spiel, depth) if loop and spiel else (a, 0.0)
            assert a == b == c, f"{label}: perft {depth} counts differ: {a}, {b}, {c}"
            rows[f"perft {depth}"].append([x, y, z])
        for what, runs in rows.items():
            f, lo, os_ = (statistics.median(col) for col in zip(*runs))
            spiel_cols = f"{os_:>10,.0f} {lo / os_:>8.2f}" if os_ else f"{'-':>10} {'-':>8}"
            print(f"{label:<10} {what:<11} {f:>10,.0f} {lo:>10,.0f} {lo / f:>6.2f} {spiel_cols}",
                  flush=True)


if __name__ == "__main__":
    main()
