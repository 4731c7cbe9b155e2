"""OpenSpiel's y read as gdl's. OpenSpiel draws its rows top first from its row 0, each
shorter by one; its row 0 is gdl's row 1, so its picture is turned upside down. The last
move is drawn in brackets, which are dropped. O is White (player 0), @ Black."""

from tools.oracles.picture import join_rows

SIZE = 7   # 28 cells: random games end well before the board fills
SPIEL = "y"
PARAMS = {"board_size": SIZE}
OPTIONS = {"size": SIZE}
DEPTH = 3


def position(state) -> str:
    # each row: its number, then its cells (the last move's in brackets)
    rows = [line.translate(str.maketrans("", "", " []0123456789"))
            for line in str(state).splitlines()[1:]]
    return join_rows(rows, {"O": "W", "@": "B"}, upside_down=True)
