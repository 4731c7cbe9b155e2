"""gdl's C back end against OpenSpiel's own C++ game loop, in one process, at equal work.

    python bench/openspiel_cpp.py [NAME ...] [--seconds S] [--runs N]

OpenSpiel's side is bench/openspiel_cpp/loop.cc: random playouts and perft written in C++
over OpenSpiel's public State API (every legal action listed at every ply, one drawn
uniformly; perft applies each action to a clone). It is built against OpenSpiel's headers
and linked to the pyspiel module this process imports, so the games run as OpenSpiel's
compiled code, not through Python. gdl's side is its "exact" C loop (every legal move
listed, one drawn: `native_playouts(exact=True)`) and `native_perft`. The two sides take
turns in every run; figures are medians. Playouts/s compares whole games, moves/s plies
(an OpenSpiel amazons move is three actions, so its moves/s counts actions: compare
playouts there). Prints figures only.

The headers: as the C++ OpenSpiel game's (gdl/bridges/openspiel/cpp_build.py: $OPEN_SPIEL_SRC,
else those the installed open_spiel package ships, else gdl's cache, filled by `gdl
openspiel --fetch-headers`). Without them, or without a C++
compiler, the script says so and stops.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.game import NativeGame  # noqa: E402

SOURCE = ROOT / "bench" / "openspiel_cpp" / "loop.cc"
# gdl's game and options -> OpenSpiel's game string, and a perft depth both can afford
# (None where an OpenSpiel action is not one gdl move: amazons' three, pentago's place and
# turn, ultimate tic-tac-toe's choice of a board then a cell)
GAMES = {
    "connect4": ({}, "connect_four", 6), "tictactoe": ({}, "tic_tac_toe", 6),
    "breakthrough": ({}, "breakthrough", 4), "clobber": ({}, "clobber", 4),
    "othello": ({}, "othello", 6), "hex": ({}, "hex(board_size=11)", 3),
    "hex 19": ({"size": "19"}, "hex(board_size=19)", 2),
    "go": ({}, "go(board_size=9)", 3), "go 13": ({"size": "13"}, "go(board_size=13)", 2),
    "go 19": ({"size": "19"}, "go(board_size=19)", 2), "amazons": ({}, "amazons", None),
    "chess": ({}, "chess", 4), "shogi": ({}, "shogi", 3), "draughts": ({"openspiel": "1"},
    "checkers", 6), "pentago": ({}, "pentago", None), "gomoku": ({}, "gomoku", 2),
    "mancala": ({}, "mancala", 6), "lines_of_action": ({}, "lines_of_action", 3),
    "uttt": ({}, "ultimate_tic_tac_toe", None), "antichess": ({}, "antichess", 4),
    "nine_mens_morris": ({}, "nine_mens_morris", 4), "dots_and_boxes": ({}, "dots_and_boxes", 3),
    "backgammon": ({}, "backgammon", 4), "pig": ({"openspiel": "1"}, "pig(winscore=20)", 6),
    "einstein": ({}, "einstein_wurfelt_nicht", None), "game_2048_4x4": ({}, "2048", 3)}


class OpenSpielLoop:
    """The C++ loop, built once per source and pyspiel (a cache keyed by both)."""

    def __init__(self, library: Path):
        lib = ctypes.CDLL(str(library))
        lib.gdl_os_perft.restype = ctypes.c_longlong
        lib.gdl_os_perft.argtypes = [ctypes.c_char_p, ctypes.c_int]
        lib.gdl_os_playouts.restype = ctypes.c_longlong
        lib.gdl_os_playouts.argtypes = [ctypes.c_char_p, ctypes.c_double, ctypes.c_ulonglong,
                                        ctypes.POINTER(ctypes.c_longlong),
                                        ctypes.POINTER(ctypes.c_double)]
        self.lib = lib

    def playouts(self, game: str, seconds: float, seed: int) -> tuple[float, float]:
        """(playouts/s, moves/s) over at least `seconds`."""
        plies, elapsed = ctypes.c_longlong(), ctypes.c_double()
        games = self.lib.gdl_os_playouts(game.encode(), seconds, seed, ctypes.byref(plies),
                                         ctypes.byref(elapsed))
        return games / elapsed.value, plies.value / elapsed.value

    def perft(self, game: str, depth: int) -> int:
        return self.lib.gdl_os_perft(game.encode(), depth)


def build_loop() -> OpenSpielLoop | str:
    """The loop, or why it cannot be built here (gdl.bridges.openspiel.cpp_build: the
    headers, the compiler, the cache)."""
    from gdl.bridges.openspiel.cpp_build import build_library
    built = build_library(SOURCE, "openspiel_loop")
    return built if isinstance(built, str) else OpenSpielLoop(built)


def arguments(doc: str, games: dict, runs: int) -> argparse.Namespace:
    """`[NAME ...] [--seconds S] [--runs N]`, as the benches against the C++ loop take them."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("games", nargs="*", help=f"from: {', '.join(games)}")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=runs)
    return parser.parse_args()


def main() -> None:
    args = arguments(__doc__, GAMES, 5)
    loop = build_loop()
    if isinstance(loop, str):
        sys.exit(f"openspiel_cpp: {loop}")
    print(f"== gdl's exact C loop against OpenSpiel's C++ loop; medians of {args.runs} "
          f"interleaved runs of {args.seconds:g} s; load {os.getloadavg()[0]:.1f}")
    print(f"{'game':<17} {'gdl games/s':>11} {'os games/s':>11} {'ratio':>6} "
          f"{'gdl moves/s':>12} {'os moves/s':>12} {'perft d':>7} {'gdl nodes/s':>12} "
          f"{'os nodes/s':>12} {'ratio':>6}")
    for label in args.games or GAMES:
        options, spiel, depth = GAMES[label]
        native = NativeGame(catalog.load(label.split()[0], options or None))
        start = native.initial_state()
        ours, theirs = [], []
        for seed in range(1, args.runs + 1):
            ours.append(exact_playouts(native, start, args.seconds, seed))
            theirs.append(loop.playouts(spiel, args.seconds, seed))
        g_games, g_moves = (statistics.median(x) for x in zip(*ours))
        o_games, o_moves = (statistics.median(x) for x in zip(*theirs))
        line = (f"{label:<17} {g_games:>11,.0f} {o_games:>11,.0f} {g_games / o_games:>6.2f} "
                f"{g_moves:>12,.0f} {o_moves:>12,.0f}")
        if depth is not None:
            line += perft_columns(native, start, loop, spiel, depth)
        print(line, flush=True)


def exact_playouts(native: NativeGame, start: tuple, seconds: float,
                   seed: int) -> tuple[float, float]:
    """gdl's (playouts/s, moves/s): batches of exact C playouts for at least `seconds`."""
    from time import perf_counter
    begin, games, moves, batch = perf_counter(), 0, 0, 1
    while perf_counter() - begin < seconds:
        done = native.native_playouts(start, batch, seed=seed + games, exact=True)
        assert done is not None, "the native playouts did not run"
        moves += done[0]
        games += batch
        batch = min(batch * 2, 4096)
    elapsed = perf_counter() - begin
    return games / elapsed, moves / elapsed


def perft_columns(native: NativeGame, start: tuple, loop: OpenSpielLoop, spiel: str,
                  depth: int) -> str:
    """Perft at `depth` on both sides: nodes/s over the leaves, the counts checked equal."""
    from time import perf_counter
    begin = perf_counter()
    ours = native.native_perft(start, depth)
    assert ours is not None, "the native perft did not run"
    mine = perf_counter() - begin
    begin = perf_counter()
    theirs = loop.perft(spiel, depth)
    other = perf_counter() - begin
    agree = "" if ours == theirs else f"  (counts differ: {ours} vs {theirs})"
    return (f" {depth:>7} {ours / mine:>12,.0f} {theirs / other:>12,.0f} "
            f"{(ours / mine) / (theirs / other):>6.2f}{agree}")


if __name__ == "__main__":
    main()
