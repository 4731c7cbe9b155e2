"""`gdl play` at a node where every player chooses at once (gdl.protocol.SIMULTANEOUS): each
seat chooses its own part, unseen by the others (a person at a terminal types theirs
without echo), and the joint move is played once all have chosen."""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable
from typing import Any

from gdl.ai.players import HumanPlayer, RandomPlayer
from gdl.errors import GdlError, IllegalMove

Read = Callable[[str], str]


def choose_joint(game: Any, state: Any, seats: list, read: Read, words: tuple[str, ...]) -> Any:
    """The joint move the seats choose (or a word of `words`: quit, resign, ...)."""
    each = game.joint_moves(state)
    parts = []
    for p, (name, seat, moves) in enumerate(zip(game.players, seats, each)):
        if isinstance(seat, RandomPlayer):
            parts.append(seat.rng.choice(list(moves)))
        elif hasattr(seat, "choose_part"):   # the AI's seat: gdl.ai.simultaneous
            parts.append(seat.choose_part(game, state, p))
        elif isinstance(seat, HumanPlayer) or seat == "human":
            part = _ask_part(game, state, p, read, words)
            if isinstance(part, str):
                return part
            parts.append(part)
        else:
            raise GdlError(f"{name} ({getattr(seat, 'name', seat)}) cannot choose in a "
                           f"simultaneous turn: play it as human, random or ai")
    return tuple(parts)


def _ask_part(game: Any, state: Any, player: int, read: Read, words: tuple[str, ...]) -> Any:
    hidden = sys.stdin.isatty()
    prompt = f"{game.players[player]}, your choice{' (hidden)' if hidden else ''}: "
    mover = game.with_mover(state, player)
    while True:
        text = (getpass.getpass(prompt) if hidden else read(prompt)).strip()
        if text.lower() in ("", "?", "help"):
            print("your choices: " + ", ".join(game.part_text(mover, m)
                                               for m in game.joint_moves(state)[player]))
            continue
        if text.lower() in words:
            return text.lower()
        try:
            return game.parse_part(state, player, text)
        except IllegalMove as err:
            print(err)
