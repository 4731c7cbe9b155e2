"""gdl's AI against OpenSpiel's MCTS bot, each on its own implementation of the game.

OpenSpiel's side is its MCTSBot (UCT, c = 2, one random rollout per leaf, the solver on;
1000 simulations by default) on OpenSpiel's C++ game: `--bot python` (the default)
`open_spiel.python.algorithms.mcts.MCTSBot`, `--bot cpp` the same algorithm in C++
(`pyspiel.MCTSBot`), many times faster, so gdl's equal time is that much shorter; the
JSON's `args` record which. gdl's side is its AI (`ai:hard`: the fitted weights and the
engine chosen with them when the game has a weights file) on the compiled rules. The two
boards are kept in step through the oracle modules (tools/oracles/NAME.py): a move is
matched by the position it leads to, on either side.
Equal time: gdl's budget for a move is what OpenSpiel's bot took on its previous move
(its first: the bot's time on the start position, measured once). Colours alternate;
everything is seeded. OpenSpiel referees: its returns score the game, and in a chance game
it draws the outcomes (seeded, by their probabilities), which gdl's side then makes too.

    python bench/playoff_openspiel.py GAME [--games N] [--start K] [--seed S] [--simulations N]
                                           [--bot python|cpp]
                                           [--engine auto|alphabeta|mcts] [--derived]
                                           [--level LEVEL] [--backend native|auto|python]
                                           [--set NAME=VALUE] [--param NAME=VALUE]

`--set` and `--param` change the oracle module's game on both sides (go 9x9: `--set size=9
--param board_size=9`; the oracle's own is 5x5).

`--backend native` (or auto) searches with the AI's alpha-beta in C
(gdl.solvers.search.native_alphabeta).
Prints one line per game and then wins, draws and losses, the score with a 95% interval,
and the median seconds per move of both sides; every game (moves in gdl's text, times,
score, the machine's load average at its end) goes to `--out` (default
bench/data/playoff_openspiel_GAME.json), written again after each game so that a run cut
short keeps the games it finished.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.playoff_record import interval, keep, write  # noqa: E402

MAX_PLIES = 1000


BOTS = ("python", "cpp")
CPP_MEMORY_MB = 1000   # the C++ bot's tree bound (10,000 simulations stay far below it)


def spiel_bot(spiel, simulations: int, seed: int, bot: str = "python"):
    """OpenSpiel's MCTSBot, UCT c = 2, random rollouts, solving: in Python or in C++."""
    if bot == "cpp":
        import pyspiel
        return pyspiel.MCTSBot(spiel, pyspiel.RandomRolloutEvaluator(1, seed), 2.0,
                               simulations, CPP_MEMORY_MB, True, seed, False)
    import numpy as np
    from open_spiel.python.algorithms import mcts
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                        random_state=rng, solve=True)


def play_game(name, module, game, spiel, simulations, seed, gdl_seat, make_ai, budget,
              which="python"):
    """One game; returns (gdl's score, plies, gdl's move times, OpenSpiel's move times, the
    moves in gdl's text)."""
    from tools import oracle
    ai = make_ai(seed)
    bot = spiel_bot(spiel, simulations, seed, which)
    split = getattr(module, "SPLIT", "player")
    ours, theirs = game.initial_state(), oracle.spiel_initial(module, spiel)
    gdl_times, spiel_times, texts = [], [], []
    order = getattr(module, "PLAYERS", (0, 1))
    plies, dice = 0, random.Random(seed)   # OpenSpiel referees the draws, seeded
    while not theirs.is_terminal() and plies < MAX_PLIES:
        if game.is_terminal(ours):
            raise AssertionError(f"{name}: gdl's game ended, OpenSpiel's did not "
                                 f"({game.position_text(ours)})")
        if theirs.is_chance_node():   # the draw, by its probability, made in both
            outcomes = theirs.chance_outcomes()
            theirs.apply_action(dice.choices([a for a, _ in outcomes],
                                             [p for _, p in outcomes])[0])
            ours, text = matched(name, module, game, ours, theirs)
            texts.append(text)
        elif game.current_player(ours) == gdl_seat:
            start = perf_counter()
            if budget is not None:   # this move's budget, for the search and what follows it
                ai.seconds = ai.engine.time_limit = budget
            move = ai.choose(game, ours)   # (a proven loss: the move with the most chances)
            gdl_times.append(perf_counter() - start)
            texts.append(game.move_text(ours, move))
            ours = game.apply(ours, move)
            key = oracle.board_key(game, ours, module)
            found = [after for _, after in oracle.turns(theirs, split)
                     if module.position(after) == key]
            if not found:
                raise AssertionError(f"{name}: OpenSpiel has no move to {key}")
            theirs = found[0]
        else:
            start = perf_counter()
            player = theirs.current_player()
            while not theirs.is_terminal() and theirs.current_player() == player:
                theirs.apply_action(bot.step(theirs))
                if split == "action":
                    break
            took = perf_counter() - start
            spiel_times.append(took)
            if budget is not None:
                budget = took
            ours, text = matched(name, module, game, ours, theirs)
            texts.append(text)
        plies += 1
    returns = theirs.returns() if theirs.is_terminal() else [0.0, 0.0]
    mine = returns[order[gdl_seat]]
    return (mine + 1) / 2, plies, gdl_times, spiel_times, texts


def matched(name, module, game, ours, theirs):
    """gdl's position after its move to where OpenSpiel's state `theirs` is, and that
    move's text."""
    from tools import oracle
    key = module.position(theirs)
    moves = [m for m in game.legal_moves(ours)
             if oracle.board_key(game, game.apply(ours, m), module) == key]
    if not moves:
        raise AssertionError(f"{name}: gdl has no move to {key}")
    return game.apply(ours, moves[0]), game.move_text(ours, moves[0])


def first_move_state(module, spiel, seed: int):
    """OpenSpiel's first position a player moves in (the draws before it seeded)."""
    from tools import oracle
    state, dice = oracle.spiel_initial(module, spiel), random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(dice.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="connect4")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--start", type=int, default=0,
                        help="the first game's number: games START.. of a longer run, with "
                             "the seeds and colours that run gives them")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--bot", default="python", choices=BOTS,
                        help="OpenSpiel's MCTSBot in Python (the default) or in C++")
    parser.add_argument("--engine", default="auto", choices=("auto", "alphabeta", "mcts"))
    parser.add_argument("--derived", action="store_true",
                        help="ignore the weights file: the derived evaluation")
    parser.add_argument("--level", default="hard",
                        help="gdl's level; hard (the default) takes OpenSpiel's time per move, "
                             "a node budget ignores it")
    parser.add_argument("--backend", default=None, choices=("auto", "native", "python"))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a gdl option over the oracle's (go: size=9)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="an OpenSpiel parameter over the oracle's (go: board_size=9)")
    parser.add_argument("--out", default=None,
                        help="the games' JSON (default bench/data/playoff_openspiel_GAME.json)")
    args = parser.parse_args()
    args.out = args.out or str(ROOT / "bench" / "data" / f"playoff_openspiel_{args.game}.json")

    import pyspiel
    from tools import oracle
    from gdl import catalog
    from gdl.ai.players import AIPlayer
    module = oracle.oracle(args.game)
    options = {k: str(v) for k, v in getattr(module, "OPTIONS", {}).items()}
    options.update(item.split("=", 1) for item in args.set)
    params = dict(getattr(module, "PARAMS", {}))
    params.update((k, int(v) if v.isdigit() else v)
                  for k, v in (item.split("=", 1) for item in args.param))
    from gdl.interpreter.c.backend import with_backend
    game = with_backend(catalog.load(args.game, options), args.backend)   # None: the default
    spiel = pyspiel.load_game(module.SPIEL, params)
    if args.derived:
        game._fitted_evaluation = None   # what gdl.ai.fitted caches: no weights
    start = first_move_state(module, spiel, args.seed)
    t0 = perf_counter()
    spiel_bot(spiel, args.simulations, args.seed, args.bot).step(start)
    first_budget = perf_counter() - t0 if args.level == "hard" else None

    def make_ai(seed):
        return AIPlayer(game, args.level, seed=seed, time_per_move=first_budget,
                        engine=args.engine)

    from gdl.ai import fitted as use
    fitted = use.fitted(game)
    kept = fitted is not None and fitted[1].engine.get("evaluation") != "derived"
    print(f"{args.game} ({', '.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}): "
          f"gdl ai:{args.level} ({'fitted' if kept else 'derived'} evaluation, "
          f"back end {args.backend or 'auto, the default'}, "
          f"engine {make_ai(0).engine.__class__.__name__}) against OpenSpiel MCTSBot in "
          f"{'C++' if args.bot == 'cpp' else 'Python'} ({args.simulations} simulations, "
          f"random rollouts); first budget "
          f"{first_budget or 0:.2f} s", flush=True)
    tally: collections.Counter[str] = collections.Counter()
    scores, gdl_times, spiel_times, games = [], [], [], []
    for i in range(args.start, args.start + args.games):
        seat = i % 2
        score, plies, mine, theirs, texts = play_game(args.game, module, game, spiel,
                                                      args.simulations, args.seed + i, seat,
                                                      make_ai, first_budget, args.bot)
        games.append({"seed": args.seed + i, "gdl": game.players[seat], "moves": texts,
                      "gdl_seconds": [round(t, 4) for t in mine],
                      "engine_seconds": [round(t, 4) for t in theirs], "score": score,
                      "load": round(os.getloadavg()[0], 1)})   # the machine's, at its end
        scores.append(score)
        gdl_times += mine
        spiel_times += theirs
        tally["W" if score == 1 else "D" if score == 0.5 else "L"] += 1
        print(f"game {i + 1}: gdl plays {game.players[seat]}, "
              f"{'win' if score == 1 else 'draw' if score == 0.5 else 'loss'} in {plies} plies; "
              f"median s/move gdl {statistics.median(mine or [0]):.2f}, "
              f"OpenSpiel {statistics.median(theirs or [0]):.2f}", flush=True)
        write(args.out, f"{len(games)} games so far", args, games)   # kept if cut short
    mean, low, high = interval(scores)
    keep(args.out, f"{args.game} against MCTSBot ({args.bot}, {args.simulations} "
         f"simulations): W {tally['W']} D {tally['D']} L {tally['L']} over "
         f"{args.games} games; score {mean:.2f} (95% {low:.2f}-{high:.2f}); median s/move gdl "
         f"{statistics.median(gdl_times or [0]):.2f}, OpenSpiel "
         f"{statistics.median(spiel_times or [0]):.2f}", args, games)


if __name__ == "__main__":
    main()
