"""`repeat [up to N] step ...` (docs/core.md, 3): sugar for rules of 1..N copies of the
step, each from where the piece landed, the same way; checked against a slide (a repeated
one-cell step of a single piece is a slide) and a hand-written two-cell vehicle."""

from __future__ import annotations

import pytest

from gdl.errors import RulesError
from gdl.catalog import compile_text

ROOK = """game "rook"
players solo
board 5 x 5
pieces rook stone
setup solo rook: c3
setup solo stone: c5 or a3
move: {verb} rook n s e w to empty
goal: count (rook and e5) > 0
"""

CAR = """game "car"
players solo
option reach = 5
board 6 x 1
pieces car
setup solo car: b1 or c1
move: repeat up to reach step car e from not (e is car) to empty then
    add car at origin, remove car and not (w is car)
move: repeat up to reach step car w from not (w is car) to empty then
    add car at origin, remove car and not (e is car)
goal: count (car and f1) > 0
"""


def positions(game, state):
    return sorted(game.position_text(game.apply(state, m)) for m in game.legal_moves(state))


def test_a_repeated_step_lists_what_a_slide_lists():
    slide = compile_text(ROOK.format(verb="slide"), "slide.gdl")
    repeat = compile_text(ROOK.format(verb="repeat step"), "repeat.gdl")
    for state in (slide.initial_state(), slide.parse_position(slide.position_text(
            slide.initial_state()).replace("R", ".", 1).replace(".", "R", 1))):
        assert positions(repeat, state) == positions(slide, state)
    assert len(positions(repeat, repeat.initial_state())) == 1 + 2 + 1 + 2   # n, s, w, e


def plain_car(start: int, width: int, reach: int) -> list[int]:
    """The car's leftmost cells after one move: slid 1..reach cells either way."""
    out = []
    for way in (-1, 1):
        for k in range(1, reach + 1):
            left = start + way * k
            if left >= 0 and left + 2 <= width:
                out.append(left)
    return sorted(out)


@pytest.mark.parametrize("reach", [1, 2, 5])
def test_a_two_cell_vehicle_slides_as_far_as_reach(reach):
    game = compile_text(CAR, "car.gdl", {"reach": str(reach)})
    state = game.initial_state()
    got = sorted(text.index("S") for text in positions(game, state))
    assert got == plain_car(1, 6, reach)
    for m in game.legal_moves(state):   # each move prints and parses back as one
        assert game.parse_move(state, game.move_text(state, m)) == m
    assert len(game.ir.rules) == 2 * reach


@pytest.mark.parametrize("line, message", [
    ("move: repeat slide rook n to empty", "'repeat' goes before a step"),
    ("move: repeat up to 0 step rook n to empty", "a step repeats 1..64 times, not 0"),
    ("move: step rook n to empty; repeat step rook n from here to empty",
     "only a move's first stage may repeat"),
])
def test_bad_repeats_are_located_errors(line, message):
    source = ROOK.format(verb="step").replace("move: step rook n s e w to empty", line)
    with pytest.raises(RulesError, match=message) as info:
        compile_text(source, "bad.gdl")
    assert "bad.gdl:7:" in info.value.report()
