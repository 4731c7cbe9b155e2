"""`players A B simultaneous` (docs/core.md, section 3): joint moves from rounds of parts.

tests/data/rules/simultaneous_bids.gdl against a plain, hand-written generator of the same
rules (two sizes), on both back ends (C counts each round's parts); C's random playouts
replayed on Python, joint move by joint move;
joint-move texts, the one-line refusals of a joint move with a part missing and of a player
without a move, and the lowering (end rules and `after every move` run once per round).
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import pytest

from gdl import catalog
from gdl.errors import GdlError, IllegalMove
from gdl.interpreter import compile_rules, load_file
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.core import ir
from gdl.protocol import SIMULTANEOUS, has_simultaneous
from gdl.solvers.search.perft import perft

BIDS = Path(__file__).resolve().parent.parent / "data" / "rules" / "simultaneous_bids.gdl"


def plain_perft(size: int, depth: int) -> int:
    """Sealed bids written out: each round both bid 1..left tokens (or rest with none)."""

    @cache
    def count(left: tuple[int, int], score: tuple[int, int], round_: int, depth: int) -> int:
        if round_ == size:
            return 0
        if depth == 0:
            return 1
        total = 0
        for a, b in itertools.product(*(range(1, n + 1) if n else (0,) for n in left)):
            after = (score[0] + (a > b), score[1] + (b > a))
            total += 1 if depth == 1 else count((left[0] - a, left[1] - b), after,
                                                 round_ + 1, depth - 1)
        return total

    return count((size, size), (0, 0), 0, depth)


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("backend", ["python", "native"])
def test_perft_equals_a_plain_generator(size, backend, capsys):
    game = with_backend(load_file(BIDS, {"size": str(size)}), backend)
    start = game.initial_state()
    counts = [perft(game, start, d) for d in range(1, size + 2)]
    assert counts == [plain_perft(size, d) for d in range(1, size + 2)]
    assert counts[0] == size * size and counts[-1] == 0
    if backend == "native":   # counted in C, over each round's parts
        assert type(game).__name__ == "NativeSimultaneous"
        assert game.native_perft(start, size) == counts[size - 1]
        assert "runs on Python" not in capsys.readouterr().err


@pytest.mark.parametrize("name", ["goofspiel", "oshi_zumo", "blotto"])
def test_c_playouts_are_games_of_legal_joint_moves(name):
    python = catalog.load(name)
    native = with_backend(python, "native")
    for seed in range(20):
        state = python.initial_state()
        for joint in native.native_line(state, seed, 50):
            assert joint in python.legal_moves(state)
            state = python.apply(state, joint)
        assert python.is_terminal(state)
    played, results = native.native_playouts(python.initial_state(), 200, seed=3)
    assert sum(results.values()) == 200 and played >= 200


def test_joint_moves_and_their_texts():
    game = load_file(BIDS, {"size": "2"})
    start = game.initial_state()
    assert has_simultaneous(game) and game.current_player(start) == SIMULTANEOUS
    assert [len(moves) for moves in game.joint_moves(start)] == [2, 2]
    texts = [game.move_text(start, m) for m in game.legal_moves(start)]
    assert texts == ["bid 1 | bid 1", "bid 1 | bid 2", "bid 2 | bid 1", "bid 2 | bid 2"]
    after = game.apply(start, game.parse_move(start, "bid 2|bid 1"))
    assert game.position_text(after).endswith("left=0,1 bid=0,0 score=1,0 round=1")
    # the one who spent everything rests: exactly one move
    assert [game.part_text(game.with_mover(after, p), m)
            for p, moves in enumerate(game.joint_moves(after)) for m in moves] == ["rest",
                                                                                    "bid 1"]
    assert game.returns(game.apply(after, game.parse_move(after, "rest | bid 1"))) == (0.0, 0.0)


def test_a_joint_move_with_a_part_missing_is_refused_in_one_line():
    game = load_file(BIDS, {"size": "2"})
    start = game.initial_state()
    with pytest.raises(IllegalMove) as err:
        game.parse_move(start, "bid 1")
    assert str(err.value) == ("'bid 1' is not a joint move: write one part per player, A | B; "
                              "A: bid 1, bid 2; B: bid 1, bid 2")
    with pytest.raises(IllegalMove, match="'bid 3' is not a legal move of B; A: bid 1"):
        game.parse_move(start, "bid 1 | bid 3")


def test_a_player_without_a_move_is_refused_in_one_line():
    text = BIDS.read_text().replace("move rest: if left[own] == 0 then bid[own] = 0\n", "")
    game = compile_rules(text, "bids.gdl", {"size": "2"})
    state = game.apply(game.initial_state(), game.parse_move(game.initial_state(), "bid 2|bid 1"))
    with pytest.raises(GdlError, match="^A has no move in a simultaneous turn, yet the others "
                                       "have: give every player a move"):
        game.legal_moves(state)


def test_the_round_ends_lower_to_guards_on_the_last_player():
    game = load_file(BIDS)
    last = ir.PerPlayer((False, True), ir.BOOL)
    assert game.ir.simultaneous
    assert all(e.condition.args[0] == last for e in game.ir.ends)
    assert all(isinstance(e, ir.Guard) and e.condition == last for e in game.ir.after)


def test_turn_based_searchers_refuse_in_one_line():
    from gdl.ai.players import make_player
    from gdl.errors import SolverError
    from gdl.solvers.search.exact import solve
    game = load_file(BIDS)
    for attempt in (lambda: make_player("alphabeta", game),
                    lambda: solve(game, game.initial_state())):
        with pytest.raises(SolverError, match="has simultaneous moves: use `gdl solve`"):
            attempt()
