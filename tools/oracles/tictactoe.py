"""OpenSpiel's tic_tac_toe read as gdl's tictactoe: its rows as gdl's rows, top first."""

from tools.oracles.picture import join_rows

SPIEL = "tic_tac_toe"
DEPTH = 6


def position(state) -> str:
    return join_rows(str(state).split(), {"x": "X", "o": "O"})
