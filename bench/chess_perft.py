"""gdl's chess against python-chess: perft in the same process, nodes per second and the ratio.

Run: python bench/chess_perft.py [--depth N] [--backend native]   (default 4: 197281)

`--backend native` counts in C (gdl.interpreter.c's perft), with the build made before the clock
starts.

Prints figures only. Both count the last ply from the move list without playing it
(python-chess: `legal_moves.count()`). python-chess is a test dependency (`make test`).
Where Stockfish is installed (Debian's `stockfish`, on the PATH or in /usr/games), its own
`go perft` is timed too (UCI, wall time from the command to its count; it counts the last
ply in bulk as well), and gdl's rate is given as a fraction of its.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from tools import chess_perft  # noqa: E402
from tools.oracles.chess import fen_position  # noqa: E402


def timed(count, *args) -> tuple[int, float]:
    began = perf_counter()
    return count(*args), perf_counter() - began


def stockfish() -> str | None:
    return shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")


def stockfish_perft(program: str, fen: str, depth: int) -> tuple[int, float]:
    """(Stockfish's `go perft` count of the position, its wall time in seconds)."""
    with subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True) as engine:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write(f"uci\nisready\nposition fen {fen}\n")
        engine.stdin.flush()
        while engine.stdout.readline().strip() != "readyok":
            pass
        began = perf_counter()
        engine.stdin.write(f"go perft {depth}\n")
        engine.stdin.flush()
        line = ""
        while not line.startswith("Nodes searched"):
            line = engine.stdout.readline()
        seconds = perf_counter() - began
        engine.stdin.write("quit\n")
        engine.stdin.flush()
    return int(line.split(":")[1]), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--backend", default="python", choices=("python", "native"))
    args = parser.parse_args()
    import chess
    game = with_backend(catalog.load("chess"), args.backend)
    if args.backend == "native":
        perft(game, game.initial_state(), 1)   # build (or load) the library first
    for name in ("start", "kiwipete"):
        fen = chess_perft.POSITIONS[name]
        depth = args.depth if name == "start" else args.depth - 1
        ours, t_ours = timed(perft, game, game.parse_position(fen_position(fen)), depth)
        theirs, t_theirs = timed(chess_perft.perft, chess.Board(fen), depth)
        print(f"{name}, depth {depth}: "
              f"gdl ({args.backend}) {ours} in {t_ours:.2f} s ({ours / t_ours:,.0f} nodes/s), "
              f"python-chess {theirs} in {t_theirs:.2f} s ({theirs / t_theirs:,.0f} nodes/s); "
              f"gdl's rate {t_theirs / t_ours:.2f} times python-chess's")
        program = stockfish()
        if program is not None:
            count, seconds = stockfish_perft(program, fen, depth)
            print(f"  Stockfish's go perft: {count} in {seconds:.3f} s "
                  f"({count / seconds:,.0f} nodes/s); gdl's rate {seconds / t_ours:.3f} of its")


if __name__ == "__main__":
    main()
