"""OpenSpiel's lines_of_action (8 x 8) read as gdl's: its rows top first, each after its row
number; x is Black (player 0, on rows 1 and 8), o White."""

from tools.oracles.picture import join_rows

SPIEL = "lines_of_action"
DEPTH = 4
LIVE_GAMES = 30   # replayed in full (0.35 s each); the rest of the suite's 200 counted
TURN_ACTIONS = 1   # each of OpenSpiel's actions is a whole move


def position(state) -> str:
    rows = [line[1:9] for line in str(state).splitlines() if line[:1].isdigit()]
    return join_rows(rows, {"x": "B", "o": "W"})


def spiel_moves(text: str) -> list[str]:
    return [text]


def parse_action(state, word: str) -> int:
    """OpenSpiel's action for gdl's move `word` (b1-b3): OpenSpiel writes a capture b1xb3."""
    player = state.current_player()
    return next(a for a in state.legal_actions()
                if state.action_to_string(player, a).replace("x", "-") == word)
