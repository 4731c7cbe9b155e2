"""OpenSpiel's shogi read as gdl's: its SFEN's board and hands as gdl's board and `hand=`.

An SFEN's ranks run from the top (White's side) and each rank from file 9 to file 1, which is
gdl's a..i from the left, so the board reads across cell for cell. The base pieces keep their
letters (K R B G S N L P, lower case for White); a promoted piece `+X` is gdl's kind of its own
(dragon, horse, tokin, narigin, narikei, narikyo: letters d h t a i y). The hands are gdl's
`hand=` list: Black's count of each kind in the order of the `pieces` line, then White's.

A fourfold repetition is a loss for a player who gave check with each of their last six
moves, else a draw, in both (gdl's shogi says it with `streak`).
"""

KINDS = "krbgsnlpdhtaiy"   # gdl's letters, in the order of the rules' `pieces`
PROMOTED = {"R": "D", "B": "H", "P": "T", "S": "A", "N": "I", "L": "Y"}

SPIEL = "shogi"
KEY = ("board", "hand")   # a position is matched by its board and hands
DEPTH = 3
POSITION_DEPTH = 2
# The suite replays the first 80 plies of 2 random games in full (a whole game of 300 to
# 1000 plies costs 30 s or more: every ply applies each legal move, and each apply lists the
# next player's moves for `not moves`), and 198 more whole games counted.
LIVE_GAMES = 2
TURN_ACTIONS = 1   # each of OpenSpiel's actions is a whole move
LIVE_PLIES = 80


def board(placement: str) -> str:
    """gdl's board text of an SFEN's piece placement."""
    out, promote = [], False
    for c in placement:
        if c == "+":
            promote = True
            continue
        if c.isdigit():
            out.append("." * int(c))
        elif promote:
            letter = PROMOTED[c.upper()]
            out.append(letter if c.isupper() else letter.lower())
        else:
            out.append(c)
        promote = False
    return "".join(out)


def hands(text: str) -> str:
    """gdl's `hand=` word of an SFEN's hands field (`-`, or counts such as `2Pb`)."""
    counts = [0] * (2 * len(KINDS))
    number = ""
    for c in "" if text == "-" else text:
        if c.isdigit():
            number += c
            continue
        counts[KINDS.index(c.lower()) + (0 if c.isupper() else len(KINDS))] += int(number or 1)
        number = ""
    return "hand=" + ",".join(map(str, counts))


def sfen_position(sfen: str) -> str:
    """gdl's position text of an SFEN (the move number is not part of gdl's position)."""
    placement, turn, held, _ = sfen.split()
    return f"{board(placement)} {'Black' if turn == 'b' else 'White'} {hands(held)}"


def position(state) -> str:
    placement, _, held, _ = str(state).split()
    return f"{board(placement)} {hands(held)}"


def square(cell: str) -> str:
    """The USI square of a gdl cell: file 9..1 for a..i, rank a..i from the top."""
    return f"{9 - (ord(cell[0]) - ord('a'))}{'abcdefghi'[9 - int(cell[1:])]}"


def spiel_moves(text: str) -> list[str]:
    """gdl's move (e1-e2, a3-a2=T, B*a1) as OpenSpiel's USI (5i5h, 9g9h+, B*9i)."""
    if "*" in text:
        kind, cell = text.split("*")
        return [f"{kind.upper()}*{square(cell)}"]
    move, _, promoted = text.partition("=")
    start, end = move.split("-")
    return [square(start) + square(end) + ("+" if promoted else "")]
