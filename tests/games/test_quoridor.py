"""Quoridor's rules that random play seldom shows plainly, on the 5 x 5 board (a grid of 9
cells a side: squares at odd rows and columns, wall slots between): a straight jump, the
diagonal one when a wall stands behind the other pawn, a wall crossing another refused, a
wall closing a pawn in refused. And OpenSpiel's default 9 x 9 game against OpenSpiel itself,
random games and perft 2 from 30 seeded positions (the recorded oracle figures and the
suite's replays are on 5 x 5 with 3 walls each, tools/oracles/quoridor.py)."""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import pytest

from gdl import catalog
from gdl.solvers.search.perft import perft

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))
from tools import oracle  # noqa: E402


def legal(moves: str) -> set[str]:
    """The move texts legal after `moves` (comma-separated), on the 5 x 5 board."""
    game = catalog.load("quoridor", {"n": "5"})
    state = game.moves_after(moves.split(", "))
    return {game.move_text(state, move) for move in game.legal_moves(state)}


def pawn_moves(moves: str) -> set[str]:
    return {text for text in legal(moves) if not text.startswith("wall")}


def test_a_pawn_facing_the_other_jumps_it():
    assert pawn_moves("e1-e3, e9-e7, e3-e5") == {"e7-e9", "e7-c7", "e7-g7", "e7-e3"}


def test_with_a_wall_behind_the_other_pawn_the_jump_goes_to_either_side():
    # White's wall c4 covers c4, d4 and e4: the slot under White's pawn on e5
    assert pawn_moves("e1-e3, e9-e7, e3-e5, wall a2, wall c4") == {
        "e7-e9", "e7-c7", "e7-g7", "e7-c5", "e7-g5"}


def test_a_wall_may_not_cross_or_overlap_another():
    after = legal("wall c2")   # c2, d2, e2: d2 is the joint
    assert "wall d1" not in after and "wall a2" not in after and "wall e2" not in after
    assert "wall b1" in after and "wall f1" in after


def test_a_wall_may_not_close_a_pawn_in():
    # upright walls on d1..d3 and f1..f3 leave White's pawn a corridor out through e4
    after = legal("wall d1, wall f1, wall a8")
    assert "wall e4" not in after and "wall c4" not in after
    assert "wall e6" in after


@pytest.mark.peers
def test_openspiels_9x9_random_games_agree(monkeypatch):
    from gdl.interpreter.c.backend import with_backend
    from tools.oracles import quoridor
    monkeypatch.setattr(quoridor, "SIZE", 9)
    game = catalog.load("quoridor")
    native = with_backend(game, "native")
    spiel = __import__("pyspiel").load_game("quoridor")
    full = [oracle.compare_game("quoridor", seed, game=game, spiel=spiel) for seed in range(2)]
    assert all(replay.returns is not None for replay in full)
    monkeypatch.setattr(oracle, "spiel_game", lambda module: spiel)
    counted = [oracle.compare_counts("quoridor", seed, game=native) for seed in range(30)]
    ends = collections.Counter(replay.returns for replay in counted)
    assert None not in ends and len(ends) == 3   # wins both ways and draws after 324 moves


@pytest.mark.peers
def test_openspiels_9x9_perft_from_seeded_positions(monkeypatch):
    """As tools/oracle.py records the 5 x 5 game, on 9 x 9 to depth 2, checked at once."""
    from gdl.interpreter.c.backend import with_backend
    from tools.oracles import quoridor
    for name, value in [("SIZE", 9), ("PARAMS", {}), ("OPTIONS", {}), ("DEPTH", 2),
                        ("POSITION_DEPTH", 2)]:
        monkeypatch.setattr(quoridor, name, value)
    game = with_backend(catalog.load("quoridor"), "native")
    spiel = __import__("pyspiel").load_game("quoridor")
    monkeypatch.setattr(oracle, "gdl_game", lambda name, module: game)
    monkeypatch.setattr(oracle, "spiel_game", lambda module: spiel)
    data = oracle.record("quoridor")
    assert data["perft"] == [perft(game, game.initial_state(), d) for d in (1, 2)]
    for position in data["positions"]:
        state = game.moves_after(position["moves"])
        assert [perft(game, state, d) for d in (1, 2)] == position["perft"], position["moves"]
