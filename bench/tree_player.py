"""One gdl AI played from any gdl tree (the previous release's, a worktree, this one), for
bench/duel.py: run as a subprocess with that tree first on PYTHONPATH, it answers each
position with its move.

    PYTHONPATH=TREE python bench/tree_player.py GAME SPEC SEED SECONDS

SPEC as duel.py's (LEVEL[/derived][/alphabeta|/mcts][/native|/python]). It reads one JSON list of
move texts a line (the game from its start: the position to move in) and writes the move's
text. The player is built once and kept, as a player is in duel.py; its weights are the
tree's own, or $GDL_WEIGHTS's. Written against the API both trees have (catalog.load,
AIPlayer, with_backend, parse_move, move_text).
"""

from __future__ import annotations

import json
import sys


def modules():
    """(AIPlayer, with_backend) of the tree on the path: its current or its older layout."""
    try:
        from gdl.ai.players import AIPlayer
        from gdl.interpreter.c.backend import with_backend
    except ImportError:   # the layout before gdl/ai and gdl/interpreter/c (dd72c4f)
        from gdl.players import AIPlayer  # type: ignore[no-redef]
        from gdl.native.backend import with_backend  # type: ignore[no-redef]
    return AIPlayer, with_backend


def main() -> None:
    name, spec, seed, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    from gdl import catalog
    ai_player, with_backend = modules()
    level, *rest = spec.split("/")
    # the commands' default back end (None), or the one asked for, as duel.py's
    game = with_backend(catalog.load(name), "native" if "native" in rest else
                        "python" if "python" in rest else None)
    engine = next((r for r in rest if r in ("alphabeta", "mcts")), "auto")
    ai = ai_player(game, level, seed=seed, time_per_move=None if seconds == "-" else
                   float(seconds), engine=engine,
                   evaluation="derived" if "derived" in rest else "auto")
    print("ready", flush=True)
    for line in sys.stdin:
        state = game.initial_state()
        for text in json.loads(line):
            state = game.apply(state, game.parse_move(state, text))
        move = ai.choose(game, state)
        print(game.move_text(state, move), flush=True)


if __name__ == "__main__":
    main()
