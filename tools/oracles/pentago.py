"""OpenSpiel's pentago read as gdl's: OpenSpiel draws row 1 at the top, so its rows, top
first, are gdl's rows 6 down to 1; its O (player 0) is White, its @ Black. Both games offer
every quadrant turned both ways, so the picture's orientation need only be the same."""

from tools.oracles.picture import join_rows

SPIEL = "pentago"
DEPTH = 2
POSITION_DEPTH = 1



def position(state) -> str:
    rows = [line[4:15:2] for line in str(state).splitlines()[2:8]]
    return join_rows(rows, {"O": "W", "@": "B"})
