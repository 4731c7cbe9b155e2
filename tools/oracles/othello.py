"""OpenSpiel's othello read as gdl's: the same cell names and colours (x Black, o White),
but OpenSpiel draws row 1 at the top: its picture is turned upside down."""

from tools.oracles.picture import join_rows

SPIEL = "othello"
DEPTH = 4
LIVE_GAMES = 200   # about 0.04 s each


def position(state) -> str:
    rows = [line[2:17].replace(" ", "") for line in str(state).splitlines()
            if line[:1].isdigit()]
    return join_rows(rows, {"x": "B", "o": "W", "-": "."}, upside_down=True)
