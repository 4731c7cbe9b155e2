"""Kind variables: the rule quantifier over piece kinds, `move for k in queen rook: ...`.

`for k in NAMES` ranges over piece kinds when the names are the game's pieces, over
directions otherwise; the two never mix in one list. It is expanded like a direction
quantifier (one copy per kind, in the order listed, `k` replaced by the kind's name in the
syntax tree, and `k~` by its promoted twin's), so `k` may stand wherever a kind's name may:
a travelling piece, `promote to k`, `add`, `fill`, `toggle`, `drop k`, `own k`, `k` as cells.
"""

from __future__ import annotations

from typing import Any

from gdl.grammar import ast
from gdl.interpreter.core.check.scope import Scope, error, unknown
from gdl.interpreter.core.geometry import COMPASS


def kinds_of(scope: Scope, var: ast.Ident, words: tuple[Any, ...]) -> list[str] | None:
    """The piece kinds `var` takes over `words`, in order; None when none of them is a kind
    (then they are directions)."""
    kinds = scope.pieces if scope.pieces_declared else []
    named = [w for w in words if isinstance(w, ast.Ident) and w.text in kinds]
    if not named:
        return None
    for word in words:
        if isinstance(word, ast.Ident) and word.text in kinds:
            continue
        if _is_direction(scope, word):
            shown = word.text if isinstance(word, ast.Ident) else f"({word.dx}, {word.dy})"
            raise error(f"'{var.text}' ranges over piece kinds ('{named[0].text}' is one) or "
                        f"over directions ('{shown}' is one), not both: write two rules", word)
        raise unknown("piece kind", word, kinds)
    return [w.text for w in words]


def _is_direction(scope: Scope, word: Any) -> bool:
    if not isinstance(word, ast.Ident):
        return True   # a vector, (1, 2)
    text = word.text.removeprefix("-")
    geometry = scope.geometry
    return (text in scope.directions or text in COMPASS
            or (geometry is not None and text in geometry.directions))
