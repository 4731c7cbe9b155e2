"""Marking some cases of a parametrised test: `make test-fast` leaves out the tests marked
slow, browser or peers (the markers are registered in pyproject.toml; `make test` runs them
all).

>>> cases(["tictactoe", "shogi"], {"shogi"})[1].marks[0].name
'slow'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

import pytest


def cases(values: Iterable[Any], marked: Collection[Any], mark: Any = pytest.mark.slow
          ) -> list[Any]:
    """`values` for `pytest.mark.parametrize`, those in `marked` carrying `mark` (slow by
    default). A tuple is one case of several arguments, as parametrize takes it."""
    def param(value: Any) -> Any:
        if value not in marked:
            return value
        return pytest.param(*value, marks=mark) if isinstance(value, tuple) else \
            pytest.param(value, marks=mark)
    return [param(value) for value in values]
