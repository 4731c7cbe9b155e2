"""Oware's rules one at a time: the grand slam takes nothing, a move must feed an opponent
who has no seed, and each rule left out of the file makes a seeded random game differ from
OpenSpiel's oware (so the replays of tests/games/test_oracles.py reach every rule)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gdl import catalog

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
from tools import oracle  # noqa: E402

RULES = (ROOT / "gdl" / "games" / "sow" / "oware.gdl").read_text()
EMPTY = "......./......."   # the board part: only the counts matter


def seeds(game, state) -> str:
    return next(w for w in game.position_text(state).split() if w.startswith("seeds="))


def test_a_grand_slam_takes_nothing_and_one_seed_left_over_lets_the_2s_and_3s_go():
    game = catalog.load("oware")
    # South's g1 (2 seeds) sows g2 and f2: 2 and 3 there, North's only seeds
    slam = game.parse_position(f"{EMPTY} South seeds=4,0,0,0,0,2,20,19,0,0,0,0,2,1 run=none")
    after = game.apply(slam, game.parse_move(slam, "g1"))
    assert seeds(game, after) == "seeds=4,0,0,0,0,0,20,19,0,0,0,0,3,2"
    assert not game.is_terminal(after)
    # with one more North seed on b2, the two houses are taken: 25 seeds, South wins
    taken = game.parse_position(f"{EMPTY} South seeds=4,0,0,0,0,2,20,18,1,0,0,0,2,1 run=none")
    after = game.apply(taken, game.parse_move(taken, "g1"))
    assert seeds(game, after) == "seeds=4,0,0,0,0,0,25,18,1,0,0,0,0,0"
    assert game.is_terminal(after) and game.returns(after) == (1.0, -1.0)


def test_a_move_must_feed_an_opponent_without_seeds():
    game = catalog.load("oware")
    state = game.parse_position(f"{EMPTY} South seeds=1,0,0,0,0,1,23,23,0,0,0,0,0,0 run=none")
    assert [game.move_text(state, m) for m in game.legal_moves(state)] == ["g1"]


# each rule left out, and the first seeded game that then differs from OpenSpiel's
LEFT_OUT = {"the emptied house sown": (" skipping here", 0),
            "a grand slam taken": (" if not no (not (side or stores) and seeds > 0 and not run)",
                                   10),
            "no feeding": ("illegal: no (not (side or stores) and seeds > 0)\n", 0),
            "no end on repetition": ("repeated or ", 16),
            "2s and 3s taken forward too": (" and not reach(back is here, run and not here)", 0)}


@pytest.mark.peers
@pytest.mark.parametrize("rule", LEFT_OUT)
def test_each_rule_left_out_makes_a_seeded_game_differ(rule, tmp_path):
    text, seed = LEFT_OUT[rule]
    assert text in RULES
    path = tmp_path / "oware.gdl"
    path.write_text(RULES.replace(text, ""))
    game = catalog.load(str(path))
    for earlier in range(seed):
        oracle.compare_game("oware", earlier, game=game)
    with pytest.raises(AssertionError, match=f"oware, seed {seed}, ply"):
        oracle.compare_game("oware", seed, game=game)
