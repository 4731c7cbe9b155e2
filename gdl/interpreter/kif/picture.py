"""A KIF state as text: its true propositions sorted, one per line, after a grid picture
when some of them look like board cells, `(cell X Y V)`."""

from __future__ import annotations

from collections import Counter

from gdl.grammar.sexpr import term_text
from gdl.interpreter.kif.ground import Ground


def _key(word: Ground) -> tuple:
    return (0, int(word), "") if isinstance(word, str) and word.isdigit() else (1, 0, str(word))


def grid(facts: list[Ground]) -> list[str]:
    """Rows of the most common 3-argument relation of constants (the first names the row)."""
    names = Counter(f[0] for f in facts if isinstance(f, tuple) and len(f) == 4
                    and all(isinstance(a, str) for a in f[1:]))
    if not names:
        return []
    name = names.most_common(1)[0][0]
    cells = {(f[1], f[2]): f[3] for f in facts if isinstance(f, tuple) and len(f) == 4
             and f[0] == name}
    xs = sorted({x for x, _ in cells}, key=_key)
    ys = sorted({y for _, y in cells}, key=_key)
    if len(xs) * len(ys) > 400 or len(xs) < 2 or len(ys) < 2:
        return []
    width = max(len(str(v)) for v in cells.values())
    return [" ".join(str(cells.get((x, y), ".")).rjust(width) for y in ys) for x in xs]


def picture(facts: list[Ground]) -> str:
    """The grid (if any), then every true proposition."""
    return "\n".join(grid(facts) + sorted(term_text(f) for f in facts))
