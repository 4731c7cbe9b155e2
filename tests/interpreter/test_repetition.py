"""`repeated`: a position seen before ends the game (the state keeps the positions seen)."""

from __future__ import annotations

import pytest

from gdl.catalog import compile_text

SHUFFLE = '''game "Shuffle"
players A B
board 4 x 1
pieces token
direction sideways: e w
setup A token: a1
setup B token: d1
move: step token sideways to empty
end: draw if repeated
'''


def test_returning_to_a_position_is_a_draw():
    game = compile_text(SHUFFLE, "shuffle.gdl")
    state = game.initial_state()
    for text in ("a1-b1", "d1-c1", "b1-a1"):
        state = game.apply(state, game.parse_move(state, text))
        assert not game.is_terminal(state)
    state = game.apply(state, game.parse_move(state, "c1-d1"))   # back to the start, A to move
    assert game.is_terminal(state) and game.returns(state) == (0.0, 0.0)
    assert "seen" not in game.render(state)


def test_the_same_board_with_the_other_player_to_move_is_not_a_repetition():
    game = compile_text(SHUFFLE, "shuffle.gdl")
    state = game.initial_state()
    for text in ("a1-b1", "d1-c1", "b1-a1"):
        state = game.apply(state, game.parse_move(state, text))
    # A1 . C1 with B to move has not occurred with B to move before.
    assert not game.is_terminal(state)


def test_repeated_is_only_known_in_end_rules():
    import pytest
    from gdl.errors import RulesSemanticError
    bad = SHUFFLE.replace("move: step token sideways to empty",
                          "move: step token sideways to empty and repeated")
    with pytest.raises(RulesSemanticError, match="only known in an end rule"):
        compile_text(bad, "bad.gdl")


def play(game, texts):
    state = game.initial_state()
    ends = []
    for text in texts:
        state = game.apply(state, game.parse_move(state, text))
        ends.append(game.is_terminal(state))
    return ends


SHUTTLE = ("a1-b1", "d1-c1", "b1-a1", "c1-d1") * 3   # the start comes back after every 4 plies


def test_repeated_n_counts_the_occurrences_this_one_included():
    for times in (3, 4):
        game = compile_text(SHUFFLE.replace("repeated", f"repeated {times}"), "shuffle.gdl")
        # the start occurs for the times-th time after this many plies; every other position
        # of the shuttle has occurred times - 1 times by then, and ended nothing
        plies = 4 * (times - 1)
        ends = play(game, SHUTTLE[:plies])
        assert ends == [False] * (plies - 1) + [True]


def test_repeated_n_must_be_a_constant_from_2():
    import pytest
    from gdl.errors import RulesSemanticError
    with pytest.raises(RulesSemanticError, match="repeated 2 to 100 times, not 1"):
        compile_text(SHUFFLE.replace("repeated", "repeated 1"), "bad.gdl")
    with pytest.raises(RulesSemanticError, match="a number of times"):
        compile_text(SHUFFLE.replace("repeated", "repeated plies"), "bad.gdl")



STREAKS = '''game "Streaks"
players A B
board 4 x 2
pieces token
setup A token: a1
setup B token: d2
move: step token n s e w to empty
end: A wins if streak (own in row 2) >= 3
end: B wins if streak (own in row 1) of enemy >= 2
end: draw if plies >= 40
'''


def streaks_reference(texts):
    """The game above on its own: after each ply, who has won (None while it goes on),
    from each player's count of their own moves in a row that ended in row 2 (A) or that
    ended with A's token in row 1 (read when A moved, `of enemy` when B then moves)."""
    in_row2 = in_row1 = 0   # A's counts: its token in row 2 / in row 1 after its moves
    out = []
    for i, text in enumerate(texts):
        if i % 2 == 0:   # A moved
            row = text[-1]
            in_row2 = in_row2 + 1 if row == "2" else 0
            in_row1 = in_row1 + 1 if row == "1" else 0
            out.append("A" if in_row2 >= 3 else None)
        else:            # B moved: A's count of row 1, as of A's last move
            out.append("B" if in_row1 >= 2 else None)
    return out


@pytest.mark.parametrize("texts, last", [
    (("a1-a2", "d2-d1", "a2-b2", "d1-c1", "b2-c2"), "A"),                # three in row 2
    (("a1-b1", "d2-d1", "b1-c1", "d1-d2"), "B"),                         # two in row 1, B moves
    (("a1-a2", "d2-d1", "a2-a1", "d1-d2", "a1-a2", "d2-d1", "a2-b2", "d1-d2", "b2-b1",
      "d2-d1", "b1-b2", "d1-c1"), None),                                 # the counts drop to 0
])
def test_streak_counts_a_players_moves_in_a_row_after_which_a_condition_held(texts, last):
    game = compile_text(STREAKS, "streaks.gdl")
    state = game.initial_state()
    expected = streaks_reference(texts)
    assert expected[-1] == last and expected[:-1] == [None] * (len(texts) - 1)
    for text, winner in zip(texts, expected):
        state = game.apply(state, game.parse_move(state, text))
        assert game.is_terminal(state) == (winner is not None)
    if last is not None:
        assert game.returns(state) == ((1.0, -1.0) if last == "A" else (-1.0, 1.0))


def test_streak_is_only_known_in_end_rules():
    from gdl.errors import RulesSemanticError
    bad = STREAKS.replace("to empty", "to empty and streak (own in row 2) > 1")
    with pytest.raises(RulesSemanticError, match="'streak'"):
        compile_text(bad, "bad.gdl")
    bad = STREAKS.replace("streak (own in row 1) of enemy", "streak (own in row 1) of any")
    with pytest.raises(RulesSemanticError, match="own or enemy"):
        compile_text(bad, "bad.gdl")
