"""LoweredGame: a KIF game played on gdl's compiled core, seen as the propnet game is.

The state is the compiled game's (a tuple); moves stay the KIF game's (does indexes,
printed as action terms), so roles, turns, legal move texts, goals and returns are those of
the propnet game (KifGame), which validation (validate.py) compared ply by ply before this
game was used. Goals are read once per kind of end (who won, or a draw) from the propnet
over the same position, written back as KIF propositions.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from gdl.errors import GdlError
from gdl.interpreter.kif.game import KifGame
from gdl.interpreter.kif.lower.dnf import NotLowered
from gdl.interpreter.kif.lower.recognise import Lowering


class LoweredGame(KifGame):
    """The Game protocol of `kif` over `compiled`, the same game in gdl's core."""

    path = "lowered"
    validated = ""   # what validation compared (gdl check prints it)

    def __init__(self, kif: KifGame, compiled: Any, lowering: Lowering, text: str):
        self.__dict__.update(kif.__dict__)
        self.kif, self.compiled, self.lowering, self.rules_text = kif, compiled, lowering, text
        self.inner: Any = compiled
        self.native = False
        self.turn, self.noop = lowering.turn, lowering.noop
        self._forward: dict[tuple[int, Any], int] = {}   # (player, gdl move) -> does index
        self._last: tuple[Any, int, dict[int, Any]] = (None, 0, {})   # the last _node
        self._goals: dict[Any, tuple[int, ...]] = {}     # gdl returns -> KIF goals
        self.invariants = compiled.invariants
        names = [v.name for v in compiled.ir.variables]   # where plies is in a state
        self._plies = names.index("plies") - len(names) - 2 if "plies" in names else 0

    def adopt_evaluation(self) -> None:
        """Take the compiled game's derived evaluation (set by gdl.ai.equip, which the
        interpreter may not import: gdl.catalog calls both) as `heuristic`, per KIF role."""
        own = getattr(self.compiled, "heuristic", None)
        if own is None:
            return
        turn = self.turn

        def heuristic(state: Any) -> tuple[float, ...]:
            values = own(state)
            out = [0.0] * len(turn)
            for player, role in enumerate(turn):
                out[role] = values[player]
            return tuple(out)

        self.heuristic = heuristic

    # -- the two back ends of gdl's core ------------------------------------------------
    def on_backend(self, backend: str) -> LoweredGame:
        from gdl.interpreter.c.backend import with_backend
        other = copy.copy(self)
        other.inner = with_backend(self.compiled, backend)
        other._last = (None, 0, {})
        other.native = backend != "python"
        return other

    def native_perft(self, state: Any, depth: int) -> int | None:
        perft = getattr(self.inner, "native_perft", None)
        return perft(state, depth) if perft is not None else None

    def native_playouts(self, state: Any, games: int, seed: int,
                        max_plies: int) -> tuple[int] | None:
        playouts = getattr(self.inner, "native_playouts", None)
        found = playouts(state, games, seed, max_plies) if playouts is not None else None
        return None if found is None else (found[0],)

    # -- moves both ways --------------------------------------------------------------
    def _does(self, state: Any, player: int, move: Any) -> int:
        found = self._forward.get((player, move))
        if found is None:
            text = self.inner.move_text(state, move)
            key = {"place": text, "drop": text.rstrip("0123456789")}.get(
                self.lowering.kind, "-".join(re.findall(r"[a-z]+[0-9]+", text)))
            found = self.lowering.moves.get((self.turn[player], key))
            if found is None:
                raise NotLowered(f"the lowered move {text} of {self.players[self.turn[player]]} "
                                 f"is no move of the description")
            self._forward[(player, move)] = found
        return found

    # -- the protocol -----------------------------------------------------------------
    def initial_state(self) -> Any:
        return self.inner.initial_state()

    def is_terminal(self, state: Any) -> bool:
        return bool(self.inner.is_terminal(state))

    def _node(self, state: Any) -> tuple[int, dict[int, Any]]:
        """(gdl's player to move, does index -> gdl move) at a state that is not terminal;
        the last one is kept, as apply follows legal_moves on the same state."""
        last = self._last   # one read: another thread may be replacing it
        if last[0] == state:
            return last[1], last[2]
        player = self.inner.current_player(state)
        moves = self.inner.legal_moves(state)
        if not moves:
            raise GdlError(f"{self.players[self.turn[player]]} has no legal move in a state "
                           f"that is not terminal (GDL requires one):\n{self.render(state)}")
        mapped = {self._does(state, player, m): m for m in moves}
        self._last = (state, player, mapped)
        return player, mapped

    def joint_moves(self, state: Any) -> tuple[tuple[int, ...], ...]:
        if self.inner.is_terminal(state):
            return tuple(() for _ in self.players)
        player, moves = self._node(state)
        mine, mover = tuple(sorted(moves)), self.turn[player]
        return tuple(mine if r == mover else (self.noop[r],) for r in range(len(self.players)))

    def legal_moves(self, state: Any) -> list[int]:
        if self.inner.is_terminal(state):
            return []
        player, moves = self._node(state)
        if len(moves) > 1 or self.turn[player] == 0:
            return sorted(moves)
        return [self.noop[0]]   # no role has a choice: role 0 is said to move (KifGame)

    def current_player(self, state: Any) -> int:
        if self.inner.is_terminal(state):
            return 0
        player, moves = self._node(state)
        return self.turn[player] if len(moves) > 1 else 0

    def apply(self, state: Any, move: Any) -> Any:
        player, moves = self._node(state)
        does = move[self.turn[player]] if isinstance(move, tuple) else move
        found = moves.get(does)
        if found is None and len(moves) == 1:   # role 0's noop where no one has a choice
            found = next(iter(moves.values()))
        return self.inner.apply(state, found)

    def goals(self, state: Any) -> tuple[int, ...]:
        end = self.inner.returns(state) if self.inner.is_terminal(state) else None
        found = self._goals.get(end)
        if found is None:
            found = self.kif.goals(self.kif_state(state))
            if end is not None:
                self._goals[end] = found
        return found

    def inner_returns(self, state: Any) -> tuple[float, ...]:
        """The compiled game's payoffs at `state`, per KIF role."""
        payoffs = self.inner.returns(state)
        out = [0.0] * len(self.players)
        for player, role in enumerate(self.turn):
            out[role] = payoffs[player]
        return tuple(out)

    def canonical(self, state: Any) -> Any:
        return self.inner.canonical(state)

    def render(self, state: Any) -> str:
        return self.kif.render(self.kif_state(state))

    def closure(self, state: Any) -> int:
        return self.kif.closure(self.kif_state(state))

    # -- the position as KIF --------------------------------------------------------------
    def kif_state(self, state: Any) -> int:
        """The propnet game's state (a bit set of true propositions) for `state`."""
        low = self.lowering
        stride = low.width + 1
        out = 1 << low.control[self.turn[state[-2]]]
        if low.counter:
            out |= 1 << low.counter[min(state[self._plies], len(low.counter) - 1)]
        for (x, y), (blank, by_mark) in low.cells.items():
            bit = 1 << (y * stride + x)
            owner = next((p for p in range(len(self.turn)) if state[p] & bit), None)
            if owner is not None:
                out |= 1 << by_mark[low.marks[self.turn[owner]]]
            elif blank >= 0:
                out |= 1 << blank
        return out

