"""OpenSpiel's tic_tac_toe read as gdl's tictactoe: its rows as gdl's rows, top first."""

SPIEL = "tic_tac_toe"
DEPTH = 6


def position(state) -> str:
    return "/".join(row.replace("x", "X").replace("o", "O") for row in str(state).split())
