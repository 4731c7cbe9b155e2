"""A ground program summed up independently of the order grounding found it in: its sizes
and a digest of its rules and game relations printed as sorted text (tests/data/kif/
ground.json, written by tools/record_kif_ground.py, read by tests/kif/test_kif_ground.py).
A faster grounder must give the same ground program, whatever its join order."""

from __future__ import annotations

import hashlib
from typing import Any

from gdl.grammar.sexpr import term_text as ground_text
from gdl.interpreter.kif.ground import GroundProgram


def prop_text(program: GroundProgram, i: int) -> str:
    (name, _), row = program.props[i]
    return f"({name} {' '.join(map(ground_text, row))})" if row else name


def lines(program: GroundProgram) -> list[str]:
    """The program as text lines, each meaning the same whatever the propositions' order."""
    text = [prop_text(program, i) for i in range(len(program.props))]
    out = [f"{text[r.head]} :- {' '.join(sorted(text[i] for i in r.pos))} "
           f"| {' '.join(sorted(text[i] for i in r.neg))}" for r in program.rules]
    out += [f"init {text[i]}" for i in range(program.n_true) if program.init >> i & 1]
    out += [f"input {text[2 * program.n_true + k]} legal "
            f"{text[program.legal[k]] if program.legal[k] >= 0 else '-'}"
            for k in range(len(program.does))]
    out += [f"goal {ground_text(role)} {value} {text[i]}"
            for role, goals in zip(program.roles, program.goals) for i, value in goals]
    out += [f"terminal {text[program.terminal] if program.terminal >= 0 else '-'}"]
    out += [f"chain {' '.join(a + '>' + b for a, b in chain)}" for chain in program.chains]
    return sorted(out)


def summary(program: GroundProgram) -> dict[str, Any]:
    """Sizes, the roles in order, and the sha256 of lines()."""
    digest = hashlib.sha256("\n".join(lines(program)).encode()).hexdigest()
    return {"props": len(program.props), "rules": len(program.rules),
            "base": program.n_true, "inputs": len(program.does),
            "roles": [ground_text(r) for r in program.roles], "sha256": digest}
