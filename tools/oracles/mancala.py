"""OpenSpiel's mancala read as gdl's: its board has no pieces, only seeds, so a position is
the counts part of gdl's position text (`seeds=...`, cells b1..h1 then a2..g2). OpenSpiel's
pits 1-6 and store 7 are South's row b1..h1 (player 0), its store 0 and pits 8-13 North's
row a2..g2 read from the left (a2 is store 0, b2 pit 13). Ending in one's store moves again,
so turns are single actions."""

SPIEL = "mancala"
KEY = "seeds"   # the part of gdl's position text a position is matched by
SPLIT = "action"
DEPTH = 6
POSITION_DEPTH = 4


def position(state) -> str:
    top, middle, bottom = (line.strip("-").split("-") for line in str(state).splitlines()[:3])
    middle = [n for n in middle if n]
    return "seeds=" + ",".join(bottom + [middle[1]] + [middle[0]] + top)

