"""What the C back end shares: the refusal of a construct, range-checked numbers, a writer,
and the one-line notice on stderr when a game runs on Python instead."""
from __future__ import annotations

import sys
from typing import Any

INT64 = (-(1 << 63), (1 << 63) - 1)
PARAM_BASE = 1 << 20   # the C rule number of a move of numbers: past every board rule's


class Unsupported(Exception):
    """The native back end has no code for an IR construct (named by the message): the game
    runs on the Python back end instead."""


def notice(text: str) -> None:
    print(f"gdl: {text}", file=sys.stderr)


def c_int(value: Any) -> str:
    """A number of the IR as a C literal, refused unless it is an int that fits 64 bits."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if not isinstance(value, int):
        raise Unsupported(f"a {type(value).__name__} constant")
    low, high = INT64
    if not low <= value <= high:
        raise Unsupported(f"the number {value} (outside 64 bits)")
    if value == low:
        return "INT64_MIN"
    return f"{value}LL" if not -2**31 <= value < 2**31 else str(value)


def words(mask: int, count: int) -> list[int]:
    """A non-negative mask as `count` 64-bit words, lowest first."""
    if mask < 0 or mask >> (64 * count):
        raise Unsupported(f"a set of cells outside the board ({mask:#x})")
    return [(mask >> (64 * i)) & (2**64 - 1) for i in range(count)]


class CWriter:
    """Indented C lines; `block(head)` opens `head {` and closes it on leaving."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text if text else "")

    def block(self, head: str) -> _Block:
        self(head + " {")
        return _Block(self)


class _Block:
    def __init__(self, writer: CWriter):
        self.writer = writer

    def __enter__(self) -> None:
        self.writer.depth += 1

    def __exit__(self, *exc: Any) -> None:
        self.writer.depth -= 1
        self.writer("}")
