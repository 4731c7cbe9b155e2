"""UCT Monte Carlo tree search for turn-based games with any number of players.

Each node stores the total payoff of the player who moved into it, so a parent
picks among its children by its own mover's returns: N-player games need
nothing special. The searcher keeps its tree between calls: searching a
position that is already in the tree (a child or grandchild of the last root,
i.e. after our move and the reply) reuses the statistics gathered there.

>>> from tests.references.games import Nim
>>> m = MCTS(Nim((1, 2)), seed=1)
>>> m.search(iterations=300).best_move
(1, 1)
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from collections.abc import Callable, Iterable

import attrs

from gdl.protocol import CHANCE, Game, Move, State, has_chance, playout_eyes, \
    refuse_simultaneous
from gdl.solvers.budget import without_gc
from gdl.solvers.search.sampling import any_move, chance_move

RolloutPolicy = Callable[[State, random.Random], Move]
DEFAULT_C = 1.4           # exploration constant for payoffs in [-1, 1]
MAX_ROLLOUT_PLIES = 10_000  # a rollout this long is scored by the evaluation (or as a draw)
MAX_TREE_NODES = 500_000    # the default memory bound: a node is a few hundred bytes
CLOCK_PLIES = 4             # rollout moves between two looks at the clock


@attrs.frozen
class MCTSStats:
    """iterations: playouts run by this call; seconds: wall time; root_visits: the root's
    visit count, including visits reused from earlier calls; reused: visits inherited;
    new_nodes: nodes this call added to the tree; stopped: "iterations", "time",
    "interrupt", "nodes" (the tree reached `max_nodes`) or "proved" (the root's result is
    proved: MCTS-Solver)."""

    iterations: int
    seconds: float
    root_visits: int
    reused: int
    new_nodes: int
    stopped: str


@attrs.frozen
class MCTSResult:
    """best_move: a proved win when there is one, else the most visited root move not
    proved lost (None at a terminal root); value: its mean payoff for the player to move
    (1 or -1 when proved); visits: root moves and their visit counts."""

    best_move: Move | None
    value: float
    visits: tuple[tuple[Move, int], ...]
    stats: MCTSStats


class _Node:
    """A position in the tree; `total` is the payoff sum of `mover`, who moved into it."""

    __slots__ = ("state", "mover", "player", "terminal", "untried", "children", "visits", "total",
                 "proven")

    def __init__(self, game: Game, state: State, mover: int, rng: random.Random,
                 solves: bool = False) -> None:
        self.state = state
        self.mover = mover
        self.terminal = game.is_terminal(state)
        self.player = -1 if self.terminal else game.current_player(state)
        # a chance node's outcomes are drawn in selection (MCTS._iterate), never tried in turn
        self.untried: list[Move] = [] if self.terminal or self.player == CHANCE \
            else list(game.legal_moves(state))
        rng.shuffle(self.untried)  # expansion pops from the end: a random order
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0
        # the MCTS-Solver's proof, as the first player's result: 1 a win, -1 a loss, 0 none
        # (a draw is not proved: its value is the mean payoff's to learn)
        self.proven = 0
        if solves and self.terminal:
            first = game.returns(state)[0]
            self.proven = 1 if first >= 1 else -1 if first <= -1 else 0


def wins_or_loses(game: Game) -> bool:
    """Whether `game` is a two-player zero-sum game of rules whose ends are a win, a loss
    or a draw (no `end: score`): where a proved win is as good as any other."""
    rules = getattr(game, "ir", None)
    return len(game.players) == 2 and bool(getattr(game, "zero_sum", False)) \
        and rules is not None and not any(getattr(end, "outcome", None) == "score"
                                          for end in getattr(rules, "ends", ()))


def random_rollout(game: Game) -> RolloutPolicy:
    """The uniform random rollout policy: over the moves a playout draws from (the game's
    `playout_moves`, gdl.protocol: a go game's keep its eyes), else the legal ones."""
    moves = getattr(game, "playout_moves", game.legal_moves)
    if has_chance(game):   # a chance node's outcome by its probability
        return lambda state, rng: any_move(game, state, rng)
    return lambda state, rng: rng.choice(moves(state))


def heuristic_rollout(game: Game, epsilon: float = 0.25) -> RolloutPolicy:
    """Epsilon-greedy by `game.heuristic`: a random move with probability epsilon,
    else the move whose resulting position the heuristic likes best for the mover.

    Raises:
        AttributeError: the game has no heuristic.
    """
    heuristic = game.heuristic  # type: ignore[attr-defined]  # an optional capability
    apply = game.apply
    legal_moves, player = game.legal_moves, game.current_player

    def policy(state: State, rng: random.Random) -> Move:
        moves = legal_moves(state)
        if player(state) == CHANCE:
            return chance_move(game, state, rng)
        if rng.random() < epsilon:
            return rng.choice(moves)
        me = player(state)
        return max(moves, key=lambda m: heuristic(apply(state, m))[me] + 1e-6 * rng.random())
    return policy


class MCTS:
    """UCT search over `game`, keeping its tree between calls.

    Args:
        game: any turn-based game (N players; payoffs ideally in [-1, 1]).
        seed: seeds the private random.Random used for expansion, rollouts and ties.
        c: the UCT exploration constant.
        rollout: a rollout policy (state, rng) -> move; default uniform random
            (see `heuristic_rollout` for an epsilon-greedy one).
        iterations, time_limit: the default budget of `search` (iterations win
            when both are None: 1000).
        evaluate: scores a rollout cut at `max_rollout_plies`: state -> one payoff
            per player. Default: `game.heuristic` when present, else all zeros.
        max_rollout_plies: rollouts longer than this are cut and evaluated.
        max_nodes: the tree's memory bound; a search stops (with its best move) when the
            tree would grow past it. A subtree has at most one node per visit of its
            root, so the root's visits bound it.
        min_iterations: the deadline is kept only past this many iterations (0: always).
        fallible: a player whose moves the tree samples uniformly instead of by UCB1: an
            opponent who errs (see `gdl.solvers.search.chances`); None: every player by UCB1.
        solver: MCTS-Solver in a two-player game of wins, losses and draws (see
            docs/ai.md); off by default, as measured against OpenSpiel's bot on clobber.

    A rollout still running at the deadline is cut and evaluated, so a search ends
    on time even where one rollout is long (a big board).
    """

    def __init__(self, game: Game, *, seed: int | None = None, c: float = DEFAULT_C,
                 rollout: RolloutPolicy | None = None, iterations: int | None = None,
                 time_limit: float | None = None,
                 evaluate: Callable[[State], tuple[float, ...]] | None = None,
                 max_rollout_plies: int = MAX_ROLLOUT_PLIES,
                 max_nodes: int = MAX_TREE_NODES, min_iterations: int = 0,
                 fallible: int | None = None, solver: bool = False) -> None:
        refuse_simultaneous(game, "MCTS")
        self.game = game
        self.rng = random.Random(seed)
        self.c = c
        self.rollout = rollout or random_rollout(game)
        # uniform random rollouts in C, when the game has them and no policy is given
        self._native = getattr(game, "native_rollout", None) if rollout is None else None
        self.iterations = iterations
        self.time_limit = time_limit
        zeros = tuple(0.0 for _ in game.players)
        self.evaluate = evaluate or getattr(game, "heuristic", None) or (lambda state: zeros)
        self.max_rollout_plies = max_rollout_plies
        self.max_nodes = max(1, max_nodes)
        self.min_iterations = min_iterations
        self.fallible = fallible   # None: every player searched by UCB1
        # MCTS-Solver (Winands et al.): proven wins and losses backed up the tree, in a
        # two-player zero-sum game searched against a best opponent (not a fallible one)
        self.solves = solver and fallible is None and wins_or_loses(game) \
            and not has_chance(game)   # a proof does not cross dice
        self._deadline = math.inf
        self._solving = self.solves   # off for the rest of a search whose root is proved lost
        self.root: _Node | None = None
        self._new_nodes = 0

    def advance(self, move: Move) -> None:
        """Move the root down by a played move, keeping that subtree (or forgetting all)."""
        if self.root is not None:
            self.root = self.root.children.get(move)

    def reset(self) -> None:
        """Forget the tree."""
        self.root = None

    def _root_for(self, state: State) -> _Node:
        """The tree node for `state`, reusing the root, a child or a grandchild when they match."""
        root = self.root
        if root is not None:
            if root.state == state:
                return root
            for child in root.children.values():
                if child.state == state:
                    return child
                for grandchild in child.children.values():
                    if grandchild.state == state:
                        return grandchild
        return _Node(self.game, state, -1, self.rng, self._solving)

    def search(self, state: State | None = None, *, iterations: int | None = None,
               time_limit: float | None = None) -> MCTSResult:
        """Run UCT from `state` (default: the start) for a number of iterations and/or seconds.

        The budget defaults to the constructor's; a KeyboardInterrupt stops the
        search early and the best move so far is returned.
        """
        with without_gc():   # no collector pass inside the budget (budget.without_gc)
            return self._search(state, iterations=iterations, time_limit=time_limit)

    def _search(self, state: State | None = None, *, iterations: int | None = None,
                time_limit: float | None = None) -> MCTSResult:
        game = self.game
        state = game.initial_state() if state is None else state
        iterations = self.iterations if iterations is None else iterations
        time_limit = self.time_limit if time_limit is None else time_limit
        if iterations is None and time_limit is None:
            iterations = 1000
        start = perf_counter()
        deadline = self._deadline = start + time_limit if time_limit is not None else math.inf
        self._solving = self.solves
        root = self.root = self._root_for(state)
        reused = root.visits
        self._new_nodes = 0
        done, stopped = 0, "iterations"
        try:
            while iterations is None or done < iterations:
                if root.proven == (1 if root.player == 0 else -1):
                    stopped = "proved"   # a proved win: play it
                    break
                if root.proven:
                    # a proved loss: every move loses to a best reply, so the rest of the
                    # budget goes to plain UCT, whose random rollouts rank the moves by the
                    # chances they keep against an opponent who errs
                    self._solving = False
                    root = self.root = _Node(game, state, -1, self.rng)
                if perf_counter() >= deadline and done >= self.min_iterations:
                    stopped = "time"
                    break
                if root.visits + 1 >= self.max_nodes:
                    stopped = "nodes"
                    break
                self._iterate(root)
                done += 1
        except KeyboardInterrupt:
            stopped = "interrupt"
        stats = MCTSStats(done, perf_counter() - start, root.visits, reused, self._new_nodes,
                          stopped)
        return self._result(root, stats)

    def _result(self, root: _Node, stats: MCTSStats) -> MCTSResult:
        if root.terminal:
            return MCTSResult(None, 0.0, (), stats)
        if not root.children:  # no iteration ran: any legal move will do
            return MCTSResult(self.game.legal_moves(root.state)[0], 0.0, (), stats)
        mine = 1 if root.player == 0 else -1   # a proof's sign for the player to move
        move, child = max(root.children.items(),
                          key=lambda mc: (mc[1].proven * mine, mc[1].visits,
                                          mc[1].total / max(1, mc[1].visits)))
        visits = tuple((m, ch.visits) for m, ch in root.children.items())
        value = child.proven * mine if child.proven else child.total / max(1, child.visits)
        return MCTSResult(move, value, visits, stats)

    def _iterate(self, root: _Node) -> None:
        """Select, expand, roll out, back up: one iteration; the measured hot path."""
        game, rng = self.game, self.rng
        node, path = root, [root]
        # Selection: descend through fully expanded nodes by UCB1 (a proved node ends it).
        while not node.terminal and not node.untried and not node.proven:
            if node.player == CHANCE:   # an outcome by its probability
                move = chance_move(game, node.state, rng)
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = _Node(game, game.apply(node.state, move),
                                                        CHANCE, rng)
                    self._new_nodes += 1
                node = child
                path.append(node)
                continue
            if self.fallible is not None and node.player == self.fallible:   # errs: any reply
                node = rng.choice(list(node.children.values()))
                path.append(node)
                continue
            log_n = math.log(node.visits)
            c = self.c
            children: Iterable[_Node] = node.children.values()
            if self._solving:   # never a child proved lost for the mover (all lost: proved)
                lost = -1 if node.player == 0 else 1
                children = [child for child in children if child.proven != lost]
            best, best_score = None, -math.inf
            for child in children:
                score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best, best_score = child, score
            node = best  # type: ignore[assignment]
            path.append(node)
        # Expansion: one new child.
        if not node.terminal and not node.proven:
            move = node.untried.pop()
            child = _Node(game, game.apply(node.state, move), node.player, rng, self._solving)
            node.children[move] = child
            self._new_nodes += 1
            node = child
            path.append(node)
        payoffs = (float(node.proven), float(-node.proven)) if node.proven \
            else self._playout(node.state)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += payoffs[n.mover]
        if self._solving and node.proven:
            self._back_up_proof(path)

    @staticmethod
    def _back_up_proof(path: list[_Node]) -> None:
        """Prove the nodes above a proved one: a node is won for its player when one child
        is, lost when every move is tried and every child is lost."""
        for n in reversed(path[:-1]):
            won = 1 if n.player == 0 else -1
            if any(child.proven == won for child in n.children.values()):
                n.proven = won
            elif not n.untried and all(child.proven == -won for child in n.children.values()):
                n.proven = -won
            else:
                return

    def _playout(self, state: State) -> tuple[float, ...]:
        """Payoffs at the end of a rollout from `state` (evaluated if cut short). A game with
        native rollouts (gdl.interpreter.c, `--backend native`) makes a uniform one in C, over
        the same moves as `random_rollout`'s (the game's `playout_eyes`)."""
        if self._native is not None:
            seed = self.rng.getrandbits(64)
            # a finished state is scored below: one over by score (a payoff tuple) has no
            # words to cross to C in
            done = None if self.game.is_terminal(state) else \
                self._native(state, seed, self.max_rollout_plies,
                             eyes=playout_eyes(self.game))
            if done is not None:
                ended, value = done
                return value if ended else self.evaluate(value)
        game, rng, policy = self.game, self.rng, self.rollout
        is_terminal, apply = game.is_terminal, game.apply
        plies, deadline = 0, self._deadline
        while not is_terminal(state):
            if plies >= self.max_rollout_plies:
                return self.evaluate(state)
            if plies % CLOCK_PLIES == CLOCK_PLIES - 1 and perf_counter() >= deadline:
                return self.evaluate(state)   # out of time: score the rollout so far
            state = apply(state, policy(state, rng))
            plies += 1
        return game.returns(state)
