"""The board-game subset of KIF lowered into gdl's own core (docs/ggp.md, "The lowered
path"): recognised from the ground program, written in gdl's language, compiled as any
rules file, and used only when it plays exactly as the propnet game does.

    dnf         a ground proposition unfolded into conditions on the state
    shape       the state as one board fluent and a turn fluent
    recognise   placements or drops, lines of k, a full board: a Lowering
    text        the Lowering in gdl's rules language
    game        LoweredGame: the propnet game's protocol over the compiled one
    validate    the two compared (perft node by node, random games)
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.errors import GdlError
from gdl.interpreter.kif.game import KifGame
from gdl.interpreter.kif.lower.dnf import NotLowered
from gdl.interpreter.kif.lower.game import LoweredGame
from gdl.interpreter.kif.lower.recognise import Lowering, recognise
from gdl.interpreter.kif.lower.shape import read_board
from gdl.interpreter.kif.lower.text import rules_text
from gdl.interpreter.kif.lower.validate import disagreement

__all__ = ["LoweredGame", "NotLowered", "lower"]


def lower(game: KifGame, chains: list[dict[str, str]] | None = None,
          corrupt: Callable[[Lowering], Lowering] | None = None) -> LoweredGame:
    """`game` on gdl's core, validated against it.

    chains: succ-style tables (value -> next) to order coordinates that are not numbers
    (default: the description's own, GroundProgram.chains). corrupt: a test hook that
    changes the Lowering before it is written (validation must then refuse it).

    Raises:
        NotLowered: outside the subset, or the lowered game does not play the same (why).
    """
    from gdl.interpreter import compile_rules
    if chains is None:
        chains = [dict(rows) for rows in game.program.chains]
    lowering = recognise(game, read_board(game.program, chains))
    if corrupt is not None:
        lowering = corrupt(lowering)
    text = rules_text(lowering, game.name)
    try:
        compiled = compile_rules(text, f"<lowered {game.name}>")
    except GdlError as err:
        raise NotLowered(f"the lowered rules do not compile: {str(err).splitlines()[0]}") \
            from None
    lowered = LoweredGame(game, compiled, lowering, text)
    reason, done = disagreement(game, lowered)
    if reason is not None:
        raise NotLowered(f"the lowered game differs from the propnet's: {reason}")
    lowered.validated = done
    return lowered
