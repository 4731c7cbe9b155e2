"""OpenSpiel's go read as gdl's: its picture's rows (top first, after each row's number), X
Black (player 0), O White, + an empty point. A pass leaves the board as it was, in both."""

from tools.oracles.picture import join_rows

SIZE = 5
SPIEL = "go"
PARAMS = {"board_size": SIZE}
OPTIONS = {"size": SIZE}
DEPTH = 3


def position(state) -> str:
    lines = [line.split() for line in str(state).splitlines()[1:]]
    rows = [words[1] for words in lines if words and words[0].isdigit()]
    return join_rows(rows, {"X": "B", "O": "W", "+": "."})
