"""OpenSpiel's pig (a chance game, issue 31) read as gdl's pig with `openspiel=1`: its
scores, turn total and whether a die is due, as gdl's position text holds them."""

SPIEL = "pig"
PARAMS = {"winscore": 20}
OPTIONS = {"goal": 20, "openspiel": 1}
KEY = ("score", "turn", "chance")
DEPTH = 10
POSITION_DEPTH = 6


def position(state) -> str:
    scores, total = str(state).split("\n")[0].split(", ")
    due = 1 if state.is_chance_node() else 0
    return f"score={','.join(scores.split()[1:])} turn={total.split()[-1]} chance={due}"


def unmatched_end(state) -> bool:
    """OpenSpiel's horizon (a draw after 1000 moves) has no rule in gdl's file."""
    return max(state.returns()) <= 0
