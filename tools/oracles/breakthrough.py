"""OpenSpiel's breakthrough (8 x 8) read as gdl's. OpenSpiel's first player (black, 'b') starts
at the top; gdl's first player (White) at the bottom: the picture is turned upside down and
the colours renamed, so player 0 is player 0 on both sides."""

from tools.oracles.picture import join_rows

SPIEL = "breakthrough"
DEPTH = 3
POSITION_DEPTH = 2


def position(state) -> str:
    rows = [line[1:9] for line in str(state).splitlines() if line[:1].isdigit()]
    return join_rows(rows, {"b": "W", "w": "B"}, upside_down=True)
