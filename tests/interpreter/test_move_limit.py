"""`plies`: a move counter kept in the state when a rule reads it (move limits)."""

from __future__ import annotations

from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft

BREAKTHROUGH_WITH_LIMIT = '''game "Short breakthrough"
players White Black
board 4 x 4
pieces pawn
direction forward: White n, Black s
direction diagonal: White ne nw, Black se sw
region goal: White -> row 4, Black -> row 1
setup White pawn: row 1
setup Black pawn: row 4
move: step pawn forward to empty
move: step pawn diagonal to not own
end: mover wins if own pawn in goal
end: draw if plies >= 4
'''


def test_a_move_limit_ends_the_game_in_a_draw():
    game = compile_text(BREAKTHROUGH_WITH_LIMIT, "short.gdl")
    without = compile_text(BREAKTHROUGH_WITH_LIMIT.replace("end: draw if plies >= 4\n", ""),
                            "long.gdl")
    assert [perft(game, game.initial_state(), d) for d in (1, 2, 3, 4)] == \
        [perft(without, without.initial_state(), d) for d in (1, 2, 3, 4)]
    assert perft(game, game.initial_state(), 5) == 0          # every game is over after 4 moves
    assert perft(without, without.initial_state(), 5) > 0
    state = game.initial_state()
    for _ in range(4):
        state = game.apply(state, game.legal_moves(state)[0])
    assert game.is_terminal(state) and game.returns(state) == (0.0, 0.0)
    assert "plies: 4" in game.render(state, details=True) and "plies" not in game.render(state)


def test_plies_is_a_number_known_in_ends_and_effects():
    rules = '''game "Count"
players A B
state last = 0
move tick n in 1..1: last = plies
end: A wins if last == 3
'''
    game = compile_text(rules, "count.gdl")
    state = game.initial_state()
    for _ in range(3):
        state = game.apply(state, game.legal_moves(state)[0])
    assert game.is_terminal(state) and game.returns(state) == (1.0, -1.0)
