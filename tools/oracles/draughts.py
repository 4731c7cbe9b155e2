"""OpenSpiel's checkers read as gdl's draughts with `--set openspiel=1` (its 40 plies without a
capture draw, no repetition draw, a king's loop one move per order). OpenSpiel draws row 8 at
the top, after each row's number; its first player (o, crowned 8) starts at the bottom, as
gdl's Black (M, K) does, and its second (+, crowned *) is gdl's White (m, k). gdl's board text
holds the playable (dark) cells only. A capture chain is one gdl move and one OpenSpiel action
per jump: one turn."""

import re

SPIEL = "checkers"
OPTIONS = {"openspiel": 1}
DEPTH = 6
POSITION_DEPTH = 3
LIVE_GAMES = 100   # replayed in full (about 0.1 s each); the rest of the suite's 200 counted
LETTERS = {"o": "M", "8": "K", "+": "m", "*": "k", ".": "."}


def position(state) -> str:
    rows = [line[1:] for line in str(state).splitlines() if line[:1].isdigit()]
    return "/".join("".join(LETTERS[c] for x, c in enumerate(row) if (r + x) % 2 == 1)
                    for r, row in enumerate(rows))


def spiel_moves(text: str) -> list[str]:
    """gdl's move (a3-b4, a3xc5xe7) as OpenSpiel's actions, one per step (a3c5, c5e7)."""
    cells = re.split("[-x]", text)
    return [a + b for a, b in zip(cells, cells[1:])]
