"""The fitted evaluation of a game, when a weights file for its rules exists.

`fitted(game)` is what the AI players ask: the heuristic and its Weights, or None (no
file, or a game without derived features). A file fitted to other rules is refused with
one line on stderr and the derived evaluation is used; a broken file is an error.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

from gdl.ai.features import derive_features
from gdl.ai import weights_file as wfile
from gdl.protocol import has_chance, has_simultaneous

_CACHE = "_fitted_evaluation"   # the answer, kept on the game object
_BORROWED = "_borrowed_engine"   # borrowed_engine's answer, kept likewise


def features_of(game: Any) -> tuple[tuple[str, ...], Any] | None:
    """The game's (feature names, features) or None when it has none."""
    if getattr(game, "ir", None) is None or not hasattr(game, "move_generator"):
        return None
    return derive_features(game)


def fitted(game: Any, path: Path | None = None) -> tuple[Any, wfile.Weights] | None:
    """(heuristic, weights) from `path` (default: the game's file, see weights.find).

    Raises:
        WeightsError: the file is broken, or (for an explicit `path`) stale.
    """
    if path is not None:
        return _read(game, path)
    if not hasattr(game, _CACHE):
        found, answer = wfile.find(game), None
        if found is not None:
            try:
                answer = _read(game, found, own=True)
            except wfile.WeightsError as err:
                if "stale" not in str(err):
                    raise
                print(f"gdl: warning: {err}; using the derived evaluation", file=sys.stderr)
        with contextlib.suppress(AttributeError):   # a game that takes no attributes
            setattr(game, _CACHE, answer)
        return answer
    return getattr(game, _CACHE)


def _read(game: Any, path: Path, own: bool = False) -> tuple[Any, wfile.Weights] | None:
    """The file's evaluation for `game`; None when the game has no features, or when the
    game's `own` file was fitted with other options (it then is not this game's)."""
    derived = features_of(game)
    if derived is None:
        return None
    names, features = derived
    weights = wfile.load(path)
    if own and not wfile.applies(weights, game):
        return None
    wfile.check_fits(weights, game, names, str(path))
    if weights.engine.get("evaluation") == "derived" and hasattr(game, "heuristic"):
        return game.heuristic, weights   # the fitted one lost to it: only the engine choice
    return wfile.evaluation(features, weights), weights


def borrowed_engine(game: Any) -> dict[str, Any]:
    """The engine stored in the game's own weights file when that file was fitted with other
    options (another board size): the choice of engine and the MCTS settings carry over where
    the weights do not (go 5x5 with the choice measured on 9x9: MCTS, 20-0-0 against the C++
    MCTSBot at 1,000 simulations where the default alpha-beta scored 6-5-9). Empty when
    there is no such file. Kept on the game object, as `fitted` keeps its answer."""
    if hasattr(game, _BORROWED):
        return dict(getattr(game, _BORROWED))
    found, engine = wfile.find(game), {}
    if found is not None:
        with contextlib.suppress(wfile.WeightsError):
            weights = wfile.load(found)
            engine = {} if wfile.applies(weights, game) else dict(weights.engine)
    with contextlib.suppress(AttributeError):   # a game that takes no attributes
        setattr(game, _BORROWED, engine)
    return dict(engine)


def describe(game: Any) -> str:
    """`gdl check`'s line on the AI: which evaluation and engine it plays with, and why."""
    if has_simultaneous(game):
        return "AI: none for simultaneous moves yet (`gdl solve` gives the value and the " \
               "mixed strategies of a small game; `gdl play` takes human and random seats)"
    two_player = len(game.players) == 2 and getattr(game, "zero_sum", False)
    default = "alphabeta (the default for two-player zero-sum games)" if two_player \
        else "mcts (the default for other games)"
    if has_chance(game):
        return "AI: engine mcts (the game has chance nodes: MCTS draws their outcomes)"
    if not two_player or features_of(game) is None:
        return f"AI: derived evaluation (nothing to fit: not a two-player board game); " \
               f"engine {default}"
    found = wfile.find(game)
    if found is None:
        which = getattr(game, "rules_file", None) or game.name   # a rules file of one's own
        return f"AI: derived evaluation (no weights file: `gdl train {which}`); " \
               f"engine {default}"
    try:
        weights = wfile.load(found)
        if not wfile.applies(weights, game):
            kept = weights.engine.get("choice")
            engine = f"{kept} (as chosen for {found.name}'s options)" if kept else default
            return f"AI: derived evaluation ({found.name} was fitted with other options); " \
                   f"engine {engine}"
        names, _ = features_of(game) or ((), None)
        wfile.check_fits(weights, game, names, str(found))
    except wfile.WeightsError as err:
        return f"AI: derived evaluation ({err}); engine {default}"
    t, e = weights.training, weights.engine
    engine = default if not e else f"{e.get('choice')} ({chosen_by(e)})"
    what = "derived evaluation (the fitted weights lost to it: " \
        if e.get("evaluation") == "derived" else "fitted weights ("
    return f"AI: {what}{found.name}: {t.get('games')} self-play games, seed " \
           f"{t.get('seed')}, {len(weights.features)} features{squares(weights)}); engine {engine}"


def chosen_by(engine: dict) -> str:
    """Why the stored engine was chosen: a play-off against an outside engine when one was
    stored (gdl.ai.engine.measured), else the self-play tournament."""
    p = engine.get("playoff")
    if p:
        return f"chosen against {p.get('against')}: alpha-beta scored " \
               f"{p.get('alphabeta_score', 0):.2f}, MCTS {p.get('mcts_score', 0):.2f}, " \
               f"{rollouts(engine)}, over {p.get('games')} games each"
    return f"chosen: alpha-beta scored {engine.get('alphabeta_score', 0):.2f} against MCTS, " \
           f"{rollouts(engine)}, over {engine.get('games')} games at " \
           f"{engine.get('seconds_per_move')} s a move"


def squares(weights: wfile.Weights) -> str:
    """The learned piece-square table's part of `describe`'s line, if the file has one."""
    p = weights.patterns
    return f" and a piece-square table of {p['planes']} planes" if p else ""


def rollouts(engine: dict) -> str:
    """How the stored engine choice's MCTS ends its rollouts."""
    cutoff = engine.get("mcts_cutoff_plies")
    return f"rollouts evaluated after {cutoff} plies" if cutoff else "rollouts played out"


def compiled_weights(found: tuple[Any, wfile.Weights] | None) -> tuple | None:
    """What `fitted` found, as the compiled evaluation takes it (gdl.interpreter.c: the fitted
    mode's weights and bias, and the learned patterns' table when the file has one; see
    Weights.compiled); None without a file or when the file keeps the derived evaluation
    (its fitted weights lost to it), which the compiled one then computes."""
    if found is None or found[1].engine.get("evaluation") == "derived":
        return None
    return found[1].compiled()
