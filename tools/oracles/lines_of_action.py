"""OpenSpiel's lines_of_action (8 x 8) read as gdl's: its rows top first, each after its row
number; x is Black (player 0, on rows 1 and 8), o White."""

from tools.oracles.picture import join_rows

SPIEL = "lines_of_action"
DEPTH = 4
LIVE_GAMES = 30   # about 0.35 s each (games of ~200 plies): the suite replays these


def position(state) -> str:
    rows = [line[1:9] for line in str(state).splitlines() if line[:1].isdigit()]
    return join_rows(rows, {"x": "B", "o": "W"})
