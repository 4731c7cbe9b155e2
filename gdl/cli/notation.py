"""Reading a sequence of moves in a game's notation, where a move's text may hold spaces.

`gdl perft nim 2 --moves "take 1 3 take 2 1"`: the words are read greedily, at each
position the longest run of words that is exactly a legal move's text; a comma
separates moves explicitly (`take 1 3, take 2 1`). Solvers never see this: it is
for people and the command line.
"""

from __future__ import annotations

from collections.abc import Iterator

from gdl.errors import IllegalMove
from gdl.protocol import Game, Move, State


def read_moves(game: Game, state: State, text: str) -> Iterator[tuple[str, Move, State]]:
    """Each move of `text` from `state`: (its text as written, the move, the state after).

    Raises:
        IllegalMove: a move is unreadable, illegal, or comes after the end of the game;
            the message names the move's number.
    """
    number = 0
    for part in text.split(","):
        words = part.split()
        while words:
            number += 1
            if game.is_terminal(state):
                raise IllegalMove(f"--moves, move {number} ({' '.join(words)!r}): "
                                  f"the game is already over")
            legal = {" ".join(game.move_text(state, m).lower().split()): m
                     for m in game.legal_moves(state)}
            longest = max((t.count(" ") + 1 for t in legal), default=1)
            taken = next((n for n in range(min(longest, len(words)), 0, -1)
                          if " ".join(words[:n]).lower() in legal), 1)
            written = " ".join(words[:taken])
            move = legal.get(written.lower())
            if move is None:   # an abbreviation (a unique beginning), or no move at all
                try:
                    move = game.parse_move(state, written)
                except IllegalMove as err:
                    raise IllegalMove(f"--moves, move {number}: {err.args[0]}",
                                      err.legal) from None
            state = game.apply(state, move)
            words = words[taken:]
            yield written, move, state
