"""OpenSpiel's checkers read as gdl's draughts with `--set openspiel=1` (its 40 plies without a
capture draw, no repetition draw, a king's loop one move per order). OpenSpiel draws row 8 at
the top, after each row's number; its first player (o, crowned 8) starts at the bottom, as
gdl's Black (M, K) does, and its second (+, crowned *) is gdl's White (m, k). gdl's board text
holds the playable (dark) cells only. A capture chain is one gdl move and one OpenSpiel action
per jump: one turn."""

SPIEL = "checkers"
OPTIONS = {"openspiel": 1}
DEPTH = 6
POSITION_DEPTH = 3
LIVE_GAMES = 100   # random games the suite replays against OpenSpiel (about 0.1 s each)
LETTERS = {"o": "M", "8": "K", "+": "m", "*": "k", ".": "."}


def position(state) -> str:
    rows = [line[1:] for line in str(state).splitlines() if line[:1].isdigit()]
    return "/".join("".join(LETTERS[c] for x, c in enumerate(row) if (r + x) % 2 == 1)
                    for r, row in enumerate(rows))
