"""`repeated`: a position seen before ends the game (the state keeps the positions seen)."""

from __future__ import annotations

from gdl.interpreter import compile_rules

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
    game = compile_rules(SHUFFLE, "shuffle.gdl")
    state = game.initial_state()
    for text in ("a1-b1", "d1-c1", "b1-a1"):
        state = game.apply(state, game.parse_move(state, text))
        assert not game.is_terminal(state)
    state = game.apply(state, game.parse_move(state, "c1-d1"))   # back to the start, A to move
    assert game.is_terminal(state) and game.returns(state) == (0.0, 0.0)
    assert "seen" not in game.render(state)


def test_the_same_board_with_the_other_player_to_move_is_not_a_repetition():
    game = compile_rules(SHUFFLE, "shuffle.gdl")
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
        compile_rules(bad, "bad.gdl")


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
        game = compile_rules(SHUFFLE.replace("repeated", f"repeated {times}"), "shuffle.gdl")
        # the start occurs for the times-th time after this many plies; every other position
        # of the shuttle has occurred times - 1 times by then, and ended nothing
        plies = 4 * (times - 1)
        ends = play(game, SHUTTLE[:plies])
        assert ends == [False] * (plies - 1) + [True]


def test_repeated_n_must_be_a_constant_from_2():
    import pytest
    from gdl.errors import RulesSemanticError
    with pytest.raises(RulesSemanticError, match="repeated 2 to 100 times, not 1"):
        compile_rules(SHUFFLE.replace("repeated", "repeated 1"), "bad.gdl")
    with pytest.raises(RulesSemanticError, match="a number of times"):
        compile_rules(SHUFFLE.replace("repeated", "repeated plies"), "bad.gdl")
