"""OpenSpiel's hex read as gdl's. OpenSpiel draws its rows top first, each row half a cell
right of the one above; gdl's rhombus leans the other way (each row right of the one below),
so OpenSpiel's row 0 is gdl's row 1: its picture is turned upside down. x is Black, o White."""

from tools.oracles.picture import join_rows

SIZE = 5
SPIEL = "hex"
PARAMS = {"board_size": SIZE}
OPTIONS = {"size": SIZE}
DEPTH = 3


def position(state) -> str:
    rows = [line.replace(" ", "") for line in str(state).splitlines()]
    return join_rows(rows, {"x": "B", "o": "W"}, upside_down=True)
