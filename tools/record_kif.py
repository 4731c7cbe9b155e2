"""Record what the independent reasoner (tests/kif_reasoner, on clingo) says of every KIF
description of the test corpus: tests/data/kif/recorded.json, which tests/kif/ compares
gdl's own KIF reader with.

    python tools/record_kif.py            # every tests/data/kif/*.kif
    python tools/record_kif.py NAME ...   # only these (by file stem); the others are kept

Per file: the roles; perft at depths 1 and 2, and 3 where its estimate (perft(2) times the
mean branching of the first ply) is at most PERFT3_WORK, so about 2 s of clingo; and
RANDOM_GAMES seeded random games (tests.kif_reasoner.play.random_game, seeds 0..19). The
output depends only on the reasoner and the files: rerunning it gives the same file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.kif_reasoner.play import perft, random_game  # noqa: E402
from tests.kif_reasoner.reasoner import Reasoner  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "kif"
RECORDED = CORPUS / "recorded.json"
RANDOM_GAMES = 20
PERFT3_WORK = 2000


def record(path: Path) -> dict[str, Any]:
    """The recorded figures of one description."""
    reasoner = Reasoner(path.read_text(encoding="utf-8"))
    start = reasoner.initial()
    counts = [perft(reasoner, start, 1), perft(reasoner, start, 2)]
    if counts[1] * counts[1] <= PERFT3_WORK * max(counts[0], 1):
        counts.append(perft(reasoner, start, 3))
    return {"roles": list(reasoner.roles),
            "perft": {str(depth): n for depth, n in enumerate(counts, 1)},
            "games": [random_game(reasoner, seed) for seed in range(RANDOM_GAMES)]}


def main(names: list[str]) -> None:
    recorded = json.loads(RECORDED.read_text()) if names and RECORDED.exists() else {}
    for path in sorted(CORPUS.glob("*.kif")):
        if not names or path.stem in names:
            recorded[path.name] = record(path)
            print(path.name, recorded[path.name]["perft"], flush=True)
    lines = [f"{json.dumps(name)}:{json.dumps(data, separators=(',', ':'))}"
             for name, data in sorted(recorded.items())]
    RECORDED.write_text("{\n" + ",\n".join(lines) + "\n}\n")   # a line a file: short diffs


if __name__ == "__main__":
    main(sys.argv[1:])
