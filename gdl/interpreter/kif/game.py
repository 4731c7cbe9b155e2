"""A ground KIF program as a Game (gdl.protocol).

A state is an int: the bit set of its true base propositions. Turns: at a state where
exactly one role has a choice (two or more legal moves), that role is to move, its moves
are the legal moves (each an int: the index of its `does` proposition) and every other
role plays its one legal move (`noop`, usually) implicitly; a turn-taking GDL game so
plays like gdl's own turn games. Where two or more roles have a choice the node is
SIMULTANEOUS: joint_moves gives each role's moves, a legal move is a tuple of them. Where
no role has a choice, role 0 is to move (its one move; the others' are implicit).

has_simultaneous and zero_sum are decided when the game is loaded: has_simultaneous is
false for sure when no two roles can ever have a choice at once (the relaxation) or when
that is proved (turns.py; `turns_proved`), otherwise sampled, as zero_sum is, by
SAMPLE_GAMES seeded random games of at most SAMPLE_PLIES moves, SAMPLE_TOTAL in all
(docs/ggp.md). A simultaneous node met later in a game said to have none is an error.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Sequence
from typing import Any

from gdl.errors import GdlError, IllegalMove
from gdl.grammar.sexpr import MessageError, canonical_move, term_text
from gdl.interpreter.kif.ground import GroundProgram
from gdl.interpreter.kif.propnet import Propnet
from gdl.interpreter.kif.turns import no_two_choose
from gdl.protocol import GAME, SIMULTANEOUS

SEPARATOR = " | "     # between the roles' parts of a joint move
SAMPLE_GAMES, SAMPLE_PLIES, SAMPLE_TOTAL = 20, 300, 2000   # games, moves each, moves in all
CACHE = 50_000        # states whose closure is kept
CACHE_BYTES = 50_000_000   # when each closure is a bytearray (a wide program)


class KifGame:
    """The Game protocol over a ground program (see the module doc)."""

    kind = GAME
    has_chance = False
    path = "propnet"     # the lowered path's game (lower/game.py) says "lowered"
    path_reason = ""     # why it was not lowered

    def __init__(self, program: GroundProgram, name: str, title: str | None = None,
                 native: bool = True):
        self.native = native      # perft in the generated C (native.py), built on first use
        self._library: Any = None
        self.program = program
        self.net = Propnet(program)
        self.name, self.title = name, title or name
        self.players = tuple(term_text(r) for r in program.roles)
        self.invariants: dict[str, Any] = {}
        self.options: dict[str, Any] = {}   # a KIF description has none
        self.action_text = tuple(term_text(a) for _, a in program.does)
        self.does_prop = tuple(2 * program.n_true + k for k in range(len(program.does)))
        self.role_moves = tuple(tuple((program.legal[k], k)
                                      for k, (r, _) in enumerate(program.does)
                                      if r == role and program.legal[k] >= 0)
                                for role in range(len(self.players)))
        self._closed: dict[int, Any] = {}
        self.cache_size = CACHE if not self.net.wide else max(64, CACHE_BYTES // self.net.size)
        self.has_simultaneous = False
        self.turns_proved = False   # no two roles ever choose at once, proved (turns.py)
        self.zero_sum = False
        self._decide_kind()
        self.payoff_bound: int | None = 1 if self.zero_sum else 100

    # -- the two paths ------------------------------------------------------------------
    @property
    def backend(self) -> str:
        """"c-propnet" (perft and playouts in C) or "python"; never "native", which names
        gdl's own C back end and its searches (gdl.interpreter.c)."""
        return "c-propnet" if self.native else "python"

    def on_backend(self, backend: str) -> KifGame:
        """This game on `backend` (gdl.interpreter.c.backend): `python` keeps every loop in
        Python; `auto` and `native` run perft and playouts in C where a compiler is found."""
        if (backend != "python") == self.native:
            return self
        other = copy.copy(self)
        other.native, other._library, other._closed = backend != "python", None, {}
        return other

    @property
    def library(self) -> Any:
        """The generated C library (gdl.interpreter.kif.native), built on first use.

        Raises:
            NoCompiler, BuildFailed (gdl.interpreter.c.build).
        """
        if self._library is None:
            from gdl.interpreter.kif.native import KifLibrary
            self._library = KifLibrary(self)
        return self._library

    def native_perft(self, state: int, depth: int) -> int | None:
        """perft in C (None: on Python, or no C compiler; the caller counts in Python)."""
        if not self.native:
            return None
        from gdl.interpreter.c.build import NoCompiler
        try:
            return self.library.perft(state, depth)
        except NoCompiler:
            self.native = False
            return None

    def native_playouts(self, state: int, games: int, seed: int,
                        max_plies: int) -> tuple[int] | None:
        """(moves played,) by `games` random games in C, as gdl.cli.speed reads it; None on
        Python, without a compiler, or when a role has no move in some game."""
        if not self.native:
            return None
        from gdl.interpreter.c.build import NoCompiler
        try:
            plies = self.library.playouts(state, games, seed, max_plies)
        except NoCompiler:
            self.native = False
            return None
        return None if plies < 0 else (plies,)

    # -- evaluation -----------------------------------------------------------------------
    def closure(self, state: int) -> int:
        closed = self._closed.get(state)
        if closed is None:
            if len(self._closed) >= self.cache_size:
                self._closed.clear()
            closed = self._closed[state] = self.net.closure(state)
        return closed

    def joint_moves(self, state: int) -> tuple[tuple[int, ...], ...]:
        """Each role's legal moves (does indexes), in role order; none once the game is over.

        Raises:
            GdlError: a role has no legal move in a state that is not terminal.
        """
        closed = self.closure(state)
        holds = self.net.holds
        if self.program.terminal >= 0 and holds(closed, self.program.terminal):
            return tuple(() for _ in self.players)
        each = tuple(tuple(k for i, k in moves if holds(closed, i)) for moves in self.role_moves)
        for role, moves in enumerate(each):
            if not moves:
                raise GdlError(f"{self.players[role]} has no legal move in a state that is not "
                               f"terminal (GDL requires one):\n{self.render(state)}")
        return each

    def _mover(self, each: tuple[tuple[int, ...], ...]) -> int:
        choosers = [r for r, moves in enumerate(each) if len(moves) > 1]
        if len(choosers) > 1:
            if not self.has_simultaneous:
                raise GdlError(f"{self.name}: two roles choose at once here, which the "
                               f"{SAMPLE_GAMES} sample games at loading never met")
            return SIMULTANEOUS
        return choosers[0] if choosers else 0

    # -- the protocol ---------------------------------------------------------------------
    def initial_state(self) -> int:
        return self.program.init

    def is_terminal(self, state: int) -> bool:
        terminal = self.program.terminal
        return terminal >= 0 and self.net.holds(self.closure(state), terminal)

    def current_player(self, state: int) -> int:
        if self.is_terminal(state):
            return 0
        return self._mover(self.joint_moves(state))

    def legal_moves(self, state: int) -> Sequence[Any]:
        each = self.joint_moves(state)
        if not each or not each[0]:
            return []
        mover = self._mover(each)
        if mover == SIMULTANEOUS:
            return list(itertools.product(*each))
        return list(each[mover])

    def apply(self, state: int, move: Any) -> int:
        closed = self.closure(state)
        if isinstance(move, tuple):
            parts: Sequence[int] = move
        else:
            each = self.joint_moves(state)
            parts = [move] + [m[0] for m in each if move not in m]
        return self.net.step(closed, [self.does_prop[k] for k in parts])

    def goals(self, state: int) -> tuple[int, ...]:
        """Each role's goal value at `state` (the largest that holds; 0 when none does)."""
        closed, holds = self.closure(state), self.net.holds
        return tuple(max((v for i, v in goals if holds(closed, i)), default=0)
                     for goals in self.program.goals)

    def returns(self, state: int) -> tuple[float, ...]:
        goals = self.goals(state)
        if self.zero_sum:
            return ((goals[0] - goals[1]) / 100, (goals[1] - goals[0]) / 100)
        return tuple(float(g) for g in goals)

    def canonical(self, state: int) -> int:
        return state

    def move_text(self, state: int, move: Any) -> str:
        if isinstance(move, tuple):
            return SEPARATOR.join(self.action_text[k] for k in move)
        return self.action_text[move]

    def parse_move(self, state: int, text: str) -> Any:
        """The move written `text` (an action term, any case and spacing); at a simultaneous
        node one action per role, in role order, separated by `|`.

        Raises:
            IllegalMove: not a legal move here; the legal ones are listed.
        """
        each = self.joint_moves(state)
        if not each or not each[0]:
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        mover = self._mover(each)
        if mover != SIMULTANEOUS:
            found = self._find(each[mover], text)
            if found is None:
                raise IllegalMove(f"{text!r} is not a legal move of {self.players[mover]}",
                                  tuple(self.action_text[k] for k in each[mover]))
            return found
        parts = text.split("|")
        found_parts = [self._find(moves, part) for moves, part in zip(each, parts)]
        if len(parts) != len(each) or None in found_parts:
            legal = tuple(self.move_text(state, m) for m in self.legal_moves(state))
            raise IllegalMove(f"{text!r} is not a legal joint move (one action per role, "
                              f"{' | '.join(self.players)})", legal)
        return tuple(found_parts)

    def with_mover(self, state: int, player: int) -> int:
        """The state where `player`'s part of a joint move is written (any: parts are
        written alike), as SimultaneousGame has it for `gdl solve`."""
        return state

    def part_text(self, state: int, move: int) -> str:
        """One role's part of a joint move: its action term."""
        return self.action_text[move]

    def _find(self, moves: Sequence[int], text: str) -> int | None:
        try:
            want = canonical_move(text)   # `( MARK 1  2 )` is `(mark 1 2)`
        except MessageError:
            return None                   # not one term: refused with the legal moves listed
        return next((k for k in moves if self.action_text[k] == want), None)

    def render(self, state: int) -> str:
        from gdl.interpreter.kif.picture import picture   # only the views draw
        return picture([self.program.props[i][1][0] for i in range(self.program.n_true)
                        if state >> i & 1])

    # -- what the loader decides ----------------------------------------------------------
    def _decide_kind(self) -> None:
        """has_simultaneous and zero_sum (the module doc)."""
        choosers = sum(len(moves) > 1 for moves in self.role_moves)
        self.turns_proved = choosers > 1 and no_two_choose(self.program)
        self.has_simultaneous = choosers > 1   # provisional: lets the samples run
        rng = random.Random(0)
        seen_joint, sums, budget = False, set(), SAMPLE_TOTAL
        for _ in range(SAMPLE_GAMES if choosers > 1 or len(self.players) == 2 else 0):
            state = self.initial_state()
            for _ in range(min(SAMPLE_PLIES, budget)):
                budget -= 1
                if self.is_terminal(state):
                    sums.add(sum(self.goals(state)))
                    break
                try:
                    each = self.joint_moves(state)
                except GdlError:   # a role without a move: said when the game is played
                    break
                seen_joint |= sum(len(m) > 1 for m in each) > 1
                state = self.apply(state, tuple(rng.choice(m) for m in each))
        self.turns_proved &= not seen_joint   # a node seen is a fact (tested never to happen)
        self.has_simultaneous = seen_joint
        self.zero_sum = len(self.players) == 2 and sums == {100}
        self._closed.clear()

