"""A GDL reasoner on clingo: the second, independent implementation the KIF tests compare
gdl's reader with. It imports nothing of gdl.

A state is a frozenset of fluents (KIF terms as tuples, `tests.kif_reasoner.sexpr`); moves
are given and returned as canonical KIF text (`(mark 1 2)`, `noop`). Each question is one
clingo run over the rules plus the state's `true` facts (and the joint move's `does` facts).

>>> r = Reasoner("(role a) (init (at 0)) (succ 0 1) (<= (legal a go) (true (at 0)))"
...              "(<= (next (at ?y)) (true (at ?x)) (succ ?x ?y)) (<= terminal (true (at 1)))"
...              "(goal a 100)")
>>> s = r.initial(); r.legal(s), r.terminal(s)
({'a': ['go']}, False)
>>> t = r.next(s, {"a": "go"}); r.terminal(t), r.goals(t)
(True, {'a': 100})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import clingo

from tests.kif_reasoner.asp import atom_text, predicate, program_text, term_text
from tests.kif_reasoner.sexpr import Term, kif_text, read_kif

State = frozenset

_SHOWN = "".join(f"#show {predicate(name)}/{arity}.\n" for name, arity in
                 [("legal", 2), ("terminal", 0), ("goal", 2), ("next", 1), ("init", 1)])


class ReasonerError(ValueError):
    """The description has no single standard model, or breaks a rule of GDL's."""


def _term(symbol: clingo.Symbol) -> Term:
    """A clingo symbol of our encoding back into a KIF term."""
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Number:
        return str(symbol.number)
    if symbol.type == clingo.SymbolType.Function and symbol.name == "":
        return tuple(_term(arg) for arg in symbol.arguments)
    raise ReasonerError(f"unexpected term {symbol}")


def _quiet(_code: Any, _message: str) -> None:
    """clingo's info messages (atoms with no rule, as `does` outside next) are expected."""


class Reasoner:
    """The rules of one KIF description, asked about states."""

    def __init__(self, text: str) -> None:
        self.sentences = read_kif(text)
        self.roles: tuple[str, ...] = tuple(
            kif_text(s[1]) for s in self.sentences
            if isinstance(s, tuple) and s[0] == "role" and len(s) == 2)
        if not self.roles:
            raise ReasonerError("no (role ...) fact")
        self.program = program_text(self.sentences) + _SHOWN
        self._answers: dict[State, tuple[dict[str, list[str]], bool, dict[str, list[int]]]] = {}
        self.runs = 0   # clingo runs so far: the work a benchmark counts

    def _model(self, facts: Iterable[str]) -> list[clingo.Symbol]:
        """The shown atoms of the one stable model of the rules plus `facts`."""
        control = clingo.Control(["--models=2", "--warn=none"], logger=_quiet)
        control.add("base", [], self.program + "".join(f"{fact}.\n" for fact in facts))
        control.ground([("base", [])])
        models: list[list[clingo.Symbol]] = []
        control.solve(on_model=lambda m: models.append(list(m.symbols(shown=True))))
        self.runs += 1
        if len(models) != 1:
            raise ReasonerError(f"the rules have {len(models)} stable models for a state, not "
                                "one: negation is not stratified")
        return models[0]

    @staticmethod
    def _facts(state: State) -> list[str]:
        return [atom_text(("true", fluent)) for fluent in sorted(state, key=kif_text)]

    def initial(self) -> State:
        """The initial state: every `init` fluent."""
        return frozenset(_term(s.arguments[0]) for s in self._model([])
                         if s.name == predicate("init"))

    def _answer(self, state: State) -> tuple[dict[str, list[str]], bool, dict[str, list[int]]]:
        if state not in self._answers:
            legal: dict[str, set[str]] = {role: set() for role in self.roles}
            goals: dict[str, list[int]] = {role: [] for role in self.roles}
            terminal = False
            for symbol in self._model(self._facts(state)):
                if symbol.name == predicate("terminal"):
                    terminal = True
                elif symbol.name in (predicate("legal"), predicate("goal")):
                    role = kif_text(_term(symbol.arguments[0]))
                    value = kif_text(_term(symbol.arguments[1]))
                    if role not in legal:
                        continue   # legal or goal of something that is not a role
                    if symbol.name == predicate("legal"):
                        legal[role].add(value)
                    elif value.isdigit():
                        goals[role].append(int(value))
                    else:
                        raise ReasonerError(f"goal {value} of {role} is not a number")
            self._answers[state] = ({role: sorted(moves) for role, moves in legal.items()},
                                    terminal, {role: sorted(v) for role, v in goals.items()})
        return self._answers[state]

    def legal(self, state: State) -> dict[str, list[str]]:
        """Each role's legal moves, as sorted canonical texts."""
        return self._answer(state)[0]

    def terminal(self, state: State) -> bool:
        return self._answer(state)[1]

    def goals(self, state: State) -> dict[str, int]:
        """Each role's goal value; a role with none or several is an error of the rules."""
        found = self._answer(state)[2]
        for role, values in found.items():
            if len(values) != 1:
                raise ReasonerError(f"role {role} has {len(values)} goal values {values}")
        return {role: values[0] for role, values in found.items()}

    def next(self, state: State, joint: Mapping[str, str]) -> State:
        """The state after every role plays its move of `joint` (role -> move text)."""
        does = [predicate("does") + f"({term_text(role)},{term_text(read_kif(move)[0])})"
                for role, move in joint.items()]
        return frozenset(_term(s.arguments[0]) for s in self._model(self._facts(state) + does)
                         if s.name == predicate("next"))
