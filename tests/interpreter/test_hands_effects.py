"""Hands fed by any effect and promoted twins (docs/core.md, 7), each a rules file of
tests/data/rules against a plain hand-written generator of the same rules, on two board
sizes and both back ends.

- hand_by_effect.gdl: the men an effect removes (`remove (adjacent here and enemy)`) join the
  mover's hand, and `captured` after the effect sees them.
- promoted_twin.gdl: `king~` moves and counts as a king (`no enemy king` covers it) but
  returns to the hand as a man (`hands: king~ -> man`), while a taken king stays a king.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from gdl.catalog import compile_text
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.perft import perft

RULES = Path(__file__).parents[1] / "data" / "rules"
SIZES = {"hand_by_effect": [(4, 3), (5, 4)], "promoted_twin": [(4, 4), (5, 5)]}
BACKENDS = ["python", "native"]
STRAIGHT = ((0, 1), (0, -1), (1, 0), (-1, 0))
ANY_WAY = STRAIGHT + ((1, 1), (1, -1), (-1, 1), (-1, -1))


@functools.cache
def game(name: str, width: int, height: int, backend: str):
    text = (RULES / f"{name}.gdl").read_text()
    text = text.replace("option width = 4", f"option width = {width}")
    text = text.replace("option height = 4", f"option height = {height}")
    text = text.replace("option height = 3", f"option height = {height}")
    return with_backend(compile_text(text, f"{name}.gdl"), backend)


def count(moves, state, depth: int) -> int:
    """Perft over a plain generator: `moves(state)` lists the states after each move (none
    when the game is over)."""
    if depth == 0:
        return 1
    return sum(count(moves, after, depth - 1) for after in moves(state))


class EffectHands:
    """hand_by_effect.gdl by hand: state (board {cell: owner}, hands, player, plies, over)."""

    def __init__(self, width: int, height: int):
        self.w, self.h = width, height

    def start(self):
        board = {(x, 0): 0 for x in range(self.w)} | {(x, self.h - 1): 1 for x in range(self.w)}
        return (frozenset(board.items()), (0, 0), 0, 0, False)

    def moves(self, state):
        cells, hands, p, plies, over = state
        if over:
            return []
        board, out = dict(cells), []
        for (x, y), owner in board.items():
            for dx, dy in STRAIGHT if owner == p else ():
                to = (x + dx, y + dy)
                if 0 <= to[0] < self.w and 0 <= to[1] < self.h and to not in board:
                    after = {c: o for c, o in board.items() if c != (x, y)} | {to: p}
                    taken = [(to[0] + a, to[1] + b) for a, b in STRAIGHT
                             if after.get((to[0] + a, to[1] + b)) == 1 - p]
                    for c in taken:
                        del after[c]
                    out.append(self.finish(after, hands, p, plies, len(taken)))
        if hands[p]:
            for y in range(self.h):
                for x in range(self.w):
                    if (x, y) not in board:
                        held = list(hands)
                        held[p] -= 1
                        out.append(self.finish(board | {(x, y): p}, tuple(held), p, plies, 0,
                                               drop=True))
        return out

    def finish(self, board, hands, p, plies, taken, drop=False):
        held = list(hands)
        held[p] += taken
        plies += 1
        over = held[p] >= 3 or plies >= 12 or (plies >= 10 and not taken)
        return (frozenset(board.items()), tuple(held), 1 - p, plies, over)


class PromotedTwins:
    """promoted_twin.gdl by hand: pieces (owner, kind) with kind "m", "k" or "k~"; state
    (board, hands {(owner, kind): n}, player, plies, over)."""

    def __init__(self, width: int, height: int):
        self.w, self.h = width, height

    def start(self):
        board = {(0, 0): (0, "k"), (self.w - 1, self.h - 1): (1, "k")}
        board |= {(x, 1): (0, "m") for x in range(self.w)}
        board |= {(x, self.h - 2): (1, "m") for x in range(self.w)}
        return (frozenset(board.items()), frozenset(), 0, 0, False)

    def moves(self, state):
        cells, hands, p, plies, over = state
        if over:
            return []
        board, held, out = dict(cells), dict(hands), []
        forward, far = (1, self.h - 1) if p == 0 else (-1, 0)
        for (x, y), (owner, kind) in board.items():
            if owner != p:
                continue
            if kind == "m":
                targets = [((x, y + forward), False)] + \
                          [((x + dx, y + forward), True) for dx in (1, -1)]
            else:
                targets = [((x + dx, y + dy), None) for dx, dy in ANY_WAY]
            for to, takes in targets:
                if not (0 <= to[0] < self.w and 0 <= to[1] < self.h):
                    continue
                there = board.get(to)
                if takes is False and there is not None or takes and (
                        there is None or there[0] == p) or takes is None and (
                        there is not None and there[0] == p):
                    continue
                new = "k~" if kind == "m" and to[1] == far else kind
                after = {c: v for c, v in board.items() if c != (x, y)} | {to: (p, new)}
                gained = dict(held)
                if there is not None:
                    back = "m" if there[1] == "k~" else there[1]
                    gained[(p, back)] = gained.get((p, back), 0) + 1
                out.append(self.finish(after, gained, p, plies))
        for (owner, kind), n in sorted(held.items()):
            if owner != p or not n:
                continue
            for y in range(self.h):
                for x in range(self.w):
                    if (x, y) not in board and y != far:
                        less = dict(held)
                        less[(p, kind)] -= 1
                        out.append(self.finish(board | {(x, y): (p, kind)}, less, p, plies))
        return out

    def finish(self, board, hands, p, plies):
        plies += 1
        kings = any(o == 1 - p and k != "m" for o, k in board.values())
        over = not kings or plies >= 10
        return (frozenset(board.items()), frozenset((k, n) for k, n in hands.items() if n),
                1 - p, plies, over)


REFERENCES = {"hand_by_effect": EffectHands, "promoted_twin": PromotedTwins}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name, size", [(n, s) for n in sorted(SIZES) for s in SIZES[n]],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_perft_equals_the_hand_written_generator(name, size, backend):
    compiled = game(name, *size, backend)
    if backend == "native":
        assert type(compiled).__name__ == "NativeGame"   # no fallback to Python
    reference = REFERENCES[name](*size)
    for depth in range(1, 5):
        assert perft(compiled, compiled.initial_state(), depth) == \
            count(reference.moves, reference.start(), depth), (name, size, depth)


def test_the_pieces_an_effect_removes_are_in_the_hand_and_in_captured():
    compiled = game("hand_by_effect", 4, 3, "python")
    state = compiled.moves_after(["a1-a2"])   # beside a3: A takes it
    assert compiled.position_text(state).split()[0] == ".BBB/A.../.AAA"
    state = compiled.apply(state, compiled.parse_move(state, "b3-b2"))   # beside a2 and b1
    assert compiled.position_text(state).split()[0] == "..BB/.B../..AA"
    assert "hand=1,2" in compiled.position_text(state)


def test_a_promoted_twin_reads_with_a_tilde_and_goes_back_as_a_man():
    compiled = game("promoted_twin", 4, 4, "python")
    state = compiled.parse_position("...k/..M./..../K... A")
    state = compiled.apply(state, compiled.parse_move(state, "c3-c4"))
    assert compiled.position_text(state).split()[0] == "..K~k/..../..../K..."
    assert compiled.render(state).splitlines()[0].split() == ["4", ".", ".", "K~", "k"]
    assert compiled.parse_position(compiled.position_text(state)) == state
    state = compiled.apply(state, compiled.parse_move(state, "d4-c4"))   # B's king takes it
    assert "hand=0,0,0,1,0,0" in compiled.position_text(state)   # B holds a man
