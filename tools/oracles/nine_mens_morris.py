"""OpenSpiel's nine_mens_morris read as gdl's: its 24 points, in its order, are gdl's points
from the top row down and left to right (a7 d7 g7 b6 ... a1 d1 g1); W and B are the same.
A mill's removal is OpenSpiel's next action by the same player, gdl's next stage of the
move, so the default per-turn split compares them."""

SPIEL = "nine_mens_morris"
DEPTH = 3
POSITION_DEPTH = 2
LIVE_GAMES = 200   # games often run to the 200-turn limit
COORDS = [(0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7), (4, 10), (6, 0),
          (6, 2), (6, 4), (6, 10), (6, 12), (6, 14), (8, 4), (8, 7), (8, 10), (10, 2), (10, 7),
          (10, 12), (12, 0), (12, 7), (12, 14)]
ROWS = [3, 3, 3, 6, 3, 3, 3]


def position(state) -> str:
    text = str(state)
    points = "".join(text[row * 16 + col] for row, col in COORDS)
    rows, at = [], 0
    for size in ROWS:
        rows.append(points[at:at + size])
        at += size
    return "/".join(rows)
