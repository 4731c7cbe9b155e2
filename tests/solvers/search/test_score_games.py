"""Every solver maximises the margin when the rules give scores (`end: score`), checked
against plain minimax on small score games written as rules files."""

from __future__ import annotations

import random

import pytest

from gdl.catalog import compile_text
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.evaluation import WIN
from gdl.solvers.search.exact import solve
from gdl.solvers.search.mcts import MCTS
from gdl.solvers.search.minimax import minimax

# The first move in legal order scores 1, the second 3: a search that stops at the first
# "win" picks the wrong one.
GRAB = '''game "Grab"
players A B
board 3 x 1
pieces stone
move small: place stone on a1
move big: place stone on c1 then fill row 1 with stone
end: score count own if count occupied > 0
'''

PAIRS = '''game "Pairs"
players A B
board WIDTH x 1
pieces stone
move one: place stone on empty
move two: place stone on empty and e is empty then fill (here or w is here) with stone
end: score count own if full
'''


def games():
    yield compile_text(GRAB, "grab.gdl")
    for width in (4, 5, 6):
        yield compile_text(PAIRS.replace("WIDTH", str(width)), f"pairs{width}.gdl")


def margin(score: float) -> int:
    """The payoff inside a minimax score (payoff times WIN, less the distance)."""
    return round(score / WIN)


def test_every_solver_picks_the_bigger_margin_at_once():
    grab = compile_text(GRAB, "grab.gdl")
    start = grab.initial_state()
    big = [m for m in grab.legal_moves(start) if grab.move_text(start, m) == "c1"]
    assert grab.returns(grab.apply(start, big[0])) == (3.0, -3.0)
    assert minimax(grab).best_move == big[0]
    assert AlphaBeta(grab).search().best_move == big[0]
    assert AlphaBeta(grab, distance=False).search().best_move == big[0]
    for method in ("alphabeta", "memo"):
        r = solve(grab, method=method)
        assert (r.best_move, r.score, r.value) == (big[0], 3.0, "win")
    assert MCTS(grab, seed=3).search(iterations=200).best_move == big[0]


def test_searches_agree_with_minimax_on_score_games():
    rng = random.Random(7)
    checked = 0
    for game in games():
        for _ in range(12):
            state = game.initial_state()
            for _ in range(rng.randint(0, 3)):
                if game.is_terminal(state):
                    break
                state = game.apply(state, rng.choice(game.legal_moves(state)))
            if game.is_terminal(state):
                continue
            truth = minimax(game, state).value
            assert AlphaBeta(game).search(state).value == truth
            assert margin(AlphaBeta(game, distance=False).search(state).value) == margin(truth)
            for method in ("alphabeta", "memo"):
                r = solve(game, state, method=method)
                assert r.score == margin(truth)
                after = game.apply(state, r.best_move)
                follow = game.returns(after)[game.current_player(state)] if \
                    game.is_terminal(after) else -solve(game, after).score
                assert follow == r.score   # the best move keeps the margin
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("width", [5, 6])
def test_mcts_prefers_the_best_margin_move_on_pairs(width):
    game = compile_text(PAIRS.replace("WIDTH", str(width)), "pairs.gdl")
    start = game.initial_state()
    truth = minimax(game).value
    move = MCTS(game, seed=1).search(iterations=3000).best_move
    # The move MCTS picks keeps the minimax value (several moves may share it).
    assert -minimax(game, game.apply(start, move)).value == pytest.approx(truth, abs=20)


def test_gdl_solve_prints_the_margin_of_a_score_game(capsys, tmp_path):
    from gdl.cli.main import main
    path = tmp_path / "grab.gdl"
    path.write_text(GRAB)
    assert main(["solve", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["value: win (for A, to move)", "score: 3 (for A)", "best move: c1"]
