"""`moves` in a rule: the answer stops at the first move found, and nothing it did is
done twice when the position is then listed (gdl.interpreter.python.moves.gen_memo)."""

from __future__ import annotations

import random
from pathlib import Path

from gdl import catalog
from gdl.catalog import compile_text

GAMES = Path(catalog.__file__).parent / "games"


def amazons_asking_moves():
    """Amazons whose end rule asks for the next player's whole move list (a fuzz mutant
    that made `gdl check` take 30 s: every apply listed some 2,000 moves)."""
    text = (GAMES / "territory" / "amazons.gdl").read_text() + "end: mover wins if not moves\n"
    return compile_text(text, "amazons_moves.gdl")


def test_an_apply_asking_whether_there_are_moves_lists_few_of_them():
    game = amazons_asking_moves()
    names = game.apply.__globals__
    listed = []
    whole = names["moves_of"]

    def counting(s, stop=False):
        out = whole(s, stop)
        listed.append((stop, len(out)))
        return out

    state = game.initial_state()
    first = game.legal_moves(state)[0]
    names["moves_of"] = counting
    try:
        child = game.apply(state, first)
    finally:
        names["moves_of"] = whole
    answers = len(game.legal_moves(child))
    assert answers > 1_000   # Black has many replies
    assert listed and all(stop for stop, _ in listed)
    assert 0 < max(n for _, n in listed) < answers // 20


def test_early_answers_agree_with_whole_lists_over_random_games():
    game = amazons_asking_moves()
    rng = random.Random(3)
    for _ in range(3):
        state = game.initial_state()
        while not game.is_terminal(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        names = game.apply.__globals__
        # the game ended because the player to move has none: list afresh to be sure
        assert names["moves_of"](state[:-1] + (0,)) == []


def test_a_filtered_listing_goes_on_where_the_early_answer_stopped():
    """Chess (a legality filter): after an apply asked whether the next player can move,
    listing that position tests every candidate with the filter exactly once."""
    game = catalog.load("chess")
    names = game.apply.__globals__
    allowed, calls = names["allowed"], []

    def counting(s, m):
        calls.append(s)
        return allowed(s, m)

    rng = random.Random(5)
    state = game.initial_state()
    for _ in range(40):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = rng.choice(moves)
        names["allowed"] = counting
        try:
            calls.clear()
            child = game.apply(state, move)
            listed = game.legal_moves(child)
            early = sum(1 for s in calls if s == child)
            names["MEMO"], names["PART"] = (None, ()), (None, 0)
            calls.clear()
            assert names["moves_of"](child) == listed
            whole = sum(1 for s in calls if s == child)
        finally:
            names["allowed"] = allowed
        assert early == whole, (move, early, whole)
        state = child


PRIORITY_AND_FILTER = '''game "Priority and filter"
players A B
board 3 x 3
pieces man
setup A man: a1
setup B man: c3
move capture: step man n s e w to enemy
move: step man n s e w to empty
priority: capture
illegal: here in c1
end: draw if plies >= 4
'''


def test_a_filter_after_priority_rules_keeps_the_other_rules_moves():
    """No capture to make: the plain steps are the moves, filtered (a1-b1 and a1-a2; the
    listing used to lose them when the rules had both a priority and a filter)."""
    game = compile_text(PRIORITY_AND_FILTER, "priority.gdl")
    state = game.initial_state()
    assert sorted(game.move_text(state, m) for m in game.legal_moves(state)) == ["a1-a2",
                                                                                  "a1-b1"]
    state = game.apply(state, game.parse_move(state, "a1-b1"))
    state = game.apply(state, game.parse_move(state, "c3-c2"))
    assert sorted(game.move_text(state, m) for m in game.legal_moves(state)) == [
        "b1-a1", "b1-b2"]   # b1-c1 is refused by the filter
