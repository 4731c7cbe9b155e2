"""POST /api/part: one seat's part of a simultaneous turn, kept hidden until every seat's
is in (see docs/web.md, "Simultaneous turns").

The page sends a seat's part with the position; the server answers either the position
still waiting, with the parts so far sealed (gdl.web.turns: the page cannot read them) and
only the names of the seats that have chosen, or, once the last human part is in, the
position after the joint move, its parts revealed. The AI seats the request names choose
on the server, after the humans and unseen by them.
"""

from __future__ import annotations

from typing import Any

from gdl.ai.players import DEFAULT_LEVEL
from gdl.errors import IllegalMove
from gdl.protocol import SIMULTANEOUS
from gdl.web import turns
from gdl.web.api import LEVELS, MAX_MOVES, BadRequest, _field, _seconds, document, \
    played_position
from gdl.web.library import Library


def part(body: dict, library: Library) -> Any:
    """POST /api/part {game, options, start?, moves, seat, part, sealed?, ai?, level?,
    seconds?, seed?}: the position waiting for the other seats, or after the joint move."""
    played = played_position(body, library)
    pos = played.pos
    game: Any = pos.game   # a simultaneous game: joint_moves, parse_part, part_text
    if pos.is_over or game.current_player(pos.state) != SIMULTANEOUS:
        raise BadRequest("this is not a simultaneous turn: play a move with /api/apply")
    players = list(game.players)
    seat = _field(body, "seat", str)
    if seat not in players:
        raise BadRequest(f"field 'seat' must be one of {', '.join(players)}")
    ai_seats = _field(body, "ai", list, [])
    if not all(s in players and s != seat for s in ai_seats):
        raise BadRequest(f"field 'ai' must list other seats than {seat}, of "
                         f"{', '.join(players)}")
    level = _field(body, "level", str, DEFAULT_LEVEL)
    if level not in LEVELS:
        raise BadRequest(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
    sealed = _field(body, "sealed", str)
    parts = turns.unseal(sealed, played.key()) if sealed else {}
    if seat in parts:
        raise BadRequest(f"{seat} has already chosen in this turn: waiting for "
                         f"{', '.join(s for s in players if s not in parts)}")
    parts[seat] = _part_text(game, pos.state, players.index(seat), _field(body, "part", str))
    waiting = [s for s in players if s not in parts and s not in ai_seats]
    if waiting:
        doc = document(played)
        doc.update(chosen=[s for s in players if s in parts], waiting=waiting,
                   sealed=turns.seal(parts, played.key()))
        return doc
    seconds = _seconds(body, "seconds", None)
    if ai_seats:
        ai = turns.ai_seat(game, level, seconds, _field(body, "seed", int))
        for s in ai_seats:
            p = players.index(s)
            if s not in parts:
                parts[s] = game.part_text(game.with_mover(pos.state, p),
                                          ai.choose_part(game, pos.state, p))
    joint = tuple(game.parse_part(pos.state, p, parts[s]) for p, s in enumerate(players))
    played.play(game.move_text(pos.state, joint))
    played.settle(MAX_MOVES)
    return document(played)


def _part_text(game: Any, state: Any, player: int, text: str | None) -> str:
    """`player`'s part written `text`, as the game writes it; refused listing the choices."""
    mover = game.with_mover(state, player)
    legal = [game.part_text(mover, m) for m in game.joint_moves(state)[player]]
    name = game.players[player]
    if not text:
        raise IllegalMove(f"field 'part' is required: {name}'s part", tuple(legal))
    try:
        return game.part_text(mover, game.parse_part(state, player, text))
    except IllegalMove:
        raise IllegalMove(f"{text!r} is not a legal part of {name}", tuple(legal)) from None


ROUTES = {"part": part}
