"""OpenSpiel's dots_and_boxes (2 x 2 boxes) read as gdl's: its picture's lines, top first,
are gdl's rows 2r + 1 down to 1 (above them gdl's outside row, which holds nothing). A drawn
edge is gdl's neutral `*`, a box claimed by player 1 or 2 First's `F` or Second's `S`.
Completing a box moves again, so turns are single actions."""

SPIEL = "dots_and_boxes"
SPLIT = "action"
DEPTH = 5
POSITION_DEPTH = 3


def position(state) -> str:
    rows = [""]
    for number, line in enumerate(str(state).splitlines()):
        cells = []
        for x in range(len(line) // 4 * 2 + 1):
            if number % 2 == 0:   # dots and the edges along the row
                cells.append("*" if x % 2 and line[2 * x - 1:2 * x + 2] == "───" else ".")
            elif x % 2 == 0:      # an edge down a column
                cells.append("." if line[2 * x] == " " else "*")
            else:                 # a box
                cells.append({"1": "F", "2": "S"}.get(line[2 * x], "."))
        rows.append("".join(cells))
    return "/".join(rows)
