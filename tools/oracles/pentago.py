"""OpenSpiel's pentago read as gdl's: OpenSpiel draws row 1 at the top, so its rows, top
first, are gdl's rows 6 down to 1; its O (player 0) is White, its @ Black. Both games offer
every quadrant turned both ways, so the picture's orientation need only be the same."""

SPIEL = "pentago"
DEPTH = 2
POSITION_DEPTH = 1
LIVE_GAMES = 50    # 288 OpenSpiel actions a ply at the start: 200 games take two minutes


def position(state) -> str:
    rows = [line[4:15:2] for line in str(state).splitlines()[2:8]]
    table = {"O": "W", "@": "B", ".": "."}
    return "/".join("".join(table[c] for c in row) for row in rows)
