"""`end: score EXPR if COND`: payoffs from each player's score (Othello by disc difference)."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.errors import RulesSemanticError
from gdl.catalog import compile_text
from gdl.solvers.search.exact import solve

OTHELLO = catalog.bundled_paths()["othello"].read_text()
ENDS = [line for line in OTHELLO.splitlines() if line.startswith("end:")]
SCORED = "\n".join(line for line in OTHELLO.splitlines() if not line.startswith("end:")) + \
    "\nend: score count own if not moves and not moves mover\n"


def test_scored_othello_pays_the_disc_difference_and_agrees_on_the_winner():
    scored = compile_text(SCORED, "scored.gdl")
    plain = catalog.load("othello")
    assert len(ENDS) == 3
    rng = random.Random(4)
    for _ in range(20):
        a, b = scored.initial_state(), plain.initial_state()
        while not plain.is_terminal(b):
            assert not scored.is_terminal(a)
            move = rng.choice(plain.legal_moves(b))
            a, b = scored.apply(a, move), plain.apply(b, move)
        assert scored.is_terminal(a)
        black, white = a[0].bit_count(), a[1].bit_count()
        assert scored.returns(a) == (black - white, white - black)
        def sign(v):
            return (v > 0) - (v < 0)
        assert [sign(v) for v in scored.returns(a)] == [sign(v) for v in plain.returns(b)]
        scored.canonical(a)   # a colour-swap image of a payoff tuple must not raise


def test_exact_solving_reads_scores_as_payoffs():
    rules = '''game "Take one or two"
players A B
state left = 4
move take n in 1..2 if n <= left: left -= n
end: score 0 - left if left == 0
'''
    # Everyone scores 0 at the end: a draw whatever is played.
    game = compile_text(rules, "take.gdl")
    assert solve(game).value == "draw"


def test_a_score_is_a_number_and_one_player_has_it_as_the_payoff():
    with pytest.raises(RulesSemanticError, match="a score must be a number"):
        compile_text(SCORED.replace("end: score count own", "end: score own"), "bad.gdl")
    one = 'game "Solo"\nplayers A\nstate n = 0\nmove go k in 1..1: n += k\nend: score n if n == 2\n'
    game = compile_text(one, "solo.gdl")   # a puzzle's score (tests/interpreter/test_best_score.py)
    state = game.apply(game.apply(game.initial_state(), (0, 1)), (0, 1))
    assert game.is_terminal(state) and game.returns(state) == (2,)
