"""gdl against an independent implementation: OpenSpiel's hand-written C++ games, through pyspiel.

A gdl move and an OpenSpiel action need not be the same thing: an amazons move is three
actions, a capture chain several. So the two are compared **per complete turn**: from an
OpenSpiel state, a turn is a sequence of actions by the player to move that ends when
another player is to move or the game ends (or, for games where a player may move again,
after each action: `split="action"`). The two sides are matched by the position each move
leaves: every oracle module (tools/oracles/NAME.py) says how to read OpenSpiel's state as
the board part of gdl's position text (`position(state)`), so the comparison needs no
table of move names.

    python tools/oracle.py record NAME     # write tests/data/oracle/NAME.json from OpenSpiel
    python tools/oracle.py compare NAME    # replay seeded random games in both, ply by ply
    python tools/oracle.py compare NAME --counted   # the same, moves counted (see below)

Replaying in full applies every legal move at every ply. Where the oracle module can say a
gdl move in OpenSpiel's actions (`spiel_moves(text)`), `compare_counts` checks the number
of moves instead and plays the random one in both, which costs far less.

The suite (tests/games/test_oracles.py) checks the recorded figures with gdl alone, and
replays games against OpenSpiel live when pyspiel can be imported.
"""

from __future__ import annotations

import argparse
import collections
import functools
import importlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "oracle"
POSITIONS = 30   # positions recorded per game, reached by seeded random play
sys.path.insert(0, str(ROOT))
CHANCE = -1   # gdl.protocol.CHANCE: a chance node's player (and OpenSpiel's)


def oracle(name: str) -> Any:
    """The oracle module of a game: SPIEL (OpenSpiel's name), PARAMS, OPTIONS (gdl's --set),
    position(state), and optionally SPLIT ("player" or "action"), DEPTH (perft from the
    start), POSITION_DEPTH (perft from the recorded positions), KEY (the part of gdl's
    position text a position is matched by, default the board; a tuple of parts, "board"
    among them, joins those), PLAYERS (OpenSpiel's
    number of each gdl player, when they differ), LIVE_GAMES (how many the suite replays),
    LIVE_PLIES (how many plies of each, default 400)
    and unmatched_end(state) (OpenSpiel's finished state ended by a rule gdl's file lacks:
    the replay stops there), spiel_start(state) (OpenSpiel's new state brought to where
    gdl's file starts, when the file fixes what OpenSpiel draws first)."""
    return importlib.import_module(f"tools.oracles.{name}")


def board_key(game: Any, state: Any, module: Any = None) -> str:
    """What a position is matched by: the board part of gdl's position text (the player to
    move is compared on its own), or its `KEY=...` part when the oracle module names one."""
    words = game.position_text(state).split()
    key = getattr(module, "KEY", None)
    if isinstance(key, tuple):   # several parts, joined: ("board", "hand") for shogi
        return " ".join(words[0] if k == "board" else next(w for w in words
                                                           if w.startswith(f"{k}="))
                        for k in key)
    return words[0] if key is None else next(w for w in words if w.startswith(f"{key}="))


@functools.cache
def spiel_game(module: Any) -> Any:
    import pyspiel
    return pyspiel.load_game(module.SPIEL, dict(getattr(module, "PARAMS", {})))


def turns(state: Any, split: str = "player") -> list[tuple[list[int], Any]]:
    """Every complete turn from an OpenSpiel `state`: (its actions, the state after)."""
    player, out = state.current_player(), []

    def walk(s: Any, actions: list[int]) -> None:
        for action in s.legal_actions():
            t = s.clone()
            t.apply_action(action)
            if split == "action" or t.is_terminal() or t.current_player() != player:
                out.append((actions + [action], t))
            else:
                walk(t, actions + [action])
    walk(state, [])
    return out


def spiel_initial(module: Any, spiel: Any) -> Any:
    """OpenSpiel's state matching gdl's initial one (the module's `spiel_start`, if any)."""
    return getattr(module, "spiel_start", lambda state: state)(spiel.new_initial_state())


def spiel_perft(state: Any, depth: int, split: str) -> int:
    """OpenSpiel's perft per complete turn (a finished game is not extended)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    return sum(spiel_perft(after, depth - 1, split) for _, after in turns(state, split))


@functools.cache
def gdl_game(name: str, module: Any) -> Any:
    from gdl import catalog
    return catalog.load(name, {k: str(v) for k, v in getattr(module, "OPTIONS", {}).items()})


class Replay(NamedTuple):
    plies: int                        # the plies played in both
    returns: tuple[float, ...] | None  # OpenSpiel's at the end (None: cut, or an unmatched end)


def compare_game(name: str, seed: int, max_plies: int = 400, game: Any = None,
                 spiel: Any = None, prefer: Callable[[str, str], bool] | None = None) -> Replay:
    """One seeded random game replayed in gdl and OpenSpiel: at every ply the same player to
    move, the same multiset of positions the legal moves lead to, and at the end the same
    returns. `game` and `spiel` are the two games (default: as the oracle module sets them
    up); `prefer(position, key)` narrows the random choice to the keys it accepts, when
    there are any (go: place while placing is legal). Raises AssertionError at the first
    difference."""
    module = oracle(name)
    game = game or gdl_game(name, module)
    spiel = spiel or spiel_game(module)
    split = getattr(module, "SPLIT", "player")
    rng = random.Random(seed)
    ours, theirs = game.initial_state(), spiel_initial(module, spiel)

    def where() -> str:   # built only when an assertion fails
        return f"{name}, seed {seed}, ply {ply} ({game.position_text(ours)})"
    for ply in range(max_plies):
        ended = same_end_and_player(module, game, ours, theirs, ply, where)
        if ended is not None:
            return ended
        mine = {}
        for move in game.legal_moves(ours):
            mine.setdefault(board_key(game, game.apply(ours, move), module), []).append(move)
        their = collections.defaultdict(list)
        for _, after in turns(theirs, split):
            their[module.position(after)].append(after)
        counted = collections.Counter({k: len(v) for k, v in mine.items()})
        assert counted == collections.Counter({k: len(v) for k, v in their.items()}), where()
        if getattr(game, "has_chance", False) and game.current_player(ours) == CHANCE:
            same_chances(module, game, ours, theirs, where)
        keys = sorted(mine)
        if prefer is not None:
            here = board_key(game, ours, module)
            keys = [k for k in keys if prefer(here, k)] or keys
        key = rng.choice(keys)
        ours = game.apply(ours, rng.choice(mine[key]))
        theirs = their[key][0]
    return Replay(max_plies, None)


def compare_counts(name: str, seed: int, max_plies: int = 2000, game: Any = None,
                   spiel: Any = None) -> Replay:
    """The cheaper replay of one seeded random game, for games whose oracle module can say a
    gdl move in OpenSpiel's actions (`spiel_moves(text)`): at every ply the same player to
    move and the same number of legal moves; the random gdl move is then played in both and
    must leave the same position; at the end, the same returns (`game` and `spiel` as for
    compare_game). (compare_game applies every
    legal move at every ply instead, which costs a hundred times more on amazons.)"""
    module = oracle(name)
    game = game or gdl_game(name, module)
    split = getattr(module, "SPLIT", "player")
    parse = getattr(module, "parse_action", lambda state, word: state.string_to_action(word))
    actions = getattr(module, "TURN_ACTIONS", 0)
    rng = random.Random(seed)
    ours, theirs = game.initial_state(), spiel_initial(module, spiel or spiel_game(module))

    def where() -> str:   # built only when an assertion fails: a position text costs
        return f"{name}, seed {seed}, ply {ply} ({game.position_text(ours)})"
    for ply in range(max_plies):
        ended = same_end_and_player(module, game, ours, theirs, ply, where)
        if ended is not None:
            return ended
        moves = game.legal_moves(ours)
        assert len(moves) == count_turns(theirs, split, actions), where()
        move = rng.choice(moves)
        text = game.move_text(ours, move)
        ours = game.apply(ours, move)
        for word in module.spiel_moves(text):
            theirs.apply_action(word if isinstance(word, int) else parse(theirs, word))
        assert board_key(game, ours, module) == module.position(theirs), f"{where()}: {text}"
    return Replay(max_plies, None)


def same_chances(module: Any, game: Any, ours: Any, theirs: Any,
                 where: Callable[[], str]) -> None:
    """At a chance node: each outcome's position and probability the same in both."""
    mine = collections.Counter()
    for move, p in game.chance_outcomes(ours):
        mine[board_key(game, game.apply(ours, move), module)] += p
    their = collections.Counter()
    for action, p in theirs.chance_outcomes():
        after = theirs.clone()
        after.apply_action(action)
        their[module.position(after)] += p
    assert set(mine) == set(their), where()
    assert all(abs(mine[k] - their[k]) < 1e-12 for k in mine), where()


def same_end_and_player(module: Any, game: Any, ours: Any, theirs: Any, ply: int,
                        where: Callable[[], str]) -> Replay | None:
    """The replay's end (both finished, with the same returns) or None (both going on, with
    the same player to move); AssertionError (saying `where()`) when they differ."""
    # gdl's player i is OpenSpiel's order[i]
    order = getattr(module, "PLAYERS", tuple(range(len(game.players))))
    if theirs.is_terminal() and getattr(module, "unmatched_end", lambda _: False)(theirs):
        return Replay(ply, None)   # an end the rules cannot express (the module says)
    assert game.is_terminal(ours) == theirs.is_terminal(), where()
    if theirs.is_terminal():
        returns = game.returns(ours)
        theirs_by_ours = tuple(returns[order.index(j)] for j in range(len(order)))
        assert theirs_by_ours == tuple(theirs.returns()), where()
        return Replay(ply, tuple(theirs.returns()))
    mover = game.current_player(ours)
    if mover == CHANCE or theirs.is_chance_node():   # never an index into `order`
        assert mover == CHANCE and theirs.is_chance_node(), where()
        return None
    assert order[mover] == theirs.current_player(), where()
    return None


def count_turns(state: Any, split: str = "player", actions: int = 0) -> int:
    """How many complete turns OpenSpiel's `state` has (see `turns`). `actions` > 0: every
    turn is that many actions (amazons: 3), so the last is counted without playing it."""
    if split == "action" or actions == 1:
        return len(state.legal_actions())
    player, total = state.current_player(), 0
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        if actions == 0 and (after.is_terminal() or after.current_player() != player):
            total += 1
        else:
            total += count_turns(after, split, max(actions - 1, 0))
    return total


def record(name: str) -> dict:
    """Perft from the start and from seeded random positions, counted by OpenSpiel."""
    module = oracle(name)
    game, spiel = gdl_game(name, module), spiel_game(module)
    split = getattr(module, "SPLIT", "player")
    depth, deep = getattr(module, "DEPTH", 3), getattr(module, "POSITION_DEPTH", 3)
    start = spiel_initial(module, spiel)
    data: dict = {"game": name, "spiel": module.SPIEL,
                  "params": dict(getattr(module, "PARAMS", {})),
                  "options": dict(getattr(module, "OPTIONS", {})),
                  "perft": [spiel_perft(start, d, split) for d in range(1, depth + 1)],
                  "positions": []}
    rng = random.Random(1)
    while len(data["positions"]) < POSITIONS:
        state, texts = game.initial_state(), []
        for _ in range(rng.randrange(2, 40)):
            if game.is_terminal(state):
                break
            move = rng.choice(list(game.legal_moves(state)))
            texts.append(game.move_text(state, move))
            state = game.apply(state, move)
        theirs = replay_in_spiel(module, spiel, game, texts)
        if theirs is None:
            raise AssertionError(f"{name}: OpenSpiel has no turn to where gdl's {texts} lead")
        if theirs.is_terminal() != game.is_terminal(state):
            if getattr(module, "unmatched_end", lambda _: False)(theirs):
                continue   # an end by a rule gdl's file lacks (repetition)
            raise AssertionError(f"{name}: after {texts} only one of the two has ended")
        if theirs.is_terminal():
            continue   # a finished game: nothing to count
        data["positions"].append({"moves": texts, "perft": [spiel_perft(theirs, d, split)
                                                            for d in range(1, deep + 1)]})
    return data


def replay_in_spiel(module: Any, spiel: Any, game: Any, texts: list[str]) -> Any:
    """The OpenSpiel state after the gdl moves `texts`, matched turn by turn by position."""
    ours, theirs = game.initial_state(), spiel_initial(module, spiel)
    split = getattr(module, "SPLIT", "player")
    for text in texts:
        ours = game.apply(ours, game.parse_move(ours, text))
        key = board_key(game, ours, module)
        found = [after for _, after in turns(theirs, split) if module.position(after) == key]
        if not found:
            return None
        theirs = found[0]
    return theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("record", "compare"))
    parser.add_argument("games", nargs="+")
    parser.add_argument("--games-count", type=int, default=200)
    parser.add_argument("--max-plies", type=int, default=400, help="plies replayed per game")
    parser.add_argument("--counted", action="store_true",
                        help="count each ply's moves instead of comparing their positions")
    args = parser.parse_args()
    for name in args.games:
        if args.command == "record":
            DATA.mkdir(parents=True, exist_ok=True)
            data = record(name)
            (DATA / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
            print(f"{name}: perft {data['perft']}, {len(data['positions'])} positions")
        else:
            compare = compare_counts if args.counted else compare_game
            plies = [compare(name, seed, args.max_plies).plies
                     for seed in range(args.games_count)]
            print(f"{name}: {len(plies)} games agree, {sum(plies)} plies")


if __name__ == "__main__":
    main()
