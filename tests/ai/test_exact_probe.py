"""The AI's exact probes (gdl.ai.exact_probe): a position the C solver proves won or drawn
is played by a move that keeps its value, checked here by the Python solver; probes that
fail start to wait, doubling, after EAGER in a row."""

from __future__ import annotations

import pytest

import gdl
from gdl.ai import exact_probe
from gdl.ai.players import AIPlayer
from gdl.solvers.search import native_exact
from gdl.solvers.search.exact import solve
from gdl.solvers.search.solved import SolveLimit

pytestmark = pytest.mark.skipif(not native_exact.can_solve(
    gdl.load("dots_and_boxes"), gdl.load("dots_and_boxes").initial_state()),
    reason="no C compiler: the probes run only on the C back end")


def _after(game, line: str):
    state = game.initial_state()
    for text in line.split():
        state = game.apply(state, game.parse_move(state, text))
    return state


@pytest.mark.parametrize("line, value", [("b3", "draw"), ("b1 d1", "win"), ("c4", "draw")])
def test_a_proved_value_is_kept_by_the_move_played(line, value):
    game = gdl.load("dots_and_boxes")
    state = _after(game, line)
    ai = AIPlayer(game, "20000", seed=1)   # the probe's half: 10,000 nodes, enough here
    move = ai.choose(game, state)
    assert ai.last.stats.stopped == "exact" and ai.last.stats.table_hits == 0   # the probe's
    assert 1 <= ai.last.stats.depth <= 12 - len(line.split())   # the lines left to draw
    assert solve(game.python, state).value == value   # (the Python solver agrees)
    child = game.apply(state, move)
    mover = game.current_player(state)
    kept = solve(game.python, child).value
    if game.current_player(child) != mover:   # the value seen from the other side
        kept = {"win": "loss", "loss": "win", "draw": "draw"}[kept]
    assert kept == value


def test_failed_probes_wait_twice_as_long_after_eager_ones(monkeypatch):
    game = gdl.load("dots_and_boxes")
    asked = []

    def never(game, state, **limits):
        asked.append(len(asked))
        raise SolveLimit("not solved", "nodes", 1, 0.0, 0)
    monkeypatch.setattr(native_exact, "native_solve", never)
    probe = exact_probe.ExactProbe(game, nodes=100)
    state = game.initial_state()
    calls = []
    for move in range(24):
        before = len(asked)
        probe.move(state, None)
        if len(asked) > before:
            calls.append(move)
    eager = exact_probe.EAGER
    # EAGER probes in a row, then waits of 1, 2, 4, 8 moves between probes
    assert calls[:eager] == list(range(eager))
    gaps = [b - a - 1 for a, b in zip(calls[eager - 1:], calls[eager:])]
    assert gaps[:4] == [1, 2, 4, 8]


def test_a_game_on_python_is_not_probed():
    game = gdl.load("dots_and_boxes").python
    assert not exact_probe.ExactProbe(game, nodes=100).usable
