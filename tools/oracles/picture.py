"""Reading OpenSpiel's board pictures as gdl's board text: rows top first, `/` between them,
one letter per cell."""

from __future__ import annotations


def join_rows(rows: list[str], letters: dict[str, str], upside_down: bool = False) -> str:
    """The rows (top first, or bottom first with `upside_down`) with OpenSpiel's letters
    renamed to gdl's (`letters`: theirs -> ours; other characters are kept)."""
    table = str.maketrans(letters)
    return "/".join(row.translate(table) for row in (reversed(rows) if upside_down else rows))
