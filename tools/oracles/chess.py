"""OpenSpiel's chess read as gdl's, and positions in Forsyth-Edwards Notation (FEN) as gdl's
position texts.

gdl's chess letters are FEN's (P N B R Q K for White, lower case for Black), so a FEN's board
is gdl's with each digit written as that many '.'. The rest of a FEN maps to the state
variables: the castling field to `rights` (the corners whose rook may still castle), the en
passant cell to `ep`, and the move counters to `plies` (moves played) and `reset` (the ply of
the last pawn move or capture): `reset = plies - halfmove clock`.

OpenSpiel ends a game at the third repetition; gdl's chess cannot count repetitions (see
its rules file), so a replay stops there (`unmatched_end`).
"""

SPIEL = "chess"
DEPTH = 3
POSITION_DEPTH = 2
PLAYERS = (1, 0)   # OpenSpiel numbers Black 0 and White 1
LIVE_GAMES = 20   # replayed in full (0.6 s each); the rest of the suite's 200 counted
TURN_ACTIONS = 1   # each of OpenSpiel's actions is a whole move

CORNERS = {"K": "h1", "Q": "a1", "k": "h8", "q": "a8"}


def board(fen: str) -> str:
    """The board part of gdl's position text for a FEN's piece placement."""
    placement = fen.split()[0]
    return "".join("." * int(c) if c.isdigit() else c for c in placement)


def fen_position(fen: str) -> str:
    """gdl's position text of a FEN (missing counters count as 0 and 1)."""
    fields = fen.split()
    _, turn, castling, ep, halfmove, fullmove = fields + ["-", "-", "-", "0", "1"][len(fields) - 1:]
    plies = 2 * (int(fullmove) - 1) + (turn == "b")
    rights = ",".join(CORNERS[c] for c in "QKqk" if c in castling) or "none"
    player = "White" if turn == "w" else "Black"
    return (f"{board(fen)} {player} rights={rights} ep={ep if ep != '-' else 'none'} "
            f"reset={plies - int(halfmove)} plies={plies}")


def position(state) -> str:
    return board(str(state))


def unmatched_end(state) -> bool:
    """Whether OpenSpiel's finished `state` ended by a rule gdl's chess lacks (repetition)."""
    return state.is_repetition_draw()   # the caller asks only of a finished state


def spiel_moves(text: str) -> list[str]:
    """gdl's move (e2-e4, e7-e8=Q) in long algebraic notation (e2e4, e7e8q)."""
    return [text.replace("-", "").replace("=", "").lower()]


def parse_action(state, word: str) -> int:
    return state.parse_move_to_action(word)
