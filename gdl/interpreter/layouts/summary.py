"""What `gdl check` says about a puzzle: its shape, its search metadata, and a test of that
metadata on random walks (a move then its inverse restores the state; commuting moves
reach the same state in either order; conserved quantities stay put).
"""

from __future__ import annotations

import random
from typing import Any

WALKS, WALK_LENGTH = 20, 40


def violations(puzzle: Any, walks: int = WALKS, length: int = WALK_LENGTH,
               seed: int = 0) -> list[str]:
    """Every invariant found false on random walks from the goal: one line each, with the
    state and move that show it (empty when all held)."""
    rng = random.Random(seed)
    quantities = puzzle.quantities()
    found: list[str] = []
    for _ in range(walks):
        state = puzzle.goal_state()
        for _ in range(length):
            found += _at(puzzle, state, quantities)
            if found:
                return found
            state = puzzle.apply(state, rng.choice(list(puzzle.legal_moves(state))))
    return found


def _at(puzzle: Any, s: Any, quantities: dict) -> list[str]:
    legal = list(puzzle.legal_moves(s))
    text = puzzle.state_text(s)
    out = []
    for m in legal:
        t = puzzle.apply(s, m)
        name = puzzle.move_text(s, m)
        undo = puzzle.inverse(m)
        if undo is not None and (undo not in puzzle.legal_moves(t) or puzzle.apply(t, undo) != s):
            out.append(f"inverse of {name} fails at {text}")
        for q, f in quantities.items():
            if f(t) != f(s):
                out.append(f"{q} changes when {name} is played at {text}")
        for n in legal:
            if n != m and puzzle.commutes(m, n):
                u = puzzle.apply(s, n)
                if n not in puzzle.legal_moves(t) or m not in puzzle.legal_moves(u) \
                        or puzzle.apply(t, n) != puzzle.apply(u, m):
                    out.append(f"{name} and {puzzle.move_text(s, n)} do not commute at {text}")
    return out


def summary(puzzle: Any, seed: int = 0, problems: list[str] | None = None,
            walks: int = WALKS, length: int = WALK_LENGTH) -> str:
    """A few lines: the form, options, moves, inverse and commuting pairs, conserved
    quantities, the lower bound, and the result of `violations` (found here when not given)."""
    inv = puzzle.invariants
    if problems is None:
        problems = violations(puzzle, walks, length, seed)
    pairs = ", ".join("/".join(p) for p in inv["inverses"]) or "none"
    declared = " (declared ones verified exactly)" if inv["declared_inverses"] else " (derived)"
    lines = [
        f"{puzzle.name}: {puzzle.title} ({puzzle.kind}) - {'ok' if not problems else 'FAILED'}",
        f"  form: {inv['form']}; start {puzzle.state_text(puzzle.initial_state())}",
        f"  goal: {puzzle.state_text(puzzle.goal_state())}",
        f"  options: {', '.join(f'{k}={v}' for k, v in puzzle.options.items()) or 'none'}",
        f"  moves: {' '.join(inv['moves'])}",
        f"  inverse pairs: {pairs}{declared if inv['inverses'] else ''}",
        f"  commuting pairs: {', '.join('/'.join(p) for p in inv['commuting']) or 'none'}",
        f"  conserved: {', '.join(inv['conserved']) or 'none'}",
        f"  lower bound for IDA*: {inv['heuristic'] or 'pattern databases built near the goal'}",
        f"  {walks} random walks of {length} moves: "
        + ("inverses, commuting pairs and conserved quantities hold" if not problems
           else problems[0]),
    ]
    return "\n".join(lines)
