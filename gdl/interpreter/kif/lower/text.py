"""A recognised KIF board game written in gdl's rules language: the text is built from the
Lowering's numbers and fixed words only (the KIF's own words never reach it, but for a
title kept to letters, digits and spaces)."""

from __future__ import annotations

import re

from gdl.interpreter.kif.lower.recognise import Lowering
from gdl.interpreter.kif.lower.shape import Cell, cell_name


def player_names(count: int) -> list[str]:
    return [f"Player{n + 1}" for n in range(count)]


def rules_text(lowering: Lowering, name: str) -> str:
    """The game in gdl's language: tic-tac-toe on 3 x 3 is

        game "tictactoe"
        players Player1 Player2
        board 3 x 3
        symmetry dihedral
        move: place on empty
        end: mover wins if line 3
        end: draw if full
    """
    title = re.sub(r"[^A-Za-z0-9 _-]", " ", name).strip() or "kif"
    if lowering.kind == "step":
        return _steps_text(lowering, title)
    place = lowering.kind == "place"
    square = lowering.width == lowering.height
    lines = [f'game "{title}"',
             f"players {' '.join(player_names(len(lowering.turn)))}",
             f"board {lowering.width} x {lowering.height}",
             "symmetry dihedral" if place and square else "symmetry mirror",
             "move: place on empty" if place else
             "move: place on empty and (row 1 or s is occupied)",
             f"end: mover wins if line {lowering.k}"]
    if lowering.full_draws:
        lines.append("end: draw if full")
    return "\n".join(lines + _limit(lowering)) + "\n"


def _limit(lowering: Lowering) -> list[str]:
    return [f"end: draw if plies >= {lowering.limit}"] if lowering.limit else []


def _cells(cells: frozenset[Cell]) -> str:
    return " or ".join(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


def _steps_text(lowering: Lowering, title: str) -> str:
    """Pawns that step (recognise.py's "step" kind), per player in turn order."""
    players = player_names(len(lowering.turn))
    turn = lowering.turn
    lines = [f'game "{title}"', f"players {' '.join(players)}",
             f"board {lowering.width} x {lowering.height}", "pieces pawn"]
    for n, (_, ways) in enumerate(lowering.steps):
        parts = ", ".join(f"{players[p]} {' '.join(ways[role])}" for p, role in enumerate(turn))
        lines.append(f"direction way{n + 1}: {parts}")
    lines += [f"setup {players[p]} pawn: {_cells(lowering.start[role])}"
              for p, role in enumerate(turn)]
    if any(lowering.reach):
        lines.append("region goal: " + ", ".join(
            f"{players[p]} -> {_cells(lowering.reach[role])}" for p, role in enumerate(turn)))
    lines.append("symmetry mirror")
    lines += [f"move: step pawn way{n + 1} to {target}"
              for n, (target, _) in enumerate(lowering.steps)]
    if any(lowering.reach):
        lines.append("end: mover wins if own pawn in goal")
    if lowering.wipeout:
        lines.append("end: mover wins if no enemy")
    return "\n".join(lines + _limit(lowering)) + "\n"
