"""OpenSpiel's clobber (5 rows x 6 columns) read as gdl's: its rows top first, each after its
row number; o is White (player 0, on a1's colour), x Black."""

from tools.oracles.picture import join_rows

SPIEL = "clobber"
DEPTH = 4


def position(state) -> str:
    rows = [line.lstrip(" 0123456789") for line in str(state).splitlines()[:-1]]
    return join_rows(rows, {"o": "W", "x": "B"})
