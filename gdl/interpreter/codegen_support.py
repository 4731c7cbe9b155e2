"""What generated game code leans on: result codes and payoff tables, the small runtime
helpers it calls through its globals, and an indenting line writer."""

from __future__ import annotations

from typing import Any

RULE_BITS = 4      # board rules per game: at most 2 ** RULE_BITS
TABLE_BITS = 12    # boards with at most this many layout bits get whole-board lookup tables
CHUNK_BITS = 8     # otherwise symmetry images are looked up 8 bits at a time



def result_codes(players: int) -> dict[tuple[str, int | None], int]:
    """(outcome, player) -> result code; code 0 is "not over"."""
    codes = {("wins", p): 1 + p for p in range(players)}
    codes.update({("loses", p): 1 + players + p for p in range(players)})
    codes[("draw", None)] = 1 + 2 * players
    return codes


def swapped_results(players: int) -> tuple[int, ...]:
    """Result code -> the code with players 0 and 1 exchanged (a colour swap's image)."""
    codes = result_codes(players)
    out = list(range(len(codes) + 1))
    for (outcome, who), code in codes.items():
        if who in (0, 1):
            out[code] = codes[(outcome, 1 - who)]
    return tuple(out)


def returns_table(players: int) -> tuple[tuple[float, ...], ...]:
    """Payoffs by result code: a win is +1 and the others share -1; a loss the reverse."""
    share = 1.0 / (players - 1) if players > 1 else 1.0
    table = [tuple(0.0 for _ in range(players))]
    for sign in (1.0, -1.0):
        for p in range(players):
            table.append(tuple(sign if q == p else -sign * share for q in range(players)))
    table.append(tuple(0.0 for _ in range(players)))
    return tuple(table)


def meet(block_at: tuple[int, ...], cells: int) -> int:
    """The union of the blocks holding any of `cells` (block_at: cell -> its block)."""
    out = 0
    while cells:
        low = cells & -cells
        out |= block_at[low.bit_length() - 1]
        cells ^= low
    return out


def has_run(pieces: int, runs: tuple[int, ...]) -> bool:
    """Whether `pieces` covers one of `runs` completely."""
    for run in runs:
        if pieces & run == run:
            return True
    return False


def item(values: tuple, index: int) -> int:
    """`values[index]` counted from 1, refusing indices outside the list (no wrap-around)."""
    if not 1 <= index <= len(values):
        raise IndexError(f"index {index} is outside 1..{len(values)}")
    return values[index - 1]


class SourceWriter:
    """Indented source lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def indent(self) -> "SourceWriter":
        self.depth += 1
        return self

    def __enter__(self) -> None:
        pass

    def __exit__(self, *exc: Any) -> None:
        self.depth -= 1
