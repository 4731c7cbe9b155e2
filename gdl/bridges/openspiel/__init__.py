"""The OpenSpiel bridge: a compiled gdl game as a pyspiel game.

    >>> import pyspiel
    >>> from gdl.bridges import openspiel
    >>> name = openspiel.register("tictactoe")
    >>> name
    'gdl_tictactoe'
    >>> game = pyspiel.load_game(name)
    >>> state = game.new_initial_state()
    >>> state.action_to_string(state.current_player(), state.legal_actions()[4])
    'b2'

Every bundled game of kind `game` (and any rules file of that kind) bridges; the
game's scalar options become OpenSpiel parameters (`gdl_connect4(width=5)`), and
`max_plies` caps games whose rules do not bound their length.

Action ids: shaped as OpenSpiel's own games where the rules allow it (a column each in
Connect Four, a cell each for placements, (from, to) pairs for steps, from-cell x move type
for steps with promotions and drops: chess as OpenSpiel's `chess`), else the flat index of
move texts; see gdl.bridges.action_space. The `actions` parameter picks one ("texts":
the flat index every game had before).

Simultaneous games (`players A B simultaneous`) bridge as OpenSpiel's SIMULTANEOUS
dynamics: at a joint node `current_player()` is PlayerId.SIMULTANEOUS, `legal_actions(p)`
gives player p's own moves and `apply_actions` takes one per player. Their ids number a
player's own moves (gdl.bridges.openspiel_parts: by rule, then parameters; roshambo's rock,
paper, scissors are 0, 1, 2), the same numbering for every player.

A game ends where its rules end it, or after `max_plies` moves as a draw (all
payoffs 0) when the rules do not bound its length; `max_game_length` is the
rules' bound when every move fills an empty cell (tic-tac-toe, Connect Four,
gomoku, ultimate tic-tac-toe), else `max_plies`.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Hashable

import pyspiel

from gdl import catalog
from gdl.errors import GdlError
from gdl.interpreter.c.support import notice
from gdl.bridges.action_space import ActionSpace, length_bound
from gdl.bridges.openspiel_observer import BoardObserver
from gdl.bridges.openspiel_parts import PartIndex
from gdl.bridges.openspiel.derived import (DEFAULT_MAX_PLIES, DERIVED, PREFIX, chance_ids,
                                           derive, game_type, load_game, utility_bound)
from gdl.bridges.openspiel.native import Unavailable, facts as facts_cpp, register as register_cpp
from gdl.protocol import GAME, SIMULTANEOUS

__all__ = ["DEFAULT_MAX_PLIES", "DERIVED", "PREFIX", "BridgedGame", "chance_ids", "describe",
           "load", "register", "register_bundled", "utility_bound"]

# --------------------------------------------------------------------------- game and state

class BridgedGame(pyspiel.Game):
    """A compiled gdl game as a pyspiel.Game. `register` makes a subclass per rules file,
    with its `source`, and registers the class itself: pyspiel aborts at exit when the
    factory is a closure."""

    source = ""   # a bundled name or a rules-file path

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        found = derive(self.source, params)
        # pybind11 drops attributes set before the base class is initialised
        super().__init__(game_type(found.compiled), found.info, found.parameters)
        self.compiled, self.index = found.compiled, found.index
        self.max_plies = found.info.max_game_length
        self.rules = Rules(found.compiled, found.index, self.max_plies, found.parts)

    def new_initial_state(self) -> BridgedState:
        return BridgedState(self, self.compiled.initial_state(), 0)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoardObserver:
        return BoardObserver(self.compiled)


class Rules:
    """What every state of one bridged game shares: the game, its action space and its cap.
    OpenSpiel clones a state by deep-copying its attributes; this one is shared, not copied
    (the compiled rules are immutable), so a state can hold it and skip `get_game()`."""

    def __init__(self, game: Any, index: ActionSpace, max_plies: int,
                 parts: PartIndex | None = None) -> None:
        self.game, self.index, self.max_plies = game, index, max_plies
        self.parts = parts   # a simultaneous game's own-move ids, else None
        self.chance = chance_ids(game)   # a chance outcome's move -> its action

    def __deepcopy__(self, memo: dict) -> Rules:
        return self


class BridgedState(pyspiel.State):
    """A position: the gdl state, and the moves played (for the `max_plies` cap). Whether it
    is over and who moves are read once per position: OpenSpiel asks them several times a
    move."""

    def __init__(self, game: BridgedGame, state: tuple, plies: int) -> None:
        super().__init__(game)
        self.rules: Rules = game.rules
        self._set(state, plies)

    def _set(self, state: tuple, plies: int) -> None:
        rules = self.rules
        self.state, self.plies = state, plies
        self._terminal = rules.game.is_terminal(state) or plies >= rules.max_plies
        self._player = pyspiel.PlayerId.TERMINAL if self._terminal \
            else rules.game.current_player(state)
        self._actions: dict[int, Hashable] | None = None
        self._sorted: list[int] | None = None
        self._parts: list[dict[int, Hashable]] | None = None   # per player, at a joint node

    @property
    def bridge(self) -> BridgedGame:
        return self.get_game()

    def _legal(self) -> dict[int, Hashable]:
        if self._actions is None:
            rules = self.rules
            moves = [] if self._terminal else list(rules.game.legal_moves(self.state))
            if self._player == pyspiel.PlayerId.CHANCE:   # outcomes: their own actions
                self._actions = {rules.chance[m]: m for m in moves}
            else:
                self._actions = rules.index.actions(self.state, moves)
        return self._actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A chance node's outcomes (issue 31): (action, probability), sorted by action."""
        if self._player != pyspiel.PlayerId.CHANCE:
            return []
        chance = self.rules.chance
        return sorted((chance[m], p) for m, p in self.rules.game.chance_outcomes(self.state))

    def current_player(self) -> int:
        return self._player

    def _own(self) -> list[dict[int, Hashable]]:
        """At a joint node: per player, action id -> that player's own legal move."""
        if self._parts is None:
            parts = self.rules.parts
            assert parts is not None   # a joint node: the game is simultaneous
            self._parts = parts.actions(self.state)
        return self._parts

    def _legal_actions(self, player: int) -> list[int]:
        if self._player == SIMULTANEOUS:
            return sorted(self._own()[player])
        if self._sorted is None:
            self._sorted = sorted(self._legal())
        return self._sorted

    def _apply_action(self, action: int) -> None:
        move = self._legal()[action]
        self._set(self.rules.game.apply(self.state, move), self.plies + 1)

    def _apply_actions(self, actions: list[int]) -> None:
        """A joint node: one action per player, applied at once."""
        own = self._own()
        joint = tuple(own[p][a] for p, a in enumerate(actions))
        self._set(self.rules.game.apply(self.state, joint), self.plies + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        if self._player == SIMULTANEOUS and player >= 0:
            part = self._own()[player].get(action)
            if part is None:
                return f"action {action}"
            game = self.rules.game
            return game.part_text(game.with_mover(self.state, player), part)
        move = self._legal().get(action)
        if move is None:
            return f"action {action}"   # not legal here: no gdl notation to give
        return self.rules.game.move_text(self.state, move)

    def is_terminal(self) -> bool:
        return self._terminal

    def returns(self) -> list[float]:
        game = self.rules.game
        if game.is_terminal(self.state):
            return list(game.returns(self.state))
        return [0.0] * len(game.players)   # under way, or cut at max_plies

    def __str__(self) -> str:
        return self.rules.game.render(self.state)


# --------------------------------------------------------------------------- registration

_CLASSES: dict[str, type[BridgedGame]] = {}   # registered name -> its game class
_NAMES: dict[str, str] = {}                      # source -> its registered name


def register(source: str, cpp: bool = False) -> str:
    """Register the game `source` (a bundled name or a rules-file path) with OpenSpiel;
    its registered name (`gdl_` and the game's name). Registering twice is harmless.

    `cpp`: the C++ game instead (gdl.bridges.openspiel.native, named `gdl_<name>_cpp`),
    where OpenSpiel's headers and a C++ compiler are there and the game is one it takes;
    otherwise one line says why, and the Python game is registered.

    Raises:
        UnknownGame, RulesError: as `gdl.catalog.load`.
        GdlError: the rules describe a puzzle or a constraint problem, not a game.
    """
    if cpp:
        try:
            return register_cpp(source)
        except Unavailable as why:
            notice(f"the C++ OpenSpiel game is not available ({why}): the Python bridge")
    if source in _NAMES:   # registered already: no need to compile it again for its name
        return _NAMES[source]
    compiled = load_game(source, {})
    name = PREFIX + compiled.name
    known = _CLASSES.get(name)
    if known is not None and known.source != source:
        raise GdlError(f"{name} is already registered from {known.source!r}; rename the game "
                       f"to register {source!r} beside it")
    if name not in pyspiel.registered_names():
        bridged = type(f"Bridged_{compiled.name}", (BridgedGame,), {"source": source})
        _CLASSES[name] = bridged
        pyspiel.register_game(game_type(compiled), bridged)
    _NAMES[source] = name
    return name


def register_bundled() -> list[str]:
    """Register every bundled game of kind `game` with two or more players (a one-player
    game is a puzzle, solved by `gdl solve`), simultaneous ones included; their registered
    names.

    >>> "gdl_draughts" in register_bundled()
    True
    """
    return [register(name) for name, _ in catalog.bundled_games()
            if catalog.kind(name) == GAME and len(catalog.load(name).players) > 1]


def describe(game: pyspiel.Game) -> dict[str, Any]:
    """What `gdl openspiel` prints: the registered name and the game's GameInfo (the Python
    bridge's game or the C++ one)."""
    kind = game.get_type()
    found = (game.index, game.rules.parts, game.compiled) if isinstance(game, BridgedGame) \
        else facts_cpp(game)
    index, parts, compiled = found
    return {"name": kind.short_name, "title": kind.long_name,
            "players": game.num_players(), "distinct_actions": game.num_distinct_actions(),
            "action_space": index.shape if parts is None else "own moves",
            "observation_shape": game.observation_tensor_shape(),
            "max_game_length": game.max_game_length(),
            "length_bound_by_rules": length_bound(compiled) is not None,
            "min_utility": game.min_utility(), "max_utility": game.max_utility(),
            "utility_sum": game.utility_sum(), "parameters": game.get_parameters()}


def load(source: str, cpp: bool = False, **params: Any) -> pyspiel.Game:
    """The bridged game `source` with OpenSpiel parameters (its options, `max_plies`);
    `cpp`: the C++ game where it can be had (see `register`).

    >>> load("connect4", width=5).num_distinct_actions()   # a column each
    5
    >>> load("connect4", width=5, actions="texts").num_distinct_actions()   # a cell each
    30
    """
    name = register(source, cpp)
    if name in _CLASSES:
        return _CLASSES[name](params)
    return pyspiel.load_game(name, params)
