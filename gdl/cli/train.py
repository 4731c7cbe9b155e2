"""`gdl train GAME`: fit the evaluation from seeded self-play and choose the engine.

Writes the weights file (gdl.ai.weights_file) to --out, default the weights directory
(gdl/ai/weights/NAME.json, or $GDL_WEIGHTS/NAME.json); prints what it fitted.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gdl.cli.common import count_type, load_game, seconds_type
from gdl.errors import GdlError

GAMES = 200              # self-play games by default
ENGINE_GAMES = 6         # engine-choice games by default
ENGINE_SECONDS = 0.2     # their time per move
COMPARE_NODES = 5000     # fitted against derived evaluation: alpha-beta nodes a move


def train_game(game: Any, games: int, seed: int, engine_games: int, engine_seconds: float,
               progress: Callable[[str], None] | None = None, nodes: int | None = None,
               squares: bool = True) -> Any:
    """The Weights `gdl train` writes for `game` (a compiled two-player board game).

    Raises:
        GdlError: the game has no derived features (not a two-player board game).
    """
    from gdl.ai import engine, patterns, selfplay, fitted as use
    from gdl.ai.weights_file import Weights, evaluation, option_texts

    derived = use.features_of(game)
    if derived is None or len(game.players) != 2:
        raise GdlError(f"{game.name}: training needs a two-player board game")
    names, features = derived
    base = getattr(game, "heuristic", None) or (lambda state: (0.0, 0.0))
    board = patterns.Squares(game.ir) if squares else None
    # the fit's rows: the features, then the (plane, cell) indicators of the learned table
    rows = features if board is None else patterns.rows(features, board)

    def learned(w: Any, b: float) -> Weights:
        hand = tuple(float(v) for v in w[:len(names)])
        table = board.describe(board.table(w[len(names):])) if board is not None else {}
        return Weights(game.name, game.rules_hash, names, hand, float(b), patterns=table)

    def make(w: Any, b: float) -> Any:
        found = learned(w, b)
        heuristic = evaluation(features, found)
        heuristic.compiled = found.compiled()  # type: ignore[attr-defined]
        return heuristic

    fitted = selfplay.train(game, rows, base, make, games, seed, progress=progress,
                            nodes=nodes or selfplay.NODES)
    found = learned(fitted["weights"], fitted["bias"])
    weights = Weights(game.name, game.rules_hash, names, found.weights,
                      found.bias, patterns=found.patterns, training={
                          "games": games, "seed": seed, "positions": fitted["positions"],
                          **({"nodes": nodes} if nodes else {}),
                          "first_player_score": fitted["first_player_score"],
                          "log_loss": fitted["log_loss"]},
                      options=option_texts(game))
    if engine_games:
        heuristic = evaluation(features, weights)
        chosen = engine.choose(game, heuristic, engine_games, engine_seconds, seed, progress,
                               weights=weights.compiled())
        chosen.update(engine.compare(game, heuristic, base, engine_games, COMPARE_NODES, seed,
                                     progress))
        weights = Weights(weights.game, weights.rules, names, weights.weights, weights.bias,
                          chosen, weights.training, weights.options, weights.patterns)
    return weights


def run(args: argparse.Namespace, status: Any) -> int:
    from gdl.ai import fitted as use
    from gdl.ai import weights_file as wfile

    game = load_game(args)
    result = train_game(game, args.games, args.seed, args.engine_games, args.engine_seconds,
                        progress=status.show, nodes=args.nodes,
                        squares=args.patterns == "squares")
    status.clear()
    out = Path(args.out) if args.out else wfile.default_path(game.name)
    out.parent.mkdir(parents=True, exist_ok=True)
    doc = result.to_json()
    out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(dict(doc, path=str(out)), indent=2))
        return 0
    print(f"{game.name}: {args.games} self-play games (seed {args.seed}), "
          f"{result.training['positions']} positions, log loss {result.training['log_loss']}")
    for name, w in zip(result.features, result.weights):
        print(f"  {name:<16} {w:+.3f}")
    print(f"  {'(bias)':<16} {result.bias:+.3f}")
    if result.patterns:
        table = result.patterns["table"]
        print(f"  {'(squares)':<16} {result.patterns['planes']} planes, "
              f"{sum(1 for v in table if v)} weights, from {min(table) / 4096:+.3f} "
              f"to {max(table) / 4096:+.3f}")
    if result.engine:
        e = result.engine
        print(f"engine: {e['choice']} (alpha-beta scored {e['alphabeta_score']:.2f} against "
              f"MCTS, {use.rollouts(e)}, over {e['games']} games at "
              f"{e['seconds_per_move']:g} s a move)")
        print(f"evaluation: {e['evaluation']} (the fitted one scored {e['fitted_score']:.2f} "
              f"against the derived over {e['evaluation_games']} games at "
              f"{e['evaluation_nodes']} nodes a move)")
    print(f"wrote {out}")
    return 0


def add_command(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add `train` through cli_parser.build_parser's `command` helper."""
    p = command("train", run, "fit the evaluation's weights from seeded self-play, choose "
                "the engine by a short tournament, and write the weights file", parents)
    p.add_argument("--games", type=count_type(1), default=GAMES,
                   help=f"self-play games (default: {GAMES})")
    p.add_argument("--seed", type=int, default=0, help="the seed (default: 0)")
    p.add_argument("--nodes", type=count_type(1), default=None,
                   help="alpha-beta nodes a self-play move (default: 200; with --backend "
                        "native the search runs in C, so more are cheap)")
    p.add_argument("--engine-games", type=count_type(0), default=ENGINE_GAMES,
                   help=f"alpha-beta against MCTS games for the engine choice; 0 skips it "
                        f"(default: {ENGINE_GAMES})")
    p.add_argument("--engine-seconds", type=seconds_type, default=ENGINE_SECONDS,
                   help=f"their time per move (default: {ENGINE_SECONDS:g})")
    p.add_argument("--patterns", choices=("squares", "none"), default="squares",
                   help="learned board patterns next to the derived features: squares (a "
                        "piece-square table, one weight per plane and cell; the default) or "
                        "none (the derived features only, a version 1 file)")
    p.add_argument("--out", metavar="FILE", help="where to write the weights (default: "
                   "the weights directory, gdl/ai/weights/NAME.json or $GDL_WEIGHTS/NAME.json)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
