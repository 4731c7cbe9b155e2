"""OpenSpiel's go read as gdl's: its picture's rows (top first, after each row's number), X
Black (player 0), O White, + an empty point. A pass leaves the board as it was, in both."""

SIZE = 5
SPIEL = "go"
PARAMS = {"board_size": SIZE}
OPTIONS = {"size": SIZE}
DEPTH = 3


def position(state) -> str:
    rows = [line.split()[1] for line in str(state).splitlines()[1:] if line.split()[:1] and line.split()[0].isdigit()]
    return "/".join(row.translate(str.maketrans("XO+", "BW.")) for row in rows)
