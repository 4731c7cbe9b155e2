"""`captured` (the move took a piece) and `every move then EFFECTS` (effects each move rule
runs before its own), against a hand-written reference of the same small game."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.errors import RulesError

RULES = """game "Takers"
players White Black
board 4 x 4
pieces rook
setup White rook: a1 or b1
setup Black rook: c4 or d4
state taken = 0
state quiet = 0
state last = none
every move then last = here, taken += 1 if captured, quiet = plies if captured
move: slide rook n s e w to not own then last = none if captured
end: mover wins if no enemy
end: opponent wins if captured and taken >= 3
end: draw if plies - quiet >= 6
"""
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def name(cell: tuple[int, int]) -> str:
    return "abcd"[cell[0]] + str(cell[1] + 1)


class Reference:
    """The same game by hand: rooks slide, taking an enemy rook where they stop."""

    def __init__(self) -> None:
        self.rooks = [{(0, 0), (1, 0)}, {(2, 3), (3, 3)}]
        self.player, self.plies, self.taken, self.quiet, self.last = 0, 0, 0, 0, None
        self.result: str | None = None

    def moves(self) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
        mine, theirs = self.rooks[self.player], self.rooks[1 - self.player]
        out = {}
        for x, y in mine:
            for dx, dy in DIRECTIONS:
                cx, cy = x + dx, y + dy
                while 0 <= cx < 4 and 0 <= cy < 4 and (cx, cy) not in mine:
                    out[f"{name((x, y))}-{name((cx, cy))}"] = ((x, y), (cx, cy))
                    if (cx, cy) in theirs:
                        break
                    cx, cy = cx + dx, cy + dy
        return out

    def play(self, text: str) -> None:
        start, to = self.moves()[text]
        mine, theirs = self.rooks[self.player], self.rooks[1 - self.player]
        captured = to in theirs
        mine.remove(start)
        mine.add(to)
        theirs.discard(to)
        self.plies += 1
        # every move's effects first, then the rule's own
        self.last = to
        if captured:
            self.taken += 1
            self.quiet = self.plies
            self.last = None
        if not theirs:
            self.result = "mover"
        elif captured and self.taken >= 3:
            self.result = "opponent"
        elif self.plies - self.quiet >= 6:
            self.result = "draw"
        self.player = 1 - self.player


def variables(game, state) -> dict[str, str]:
    return dict(w.split("=") for w in game.position_text(state).split()[2:])


@pytest.mark.parametrize("seed", range(30))
def test_captured_and_every_move_agree_with_the_reference(tmp_path, seed):
    path = tmp_path / "takers.gdl"
    path.write_text(RULES)
    game, ref = catalog.load(str(path)), Reference()
    state, rng = game.initial_state(), random.Random(seed)
    while not game.is_terminal(state):
        texts = sorted(game.move_text(state, m) for m in game.legal_moves(state))
        assert texts == sorted(ref.moves())
        text = rng.choice(texts)
        state = game.apply(state, game.parse_move(state, text))
        ref.play(text)
        seen = variables(game, state)
        assert (int(seen["taken"]), int(seen["quiet"])) == (ref.taken, ref.quiet)
        assert seen["last"] == (name(ref.last) if ref.last else "none")
    assert ref.result is not None
    mover = 1 - ref.player
    expected = {"mover": (1.0, -1.0) if mover == 0 else (-1.0, 1.0),
                "opponent": (-1.0, 1.0) if mover == 0 else (1.0, -1.0),
                "draw": (0.0, 0.0)}[ref.result]
    assert tuple(game.returns(state)) == expected


def test_a_position_given_as_text_was_reached_by_no_move(tmp_path):
    path = tmp_path / "takers.gdl"
    path.write_text(RULES)
    game = catalog.load(str(path))
    # three taken already: `captured` is false in a position read from text, so it goes on
    state = game.parse_position("...B/..../..../WW.. White taken=3 quiet=0 last=none plies=0")
    assert not game.is_terminal(state)


@pytest.mark.parametrize("change, line, col, message", [
    ("move: slide rook n s e w to not own and captured",
     11, 41, "'captured' (the move took a piece) is only known in the effects of a move's "
             "first stage"),
    ("move: slide rook n s e w to not own; if captured: choose empty",
     11, 41, "'captured' (the move took a piece) is only known in the effects of a move's "
             "first stage"),
])
def test_captured_where_it_is_not_known(tmp_path, change, line, col, message):
    path = tmp_path / "bad.gdl"
    rule = "move: slide rook n s e w to not own then last = none if captured"
    path.write_text(RULES.replace(rule, change))
    with pytest.raises(RulesError) as info:
        catalog.load(str(path))
    assert str(info.value).startswith(f"{path}:{line}:{col}: {message}")


def test_every_move_comes_once_and_before_the_rules(tmp_path):
    path = tmp_path / "bad.gdl"
    every = "every move then last = here, taken += 1 if captured, quiet = plies if captured\n"
    path.write_text(RULES.replace(every, "") + every)
    with pytest.raises(RulesError, match=r":14:1: 'every move' comes before the move rules"):
        catalog.load(str(path))
    path.write_text(RULES.replace(every, every + "every move then taken += 1\n"))
    with pytest.raises(RulesError, match=r":11:1: 'every move' is declared twice"):
        catalog.load(str(path))
