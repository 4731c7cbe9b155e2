"""A local GGP game manager: one match between players reached over HTTP, recorded.

It sends `start` to every player (waits the start clock for `ready`), then `play` with the
last joint move (nil first) until the game ends, then `stop`. Each answer is checked as a
GGP manager does: a move that is unreadable, illegal, an error, or later than the play
clock is replaced by a random legal move (seeded), and the replacement is logged and
recorded. The rules are held by the manager (gdl's KIF reader), which is the judge.

The record (`MatchRecord.to_json`) holds the roles, the players, the clocks, each step's
moves with each answer's time and what was replaced, and the goals (0..100 per role).
"""

from __future__ import annotations

import logging
import random
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from time import perf_counter
from typing import Any

import attrs

from gdl.bridges.ggp.moves import read_joint, role_moves
from gdl.grammar.sexpr import MessageError, canonical_move, read, term_text
from gdl.errors import GdlError
from gdl.protocol import Game, State

log = logging.getLogger("gdl.ggp")

GRACE = 1.0   # seconds an HTTP request is waited for past its clock (the answer is late)


@attrs.frozen
class Answer:
    text: str | None      # the body, None when no answer came
    seconds: float
    error: str | None = None


def post(url: str, message: str, timeout: float) -> Answer:
    """POST `message` to `url`; the answer's body and how long it took."""
    request = urllib.request.Request(url, data=message.encode("utf-8"), method="POST",
                                     headers={"Content-Type": "text/acl"})
    start = perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read().decode("utf-8", errors="replace").strip()
        return Answer(body, perf_counter() - start)
    except urllib.error.HTTPError as err:
        body = err.read().decode("utf-8", errors="replace").strip()
        return Answer(None, perf_counter() - start, f"HTTP {err.code}: {body[:200]}")
    except (OSError, ValueError) as err:   # refused, reset, timed out
        return Answer(None, perf_counter() - start, f"{type(err).__name__}: {err}")


def message_rules(text: str) -> str:
    """KIF rules as a start message carries them: comments dropped, one sentence a line.

    Raises:
        MessageError: the rules are not balanced s-expressions.
    """
    return "\n".join(term_text(t) for t in read(f"(\n{text}\n)").term)


def goals_of(game: Game, state: State) -> list[float]:
    """Each role's goal (0..100) at a terminal state: the game's `goals` when it has them,
    else read back from the returns (zero-sum: (g0 - g1) / 100, so 50 + 50 * r)."""
    goals = getattr(game, "goals", None)
    if goals is not None:
        return [float(g) for g in goals(state)]
    returns = game.returns(state)
    if getattr(game, "zero_sum", False) and len(returns) == 2:
        return [50 + 50 * float(r) for r in returns]
    return [float(r) for r in returns]


@attrs.define
class MatchRecord:
    match: str
    game: str
    roles: list[str]
    players: list[str]
    start_clock: float
    play_clock: float
    steps: list[dict[str, Any]] = attrs.field(factory=list)
    goals: list[float] | None = None
    replaced: int = 0
    errors: list[str] = attrs.field(factory=list)

    @property
    def max_move_seconds(self) -> float:
        return max((t for step in self.steps for t in step["seconds"]), default=0.0)

    def to_json(self) -> dict[str, Any]:
        return {**attrs.asdict(self), "max_move_seconds": self.max_move_seconds}


class GameManager:
    """Runs matches of one KIF game between players given by URL, one role each."""

    def __init__(self, game: Any, rules_text: str, name: str = "game",
                 seed: int | None = None, max_steps: int = 1000) -> None:
        self.game, self.rules, self.name = game, message_rules(rules_text), name
        self.rng, self.max_steps = random.Random(seed), max_steps

    def run(self, urls: list[str], start_clock: float, play_clock: float,
            match: str = "m1") -> MatchRecord:
        """Play one match; urls[i] plays role i."""
        game = self.game
        roles = [r.lower() for r in game.players]
        if len(urls) != len(roles):
            raise GdlError(f"{self.name} has {len(roles)} roles ({' '.join(roles)}): give "
                           f"{len(roles)} players, got {len(urls)}")
        record = MatchRecord(match, self.name, roles, list(urls), start_clock, play_clock)
        with ThreadPoolExecutor(max_workers=len(urls)) as pool:
            starts = [f"(start {match} {role} (\n{self.rules}\n) {start_clock:g} {play_clock:g})"
                      for role in roles]
            for i, answer in enumerate(pool.map(post, urls, starts,
                                                [start_clock + GRACE] * len(urls))):
                if (answer.text or "").lower() != "ready":
                    self._note(record, f"{roles[i]} did not answer ready to start "
                                       f"({answer.error or answer.text!r})")
            state, last = game.initial_state(), "nil"
            while not game.is_terminal(state) and len(record.steps) < self.max_steps:
                message = f"(play {match} {last})"
                answers = list(pool.map(post, urls, [message] * len(urls),
                                        [play_clock + GRACE] * len(urls)))
                state, last = self._step(record, state, answers)
            for answer in pool.map(post, urls, [f"(stop {match} {last})"] * len(urls),
                                   [play_clock + GRACE] * len(urls)):
                if answer.error:
                    self._note(record, f"stop: {answer.error}")
        if game.is_terminal(state):
            record.goals = goals_of(game, state)
        else:
            self._note(record, f"stopped after {self.max_steps} steps without an end")
        return record

    def _note(self, record: MatchRecord, text: str) -> None:
        log.warning("match %s: %s", record.match, text)
        record.errors.append(text)

    def _step(self, record: MatchRecord, state: State, answers: list[Answer]
              ) -> tuple[State, str]:
        """Judge one step's answers, play the joint move; the state after and its text."""
        legal = role_moves(self.game, state)
        texts, replaced = [], []
        for role, (answer, moves) in enumerate(zip(answers, legal)):
            why = self._fault(answer, moves, record.play_clock)
            text = canonical_move(answer.text or "") if why is None else \
                self.rng.choice(sorted(moves))
            if why is not None:
                record.replaced += 1
                self._note(record, f"step {len(record.steps) + 1}: {record.roles[role]}'s "
                                   f"answer {why}; played {text} instead")
            texts.append(text)
            replaced.append(why)
        state = self.game.apply(state, read_joint(self.game, state, texts))
        record.steps.append({"moves": texts, "seconds": [round(a.seconds, 4) for a in answers],
                             "replaced": replaced})
        return state, "(" + " ".join(texts) + ")"

    @staticmethod
    def _fault(answer: Answer, moves: dict[str, Any], play_clock: float) -> str | None:
        """Why an answer cannot be played (None: it can)."""
        if answer.text is None:
            return f"failed ({answer.error})"
        if answer.seconds > play_clock:
            return f"came late ({answer.seconds:.2f} s > {play_clock:g} s)"
        try:
            text = canonical_move(answer.text)
        except MessageError:
            return f"{answer.text[:60]!r} is not a move"
        if text not in moves:
            return f"{text} is not legal"
        return None
