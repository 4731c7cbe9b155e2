"""The proof that no two roles ever choose at once (gdl/interpreter/kif/turns.py): never
claimed where play reaches a node where two roles choose, made for the turn-taking
descriptions of the corpus written with a control fluent, refused where the control
fluents can hold together."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gdl.interpreter.kif import load_kif, load_kif_text
from gdl.interpreter.kif.game import KifGame
from gdl.interpreter.kif.turns import no_two_choose

DATA = Path(__file__).resolve().parent.parent / "data"
CORPUS = sorted([*(DATA / "kif").glob("*.kif"), *(DATA / "kif_unit").glob("*.kif"),
                 *(DATA / "ggp").glob("*.kif")])


def kif_of(game) -> KifGame:
    return getattr(game, "kif", game)   # a lowered game keeps its ground game


def two_choose_seen(game: KifGame, games: int = 30, plies: int = 200) -> bool:
    """Whether seeded random play reaches a node where two roles have a choice."""
    rng = random.Random(7)
    for _ in range(games):
        state = game.initial_state()
        for _ in range(plies):
            if game.is_terminal(state):
                break
            each = game.joint_moves(state)
            if sum(len(m) > 1 for m in each) > 1:
                return True
            state = game.apply(state, tuple(rng.choice(m) for m in each))
    return False


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_proof_is_never_contradicted_by_play(path):
    game = kif_of(load_kif(str(path)))
    proved = no_two_choose(game.program)
    assert not (proved and two_choose_seen(game))
    assert game.turns_proved == (proved and sum(len(m) > 1 for m in game.role_moves) > 1)


@pytest.mark.slow
def test_the_corpus_turn_games_are_all_proved():
    unproved, proved = [], []
    for path in CORPUS:
        game = kif_of(load_kif(str(path)))
        if sum(len(m) > 1 for m in game.role_moves) > 1 and not game.has_simultaneous:
            (proved if no_two_choose(game.program) else unproved).append(path.name)
    assert unproved == []
    assert len(proved) == 23


TURNS = """
(role white) (role black)
(init (control white))
(<= (legal ?p (mark ?c)) (true (control ?p)) (cell ?c) (not (true (taken ?c))))
(<= (legal white noop) (true (control black)))
(<= (legal black noop) (true (control white)))
(<= (next (taken ?c)) (does ?p (mark ?c)))
(<= (next (taken ?c)) (true (taken ?c)))
{flip}
(cell 1) (cell 2) (cell 3)
(<= terminal (true (taken 1)) (true (taken 2)) (true (taken 3)))
(<= (goal white 50) terminal) (<= (goal black 50) terminal)
"""
FLIP = """(<= (next (control black)) (true (control white)))
(<= (next (control white)) (true (control black)))"""


def test_a_control_fluent_that_alternates_is_proved():
    game = load_kif_text(TURNS.replace("{flip}", FLIP))
    assert game.turns_proved and not game.has_simultaneous


def test_control_fluents_held_together_at_the_start_are_not_proved():
    text = TURNS.replace("{flip}", FLIP).replace("(init (control white))",
                                                 "(init (control white)) (init (control black))")
    game = load_kif_text(text)
    assert not no_two_choose(game.program) and game.has_simultaneous


def test_a_step_that_gives_both_roles_control_is_not_proved():
    # white keeps control and hands it to black too: both choose from the second move on
    keeps = FLIP + "\n(<= (next (control white)) (true (control white)))"
    game = load_kif_text(TURNS.replace("{flip}", keeps))
    assert not no_two_choose(game.program) and game.has_simultaneous


def test_an_exclusion_that_needs_another_pair_is_found():
    # control passes through a third fluent (wait); white's and black's control are never
    # together only because neither is ever true with wait either
    three = """(<= (next (wait)) (true (control white)))
(<= (next (control black)) (true (wait)))
(<= (next (control white)) (true (control black)))"""
    game = load_kif_text(TURNS.replace("{flip}", three))
    assert game.turns_proved and not game.has_simultaneous


def test_turns_said_by_negations_are_proved():
    # noop legal where the role has no control, and a lift only while nothing is lifted:
    # the supports keep `not (true ...)` and the negation of a relation of single fluents
    text = """
(role lifter) (role parker)
(init (clear a)) (init (clear b))
(<= anything_lifted (true (lifted ?x)))
(<= (legal lifter (lift ?x)) (not anything_lifted) (true (clear ?x)))
(<= (legal lifter noop) anything_lifted)
(<= (legal parker (puton ?y)) (true (lifted ?x)) (true (clear ?y)) (distinct ?x ?y))
(<= (legal parker (puton table)) anything_lifted)
(<= (legal parker noop) (not anything_lifted))
(<= (next (lifted ?x)) (does lifter (lift ?x)))
(<= (next (clear ?x)) (true (clear ?x)) (not (does lifter (lift ?x))))
(<= (next (clear ?x)) (does parker (puton table)) (true (lifted ?x)))
(<= (next (clear ?x)) (does parker (puton ?y)) (true (lifted ?x)) (distinct ?y table))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(init (step 0)) (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= terminal (true (step 4)))
(<= (goal lifter 50) terminal) (<= (goal parker 50) terminal)
"""
    game = load_kif_text(text)
    assert no_two_choose(game.program) and game.turns_proved
    assert not two_choose_seen(game)
