"""A draw before the first move (`opening: roll NAME, ...`) and a draw that several moves
make last (`roll d` at the end of each, the same effects after it): docs/core.md 3a.
tests/data/rules/opening_race.gdl against a hand-written generator of the same game, on
both back ends: perft to depth 8 on two goals, and every draw's outcomes and chances."""

from __future__ import annotations

import contextlib
from fractions import Fraction
from pathlib import Path

import pytest

from gdl import catalog
from gdl.errors import GdlError
from gdl.interpreter.c.backend import with_backend
from gdl.protocol import CHANCE
from gdl.solvers.search.perft import perft
from tests.interpreter.c.test_native import needs_cc

RULES = Path(__file__).resolve().parent.parent / "data" / "rules" / "opening_race.gdl"


class Race:
    """The rules file's game by hand: (pos A, pos B, die, mover, due), due "start" or "d"
    while a draw is due (mover: the player who moved last, or A at the start)."""

    def __init__(self, goal: int):
        self.goal = goal

    def initial(self):
        return (0, 0, 0, 0, "start")

    def won(self, s) -> bool:
        return s[4] != "start" and max(s[0], s[1]) >= self.goal

    def outcomes(self, s):
        pos_a, pos_b, _, mover, due = s
        if due == "start":
            return [((pos_a, pos_b, (k - 1) % 3 + 1, 0 if k <= 3 else 1, None), Fraction(1, 6))
                    for k in range(1, 7)]
        return [((pos_a, pos_b, k, 1 - mover, None), Fraction(1, 3)) for k in range(1, 4)]

    def children(self, s):
        if s[4] is not None:
            return [t for t, _ in self.outcomes(s)]
        pos, die, mover = list(s[:2]), s[2], s[3]
        out = []
        for step in (die, 2 * die):
            if step == 2 * die and pos[mover] + step > self.goal:
                continue
            moved = list(pos)
            moved[mover] += step
            out.append((moved[0], moved[1], 0, mover, "d"))
        return out

    def perft(self, s, depth: int) -> int:
        if depth == 0:
            return 1
        if self.won(s):
            return 0
        return sum(self.perft(t, depth - 1) for t in self.children(s))


def games(goal: int):
    python = catalog.load(str(RULES), {"goal": str(goal)})
    yield python
    with contextlib.suppress(GdlError):   # C too where a compiler is found
        yield with_backend(python, "native")


@pytest.mark.parametrize("goal", [4, 6])
def test_perft_equals_the_hand_written_game(goal):
    race = Race(goal)
    for game in games(goal):
        start = game.initial_state()
        assert [perft(game, start, d) for d in range(1, 9)] == \
            [race.perft(race.initial(), d) for d in range(1, 9)]


@needs_cc
def test_the_c_perft_equals_pythons_deeper():
    python, native = games(6)
    assert perft(native, native.initial_state(), 11) == perft(python, python.initial_state(), 11)


def test_every_draw_has_the_hand_written_outcomes_and_chances():
    game, race = catalog.load(str(RULES)), Race(6)
    state, hand = game.initial_state(), race.initial()
    for ply in range(40):   # the first move each time, the last outcome each time
        assert game.is_terminal(state) == race.won(hand), ply
        if race.won(hand):
            break
        if game.current_player(state) == CHANCE:
            ours = sorted(Fraction(p).limit_denominator() for _, p in game.chance_outcomes(state))
            assert ours == sorted(p for _, p in race.outcomes(hand)), ply
            state, hand = game.apply(state, game.legal_moves(state)[-1]), race.outcomes(hand)[-1][0]
        else:
            assert game.current_player(state) == hand[3], ply
            assert len(game.legal_moves(state)) == len(race.children(hand)), ply
            state, hand = game.apply(state, game.legal_moves(state)[0]), race.children(hand)[0]
        words = dict(w.split("=") for w in game.position_text(state).split()[1:])
        assert (int(words["pos"].split(",")[0]), int(words["pos"].split(",")[1])) == hand[:2]


BAD = {
    "move walk: pos[own] += die, die = 0, roll d, die = d + 1":
        "rolled by another move already",
    "opening: die = 1": "an opening starts with a draw, the effects after it",
    "roll e = die 2": "a game starts with its opening draw or with the turn's `roll`, not both",
}


@pytest.mark.parametrize("line, message", BAD.items())
def test_a_draw_used_wrongly_is_refused_where_written(tmp_path, line, message):
    text = RULES.read_text()
    if line.startswith("move walk"):   # the second move's draw with other effects after it
        text = text.replace("move jump: if pos[own] + 2 * die <= goal then pos[own] += 2 * die, "
                            "die = 0, roll d, die = d", line.replace("walk", "jump"))
    else:
        text += line + "\n"
    path = tmp_path / "bad.gdl"
    path.write_text(text)
    with pytest.raises(GdlError, match="bad.gdl:") as error:
        catalog.load(str(path))
    assert message in str(error.value)
