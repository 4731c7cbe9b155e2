"""Pieces that step (breakthrough's kind): moves `(M X1 Y1 X2 Y2)` taking a role's piece one
cell along a compass direction onto an empty cell, an enemy's (capturing it) or either; a
game won by reaching a region, or by taking every enemy piece (docs/ggp.md).

Each move's legal condition (read as cases on the board: cases.py) tells which targets it
allows; the moves of one role along one direction must all allow the same, and every
piece that could make such a step on the board must have its move.
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.grammar.sexpr import term_text
from gdl.interpreter.kif.lower.cases import read_cases
from gdl.interpreter.kif.lower.dnf import Disjunct, NotLowered, Unfolder
from gdl.interpreter.kif.lower.shape import Board, Cell, cell_name

COMPASS = {(0, 1): "n", (0, -1): "s", (1, 0): "e", (-1, 0): "w",
           (1, 1): "ne", (-1, 1): "nw", (1, -1): "se", (-1, -1): "sw"}
TARGETS = {frozenset({"empty"}): "empty", frozenset({"enemy"}): "enemy",
           frozenset({"empty", "enemy"}): "not own"}
Steps = tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]   # (target, per role: directions)


def _target(case, turn: int, start: tuple, to: Cell, marks: tuple[str, ...]) -> str | None:
    """What a case of a step's legal condition asks of its target: empty, enemy, or None."""
    rest = set(case.holds) - {start}
    if case.turn != {turn} or start not in case.holds:
        return None
    if not rest and set(case.empty) == {to}:
        return "empty"
    if not case.empty and len(rest) == 1:
        i, j, mark = rest.pop()
        return "enemy" if (i, j) == to and mark in marks and mark != start[2] else None
    return None


def step_moves(game, board: Board, unfold: Unfolder, noop: dict[int, int], name: str,
               swap: bool, to_gdl: Callable[[int, int], Cell], size: tuple[int, int],
               marks: tuple[str, ...]) -> tuple[dict[tuple[int, str], int], Steps]:
    """((KIF role, "from-to" in gdl's cell names) -> does index, the step rules)."""
    program = game.program
    index = [{v: n for n, v in enumerate(vs)} for vs in board.values]
    moves: dict[tuple[int, str], int] = {}
    allowed: dict[tuple[int, Cell], set[str]] = {}
    count: dict[tuple[int, Cell], int] = {}
    for k, (r, action) in enumerate(program.does):
        if program.legal[k] < 0 or k == noop[r]:
            continue
        if not isinstance(action, tuple) or action[0] != name or len(action) != 5:
            raise NotLowered(f"{game.players[r]}'s move {term_text(action)} is not a step "
                             f"like the others")
        a1, b1, a2, b2 = (action[2], action[1], action[4], action[3]) if swap else action[1:]
        i1, j1, i2, j2 = index[0].get(a1), index[1].get(b1), index[0].get(a2), index[1].get(b2)
        if i1 is None or j1 is None or i2 is None or j2 is None:
            raise NotLowered(f"the move {term_text(action)} names no cells")
        start, to = to_gdl(i1, j1), to_gdl(i2, j2)
        vector = (to[0] - start[0], to[1] - start[1])
        if vector not in COMPASS:
            raise NotLowered(f"the move {term_text(action)} is not a step to a neighbour")
        cases = read_cases(unfold, board, program.legal[k]) or []
        kinds = {_target(c, board.control[r], (i1, j1, marks[r]), (i2, j2), marks)
                 for c in cases}
        if not cases or None in kinds:
            raise NotLowered(f"{term_text(action)} is not legal on its role's turn by its "
                             f"piece and its target alone")
        seen = allowed.setdefault((r, vector), set(kinds))   # type: ignore[arg-type]
        if seen != kinds:
            raise NotLowered(f"{game.players[r]}'s steps {COMPASS[vector]} differ in targets")
        count[(r, vector)] = count.get((r, vector), 0) + 1
        moves[(r, f"{cell_name(start)}-{cell_name(to)}")] = k
    width, height = size
    for (r, (dx, dy)), n in count.items():
        if n != (width - abs(dx)) * (height - abs(dy)):
            raise NotLowered(f"{game.players[r]} steps {COMPASS[(dx, dy)]} from only some cells")
    return moves, _rules(allowed, len(game.players))


def _rules(allowed: dict[tuple[int, Cell], set[str]], roles: int) -> Steps:
    """The step rules: per target, each role's directions (every role needs some)."""
    out = []
    for target in sorted({TARGETS[frozenset(kinds)] for kinds in allowed.values()}):
        ways = tuple(tuple(sorted(COMPASS[v] for (r, v), kinds in allowed.items()
                                  if r == role and TARGETS[frozenset(kinds)] == target))
                     for role in range(roles))
        if not all(ways):
            raise NotLowered(f"not every role steps to {target}")
        out.append((target, ways))
    return tuple(out)


def piece_ends(game, board: Board, cases: list[Disjunct], unfold: Unfolder,
               marks: tuple[str, ...], to_gdl: Callable[[int, int], Cell]
               ) -> tuple[tuple[frozenset[Cell], ...], bool]:
    """(per role, the cells where its piece ends the game; whether losing every piece ends
    it), read from the terminal proposition's cases (those of a step counter left out)."""
    reach: dict[str, set[Cell]] = {m: set() for m in marks}
    wiped = set()
    for pos, neg in cases:
        key = board.where.get(next(iter(pos))) if len(pos) == 1 and not neg else None
        if key is not None and key[2] in reach:
            reach[key[2]].add(to_gdl(key[0], key[1]))
        elif not pos and len(neg) == 1:
            inner = [board.where.get(next(iter(p))) if len(p) == 1 and not n else None
                     for p, n in unfold.dnf(next(iter(neg)))]
            owners = {k[2] for k in inner if k is not None}
            where = {(k[0], k[1]) for k in inner if k is not None}
            mark = owners.pop() if len(owners) == 1 else None
            if None in inner or mark not in marks or \
                    where != {(i, j) for i, j, v in board.cells if v == mark}:
                raise NotLowered("terminal negates something other than a role's pieces")
            wiped.add(mark)
        else:
            raise NotLowered("a case of terminal is neither a piece on a cell nor no pieces left")
    if wiped and wiped != set(marks) or any(reach.values()) and not all(reach.values()):
        raise NotLowered("the roles do not end the game the same ways")
    return tuple(frozenset(reach[m]) for m in marks), bool(wiped)
