"""Matches: seats, seeding, the tally and its confidence interval, output forms."""

from __future__ import annotations

import json

import pytest

from gdl.errors import SolverError
from tests.references.games import ConnectFour, TicTacToe
from gdl.ai.match import Tally, format_table, run_match, wilson_interval


class CountToTen:
    """Three players add 1 or 2 in turn; whoever reaches 10 wins."""

    name, title, players, kind = "count", "Count", ("a", "b", "c"), "game"
    zero_sum, invariants = True, {}

    def initial_state(self):
        return (0, 0, -1)

    def current_player(self, s):
        return s[1]

    def legal_moves(self, s):
        return [] if s[2] >= 0 else [n for n in (1, 2) if s[0] + n <= 10]

    def apply(self, s, m):
        total = s[0] + m
        return (total, (s[1] + 1) % 3, s[1] if total == 10 else -1)

    def is_terminal(self, s):
        return s[2] >= 0

    def returns(self, s):
        return tuple(1.0 if p == s[2] else -0.5 for p in range(3))


def test_wilson_interval():
    low, high = wilson_interval(0.5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson_interval(1.0, 4)[1] == pytest.approx(1.0)
    assert round(wilson_interval(1.0, 4)[0], 3) == 0.510
    assert wilson_interval(0.0, 0) == (0.0, 1.0)
    t = Tally("x", 3, 2, 5)
    assert t.games == 10 and t.score == 0.4


def test_seeded_match_repeats_and_tallies_mirror():
    records = []
    a = run_match(ConnectFour(), "random", "random", games=6, seed=4, progress=records.append)
    b = run_match(ConnectFour(), "random", "random", games=6, seed=4)
    assert a.tallies == b.tallies and a.plies == b.plies
    first, second = a.tallies
    assert (first.wins, first.draws, first.losses) == (second.losses, second.draws, second.wins)
    assert first.games == 6
    assert [r.seat_of_first for r in records] == [0, 1, 0, 1, 0, 1]
    assert sum(r.plies for r in records) == a.plies


@pytest.mark.slow
def test_perfect_player_never_loses_tictactoe():
    # No random opening: random first moves can hand a side a lost position.
    r = run_match(TicTacToe(), "ai:hard", "random", games=8, seed=2, time_per_move=0.5,
                  opening_plies=0)
    hard = r.tallies[0]
    assert hard.losses == 0 and hard.wins >= 4


def test_output_forms():
    r = run_match(TicTacToe(), "ai:easy", "random", games=4, seed=1)
    data = json.loads(json.dumps(r.to_json()))
    assert data["game"] == "tictactoe" and data["games"] == 4
    assert [p["spec"] for p in data["players"]] == ["ai:easy", "random"]
    assert len(data["players"][0]["ci95"]) == 2
    lines = format_table(r).splitlines()
    assert lines[0].startswith("tictactoe: 4 games") and lines[2].startswith("ai:easy")
    assert len(lines) == 4


def test_more_players_and_limits():
    r = run_match(CountToTen(), "mcts:easy", "random", games=3, seed=1)
    assert r.tallies[0].games == r.tallies[1].games == 3
    cut = run_match(ConnectFour(), "random", "random", games=2, seed=1, max_plies=4)
    assert cut.tallies[0].draws == 2 and cut.plies == 8

    class Solo(CountToTen):
        name, players = "solo", ("only",)

    with pytest.raises(SolverError):
        run_match(Solo(), "random", "random")
