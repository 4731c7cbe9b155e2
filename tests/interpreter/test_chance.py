"""Chance stages (issue 31, docs/core.md section 7): tests/data/rules/dice_track.gdl (a roll
at every turn's start, two dice, board rules) and dice_race.gdl (a roll inside a move, a
declared distribution) against plain hand-written references, on two sizes; perft counts
the chance outcomes as moves. The chance nodes of the Game protocol (CHANCE,
chance_outcomes), seeded games, and the C back end's plain refusal."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.protocol import CHANCE
from gdl.solvers.search.perft import perft

RULES = Path(__file__).resolve().parent.parent / "data" / "rules"


class DiceTrack:
    """dice_track.gdl from its prose: runners on rows 1 and 2, two dice of two each turn."""

    def __init__(self, width):
        self.width = width

    def start(self):   # (columns of White's and Black's runner, mover, dice or None)
        return (0, 0, 0, None)

    def moves(self, s):
        cols, mover, dice = s[:2], s[2], s[3]
        if max(cols) == self.width - 1:
            return []
        if dice is None:
            return [("roll", (a, b), Fraction(1, 4)) for a in (1, 2) for b in (1, 2)]
        ends = sorted({cols[mover] + dice[0] + dice[1], cols[mover] + dice[0]}, reverse=True)
        steps = [e for e in ends if e < self.width]
        if len(steps) == 2 and steps[0] == steps[1]:
            steps = steps[:1]
        return [("run", e, None) for e in steps] or [("pass", None, None)]

    def apply(self, s, move):
        kind, arg, _ = move
        cols, mover = list(s[:2]), s[2]
        if kind == "roll":
            return (*cols, mover, arg)
        if kind == "run":
            cols[mover] = arg
        return (*cols, 1 - mover, None)


class DiceRace:
    """dice_race.gdl from its prose: a die of three each turn; add it, or gamble on 1, 4, 6."""

    BET = {1: Fraction(1, 2), 4: Fraction(1, 4), 6: Fraction(1, 4)}

    def __init__(self, goal):
        self.goal = goal

    def start(self):   # (totals, mover, phase: "roll" | die | "bet")
        return ((0, 0), 0, "roll")

    def moves(self, s):
        totals, mover, phase = s
        if max(totals) >= self.goal:
            return []
        if phase == "roll":
            return [("die", d, Fraction(1, 3)) for d in (1, 2, 3)]
        if phase == "bet":
            return [("bet", b, p) for b, p in self.BET.items()]
        return [("add", phase, None), ("gamble", None, None)]

    def apply(self, s, move):
        totals, mover, phase = s
        kind, arg, _ = move
        if kind == "die":
            return (totals, mover, arg)
        if kind == "gamble":
            return (totals, mover, "bet")
        t = list(totals)
        t[mover] += arg
        return (tuple(t), 1 - mover, "roll")


def reference_perft(ref, s, depth):
    if depth == 0:
        return 1
    return sum(reference_perft(ref, ref.apply(s, m), depth - 1) for m in ref.moves(s))


@pytest.mark.parametrize("width", [4, 6])
def test_dice_track_perft_matches_a_plain_generator(width):
    game = catalog.load(str(RULES / "dice_track.gdl"), {"width": width})
    ref = DiceTrack(width)
    for depth in range(1, 9):
        assert perft(game, game.initial_state(), depth) == \
            reference_perft(ref, ref.start(), depth), depth


@pytest.mark.parametrize("goal", [5, 8])
def test_dice_race_perft_matches_a_plain_generator(goal):
    game = catalog.load(str(RULES / "dice_race.gdl"), {"goal": goal})
    ref = DiceRace(goal)
    for depth in range(1, 9):
        assert perft(game, game.initial_state(), depth) == \
            reference_perft(ref, ref.start(), depth), depth


def test_chance_nodes_follow_the_reference_along_seeded_games():
    """Along random games: who moves (CHANCE or a player), the outcomes and their
    probabilities, and the players' move counts agree with the reference."""
    game = catalog.load(str(RULES / "dice_race.gdl"), {"goal": 8})
    ref = DiceRace(8)
    rng = random.Random(31)
    for _ in range(30):
        s, r = game.initial_state(), ref.start()
        while not game.is_terminal(s):
            ref_moves = ref.moves(r)
            assert ref_moves
            chance = ref_moves[0][2] is not None
            assert (game.current_player(s) == CHANCE) == chance
            if chance:
                outcomes = game.chance_outcomes(s)
                assert sum(p for _, p in outcomes) == pytest.approx(1)
                got = sorted((game.move_text(s, m), p) for m, p in outcomes)
                name = "d" if ref_moves[0][0] == "die" else "bet"
                assert got == sorted((f"{name}={a}", float(p)) for _, a, p in ref_moves)
                k = rng.randrange(len(outcomes))
                s, r = game.apply(s, outcomes[k][0]), ref.apply(r, ref_moves[k])
            else:
                moves = game.legal_moves(s)
                assert [game.move_text(s, m) for m in moves] == ["add", "gamble"]
                k = rng.randrange(2)
                s, r = game.apply(s, moves[k]), ref.apply(r, ref_moves[k])
        assert not ref.moves(r)
        assert game.chance_outcomes(s) == []


def test_positions_and_moves_show_the_outcome():
    game = catalog.load(str(RULES / "dice_track.gdl"))
    s = game.initial_state()
    assert game.position_text(s) == "B...../W..... White d=0,0 chance=1"
    s = game.apply(s, game.parse_move(s, "d=2,1"))
    assert game.position_text(s) == "B...../W..... White d=2,1 chance=0"
    assert game.parse_position(game.position_text(s)) == s
    assert [game.move_text(s, m) for m in game.legal_moves(s)] == ["a1-d1", "a1-c1"]


@pytest.mark.parametrize("name, options", [("dice_track", {"width": 4}),
                                           ("dice_track", {"width": 6}),
                                           ("dice_race", {"goal": 5}),
                                           ("dice_race", {"goal": 8})])
def test_the_native_back_end_counts_as_python(name, options):
    """C generates the chance stages' rules as any others: perft and the per-call moves equal
    Python's."""
    game = catalog.load(str(RULES / f"{name}.gdl"), options)
    native = with_backend(game, "native")
    start = game.initial_state()
    assert [native.native_perft(start, d) for d in range(1, 8)] == \
        [perft(game, start, d) for d in range(1, 8)]
    rng = random.Random(7)
    s = start
    while not game.is_terminal(s):
        assert native.legal_moves(s) == game.legal_moves(s)
        assert native.current_player(s) == game.current_player(s)
        assert native.chance_outcomes(s) == game.chance_outcomes(s)
        move = rng.choice(game.legal_moves(s))
        s, after = game.apply(s, move), native.apply(s, move)
        assert after == s


def test_c_playouts_draw_chance_outcomes_by_their_probabilities():
    """C's random moves at a chance node follow its odds (1/2, 1/4, 1/4): 20,000 seeded draws
    of one ply each, within 2% of the expected counts."""
    game = catalog.load(str(RULES / "dice_race.gdl"))
    native = with_backend(game, "native")
    s = game.moves_after(["d=1", "gamble"])
    drawn = Counter(game.move_text(s, native.native_line(s, seed, 1)[0])
                    for seed in range(20_000))
    expected = {"bet=1": 10_000, "bet=4": 5_000, "bet=6": 5_000}
    assert set(drawn) == set(expected)
    assert all(abs(drawn[k] - n) < 400 for k, n in expected.items()), drawn
    played, results = native.native_playouts(game.initial_state(), 200)
    assert sum(results.values()) == 200 and played > 200
