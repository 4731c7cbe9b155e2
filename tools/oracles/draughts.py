"""OpenSpiel's checkers read as gdl's English draughts: the dark cells of each row (a1 is
dark), rows top first as both draw them; o and 8 are the first player's men and kings
(gdl's Black: M, K), + and * the second's (m, k). OpenSpiel also calls a game drawn after
40 moves without a capture, a rule gdl's file lacks: the replay stops there."""

SPIEL = "checkers"
DEPTH = 4
LIVE_GAMES = 5
LETTERS = str.maketrans({"o": "M", "8": "K", "+": "m", "*": "k"})


def position(state) -> str:
    rows = []
    for line in str(state).splitlines():
        if not line[:1].isdigit():
            continue
        row, cells = int(line[0]), line[1:9]
        rows.append("".join(cells[c] for c in range(8) if (c + row - 1) % 2 == 0))
    return "/".join(rows).translate(LETTERS)


def unmatched_end(state) -> bool:
    """A draw by OpenSpiel's 40 moves without a capture (gdl plays on)."""
    return state.is_terminal() and tuple(state.returns()) == (0.0, 0.0)
