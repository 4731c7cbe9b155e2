"""A GGP player: the answers to the match messages, whatever carries them (HTTP: server).

`GgpPlayer.handle(text)` reads one message and returns `Reply(status, body)`: 200 and the
protocol's answer, or 400 and `(error "...")` for a message it cannot take (unreadable,
an unknown match, an illegal previous move). A refused message changes nothing: the
player keeps its matches and keeps serving. Every refusal is logged (logger "gdl.ggp").

    (info)                   -> ((name gdl) (status available))   (busy during a match)
    (start ID ROLE RULES S P)-> ready        (rules read by the KIF reader, the seat built)
    (play ID MOVES)          -> the seat's move, e.g. (mark 1 2)
    (stop ID MOVES)          -> done
    (abort ID)               -> done
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from time import perf_counter

import attrs

from gdl.bridges.ggp.brain import Brain
from gdl.bridges.ggp.messages import Abort, Info, Play, Start, Stop, parse_message
from gdl.bridges.ggp.moves import read_joint
from gdl.errors import GdlError, RulesError
from gdl.protocol import Game, State

log = logging.getLogger("gdl.ggp")
Loader = Callable[[str], Game]


def load_rules(text: str) -> Game:
    """The KIF reader of gdl (imported when first needed)."""
    from gdl.interpreter.kif import load_kif_text
    return load_kif_text(text, filename="<start message>")


@attrs.frozen
class Reply:
    status: int
    body: str


def error_reply(message: str) -> Reply:
    """A 400 answer carrying `message` as a KIF string."""
    quoted = message.replace("\\", "\\\\").replace('"', "'")
    return Reply(400, f'(error "{quoted}")')


@attrs.define
class Match:
    brain: Brain
    state: State
    steps: int = 0


class GgpPlayer:
    """The player's matches and its answers. `policy` is "ai" or "random"; `load` reads a
    start message's rules into a Game (default: gdl's KIF reader)."""

    def __init__(self, name: str = "gdl", policy: str = "ai", seed: int | None = None,
                 load: Loader = load_rules) -> None:
        self.name, self.policy, self.seed, self.load = name, policy, seed, load
        self.matches: dict[str, Match] = {}
        self.lock = threading.Lock()   # one message at a time changes the matches

    def handle(self, text: str) -> Reply:
        """The answer to one message (never raises for a message a manager can send)."""
        started = perf_counter()
        try:
            message = parse_message(text)
        except GdlError as err:
            log.warning("refused an unreadable message: %s", err)
            return error_reply(f"unreadable message: {err}")
        with self.lock:
            try:
                return self._answer(message, started)
            except RulesError as err:
                log.warning("refused the rules: %s", err.report())
                return error_reply(f"the rules cannot be read: {err}")
            except GdlError as err:
                log.warning("refused %s: %s", type(message).__name__.lower(), err)
                return error_reply(str(err))

    def _answer(self, message: object, started: float) -> Reply:
        if isinstance(message, Info):
            status = "busy" if self.matches else "available"
            return Reply(200, f"((name {self.name}) (status {status}))")
        if isinstance(message, Start):
            return self._start(message)
        if isinstance(message, Abort):
            self.matches.pop(message.match, None)
            return Reply(200, "done")
        assert isinstance(message, (Play, Stop))
        match = self.matches.get(message.match)
        if match is None:
            raise GdlError(f"no match {message.match!r} was started here")
        if message.moves is not None:
            self._advance(match, message.moves)
        if isinstance(message, Stop):
            del self.matches[message.match]
            return Reply(200, "done")
        if match.brain.game.is_terminal(match.state):
            raise GdlError(f"match {message.match!r} is over: no move to play")
        return Reply(200, match.brain.choose(match.state, started))

    def _start(self, message: Start) -> Reply:
        game = self.load(message.rules)
        roles = [r.lower() for r in game.players]
        if message.role not in roles:
            raise GdlError(f"role {message.role!r} is not one of the game's: {' '.join(roles)}")
        brain = Brain(game, roles.index(message.role), message.play_clock, self.policy,
                      self.seed)
        self.matches[message.match] = Match(brain, game.initial_state())
        log.info("match %s: %s as %s, clocks %g/%g", message.match, self.policy,
                 message.role, message.start_clock, message.play_clock)
        return Reply(200, "ready")

    def _advance(self, match: Match, moves: tuple[str, ...]) -> None:
        """Play the manager's joint move; an illegal one raises IllegalMove, unplayed."""
        game = match.brain.game
        if game.is_terminal(match.state):
            raise GdlError("the game is over: no further move can be played")
        match.state = game.apply(match.state, read_joint(game, match.state, moves))
        match.steps += 1
