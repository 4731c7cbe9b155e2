"""OpenSpiel's antichess read as gdl's: the board of its FEN, as for chess (tools/oracles/chess.py).

OpenSpiel ends a game at the third repetition; gdl's antichess cannot count repetitions
(see its rules file), so a replay stops there (`unmatched_end`).
"""

from tools.oracles.chess import position  # noqa: F401  (the same board reading)

SPIEL = "antichess"
DEPTH = 3
POSITION_DEPTH = 2
PLAYERS = (1, 0)   # OpenSpiel numbers Black 0 and White 1
LIVE_GAMES = 200   # random games the suite replays against OpenSpiel (about 0.05 s each)


def unmatched_end(state) -> bool:
    """Whether OpenSpiel's finished `state` ended by a rule gdl's antichess lacks (repetition)."""
    # Its only other draw is the fifty-move rule: FEN's halfmove clock at 100.
    return not any(state.returns()) and int(str(state).split()[4]) < 100   # of a finished state
