"""gdl against OpenSpiel's own C++ games, driven from Python through pyspiel: random playouts
per second (and moves per second) for every game with an oracle (tools/oracles/NAME.py),
in one process, the two sides taking turns, the median of RUNS runs each; with `--perft`,
perft nodes per second too (the oracle module's DEPTH from the start).

    python bench/openspiel_peers.py [NAME ...] [--seconds S] [--runs N] [--perft]

Prints figures only. A gdl move may be several OpenSpiel actions (an amazons move is three), so
moves/s compares complete turns: OpenSpiel's figure counts actions, and the ratio is given per
playout too. `--root DIR` measures another checkout of gdl (a before and after in one sitting).
`--perft DEPTH` adds perft nodes/s from the start, gdl's `gdl.solvers.search.perft` against
OpenSpiel's per complete turn (tools/oracle.py, cloning states through pyspiel), the median of
the runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
MAX_PLIES = 10_000   # OpenSpiel actions in one playout at most (gdl's: gdl.cli.speed's cap)


def spiel_playouts(spiel, seconds: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    start, games, actions = perf_counter(), 0, 0
    while games == 0 or perf_counter() - start < seconds:
        state = spiel.new_initial_state()
        for _ in range(MAX_PLIES):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = perf_counter() - start
    return games / elapsed, actions / elapsed


def spiel_perft(state, depth: int, bulk: bool) -> int:
    """OpenSpiel's perft through pyspiel; with `bulk` (every turn one action) the last ply is
    counted from the action list, as gdl's perft counts it from the move list."""
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1 and bulk:
        return len(actions)
    total = 0
    for action in actions:
        child = state.child(action)
        total += 1 if depth == 1 else spiel_perft(child, depth - 1, bulk)
    return total


def perft_rates(game, spiel, module, runs: int) -> tuple[float, float, int]:
    """(gdl's perft nodes/s, OpenSpiel's, the leaves) from the start at the module's DEPTH,
    medians of `runs` interleaved runs. OpenSpiel's perft counts per action: it is measured
    only for games whose turns are one action (None otherwise)."""
    from gdl.solvers.search.perft import perft
    from tools import oracle
    depth = getattr(module, "DEPTH", 3)
    start = spiel.new_initial_state()
    single = all(len(actions) == 1 for actions, _ in oracle.turns(start))
    ours, theirs, leaves = [], [], 0
    for _ in range(runs):
        t = perf_counter()
        leaves = perft(game, game.initial_state(), depth)
        ours.append(leaves / (perf_counter() - t))
        if single:
            t = perf_counter()
            assert spiel_perft(start, depth, bulk=True) == leaves
            theirs.append(leaves / (perf_counter() - t))
    return statistics.median(ours), statistics.median(theirs) if theirs else float("nan"), leaves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", default=str(ROOT), help="the gdl checkout to measure")
    parser.add_argument("--perft", action="store_true", help="perft nodes/s as well")
    args = parser.parse_args()
    sys.path.insert(0, args.root)
    sys.path.insert(1, str(ROOT))   # tools/ (the oracle modules) from this checkout
    from gdl import catalog
    from gdl.cli.speed import playout_rate
    from tools import oracle
    names = args.games or sorted(p.stem for p in (ROOT / "tools" / "oracles").glob("*.py")
                                 if p.stem not in ("__init__", "picture"))
    print(f"== random playouts/s, gdl ({args.root}) against OpenSpiel through pyspiel "
          f"(median of {args.runs} interleaved runs of {args.seconds:g} s)")
    for name in names:
        module = oracle.oracle(name)
        game = catalog.load(name, {k: str(v) for k, v in getattr(module, "OPTIONS", {}).items()})
        spiel = oracle.spiel_game(module)
        ours, theirs = [], []
        for seed in range(1, args.runs + 1):
            ours.append(playout_rate(game, args.seconds, seed))
            theirs.append(spiel_playouts(spiel, args.seconds, seed))
        g, gm = statistics.median(p for p, _ in ours), statistics.median(m for _, m in ours)
        s, sm = statistics.median(p for p, _ in theirs), statistics.median(m for _, m in theirs)
        print(f"  {name:<17} gdl {g:>9,.1f}/s ({gm:>9,.0f} moves/s)   "
              f"OpenSpiel {s:>9,.1f}/s ({sm:>9,.0f} actions/s)   gdl/OpenSpiel {g / s:5.2f}")
        if args.perft:
            ours_n, theirs_n, leaves = perft_rates(game, spiel, module, args.runs)
            print(f"  {'':<17} perft {getattr(module, 'DEPTH', 3)} ({leaves:,} leaves): "
                  f"gdl {ours_n:>11,.0f} nodes/s   OpenSpiel {theirs_n:>11,.0f} nodes/s   "
                  f"gdl/OpenSpiel {ours_n / theirs_n:5.2f}")


if __name__ == "__main__":
    main()
