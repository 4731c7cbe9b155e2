"""OpenSpiel's havannah read as gdl's. OpenSpiel draws its rows top first from its row 0
(x from the left), which is gdl's top row (row 2 * size - 1), so the rows read in the same
order; each line also holds the row's number, a column letter on the upper half and the
last move in brackets, which are dropped. O is White (player 0), @ Black."""

SIZE = 4   # 37 cells: random games end by each kind of win, and some fill the board
SPIEL = "havannah"
PARAMS = {"board_size": SIZE}
OPTIONS = {"size": SIZE}
DEPTH = 3


def position(state) -> str:
    rows = ["".join(c for c in line if c in "O@.") for line in str(state).splitlines()[1:]]
    return "/".join(row.replace("O", "W").replace("@", "B") for row in rows if row)
