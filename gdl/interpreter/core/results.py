"""How a finished game's result is coded in a state, the same for both back ends: code 0 is
"not over", then a win and a loss per player and a draw; the payoffs of each code; and a
colour swap's image of a code."""

from __future__ import annotations


def result_codes(players: int) -> dict[tuple[str, int | None], int]:
    """(outcome, player) -> result code; code 0 is "not over"."""
    codes: dict[tuple[str, int | None], int] = {("wins", p): 1 + p for p in range(players)}
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
