"""`gdl train GAME`: fit the evaluation from seeded self-play and choose the engine.

Writes the weights file (gdl.ai.weights_file) to --out, default the weights directory
(gdl/ai/weights/NAME.json, or $GDL_WEIGHTS/NAME.json) for a bundled game and
FILE.weights.json beside a rules file of one's own (where `gdl play FILE` looks); prints
what it fitted. The self-play games run on --workers local processes or on Ray
(gdl.ai.training_runs): the same seed gives the same file either way. Ctrl-C stops after
the games under way and keeps a checkpoint (gdl.ai.train_checkpoint) that --resume
continues.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gdl.cli.common import (
    EXIT_INTERRUPTED, count_type, load_game, read_options, seconds_type, spread_arguments)
from gdl.errors import GdlError

GAMES = 200              # self-play games by default
ENGINE_GAMES = 6         # engine-choice games by default
ENGINE_SECONDS = 0.2     # their time per move
COMPARE_NODES = 5000     # fitted against derived evaluation: alpha-beta nodes a move


def train_game(game: Any, fitted: dict[str, Any], games: int, seed: int, engine_games: int,
               engine_seconds: float, progress: Callable[[str], None] | None = None,
               nodes: int | None = None, squares: bool = False) -> Any:
    """The Weights `gdl train` writes for `game` (a compiled two-player board game) from
    its self-play run's fit (`fitted`, gdl.ai.training_runs.run's answer; with `squares`,
    over the features and the board's (plane, cell) indicators): the file, then the
    engine tournament's choice when engine_games."""
    from gdl.ai import engine, fitted as use, patterns, training_runs as runs
    from gdl.ai.weights_file import Weights, evaluation, option_texts

    derived = use.features_of(game)
    if derived is None:
        raise GdlError(f"{game.name}: training needs a two-player board game")
    names, features = derived
    base = getattr(game, "heuristic", None) or (lambda state: (0.0, 0.0))
    board = patterns.Squares(game.ir) if squares else None
    found = runs.learned_weights(game, names, board, fitted["weights"], fitted["bias"])
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


def out_path(args: argparse.Namespace, game: Any) -> Path:
    """--out, else beside a rules file of one's own (FILE.weights.json, where the AI looks
    for it), else the weights directory."""
    from gdl import catalog
    from gdl.ai import weights_file as wfile
    if args.out:
        return Path(args.out)
    if args.game not in catalog.bundled_paths():
        return wfile.beside(Path(args.game))
    return wfile.default_path(game.name)


def self_play(args: argparse.Namespace, game: Any, out: Path, status: Any
              ) -> dict[str, Any] | None:
    """The self-play run's fit, resuming from and keeping the checkpoint beside `out`;
    None when Ctrl-C stopped it (the checkpoint then says where it stands)."""
    from gdl import catalog
    from gdl.ai import fitted as use, selfplay, train_checkpoint as saved, training_runs as runs
    if use.features_of(game) is None or len(game.players) != 2:
        raise GdlError(f"{game.name}: training needs a two-player board game")
    nodes = args.nodes or selfplay.NODES
    source = runs.Source(catalog.load, args.game, tuple(sorted(read_options(args.set).items())),
                         getattr(args, "backend", None))
    settings = {"game": game.name, "rules": game.rules_hash,
                "options": dict(source.options), "backend": source.backend or "auto",
                "games": args.games, "seed": args.seed, "nodes": nodes,
                "patterns": args.patterns}
    checkpoint = saved.path_for(out)
    progress = saved.load(checkpoint, settings) if args.resume else runs.Progress()
    runner = runs.runner(args.workers, args.ray)
    runs.keep_loaded(source, game)   # this process plays on the game already loaded
    try:
        fitted = runs.run(source, game.name, args.games, args.seed, nodes, runner, progress,
                          on_round=lambda p: saved.save(checkpoint, settings, p),
                          show=status.show, squares=args.patterns == "squares")
    finally:
        runner.close()
    if fitted is None:
        saved.save(checkpoint, settings, progress)
        status.clear()
        words = [w for w in sys.argv[1:] if w != "--resume"]
        again = " ".join(["gdl", *words, "--resume"]) if words[:1] == ["train"] \
            else "the same `gdl train` command with --resume"
        print(f"gdl: interrupted after {len(progress.games)} of {args.games} self-play games; "
              f"kept {checkpoint}\nto continue: {again}", file=sys.stderr)
    return fitted


def previous_engine(out: Path, game: Any) -> dict[str, Any] | None:
    """The engine part of the weights file a retrain replaces, when it is this game's (same
    rules and options); None otherwise."""
    from gdl.ai import weights_file as wfile
    try:
        old = wfile.load(out) if out.is_file() else None
    except wfile.WeightsError:
        return None
    if old is None or old.rules != game.rules_hash or not wfile.applies(old, game):
        return None
    return old.engine


def run(args: argparse.Namespace, status: Any) -> int:
    import attrs
    from gdl.ai import engine, fitted as use, train_checkpoint as saved

    game = load_game(args)
    out = out_path(args, game)
    fitted = self_play(args, game, out, status)
    if fitted is None:
        return EXIT_INTERRUPTED
    result = train_game(game, fitted, args.games, args.seed, args.engine_games,
                        args.engine_seconds, progress=status.show, nodes=args.nodes,
                        squares=args.patterns == "squares")
    status.clear()
    result = attrs.evolve(result, engine=engine.keep_measured(result.engine,
                                                              previous_engine(out, game)))
    out.parent.mkdir(parents=True, exist_ok=True)
    doc = result.to_json()
    out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    saved.path_for(out).unlink(missing_ok=True)
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
    spread_arguments(p, "play the self-play games", "the same seed gives the same file")
    p.add_argument("--resume", action="store_true",
                   help="continue the run that Ctrl-C stopped, from its checkpoint beside "
                        "the weights file (same arguments)")
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
                   "the weights directory, gdl/ai/weights/NAME.json or $GDL_WEIGHTS/NAME.json, "
                   "for a bundled game; FILE.weights.json beside a rules file of one's own)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
