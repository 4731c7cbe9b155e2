"""Kind variables (`move for k in queen rook: ...`, `for k in KINDS: EFFECT`, `any`/`all k in
KINDS: X`): the rule quantifier over piece kinds, written out by the checker one copy per kind.

tests/data/rules/kind_variables.gdl is checked against a plain generator of the same rules
on two board sizes, on both back ends; the bundled files that use it (chess's promotions,
shogi's gold movers; chess's castling by definitions) compile to the same IR as the same
files written out line by line, so their generated code, perft and fitted weights' digest
are those of the written-out text.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from gdl import catalog
from gdl.catalog import compile_text
from gdl.errors import RulesSemanticError
from gdl.grammar.parser import parse
from gdl.interpreter import game_digest
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.core import ir
from gdl.interpreter.core.check import check
from gdl.solvers.search.perft import perft

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "tests" / "data" / "rules" / "kind_variables.gdl"
STRAIGHT = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


class Promotions:
    """kind_variables.gdl by hand: a board is a dict (x, y) -> (player, kind), y the row from
    0; a position (board, mover, plies), mover -1 once the game is over."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height

    def on(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def start(self):
        board = {(x, 1): (0, "pawn") for x in range(self.width)}
        board.update({(x, self.height - 2): (1, "pawn") for x in range(self.width)})
        return board, 0, 0

    def count(self, position, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(self.count(child, depth - 1) for child in self.children(position))

    def children(self, position):
        board, me, plies = position
        if me < 0:
            return []
        boards = []
        for (x, y), (owner, kind) in list(board.items()):
            if owner == me:
                boards += getattr(self, kind)(board, me, x, y)
        return [self.end(after, me, plies) for after in boards]

    def moved(self, board, start, to, piece):
        after = dict(board)
        del after[start]
        after[to] = piece
        return after

    def pawn(self, board, me, x, y):
        ahead = 1 if me == 0 else -1
        far = self.height - 1 if me == 0 else 0
        targets = [(x, y + ahead)] if (x, y + ahead) not in board else []
        targets += [(x + dx, y + ahead) for dx in (1, -1)
                    if board.get((x + dx, y + ahead), (me,))[0] == 1 - me]
        out = []
        for to in targets:
            if not self.on(*to):
                continue
            kinds = ("rook", "knight") if to[1] == far else ("pawn",)
            out += [self.moved(board, (x, y), to, (me, kind)) for kind in kinds]
        return out

    def rook(self, board, me, x, y):
        out = []
        for dx, dy in STRAIGHT:
            cx, cy = x + dx, y + dy
            while self.on(cx, cy) and (cx, cy) not in board:
                after = self.moved(board, (x, y), (cx, cy), (me, "rook"))
                for sx, sy in STRAIGHT:
                    if after.get((cx + sx, cy + sy)) in ((1 - me, "rook"), (1 - me, "knight")):
                        del after[(cx + sx, cy + sy)]
                out.append(after)
                cx, cy = cx + dx, cy + dy
        return out + self.diagonal(board, me, x, y, "rook")

    def knight(self, board, me, x, y):
        out = [self.moved(board, (x, y), (x + dx, y + dy), (me, "knight"))
               for dx, dy in KNIGHT
               if self.on(x + dx, y + dy) and board.get((x + dx, y + dy), (None,))[0] != me]
        return out + self.diagonal(board, me, x, y, "knight")

    def diagonal(self, board, me, x, y, kind):
        """A rook or a knight takes an enemy of its own kind one step diagonally."""
        return [self.moved(board, (x, y), (x + dx, y + dy), (me, kind)) for dx, dy in DIAGONAL
                if board.get((x + dx, y + dy)) == (1 - me, kind)]

    def end(self, board, me, plies):
        mine = {kind for owner, kind in board.values() if owner == me}
        won = all(owner == me for owner, _ in board.values()) or {"rook", "knight"} <= mine
        return board, -1 if won or plies + 1 >= 10 else 1 - me, plies + 1


@pytest.mark.parametrize("backend", ["python", "native"])
def test_perft_equals_a_plain_generator(backend):
    for width, height, depth in ((4, 4, 6), (5, 5, 5)):
        game = with_backend(catalog.load(str(RULES), {"width": str(width),
                                                      "height": str(height)}), backend)
        mine = Promotions(width, height)
        expected = [mine.count(mine.start(), d) for d in range(1, depth + 1)]
        got = [perft(game, game.initial_state(), d) for d in range(1, depth + 1)]
        assert got == expected, (width, height)


QUANTIFIED = re.compile(r"^move( \w+)? for (\w+) in ([\w ]+?): (.*)$", re.M)
DEFINED = re.compile(r"^define (\w+): (.*)\n", re.M)


def written_out(text: str) -> str:
    """`text` as it was written before: each `move NAME for k in KINDS: BODY` line as one rule
    per kind, and each definition without parameters (castling's) put in where it is used,
    in parentheses (which leave the syntax tree as it was)."""
    def expand(match: re.Match) -> str:
        name, var, kinds, body = match.groups()
        return "\n".join(f"move{name or ''}: " + re.sub(rf"\b{var}(?=~|\b)", kind, body)
                         for kind in kinds.split())
    text = QUANTIFIED.sub(expand, text)
    definitions = DEFINED.findall(text)
    text = DEFINED.sub("", text)
    for name, body in reversed(definitions):   # a later one may use an earlier one
        text = re.sub(rf"\b{name}\b", f"({body})", text)
    return text


# bundled file -> how many rules its kind quantifiers stand for
REWRITTEN = {"board/chess.gdl": 8, "board/three_check.gdl": 8, "board/crazyhouse.gdl": 8,
             "board/antichess.gdl": 10, "board/shogi.gdl": 5}
CASTLING = ("board/chess.gdl", "board/three_check.gdl", "board/crazyhouse.gdl")


@pytest.mark.parametrize("path", sorted(REWRITTEN))
def test_bundled_files_compile_as_written_out(path):
    text = (ROOT / "gdl" / "games" / path).read_text()
    by_hand = written_out(text)
    quantified = len(QUANTIFIED.findall(text))
    defined = len(DEFINED.findall(text))
    assert quantified and defined == (3 if path in CASTLING else 0)
    rules = re.compile(r"^move", re.M)
    assert len(rules.findall(by_hand)) - len(rules.findall(text)) == REWRITTEN[path] - quantified
    assert "define" not in by_hand and " for k in " not in by_hand
    mine, theirs = check(parse(text, path)), check(parse(by_hand, path))
    assert mine == theirs
    assert game_digest(mine) == game_digest(theirs)


def test_a_kind_quantifier_reaches_every_place_a_kind_may_stand():
    """`k` as the travelling piece, `promote to k~`, `add own k`, `fill X with k`, `own k`;
    `any k in KINDS: X` (a union) and `for k in KINDS: EFFECT` (a group, in order)."""
    head = ("game \"T\"\nplayers A B\nboard 4 x 4\npieces man king man~ king~\n"
            "setup A man: a1\nsetup B king: d4\n")
    short = head + ("move for k in man king: step k n to empty then promote to k~ in here\n"
                    "move: place man on empty and not (any k in man king: own k) then\n"
                    "    for k in man king: add own k at n is here,\n"
                    "    for k in man king: fill s is here with k\n"
                    "end: draw if plies >= 4\n")
    long = head + ("move: step man n to empty then promote to man~ in here\n"
                   "move: step king n to empty then promote to king~ in here\n"
                   "move: place man on empty and not (own man or own king) then\n"
                   "    add own man at n is here, add own king at n is here,\n"
                   "    fill s is here with man, fill s is here with king\n"
                   "end: draw if plies >= 4\n")
    mine, by_hand = check(parse(short)), check(parse(long))
    place = mine.rules[-1]
    assert [type(e) for e in place.effects] == [ir.Group, ir.Group]   # `for k`: one group each
    flat = attrs.evolve(place, effects=tuple(e for g in place.effects for e in g.effects))
    assert attrs.evolve(mine, rules=(*mine.rules[:-1], flat)) == by_hand


def test_a_kind_variable_may_not_be_a_kind():
    text = ("game \"T\"\nplayers A B\nboard 4 x 4\npieces man king\nsetup A man: a1\n"
            "move for man in man king: step man n to empty\nend: draw if plies >= 4\n")
    with pytest.raises(RulesSemanticError, match="already a name of this game"):
        compile_text(text)
