"""OpenSpiel's xiangqi read as gdl's: its board rows top first (Black's back rank), the same
letters (upper case Red, OpenSpiel's player 0). OpenSpiel draws a game at 500
plies, as gdl's file does. Fairy-Stockfish, the other oracle (tools/fairy.py), agrees on
perft from the start and from the recorded positions (tests/games/test_xiangqi.py)."""

SPIEL = "xiangqi"
DEPTH = 3
POSITION_DEPTH = 2
LIVE_GAMES = 4   # replayed in full (a few seconds each); the rest of the suite's 200 counted
TURN_ACTIONS = 1   # each of OpenSpiel's actions is a whole move
LIVE_PLIES = 120


def position(state) -> str:
    return "/".join(str(state).splitlines()[:10])


def spiel_moves(text: str) -> list[str]:
    return [text]


def cell(word: str) -> tuple[int, int]:
    """OpenSpiel's (row from the top, column) of gdl's cell name (a1 is the bottom left)."""
    return 10 - int(word[1:]), ord(word[0]) - ord("a")


def parse_action(state, word: str) -> int:
    """OpenSpiel's action for gdl's move `word` (b3-b10 or b3xb10): OpenSpiel writes the
    piece's letter and both cells, C(7,1)-(0,1)."""
    start, end = word.replace("x", "-").split("-")
    (r0, c0), (r1, c1) = cell(start), cell(end)
    text = f"({r0},{c0})-({r1},{c1})"
    return next(a for a in state.legal_actions() if state.action_to_string(a)[1:] == text)
