"""Export the KIF test data of `gdl kif` and record its perft, checked by two implementations.

    python tools/record_kif_export.py     # tests/data/kif_export/*.kif and perft.json

Each game of EXPORTS is written by `gdl kif` to tests/data/kif_export/FILE.kif; its perft
at every depth to gdl_depth is counted by gdl on its own rules, and to reasoner_depth by
the independent clingo reasoner (tests/kif_reasoner) on the exported KIF. The two must
agree where both counted, or nothing is written. tests/interpreter/test_kif_export.py
checks the figures against the KIF reader and gdl, and (peers) the reasoner again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter.kif_export import export_kif  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402

DATA = ROOT / "tests" / "data" / "kif_export"
# file: (game, options, gdl's depths, the reasoner's depths)
EXPORTS = {
    "tictactoe": ("tictactoe", {}, 9, 3),
    "connect4": ("connect4", {}, 4, 2),
    "connect4_5x4": ("connect4", {"width": "5", "height": "4"}, 6, 3),
    "breakthrough": ("breakthrough", {}, 3, 2),
    "breakthrough_5x5": ("breakthrough", {"width": "5", "height": "5"}, 4, 2),
    "clobber": ("clobber", {}, 3, 2),
    "gomoku": ("gomoku", {}, 2, 1),
}


def record() -> dict:
    from tests.kif_reasoner.play import perft as reasoner_perft
    from tests.kif_reasoner.reasoner import Reasoner
    figures = {}
    for file, (name, options, depth, reasoned) in EXPORTS.items():
        game = catalog.load(name, options)
        text = export_kif(game.ir)
        counts = [perft(game, game.initial_state(), d) for d in range(1, depth + 1)]
        reasoner = Reasoner(text)
        theirs = [reasoner_perft(reasoner, reasoner.initial(), d) for d in range(1, reasoned + 1)]
        if theirs != counts[:reasoned]:
            raise SystemExit(f"{file}: gdl {counts[:reasoned]} but the reasoner {theirs}")
        (DATA / f"{file}.kif").write_text(text, encoding="utf-8")
        figures[file] = {"game": name, "options": options, "perft": counts,
                         "reasoner_depth": reasoned}
        print(file, counts, flush=True)
    return figures


if __name__ == "__main__":
    DATA.mkdir(parents=True, exist_ok=True)
    found = record()
    (DATA / "perft.json").write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
