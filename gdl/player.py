"""`gdl.Player`: an AI that plays a whole game, not one move.

`gdl.ai_move` starts afresh at every call. A Player is made once per game and keeps what
its engine learnt between moves: alpha-beta's transposition table (in C, the library's
table of this player) and its move-ordering history. With a `clock` (seconds for the whole
game) it spends the time left over the moves it expects are left, rather than a fixed time
per move: alpha-beta in C takes that share as a target, spending more when its best move
changes between iterations or its value drops and less once one move leads throughout,
within a hard bound of HARD_SHARES shares and HARD_CLOCK of the clock left
(interpreter/c/search.py); other engines take the share as their time. It searches in C
when a compiler is found (gdl.interpreter.c.backend.for_search).
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from gdl.ai.players import DEFAULT_LEVEL, AIPlayer, make_player
from gdl.errors import GdlError, OptionError
from gdl.interpreter.c.backend import for_search
from gdl.position import Position
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta

# A clock's share per move: the time left over this many moves still to come, at least
# MIN_MOVES_LEFT (a long game's end keeps a reserve), the first moves assumed a game of
# EXPECTED_PLIES. A general rule: no game's length is known in advance.
EXPECTED_PLIES = 80
MIN_MOVES_LEFT = 12
HARD_SHARES = 3.0   # a move's hard bound: this many shares, at most HARD_CLOCK of the clock
HARD_CLOCK = 0.25
OVERHEAD_DECAY = 0.7   # what a move costs beyond its search (checks, notation): a decaying max


class Player:
    """The AI of `game` for a whole game (see the module doc).

    Args:
        level: "easy", "medium", "hard" or a number of nodes (as `gdl play --level`).
        seconds: time per move (default: the level's).
        clock: seconds for all of this player's moves; each move gets its share of what
            is left. Not with `seconds`.
        seed: seeds the easy level's noise and MCTS.
        engine: "ai", "alphabeta" or "mcts".
        backend: "python" keeps the search on Python (default: in C when it can).

    >>> import gdl
    >>> player = gdl.Player("tictactoe", level="hard", seconds=0.1, seed=1)
    >>> pos = gdl.Position(gdl.load("tictactoe"), ["a1", "b1", "a2", "b2"])
    >>> player.move(pos)              # X completes the a file
    'a3'
    """

    def __init__(self, game: Any, *, level: str = DEFAULT_LEVEL, seconds: float | None = None,
                 clock: float | None = None, seed: int | None = None, engine: str = "ai",
                 backend: str | None = None) -> None:
        if seconds is not None and clock is not None:
            raise OptionError("give seconds (per move) or clock (for the game), not both")
        if clock is not None and clock <= 0:
            raise OptionError(f"clock must be positive (got {clock})")
        if isinstance(game, str):
            from gdl.api import load
            game = load(game, backend=backend)
        self.game = game
        self.searched = game if backend == "python" else for_search(game)
        self.clock = clock   # seconds left on this player's clock
        self.bound: float | None = None   # on a clock: the last move's hard bound, all in
        self.overhead = 0.0   # seconds a move took beyond its engine's search, lately
        self.ai = make_player(f"{engine}:{level}", self.searched, level, seed,
                              self._share(0) if clock is not None else seconds)
        self.moves = 0

    def _share(self, plies: int) -> float:
        assert self.clock is not None
        left = max(MIN_MOVES_LEFT, (EXPECTED_PLIES - plies) // 2)
        # each move to come costs its checks and notation besides its search
        return max(0.01, (self.clock - left * self.overhead) / left)

    def move(self, position: Position | Any) -> str:
        """The move this player chooses in `position` (a Position, or a state of the game),
        in the game's notation. The clock, if any, is charged the time spent.

        Raises:
            GdlError: the game is over there.
        """
        state = position.state if isinstance(position, Position) else position
        if self.game.is_terminal(state):
            raise GdlError("the game is over: there is no move to choose")
        if self.clock is not None and isinstance(self.ai, AIPlayer):
            plies = len(position.moves) if isinstance(position, Position) else self.moves * 2
            self._set_time(self._share(plies))
        start = perf_counter()
        move = self.ai.choose(self.searched, state)
        text = self.game.move_text(state, move)
        spent = perf_counter() - start
        last = getattr(self.ai, "last", None)
        if last is not None and hasattr(last.stats, "seconds"):
            self.overhead = max(spent - last.stats.seconds, OVERHEAD_DECAY * self.overhead)
        if self.clock is not None:
            self.clock = max(0.0, self.clock - spent)
        self.moves += 1
        return text

    def _set_time(self, seconds: float) -> None:
        ai = self.ai
        assert isinstance(ai, AIPlayer)
        if ai.seconds is None:   # a numbered level searches by nodes, not time
            return
        ai.seconds = seconds
        engine = ai.engine
        assert self.clock is not None
        # the move's bound, all in; its engine's, less what the move costs besides
        soft = isinstance(engine, NativeAlphaBeta)   # a target within a hard bound
        self.bound = min(HARD_SHARES * seconds, max(seconds, HARD_CLOCK * self.clock)) \
            if soft else seconds
        engine.time_limit = max(0.005, self.bound - self.overhead)
        if isinstance(engine, NativeAlphaBeta):
            engine.soft_time = min(seconds, engine.time_limit)
