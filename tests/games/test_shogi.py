"""Shogi's rules that random play seldom reaches, position by position, against OpenSpiel's
shogi (pyspiel): a pawn dropped to mate, a pawn stepped to mate, the two-pawns rule, pieces
that could never move again, and the entering kings' win and draw."""

from __future__ import annotations

import sys
from pathlib import Path

import pyspiel
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from gdl import catalog  # noqa: E402
from tools.oracles.shogi import sfen_position  # noqa: E402

# (SFEN, a move gdl must list or not, whether it is legal)
CASES = [
    ("k8/2+R6/9/9/9/9/9/9/4K4 b P 1", "P*a8", False),     # the drop would mate: illegal
    ("k8/2+R6/9/9/9/9/9/9/4K4 b P 1", "P*b7", True),      # a drop elsewhere
    ("k8/2+R6/P8/9/9/9/9/9/4K4 b - 1", "a7-a8", True),    # a pawn stepping to mate is legal
    ("k8/9/9/9/9/9/P8/9/4K4 b P 1", "P*a5", False),       # a second pawn on column a
    ("k8/9/9/9/9/9/+P8/9/4K4 b P 1", "P*a5", True),       # a tokin is no pawn
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "P*a9", False),     # a pawn that could never move
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "N*a8", False),     # a knight two rows from the end
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "N*a7", True),
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "L*a9", False),
]


@pytest.fixture(scope="module")
def shogi():
    return catalog.load("shogi"), pyspiel.load_game("shogi")


@pytest.mark.parametrize("sfen, text, legal", CASES)
def test_a_rule_that_random_play_seldom_meets(shogi, sfen, text, legal):
    game, spiel = shogi
    state = game.parse_position(sfen_position(sfen))
    texts = {game.move_text(state, m) for m in game.legal_moves(state)}
    assert (text in texts) == legal
    assert len(texts) == len(spiel.new_initial_state(sfen).legal_actions())


@pytest.mark.parametrize("sfen, returns", [
    ("8k/9/4K4/9/9/9/9/9/9 w 2R2B8P 1", (1.0, -1.0)),   # Black's king entered with 28 points
    ("8k/9/4K4/9/9/9/9/9/9 w 2R2B7P 1", None),          # 27 are not enough
    ("9/9/4K4/9/9/9/8k/9/9 w - 1", (0.0, 0.0)),         # both kings entered: a draw
])
def test_entering_kings(shogi, sfen, returns):
    game, spiel = shogi
    state = game.parse_position(sfen_position(sfen))
    theirs = spiel.new_initial_state(sfen)
    assert game.is_terminal(state) == theirs.is_terminal() == (returns is not None)
    if returns is not None:
        assert game.returns(state) == tuple(theirs.returns()) == returns


# ---- fourfold repetition (sennichite) and perpetual check

# A Black rook, a White king and Black's king far away: the rook checks along a row, the
# king steps up or down, and the position comes back every four plies.
PERPETUAL = ("9/9/9/9/8R/k8/9/9/4K4 b - 1", ("i5-i4", "a4-a5", "i4-i5", "a5-a4") * 3)
# The same from the position after the first check: the checker completes the repetition.
CHECKER_LAST = ("9/9/9/9/9/k7R/9/9/4K4 w - 1", ("a4-a5", "i4-i5", "a5-a4", "i5-i4") * 3)
PLAIN = ("9/9/9/9/9/k8/9/8R/4K4 b - 1", ("i2-i3", "a4-a5", "i3-i2", "a5-a4") * 3)
# Every other Black move checks: the streak never reaches six, a draw.
SOMETIMES = ("9/9/9/9/9/k8/8R/9/4K4 b - 1", ("i3-i4", "a4-a5", "i4-i3", "a5-a4") * 3)


def xy(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - ord("a"), int(cell[1:]) - 1


def reference(sfen: str, texts: tuple[str, ...]) -> list[tuple[float, float] | None]:
    """The repetition rule on its own small model (three pieces: kings K k, a Black rook
    R): the returns after each ply, None while the game goes on. A fourfold repetition of
    (pieces, player to move) ends the game; a player whose last six moves all gave check
    loses it, else it is a draw."""
    rows = sfen.split()[0].split("/")
    pieces = {}
    for r, rank in enumerate(rows):
        x = 0
        for c in rank:
            if c.isdigit():
                x += int(c)
            else:
                pieces[(x, 8 - r)] = c
                x += 1
    black = sfen.split()[1] == "b"
    seen: dict[tuple, int] = {}
    checks = {True: 0, False: 0}   # Black's, White's checking moves in a row
    out: list[tuple[float, float] | None] = []
    seen[(frozenset(pieces.items()), black)] = 1
    for text in texts:
        start, end = (xy(c) for c in text.split("-"))
        pieces[end] = pieces.pop(start)
        king = next(cell for cell, p in pieces.items() if p == ("k" if black else "K"))
        checks[black] = checks[black] + 1 if black and rook_checks(pieces, king) else 0
        black = not black
        key = (frozenset(pieces.items()), black)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 4:
            if checks[True] >= 6:
                out.append((-1.0, 1.0))
            elif checks[False] >= 6:
                out.append((1.0, -1.0))
            else:
                out.append((0.0, 0.0))
            break
        out.append(None)
    return out


def rook_checks(pieces: dict, king: tuple[int, int]) -> bool:
    """Whether the rook attacks `king` along its row or column, nothing between."""
    (rx, ry), (kx, ky) = next(c for c, p in pieces.items() if p == "R"), king
    if rx != kx and ry != ky:
        return False
    between = [(x, y) for (x, y) in pieces if (x, y) not in ((rx, ry), king)
               and min(rx, kx) <= x <= max(rx, kx) and min(ry, ky) <= y <= max(ry, ky)]
    return not between


def usi(text: str) -> str:
    """OpenSpiel's text of a gdl move `a4-a5`: file 9..1 for a..i, rank a..i from the top."""
    def cell(c: str) -> str:
        x, y = xy(c)
        return f"{9 - x}{'abcdefghi'[8 - y]}"
    start, end = text.split("-")
    return cell(start) + cell(end)


@pytest.mark.parametrize("sfen, texts, final", [
    (*PERPETUAL, (-1.0, 1.0)), (*CHECKER_LAST, (-1.0, 1.0)), (*PLAIN, (0.0, 0.0)),
    (*SOMETIMES, (0.0, 0.0))], ids=["perpetual", "checker-last", "plain", "sometimes"])
def test_a_fourfold_repetition_is_lost_by_perpetual_check_else_drawn(shogi, sfen, texts, final):
    game, spiel = shogi
    expected = reference(sfen, texts)
    state = game.parse_position(sfen_position(sfen))
    theirs = spiel.new_initial_state(sfen)
    for text, want in zip(texts, expected):
        state = game.apply(state, game.parse_move(state, text))
        theirs.apply_action(theirs.string_to_action(usi(text)))
        got = game.returns(state) if game.is_terminal(state) else None
        assert got == want
        assert (tuple(theirs.returns()) if theirs.is_terminal() else None) == want
    assert len(expected) == len(texts) and expected[-1] == final   # the 12th ply ends it
