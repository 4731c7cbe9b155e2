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
import random
import threading
from collections.abc import Callable
from typing import Any
from time import perf_counter

import attrs

from gdl.bridges.ggp.brain import Brain, answer_seconds
from gdl.bridges.ggp.messages import Abort, Info, Play, Start, Stop, parse_message
from gdl.bridges.ggp.moves import read_joint
from gdl.errors import GdlError, RulesError
from gdl.protocol import Game, State

log = logging.getLogger("gdl.ggp")
KEPT_GAMES = 4   # rules kept read for the next matches of the same game
Loader = Callable[[str], Game]


def load_rules(text: str) -> Any:
    """The KIF reader of gdl (imported when first needed)."""
    from gdl.interpreter.kif import load_kif_text
    return load_kif_text(text, filename="<start message>")


@attrs.frozen
class Reply:
    status: int
    body: str


def error_reply(message: str) -> Reply:
    """A 400 answer carrying `message`'s first line as a KIF string (the log has the rest)."""
    first = message.splitlines()[0] if message else "error"
    quoted = first.replace("\\", "\\\\").replace('"', "'")
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
        self.loading: dict[str, tuple[threading.Thread, list[Any]]] = {}
        self.games: dict[str, Any] = {}   # the rules read, by their text (the last few)
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
        if message.match in self.loading:   # `ready` went before the rules were read
            self._finish_start(message.match)
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
        """Read the rules and build the seat in a worker; `ready` when it is done, or when
        the start clock is nearly out (the first play then waits for it)."""
        holder: list[Any] = []

        def work() -> None:
            try:
                holder.append(self._seat(message))
            except GdlError as err:
                holder.append(err)

        worker = threading.Thread(target=work, daemon=True, name="gdl-ggp-start")
        self.matches.pop(message.match, None)
        self.loading[message.match] = (worker, holder)
        worker.start()
        worker.join(answer_seconds(message.start_clock))
        if worker.is_alive():
            log.warning("match %s: the rules are still being read at the start clock's "
                        "end; answered ready", message.match)
            return Reply(200, "ready")
        self._finish_start(message.match)
        log.info("match %s: %s as %s, clocks %g/%g", message.match, self.policy,
                 message.role, message.start_clock, message.play_clock)
        return Reply(200, "ready")

    def _finish_start(self, match: str) -> None:
        """Wait for a match's start worker and keep its seat (or raise its error)."""
        worker, holder = self.loading[match]
        worker.join()
        del self.loading[match]
        if isinstance(holder[0], GdlError):
            raise holder[0]
        self.matches[match] = holder[0]

    def _seat(self, message: Start) -> Match:
        """The match's seat: the rules read (or found read before), the role's brain."""
        game = self.games.get(message.rules)
        if game is None:
            game = self.load(message.rules)
            while len(self.games) >= KEPT_GAMES:
                self.games.pop(next(iter(self.games)))
            self.games[message.rules] = game
        roles = [r.lower() for r in game.players]
        if message.role not in roles:
            raise GdlError(f"role {message.role!r} is not one of the game's: {' '.join(roles)}")
        seed = None if self.seed is None else \
            random.Random(f"{self.seed}:{message.match}").getrandbits(32)
        brain = Brain(game, roles.index(message.role), message.play_clock, self.policy, seed)
        return Match(brain, game.initial_state())

    def _advance(self, match: Match, moves: tuple[str, ...]) -> None:
        """Play the manager's joint move; an illegal one raises IllegalMove, unplayed."""
        game = match.brain.game
        if game.is_terminal(match.state):
            raise GdlError("the game is over: no further move can be played")
        match.state = game.apply(match.state, read_joint(game, match.state, moves))
        match.steps += 1
