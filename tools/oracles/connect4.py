"""OpenSpiel's connect_four read as gdl's connect4 (7 x 6): its picture's rows, top first."""

from tools.oracles.picture import join_rows

SPIEL = "connect_four"
DEPTH = 5


def position(state) -> str:
    return join_rows(str(state).split(), {"x": "X", "o": "O"})
