"""`gdl solve` of a game with simultaneous moves: its exact value by backward induction with
a matrix game at each node (gdl.solvers.simultaneous), and each player's optimal mixed
strategy at the position solved."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gdl.cli.common import Status
from gdl.protocol import State
from gdl.solvers.simultaneous.stages import solve_stages


def _share(p: Fraction) -> str:
    return f"{p} ({float(p):.4f})" if p.denominator != 1 else str(p)


def solve_simultaneous(game: Any, state: State, status: Status) -> tuple[list[str], dict]:
    """The value (to the first player) and each player's optimal mixed strategy."""
    status.show(f"solving {game.name} by backward induction over matrix games...")
    solved = solve_stages(game, state)
    status.clear()
    first = game.players[0]
    lines = [f"value: {_share(solved.value)} (for {first}; zero-sum)"]
    data: dict[str, Any] = {"game": game.name, "value": str(solved.value),
                            "value_float": float(solved.value), "for": first,
                            "positions": len(solved.nodes),
                            "seconds": round(solved.seconds, 3), "strategies": {}}
    node = solved.root
    if node is None:
        lines.append("strategy: none (the game is over)")
    else:
        movers = game.players if len(node.moves) > 1 else [game.players[game.current_player(state)]]
        for p, (name, moves, shares) in enumerate(zip(movers, node.moves, node.strategies)):
            mover = game.with_mover(state, p) if len(node.moves) > 1 else state
            texts = [(game.part_text(mover, m) if len(node.moves) > 1 else game.move_text(state, m))
                     for m in moves]
            played = [(t, s) for t, s in zip(texts, shares) if s]
            lines.append(f"{name}: " + ", ".join(f"{t} {_share(s)}" for t, s in played))
            data["strategies"][name] = {t: str(s) for t, s in played}
    lines += [f"positions: {len(solved.nodes):,}", f"time: {solved.seconds:.3f} s"]
    return lines, data
