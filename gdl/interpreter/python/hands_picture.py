"""How the board picture shows a game with hands (shogi): pieces by their position letters, a
piece that returns to the hand as another kind (a promoted one) as `+` and that kind's letter,
and each player's hand as a line of letters and counts instead of the raw list."""

from __future__ import annotations

from gdl.interpreter.core import ir


def promotes(game: ir.GameIR) -> bool:
    """Whether some kind returns to a hand as another kind (the picture then uses this module)."""
    return game.hand is not None and any(k != back and not game.pieces[k].endswith("~")
                                         for k, back in enumerate(game.returns_as))


def glyph(game: ir.GameIR, letters: dict[tuple[int, int], str], player: int, kind: int) -> str:
    """Two characters: ` P` for a pawn, `+P` for a promoted one (`+p`, ` p` the second player's)."""
    back = game.returns_as[kind]
    if game.pieces[kind].endswith("~"):   # a promoted twin: `Q~`, as it moves
        return letters[(player, kind)]
    return ("+" if back != kind else " ") + letters[(player, back)]


def hand_lines(game: ir.GameIR, letters: dict[tuple[int, int], str], hand: tuple) -> list[str]:
    """`Black holds: R B 2P` per player (`nothing` for an empty hand)."""
    kinds = len(game.pieces)
    out = []
    for p, name in enumerate(game.players):
        held = [f"{'' if n == 1 else n}{letters[(p, k)]}"
                for k, n in enumerate(hand[p * kinds:(p + 1) * kinds]) if n]
        out.append(f"{name} holds: {' '.join(held) or 'nothing'}")
    return out
