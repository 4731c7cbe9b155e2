"""`gdl train FILE` on rules files of one's own: for each small game of examples/train
(copied to a scratch directory, where its weights are written beside it), train with
--workers, time it, then play the trained AI against the untrained one (the derived
evaluation) with bench/duel.py: seeded random openings, colours swapped, alpha-beta in C
at the same node budget on both sides. Prints and keeps (bench/data/train_rules.json)
the training's wall and CPU seconds and the duel's W-D-L, score and 95% interval.

    python bench/train_rules.py [--games 200] [--nodes 1000] [--workers 2]
                                [--duel-games 40] [--duel-nodes 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted((ROOT / "examples" / "train").glob("*.gdl"))


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--duel-games", type=int, default=40)
    parser.add_argument("--duel-nodes", type=int, default=1000)
    parser.add_argument("--out", default=str(ROOT / "bench" / "data" / "train_rules.json"))
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for source in GAMES:
            rules = Path(scratch) / source.name
            shutil.copy(source, rules)
            load = os.getloadavg()[0]
            start, cpu = perf_counter(), children_cpu()
            subprocess.run([sys.executable, "-m", "gdl", "train", str(rules), "--games",
                            str(args.games), "--nodes", str(args.nodes), "--workers",
                            str(args.workers), "--seed", str(args.seed), "--engine-games", "0"],
                           check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
            wall, cpu = perf_counter() - start, children_cpu() - cpu
            n = args.duel_nodes
            duel = subprocess.run([sys.executable, str(ROOT / "bench" / "duel.py"), str(rules),
                                   f"{n}/native", f"{n}/derived/native", "--games",
                                   str(args.duel_games), "--seed", str(args.seed)],
                                  check=True, env=env, cwd=ROOT, capture_output=True,
                                  text=True).stdout.strip().splitlines()[-1]
            line = (f"{source.stem}: trained in {wall:.0f} s wall ({cpu:.0f} s CPU, load "
                    f"{load:.1f}); trained against untrained: {duel.split(': ', 1)[1]}")
            print(line, flush=True)
            rows.append({"game": source.stem, "train_wall_seconds": round(wall, 1),
                         "train_cpu_seconds": round(cpu, 1), "load_average": load,
                         "duel": duel.split(": ", 1)[1]})
    kept = dict(vars(args), out=None)   # the scratch and output paths are this machine's
    Path(args.out).write_text(json.dumps({"args": kept, "results": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
