"""The issue-3 figures on games compiled from their rules files (not the hand-written ones)."""

from __future__ import annotations

import itertools
import random

import pytest

from gdl import catalog
from tests.references.games import ConnectFour
from gdl.solvers.search.alphabeta import AlphaBeta, Ordering
from gdl.solvers.search.exact import solve
from gdl.solvers.search.minimax import minimax
from gdl.solvers.search.tables import DictTable


def random_positions(game, count: int, max_ply: int, seed: int, min_ply: int = 0) -> list:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        state = game.initial_state()
        for _ in range(rng.randint(min_ply, max_ply)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(list(game.legal_moves(state))))
        out.append(state)
    return out


@pytest.mark.slow
def test_tictactoe_figures():
    game = catalog.load("tictactoe")
    assert minimax(game, game.initial_state()).nodes == 549946
    plain = AlphaBeta(game, table=None, ordering=Ordering.none(), iterative=False,
                      distance=False).search()
    assert plain.stats.nodes <= 18297 and plain.value == 0.0
    tabled = AlphaBeta(game, table=DictTable(), iterative=False).search()
    assert tabled.stats.nodes <= 1000 and tabled.value == 0.0
    assert solve(game).value == "draw"


@pytest.mark.slow
@pytest.mark.parametrize("name, options, count, first, last", [
    ("tictactoe", {}, 180, 1, 8),
    # plain minimax is slow nearer the start
    ("connect4", {"width": "4", "height": "4"}, 170, 7, 14),
    ("nim", {"heaps": "2,3,4"}, 200, 2, 6),
])
def test_alphabeta_agrees_with_minimax(name, options, count, first, last):
    game = catalog.load(name, options)
    for state in random_positions(game, count, last, seed=len(name), min_ply=first):
        if game.is_terminal(state):
            continue
        expected = minimax(game, state).value
        assert AlphaBeta(game, table=DictTable()).search(state).value == expected


def test_nim_values_follow_the_nim_sum_rule():
    for heaps in itertools.chain.from_iterable(
            itertools.combinations_with_replacement(range(1, 6), n) for n in (1, 2, 3)):
        game = catalog.load("nim", {"heaps": ",".join(map(str, heaps))})
        nim_sum = 0
        for h in heaps:
            nim_sum ^= h
        assert solve(game).value == ("loss" if nim_sum == 0 else "win"), heaps


def test_small_connect_four_is_a_draw_and_agrees_with_the_reference():
    game = catalog.load("connect4", {"width": "4", "height": "4"})
    assert solve(game).value == solve(ConnectFour(4, 4, 4)).value == "draw"


def test_derived_heuristic_is_zero_sum_and_bounded():
    for name in ("connect4", "breakthrough", "draughts", "othello", "gomoku", "hex", "clobber",
                 "lines_of_action"):
        game = catalog.load(name)
        for state in random_positions(game, 30, 30, seed=3):
            values = game.heuristic(state)
            assert len(values) == 2 and abs(values[0] + values[1]) < 1e-9
            assert all(-1.0 <= v <= 1.0 for v in values)


def test_uttt_boxes_close_when_won_or_full():
    """Along random games: a won box is all claims of its winner and takes no more moves;
    a player sent to a closed box may play in every open box."""
    game = catalog.load("uttt")
    geo, (_x_mark, x_claim, _o_mark, o_claim) = game.geometry, range(4)
    boxes = game.ir.zones[0].blocks
    rng = random.Random(5)
    claimed_seen = free_choice_seen = 0
    for _ in range(40):
        state = game.initial_state()
        while not game.is_terminal(state):
            claims = state[x_claim] | state[o_claim]
            closed = [b for b in boxes
                      if b & claims == b or not b & ~(state[0] | state[1] | state[2] | state[3])]
            for box in boxes:
                if box & claims:   # a claimed box is wholly one player's claim
                    assert box & state[x_claim] == box or box & state[o_claim] == box
                    claimed_seen += 1
            moves = game.legal_moves(state)
            cells = 0
            for m in moves:
                cells |= 1 << (m & ((1 << geo.size_bits) - 1))
            assert not any(cells & b for b in closed)
            touched = sum(1 for b in boxes if cells & b)
            target = state[4]
            if target and boxes[target - 1] in closed:
                assert touched == len(boxes) - len(closed)
                free_choice_seen += 1
            elif target:
                assert touched == 1
            state = game.apply(state, rng.choice(moves))
    assert claimed_seen and free_choice_seen


def test_derived_open_lines_heuristic_equals_the_hand_written_one():
    compiled, reference = catalog.load("connect4"), ConnectFour()
    rng = random.Random(11)
    for _ in range(60):
        a, b = compiled.initial_state(), reference.initial_state()
        while not reference.is_terminal(b):
            assert compiled.heuristic(a) == pytest.approx(reference.heuristic(b))
            column = rng.choice(reference.legal_moves(b))
            a = compiled.apply(a, compiled.parse_move(a, "abcdefg"[column]))
            b = reference.apply(b, column)
        assert compiled.is_terminal(a) and compiled.returns(a) == reference.returns(b)


def test_no_material_signal_when_every_move_lands_on_an_empty_cell():
    """Amazons takes nothing (slides and shots land on empty cells): a piece count would be
    a constant evaluation, so the derived heuristic leaves it out (territory decides)."""
    kinds = [spec[0] for spec in catalog.load("amazons").heuristic.specs]
    assert kinds == ["territory"]
    assert catalog.load("clobber").heuristic is not None   # a step onto an enemy takes it
    assert catalog.load("breakthrough").heuristic is not None


def test_the_connection_signal_counts_the_cells_each_side_still_needs():
    game = catalog.load("hex", {"size": "3"})
    assert game.heuristic(game.moves_after(["b1", "a2"])) == (0.0, 0.0)   # two cells each
    black, white = game.heuristic(game.moves_after(["b1", "a2", "b2"]))   # Black 1, White 3
    assert black == pytest.approx(2 / 6) and white == -black


def test_material_counts_from_an_empty_start_when_the_end_rules_count_pieces():
    """Nine men's morris starts empty, but its end counts men: the side with more men on the
    board is ahead (the material signal was left out whenever the start was empty)."""
    game = catalog.load("nine_mens_morris")
    state = game.moves_after(["a1", "a4", "d1", "b4", "g1/a4"])   # White's mill took a Black man
    assert hasattr(game, "heuristic")
    white, black = game.heuristic(state)
    assert white > 0 > black


def test_kalah_is_scored_by_the_seeds_its_end_rule_counts():
    """Mancala has no pieces: the derived evaluation grows with the difference of the seeds
    each side has banked (its side's cells, `seeds[side] > seeds[not side]` deciding the
    end, that no move empties: the stores), zero-sum, in [-1, 1]; seeds in a pit count not."""
    game = catalog.load("mancala")
    state = game.initial_state()
    assert game.heuristic(state) == (0.0, 0.0)
    at = next(i for i, x in enumerate(state) if isinstance(x, tuple))   # the count variable

    def with_more(n, cell):   # South holds n seeds more on `cell`
        seeds = list(state[at])
        seeds[cell] += n
        return game.heuristic(state[:at] + (tuple(seeds),) + state[at + 1:])
    small, large = with_more(4, 7), with_more(16, 7)   # h1: South's store
    assert 0 < small[0] < large[0] < 1 and small[1] == -small[0] and large[1] == -large[0]
    assert with_more(16, 1) == (0.0, 0.0)   # b1, South's first pit: not banked
