"""Record the ground program of every KIF description of the test corpus, summed up by
tests/kif/ground_digest.py: tests/data/kif/ground.json, which tests/kif/test_kif_ground.py
compares the grounder's output with (so a faster grounder is checked to ground the same).

    python tools/record_kif_ground.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gdl.grammar.kif import parse_kif  # noqa: E402
from gdl.interpreter.kif.check import check_kif  # noqa: E402
from gdl.interpreter.kif.ground import ground_program  # noqa: E402
from tests.kif.ground_digest import summary  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "kif"


def main() -> None:
    found = {}
    for path in sorted(CORPUS.glob("*.kif")):
        program = ground_program(check_kif(parse_kif(path.read_text(encoding="utf-8"),
                                                     str(path))))
        found[path.name] = summary(program)
        print(path.name, found[path.name]["props"], found[path.name]["rules"], flush=True)
    (CORPUS / "ground.json").write_text(json.dumps(found, indent=1) + "\n")


if __name__ == "__main__":
    main()
