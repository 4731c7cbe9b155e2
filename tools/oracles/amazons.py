"""OpenSpiel's amazons (10 x 10) read as gdl's: its rows top first; X (player 0, at the
bottom) is White, O Black, and its arrows (#) gdl's neutral piece (*). One gdl move is
OpenSpiel's three actions (the amazon, where it goes, where it shoots): one turn."""

import re

from tools.oracles.picture import join_rows

SPIEL = "amazons"
DEPTH = 1
POSITION_DEPTH = 1
LIVE_GAMES = 20   # in full (~1 s each: 2000 moves a turn); the rest of the 200 counted
TURN_ACTIONS = 3   # every turn: the amazon, where it goes, where it shoots


def position(state) -> str:
    return join_rows(str(state).split(), {"X": "W", "O": "B", "#": "*"})


def spiel_moves(text: str) -> list[int]:
    """OpenSpiel's three actions of gdl's move `d1-d7/g7`: each cell's number, row by row
    from the top (gdl's rank 10)."""
    return [(10 - int(cell[1:])) * 10 + ord(cell[0]) - ord("a")
            for cell in re.split("[-/]", text)]
