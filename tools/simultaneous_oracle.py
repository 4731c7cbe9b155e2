"""gdl's simultaneous-move games against OpenSpiel's own (pyspiel): matrix_rps, blotto,
goofspiel and oshi_zumo, joint move by joint move, and their solved values against
OpenSpiel's solvers.

A joint move is matched part by part: each player's legal moves, in order, are OpenSpiel's
legal actions in order, and `same(game, part_text, action_text)` says the two name the same
choice (`deploy 0 1` is `[0,1,3]`). OpenSpiel's goofspiel plays its last, forced turn
itself; gdl's is one joint move of one choice each, played when OpenSpiel has ended.

    python tools/simultaneous_oracle.py record NAME    # tests/data/oracle/NAME.json
    python tools/simultaneous_oracle.py compare NAME   # 200 seeded games in both

The record holds perft from the start and from 30 positions of seeded random play (the
format of tools/oracle.py's) and `values`: OpenSpiel's value of the start and of those
positions (open_spiel.python.algorithms: value_iteration, each node a matrix game solved by
lp_solver; lp_solver on the matrix for a one-shot game).
"""

from __future__ import annotations

import functools
import json
import random
import re
import sys
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "oracle"
POSITIONS = 30
GAMES = 200
sys.path.insert(0, str(ROOT))


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text)]


class Oracle(NamedTuple):
    spiel: str              # OpenSpiel's game string
    options: dict           # gdl's options
    depth: int              # perft from the start
    position_depth: int     # perft from the recorded positions
    same: Any               # (gdl part text, OpenSpiel action text) -> bool


ORACLES = {
    "roshambo": Oracle("matrix_rps", {}, 1, 1, lambda part, action: part == action.lower()),
    "blotto": Oracle("blotto(coins=4,fields=3,players=2)", {}, 1, 1,
                     lambda part, action: _numbers(part) == _numbers(action)[:2]),
    "goofspiel": Oracle("goofspiel(num_cards=4,points_order=descending,imp_info=false,"
                        "returns_type=win_loss)", {}, 3, 2,
                        lambda part, action: _numbers(part) == _numbers(action)[1:]),
    # a player with fewer coins than min_bid bids them all: gdl's `all`, one move
    "oshi_zumo": Oracle("oshi_zumo(coins=5,size=1,min_bid=1)", {}, 3, 2,
                        lambda part, action: part == "all" or
                        _numbers(part) == _numbers(action)[-1:]),
}


@functools.cache
def gdl_game(name: str) -> Any:
    from gdl import catalog
    return catalog.load(name, ORACLES[name].options)


def parts(game: Any, state: Any) -> list[list[str]]:
    """Each player's legal parts, as texts, in order."""
    return [[game.part_text(game.with_mover(state, p), m) for m in moves]
            for p, moves in enumerate(game.joint_moves(state))]


def replay(name: str, seed: int, check: bool = True) -> dict:
    """One seeded random game played in both, compared at every joint move (when `check`);
    the gdl moves played, the returns of each."""
    import pyspiel
    oracle = ORACLES[name]
    game, spiel = gdl_game(name), pyspiel.load_game(oracle.spiel)
    state, theirs = game.initial_state(), spiel.new_initial_state()
    rng, played = random.Random(seed), []
    while not theirs.is_terminal():
        assert theirs.current_player() == pyspiel.PlayerId.SIMULTANEOUS
        ours = parts(game, state)
        actions = [theirs.legal_actions(p) for p in range(2)]
        if check:
            for p in range(2):
                texts = [theirs.action_to_string(p, a) for a in actions[p]]
                assert len(ours[p]) == len(texts) and all(
                    oracle.same(a, b) for a, b in zip(ours[p], texts)), (played, p, ours[p], texts)
        picks = [rng.randrange(len(a)) for a in actions]
        theirs.apply_actions([actions[p][k] for p, k in enumerate(picks)])
        joint = tuple(game.joint_moves(state)[p][k] for p, k in enumerate(picks))
        played.append(game.move_text(state, joint))
        state = game.apply(state, joint)
    while not game.is_terminal(state):   # OpenSpiel's forced last turn: one choice each
        forced = game.legal_moves(state)
        assert len(forced) == 1, (played, forced)
        played.append(game.move_text(state, forced[0]))
        state = game.apply(state, forced[0])
    assert tuple(game.returns(state)) == tuple(theirs.returns()), (played, theirs.returns())
    return {"moves": played, "returns": list(theirs.returns())}


def spiel_values(name: str, histories: list[list[str]]) -> list[float]:
    """OpenSpiel's solved value (to player 0) after each history of gdl joint moves."""
    import pyspiel
    from open_spiel.python.algorithms import lp_solver, value_iteration
    oracle = ORACLES[name]
    spiel = pyspiel.load_game(oracle.spiel)
    if spiel.max_game_length() == 1:   # a one-shot game: its matrix
        return [float(lp_solver.solve_zero_sum_matrix_game(
            pyspiel.extensive_to_matrix_game(spiel))[2]) for _ in histories]
    values = value_iteration.value_iteration(spiel, depth_limit=-1, threshold=1e-10)
    game, out = gdl_game(name), []
    for history in histories:
        state, theirs = game.initial_state(), spiel.new_initial_state()
        for text in history:
            joint = game.parse_move(state, text)
            picks = [list(game.joint_moves(state)[p]).index(m) for p, m in enumerate(joint)]
            theirs.apply_actions([theirs.legal_actions(p)[k] for p, k in enumerate(picks)])
            state = game.apply(state, joint)
        out.append(float(theirs.returns()[0] if theirs.is_terminal() else values[str(theirs)]))
    return out


def record(name: str) -> Path:
    from gdl.solvers.search.perft import perft
    oracle = ORACLES[name]
    game = gdl_game(name)
    start = game.initial_state()
    positions = []
    for seed in range(POSITIONS):
        moves = replay(name, 1000 + seed)["moves"]
        cut = random.Random(seed).randrange(len(moves))   # a position before the end
        state = game.moves_after(moves[:cut])
        positions.append({"moves": moves[:cut], "perft": [
            perft(game, state, d) for d in range(1, oracle.position_depth + 1)]})
    histories = [[], *(p["moves"] for p in positions)]
    data = {"game": name, "spiel": oracle.spiel, "params": {}, "options": oracle.options,
            "perft": [perft(game, start, d) for d in range(1, oracle.depth + 1)],
            "positions": positions,
            "values": [{"moves": h, "value": v}
                       for h, v in zip(histories, spiel_values(name, histories))]}
    path = DATA / f"{name}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def compare(name: str, games: int = GAMES) -> int:
    for seed in range(games):
        replay(name, seed)
    return games


if __name__ == "__main__":
    command, game_name = sys.argv[1], sys.argv[2]
    if command == "record":
        print(record(game_name))
    else:
        print(f"{game_name}: {compare(game_name)} seeded games agree with OpenSpiel")
