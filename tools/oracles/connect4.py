"""OpenSpiel's connect_four read as gdl's connect4 (7 x 6): its picture's rows, top first."""

SPIEL = "connect_four"
DEPTH = 5


def position(state) -> str:
    return "/".join(row.replace("x", "X").replace("o", "O") for row in str(state).split())
