"""OpenSpiel's amazons (10 x 10) read as gdl's: its rows top first; X (player 0, at the
bottom) is White, O Black, and its arrows (#) gdl's neutral piece (*). One gdl move is
OpenSpiel's three actions (the amazon, where it goes, where it shoots): one turn."""

from tools.oracles.picture import join_rows

SPIEL = "amazons"
DEPTH = 1
POSITION_DEPTH = 1
LIVE_GAMES = 20   # a turn is some 2000 action triples walked in Python: ~1 s a game


def position(state) -> str:
    return join_rows(str(state).split(), {"X": "W", "O": "B", "#": "*"})
