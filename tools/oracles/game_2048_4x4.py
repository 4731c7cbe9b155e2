"""OpenSpiel's 2048 (a chance game of one player, issue 31) read as gdl's game_2048_4x4: the
tiles row by row from the top, the score, and which draw is due (1 and 2: the two first
tiles, 3: the tile after a move)."""

SPIEL = "2048"
SPLIT = "action"
KEY = ("tile", "total", "chance")
DEPTH = 3
POSITION_DEPTH = 2
LIVE_GAMES = 20     # in full; the rest of 200 counted (spiel_moves)
LIVE_PLIES = 1000   # a random game is some 230 plies


def position(state) -> str:
    tiles = [int(v) for v in state.observation_tensor(0)]
    due = 0
    if state.is_chance_node():
        due = 1 if not state.history() else 2 if len(state.history()) == 1 else 3
    return f"tile={','.join(map(str, tiles))} total={int(state.returns()[0])} chance={due}"


def spiel_moves(text: str) -> list[int]:
    """gdl's move as OpenSpiel's action: `slide k` is action k - 1 (up, right, down, left);
    a draw `t=x` is outcome x - 1 (cell (x + 1) / 2, a 4 when x is even)."""
    if "=" in text:
        return [int(text.split("=")[1]) - 1]
    return [int(text.split()[1]) - 1]
