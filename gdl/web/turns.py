"""The turns the web server plays itself: chance outcomes, and hidden simultaneous parts.

Dice: the server draws each chance outcome by its probabilities (gdl.solvers.search.
sampling) from a stream seeded by a key only the server knows and the position (game,
options, start, the moves before it). The same position always rolls the same, so undoing
and playing again cannot roll again, and a client that sends an outcome the server did not
draw is refused: the page never chooses the dice.

Hidden parts: a seat's part of a joint move goes back to the page sealed (enciphered and
signed with the server's key, bound to the position), so the server still keeps no
sessions, and neither the page nor the other seat can read or change what was chosen.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from gdl.ai.players import parse_level
from gdl.ai.simultaneous import SimultaneousAI
from gdl.errors import GdlError
from gdl.position import Position
from gdl.protocol import CHANCE, SIMULTANEOUS
from gdl.solvers.search.sampling import chance_move

KEY = secrets.token_bytes(32)   # made afresh each time the server starts
_NONCE, _TAG = 16, 16


class TurnError(GdlError):
    """A request that would play the server's own turns: an outcome it did not draw, a
    sealed token that is unreadable, forged or of another position (HTTP 400)."""


def _digest(*parts: Any) -> bytes:
    return hmac.new(KEY, json.dumps(parts).encode(), hashlib.sha256).digest()


def dice(context: list[Any]) -> random.Random:
    """The stream the chance node after the position `context` draws its outcome from."""
    return random.Random(int.from_bytes(_digest("dice", context)[:8], "big"))


@dataclass
class Played:
    """A position as the web server replays it: which moves were chance outcomes, and the
    parts of the last joint move."""

    pos: Position
    context: list[Any]          # game, options, start: what seeds the dice with the moves
    rolls: list[int] = field(default_factory=list)    # indices of chance outcomes in moves
    revealed: dict[str, str] | None = None   # the parts of the last joint move

    def key(self) -> list[Any]:
        """What the next chance draw, or a sealed part, is bound to: here and now."""
        return [*self.context, list(self.pos.moves)]

    def roll(self) -> str:
        """The outcome the server draws at this chance node."""
        state = self.pos.state
        return self.pos.game.move_text(state, chance_move(self.pos.game, state, dice(self.key())))

    def play(self, move: str) -> None:
        mover = self.pos.game.current_player(self.pos.state)
        if mover == CHANCE:
            drawn = self.roll()
            if move != drawn:
                raise TurnError(f"move {len(self.pos.moves) + 1}: {move!r} is a chance "
                                f"outcome the server did not draw (it drew {drawn!r}): the "
                                f"server rolls the dice")
            self.rolls.append(len(self.pos.moves))
        before = self.pos.state
        self.pos.play(move)
        if mover == SIMULTANEOUS:
            game: Any = self.pos.game   # a simultaneous game: with_mover, part_text
            self.revealed = {name: game.part_text(game.with_mover(before, p), m) for p, (name, m)
                             in enumerate(zip(game.players, game.parse_move(before, move)))}

    def settle(self, limit: int) -> None:
        """Draw and play chance outcomes until a player is to move (or `limit` moves)."""
        while (not self.pos.is_over and len(self.pos.moves) < limit
               and self.pos.game.current_player(self.pos.state) == CHANCE):
            self.play(self.roll())

    def facts(self) -> dict[str, Any]:
        """What the position document adds for chance and simultaneous games: the last
        outcomes drawn (those in a row: 2048's spot, then its face), the parts of the last
        joint move, each seat's choices now."""
        game: Any = self.pos.game
        moves = self.pos.moves
        doc: dict[str, Any] = {}
        run = self.rolls[-1:]   # the last roll, with the outcomes drawn just before it
        while run and run[0] - 1 in self.rolls:
            run.insert(0, run[0] - 1)
        doc["rolled"] = ", ".join(moves[i] for i in run) or None
        doc["rolls"] = list(self.rolls)
        doc["revealed"] = self.revealed
        if not self.pos.is_over and game.current_player(self.pos.state) == SIMULTANEOUS:
            state = self.pos.state
            doc["simultaneous"] = True
            doc["choices"] = {name: [game.part_text(game.with_mover(state, p), m) for m in ms]
                              for p, (name, ms) in enumerate(zip(game.players,
                                                                 game.joint_moves(state)))}
            doc["chosen"] = []
            doc["legal"] = []   # parts are sent one seat at a time: /api/part
        else:
            doc["simultaneous"] = False
        return doc


def _stream(nonce: bytes, size: int) -> bytes:
    blocks = (hmac.new(KEY, nonce + i.to_bytes(4, "big"), hashlib.sha256).digest()
              for i in range(size // 32 + 1))
    return b"".join(blocks)[:size]


def seal(parts: dict[str, str], context: list[Any]) -> str:
    """`parts` (seat -> part text) as a token only this server reads, for `context` only."""
    plain = json.dumps(parts).encode()
    nonce = secrets.token_bytes(_NONCE)
    body = nonce + bytes(a ^ b for a, b in zip(plain, _stream(nonce, len(plain))))
    tag = _digest("seal", context, body.hex())[:_TAG]
    return base64.urlsafe_b64encode(body + tag).decode("ascii")


def unseal(token: str, context: list[Any]) -> dict[str, str]:
    """The parts `seal` hid in `token`.

    Raises:
        TurnError: the token is not one this server sealed for this very position.
    """
    try:
        raw = base64.urlsafe_b64decode(token.encode("ascii"))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise TurnError("field 'sealed' is not a token this server gave") from None
    body, tag = raw[:-_TAG], raw[-_TAG:]
    if len(body) < _NONCE or not hmac.compare_digest(
            tag, _digest("seal", context, body.hex())[:_TAG]):
        raise TurnError("field 'sealed' does not belong to this position: send the token the "
                        "last answer gave, with the same game, options and moves")
    nonce, hidden = body[:_NONCE], body[_NONCE:]
    plain = bytes(a ^ b for a, b in zip(hidden, _stream(nonce, len(hidden))))
    parts = json.loads(plain)
    assert isinstance(parts, dict)   # signed by this server: it wrote it
    return {str(k): str(v) for k, v in parts.items()}


_SEATS: dict[tuple, Any] = {}   # (game, level, seconds) -> its AI seat: a small game is
                                # solved once, not at every request


def ai_seat(game: Any, level: str, seconds: float | None, seed: int | None) -> Any:
    """The AI's seat in a simultaneous game (gdl.ai.simultaneous), drawing from `seed`."""
    key = (id(game), level, seconds)
    if key not in _SEATS:
        if len(_SEATS) > 32:
            _SEATS.clear()
        _SEATS[key] = (game, SimultaneousAI(game, parse_level(level), None, seconds))
    seat = _SEATS[key][1]
    seat.rng = random.Random(seed)
    return seat
