"""A recognised KIF board game written in gdl's rules language: the text is built from the
Lowering's numbers and fixed words only (the KIF's own words never reach it, but for a
title kept to letters, digits and spaces)."""

from __future__ import annotations

import re

from gdl.interpreter.kif.lower.recognise import Lowering


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
    return "\n".join(lines) + "\n"
