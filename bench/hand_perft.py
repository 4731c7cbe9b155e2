"""gdl's generated Connect Four perft against a hand-written bitboard one, in one process.

Run: python bench/hand_perft.py [--depth N] [--runs R]   (default 9: 39,394,572 leaves)

bench/hand/connect4_perft.c is 30 lines of C written for Connect Four alone (two 64-bit
boards, a shift test for four in a row); gdl's is the C generated from
gdl/games/line/connect4.gdl (NativeGame.native_perft). Both count the last ply from the
move list without playing it; both are built with the same compiler, -O2. Each figure is
the median of R runs, the two taking turns (processor time, so other load matters less).
Prints figures only.
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import process_time

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c import build  # noqa: E402
from gdl.interpreter.c.game import NativeGame  # noqa: E402

HAND = ROOT / "bench" / "hand" / "connect4_perft.c"


def hand_library(folder: str) -> ctypes.CDLL:
    out = Path(folder) / "connect4_perft.so"
    subprocess.run([*build.compiler(), "-O2", "-shared", "-fPIC", "-o", str(out), str(HAND)],
                   check=True)
    lib = ctypes.CDLL(str(out))
    lib.connect4_perft.argtypes = [ctypes.c_int]
    lib.connect4_perft.restype = ctypes.c_int64
    return lib


def timed(count, *args) -> tuple[int, float]:
    began = process_time()
    return count(*args), process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    game = NativeGame(catalog.load("connect4"))
    start = game.initial_state()
    with tempfile.TemporaryDirectory() as folder:
        hand = hand_library(folder)
        ours_t, hand_t = [], []
        for _ in range(args.runs):
            ours, t = timed(game.native_perft, start, args.depth)
            ours_t.append(t)
            theirs, t = timed(hand.connect4_perft, args.depth)
            hand_t.append(t)
            if ours != theirs:
                raise SystemExit(f"the counts differ: gdl {ours}, hand-written {theirs}")
    ours_m, hand_m = statistics.median(ours_t), statistics.median(hand_t)
    print(f"Connect Four perft {args.depth}: {ours:,} leaves (both)")
    print(f"  gdl (generated C)  {ours_m:.3f} s  {ours / ours_m:14,.0f} leaves/s")
    print(f"  hand-written C     {hand_m:.3f} s  {ours / hand_m:14,.0f} leaves/s")
    print(f"  gdl's time / the hand-written one's: {ours_m / hand_m:.2f}")


if __name__ == "__main__":
    main()
