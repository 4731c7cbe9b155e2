"""Two gdl AIs against each other on one game: seeded random openings, each played twice
with the colours swapped, so that players with a fixed node budget still meet in many
different games. What the fitted evaluation brings, and how far apart the levels are.

    python bench/duel.py GAME SPEC_A SPEC_B [--games N] [--opening PLIES] [--seed S]
                                            [--time SECONDS]
                                            [--tree-a DIR] [--tree-b DIR]
                                            [--weights-a DIR] [--weights-b DIR]

A SPEC is LEVEL[/derived][/alphabeta|/mcts][/native|/python][/plain|/before][/rave=K][/mast=E]
[/ppa=A][/solver|/nosolver][/decisive|/nodecisive][/stratify|/nostratify][/widen=W]
[/fresh][/eyes=M][/plies=N][/c=C][/order][/singular]:
a level (easy, medium, hard, or a number of nodes or simulations), `derived` to ignore the
game's weights file, an engine to force one, `native` to build the native back end at once
and move through it too, `python` to search on the Python back end (without either, the
commands' default: the AI searches in C where a compiler is, since 7 December 2026;
before, a SPEC without `native` searched on Python),
`plain` for that alpha-beta without its selective search (quiescence, PVS, reductions),
`before` for it without what came after those (aspiration, check extensions, null move,
counter-moves), `rave=K` for the C MCTS with RAVE (K: its equivalence visits), `mast=E`
with MAST rollouts (E: their epsilon, 0 off), `ppa=A` with PPA rollouts (A: its learning
rate), `solver`/`nosolver` with MCTS-Solver or without, `decisive`/`nodecisive` with
rollouts that take a win at once or without, `stratify`/`nostratify` with a chance node's
outcomes visited by their shares or drawn, `widen=W` with progressive widening, `fresh`
with a new tree every move (no reuse), `eyes=M` with the rollouts' eye rule in mode M
(interpreter/core/playout_eyes.py), `plies=N` with rollouts cut after N plies, `c=C` with
UCT's exploration C, `order` with children expanded by MAST's means, `singular` for the C
alpha-beta with singular extensions (off by default).
`--tree-b DIR` plays B from another gdl tree (e.g. the previous release's, made once with
`git worktree add --detach /work/dd72 dd72c4f`): B then runs in a subprocess with DIR first
on its path (bench/tree_player.py), on that tree's own code, weights and defaults, and
answers each position with its move's text; the clock of a move is the same for both.
`--weights-b DIR` gives B the weights files of DIR ($GDL_WEIGHTS; in a subprocess on this
tree unless --tree-b names one): a newly trained file against the bundled one. (-a: A.)
Prints A's wins, draws and losses and its score with a 95% interval.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MAX_PLIES = 400


def player(game, spec: str, seed: int, seconds: float | None):
    from gdl.ai.players import AIPlayer
    level, *rest = spec.split("/")
    engine = next((r for r in rest if r in ("alphabeta", "mcts")), "auto")
    evaluation = "derived" if "derived" in rest else "auto"
    from gdl.interpreter.c.backend import with_backend
    # the commands' default back end (the AI's search in C where a compiler is), as
    # tree_player.py's; `native` builds now and moves through C too; `python` keeps Python
    game = with_backend(game, "native" if "native" in rest else
                        "python" if "python" in rest else None)
    ai = AIPlayer(game, level, seed=seed, time_per_move=seconds, engine=engine,
                  evaluation=evaluation)
    if "plain" in rest:
        ai.engine.selective = False
    if "before" in rest:
        from gdl.solvers.search.native_alphabeta import BEFORE
        ai.engine.selective = BEFORE
    if "singular" in rest:
        from gdl.solvers.search.native_alphabeta import SELECTIVE, SINGULAR
        ai.engine.selective = SELECTIVE | SINGULAR
    for part in rest:   # the C MCTS's options (native_mcts.NativeMCTS)
        if part.startswith("rave="):
            ai.engine.rave = float(part[5:])
        if part.startswith("mast="):
            ai.engine.mast = float(part[5:])
        if part in ("solver", "nosolver"):
            ai.engine.solver = part == "solver"
        if part.startswith("ppa="):
            ai.engine.ppa = float(part[4:])
        if part.startswith("widen="):
            ai.engine.widen = float(part[6:])
        if part == "fresh":
            ai.engine.reuse = False
        if part.startswith("eyes="):   # the rollouts' eye rule (core/playout_eyes.py)
            ai.engine.eyes = int(part[5:])
        if part.startswith("plies="):   # rollouts cut (and evaluated) after this many plies
            ai.engine.max_rollout_plies = int(part[6:])
        if part == "order":   # children expanded by MAST's means
            ai.engine.order = True
        if part in ("stratify", "nostratify"):   # chance nodes' outcomes by their shares
            ai.engine.stratify = part == "stratify"
        if part in ("decisive", "nodecisive"):   # rollouts play a move that wins at once
            ai.engine.decisive = part == "decisive"
        if part.startswith("c="):   # UCT's exploration
            ai.engine.c = float(part[2:])
    return ai


class TreePlayer:
    """A player in a subprocess on another tree (bench/tree_player.py): told the moves so
    far, as texts, it answers its move's text."""

    def __init__(self, name: str, spec: str, seed: int, seconds: float | None,
                 tree: str | None, weights: str | None) -> None:
        env = dict(os.environ, PYTHONPATH=str(Path(tree or ROOT).resolve()))
        env.pop("GDL_WEIGHTS", None)
        if weights:
            env["GDL_WEIGHTS"] = str(Path(weights).resolve())
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "tree_player.py"), name, spec, str(seed),
             "-" if seconds is None else str(seconds)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, cwd=str(Path(tree or ROOT).resolve()), env=env)
        if self.process.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the player on {tree} did not start")

    def move_text(self, texts: list[str]) -> str:
        self.process.stdin.write(json.dumps(texts) + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def play(game, players, opening: list, dice: random.Random) -> float:
    """Player 0's score in one game that starts with the `opening` moves; a chance node's
    outcome drawn by its probability from `dice` (never chosen by a player)."""
    from gdl.protocol import CHANCE
    state, texts = game.initial_state(), []
    for move in opening:
        texts.append(game.move_text(state, move))
        state = game.apply(state, move)
    for _ in range(MAX_PLIES):
        if game.is_terminal(state):
            return (game.returns(state)[0] + 1) / 2
        if game.current_player(state) == CHANCE:
            outcomes = game.chance_outcomes(state)
            move = dice.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
            texts.append(game.move_text(state, move))
            state = game.apply(state, move)
            continue
        who = players[game.current_player(state)]
        if isinstance(who, TreePlayer):
            move = game.parse_move(state, who.move_text(texts))
        else:
            move = who.choose(game, state)
        texts.append(game.move_text(state, move))
        state = game.apply(state, move)
    return 0.5


def random_opening(game, plies: int, rng: random.Random) -> list:
    state, moves = game.initial_state(), []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        move = rng.choice(list(game.legal_moves(state)))
        moves.append(move)
        state = game.apply(state, move)
    if game.is_terminal(state):
        return random_opening(game, plies - 1, rng) if plies > 0 else []
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="connect4")
    parser.add_argument("a", nargs="?", default="medium")
    parser.add_argument("b", nargs="?", default="easy")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--opening", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time", type=float, default=None,
                        help="time per move of a hard player (default 1 s)")
    for side in ("a", "b"):
        parser.add_argument(f"--tree-{side}", metavar="DIR",
                            help=f"play {side.upper()} from the gdl tree in DIR (a subprocess)")
        parser.add_argument(f"--weights-{side}", metavar="DIR",
                            help=f"{side.upper()}'s weights files ($GDL_WEIGHTS; a subprocess)")
    args = parser.parse_args()

    def seat(side: str, spec: str, seed: int):
        tree, weights = getattr(args, f"tree_{side}"), getattr(args, f"weights_{side}")
        if tree or weights:
            return TreePlayer(args.game, spec, seed, args.time, tree, weights)
        return player(game, spec, seed, args.time)
    from gdl import catalog
    game = catalog.load(args.game)
    rng = random.Random(args.seed)
    scores, wins, draws, start = [], 0, 0, perf_counter()
    opening: list = []
    for i in range(args.games):
        if i % 2 == 0:
            opening = random_opening(game, args.opening, rng)
        a_seat = i % 2
        seats = [None, None]
        seats[a_seat] = seat("a", args.a, args.seed + i)
        seats[1 - a_seat] = seat("b", args.b, args.seed + 1000 + i)
        # a pair of games (colours swapped) meets the same dice
        first = play(game, seats, opening, random.Random(args.seed + i // 2))
        for who in seats:
            if isinstance(who, TreePlayer):
                who.close()
        score = first if a_seat == 0 else 1 - first
        scores.append(score)
        wins += score == 1
        draws += score == 0.5
        print(f"game {i + 1}: A plays {game.players[a_seat]}: {score:g}", flush=True)
    n = len(scores)
    mean = sum(scores) / n
    half = 1.96 * (statistics.stdev(scores) if n > 1 else 0) / n ** 0.5
    print(f"{args.game}: A={args.a} against B={args.b}: W {wins} D {draws} L {n - wins - draws} "
          f"over {n} games; score {mean:.3f} (95% {max(0, mean - half):.2f}-"
          f"{min(1, mean + half):.2f}); {perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
