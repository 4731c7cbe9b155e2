"""Ends by score in C (`end: score EXPR if COND`; the twin of `score_payoffs` in
gdl/interpreter/python/generate.py).

The Python back end ends such a game with the payoffs themselves as its result, a tuple of
floats where other games have a result code. In C the state's result is one more code,
SCORED (past the codes of gdl.interpreter.core.results), and the state keeps each player's
score (`sc[q]`, the expression read from q's side, as Python reads it). The C loops that
only count or play on (perft, the random playouts, whose statistics count SCORED games
apart) take such a game whole. A tuple cannot cross the boundary as a result word, so a
call that would hand one back (a move that ends the game by score, a rollout) is made by
the Python back end instead: it returns -1, and the answer is Python's, to the last bit.
The searches in C (alpha-beta, MCTS, the exact solver) read payoffs of -1, 0 and 1 from a
table by code: a game with scores is searched on Python (their SEARCHABLE and SOLVABLE).
"""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.core.results import result_codes
from gdl.interpreter.c.seen import HistoryC
from gdl.interpreter.c.support import CWriter


class ScoresC(HistoryC):
    def __init__(self, game: ir.GameIR):
        super().__init__(game)
        self.codes = result_codes(self.n_players)
        self.scores = any(end.outcome == "score" for end in game.ends)
        self.scored = len(self.codes) + 1   # the result code of a game ended by score

    @property
    def result_count(self) -> int:
        """Result codes 0 .. result_count - 1 (0: the game goes on)."""
        return self.scored + 1 if self.scores else self.scored

    def score_fields(self) -> str:
        """The state's fields for the scores (none in a game without score ends)."""
        return f" int64_t sc[{self.n_players}];" if self.scores else ""

    def score_end(self, w: CWriter, end: ir.EndRule, p: int) -> None:
        """When the condition holds (read from the mover p's side), every player's score,
        each from its own side; then the game is over by score."""
        assert end.score is not None   # a score end has its expression
        with w.block(f"if ({self.truth(end.condition, p)})"):
            for q in range(self.n_players):
                w(f"o->sc[{q}] = {self.expr(end.score, q)};")
            w(f"o->res = {self.scored}; break;")

    def scored_to_python(self, w: CWriter, state: str) -> None:
        """A call whose answer would be a state over by score fails: Python makes it (its
        result, the payoff tuple, is no word)."""
        if self.scores:
            w(f"if ({state}.res == {self.scored}) return -1;   /* over by score: Python's */")

    def rollout_to_python(self, w: CWriter) -> None:
        """A rollout answers with a result code, which cannot say payoffs: in a game with
        scores every rollout is Python's (refused before any work)."""
        if self.scores:
            w("return -1;   /* payoffs by score are no result code: Python's rollout */")
