"""The verified invariants of a game, puzzle or constraint puzzle as one JSON document.

The document follows docs/invariants.schema.json (its version is SCHEMA_VERSION)
and is explained in docs/invariants.md, for people who write their own solvers:
symmetries as permutations of named cells (with a colour-swap flag and the piece kinds
they rename), inverse and commuting move pairs, conserved and monotone quantities with
their definitions, the declarations that failed verification, and how verification was
done.
`gdl invariants GAME --json` prints it.
"""

from __future__ import annotations

import re
from typing import Any

from gdl.interpreter.core.invariants import Verification, declaration
from gdl.interpreter.core.ir import Quantity
from gdl.interpreter.core.symmetry import cell_names

SCHEMA_VERSION = 1


def _plain(value: Any) -> Any:
    """Option values as JSON values (tuples become lists)."""
    return list(value) if isinstance(value, tuple) else value


def _base(game: Any, board: dict | None, moves: list[str] | None) -> dict:
    return {"schema_version": SCHEMA_VERSION, "game": game.name, "title": game.title,
            "kind": game.kind, "players": list(game.players),
            "options": {k: _plain(v) for k, v in game.options.items()},
            "board": board, "moves": moves, "symmetries": [], "inverse_pairs": [],
            "commuting_pairs": [], "quantities": [], "rejected": []}


def game_document(game: Any, found: Verification, seed: int) -> dict:
    """A compiled game's document: the symmetry group its holding declarations generate
    and the quantities that held (`found`: `gdl.interpreter.core.invariants.verify`)."""
    geo = game.geometry
    board = {"width": geo.width, "height": geo.height,
             "cells": [geo.name(c) for c in geo.cells]} if geo.cells else None
    doc = _base(game, board, None)
    declared = {(s.perm, s.swap, s.kinds) for s in game.ir.declared_symmetries}
    pieces = game.ir.pieces
    doc["symmetries"] = [{"name": s.name, "colour_swap": s.swap,
                          "image": cell_names(s, geo) if geo.cells else [],
                          "recolouring": {pieces[k]: pieces[j] for k, j in enumerate(s.kinds)
                                          if j != k},
                          "declared": (s.perm, s.swap, s.kinds) in declared}
                         for s in found.group]
    doc["quantities"] = [_quantity(q, game.players) for q in found.quantities]
    doc["rejected"] = [{"declaration": r.declaration, "reason": r.failure}
                       for r in found.results if not r.holds]
    doc["verification"] = {"method": "random games", "seed": seed, "samples": found.games,
                           "positions": found.positions}
    return doc


def _quantity(q: Quantity, players: tuple[str, ...]) -> dict:
    view = "each player" if q.per_player else "position"
    where = (f"the rules expression `{q.text}` read from each player's view (own, enemy and "
             f"per-player regions and directions being that player's): one value per player, "
             f"in the order {', '.join(players)}") if q.per_player else \
        f"the rules expression `{q.text}`: one value"
    return {"name": declaration(q), "kind": q.kind, "direction": q.direction,
            "expression": q.text, "view": view, "definition": where, "origin": "declared"}


def puzzle_document(puzzle: Any, problems: list[str], seed: int, walks: int,
                    length: int) -> dict:
    """A compiled puzzle's document: its inverse and commuting pairs and conserved
    quantities (derived from the moves, declared inverses checked exactly at compile time),
    tested on random walks (`problems`: what failed)."""
    inv = puzzle.invariants
    form = puzzle.ir.form
    board = None
    if inv["form"] == "tiles":
        board = {"width": form.cols, "height": form.rows,
                 "cells": [f"r{r + 1}c{c + 1}" for r in range(form.rows) for c in range(form.cols)]}
    doc = _base(puzzle, board, list(inv["moves"]))
    doc["inverse_pairs"] = [list(p) for p in inv["inverses"]]
    doc["commuting_pairs"] = [list(p) for p in inv["commuting"]]
    doc["quantities"] = [{"name": name, "kind": "conserved", "direction": None,
                          "expression": None, "view": "position",
                          "definition": _puzzle_definition(name, inv["form"]),
                          "origin": "derived"} for name in inv["conserved"]]
    doc["rejected"] = [{"declaration": "derived invariants", "reason": p} for p in problems]
    doc["verification"] = {"method": "random walks", "seed": seed, "samples": walks,
                           "positions": walks * length}
    return doc


def _puzzle_definition(name: str, form: str) -> str:
    """What a derived puzzle quantity computes (see gdl.interpreter.layouts.permutation and
    puzzle_tiles, which derive them)."""
    if form == "tiles":
        return ("the parity of the cells read as a permutation (blank included), plus the "
                "blank's row and column, mod 2")
    if match := re.fullmatch(r"(\w+) parity", name):
        return f"the parity of permutation {match[1]} (0 even, 1 odd)"
    if match := re.fullmatch(r"(\w+) sum mod (\d+)", name):
        return f"the sum of orientation {match[1]}'s values, mod {match[2]}"
    return name


def constraints_document(puzzle: Any) -> dict:
    """A constraint puzzle's document: its grid; no search metadata is derived yet."""
    board = {"width": puzzle.width, "height": puzzle.height,
             "cells": [puzzle.cell_name(v) for v in puzzle.variables]}
    doc = _base(puzzle, board, None)
    doc["verification"] = {"method": "none", "seed": None, "samples": 0, "positions": 0}
    return doc


def describe(doc: dict) -> str:
    """The document as a few lines of text (`gdl invariants` without --json)."""
    check = doc["verification"]
    board = doc["board"]
    lines = [f"{doc['game']}: {doc['title']} ({doc['kind']}); invariants schema "
             f"{doc['schema_version']}",
             f"  board: {board['width']} x {board['height']}, {len(board['cells'])} cells"
             if board else "  board: none"]
    syms = doc["symmetries"]
    lines.append(f"  symmetries: {len(syms)}" + (" (" + ", ".join(s["name"] for s in syms) + ")"
                                                  if syms else ""))
    for title, key in (("inverse pairs", "inverse_pairs"), ("commuting pairs", "commuting_pairs")):
        pairs = doc[key]
        lines.append(f"  {title}: " + (", ".join("/".join(p) for p in pairs) or "none"))
    lines.append("  quantities: " + (", ".join(q["name"] for q in doc["quantities"]) or "none"))
    for r in doc["rejected"]:
        lines.append(f"  rejected: {r['declaration']}: {r['reason']}")
    if check["method"] != "none":
        lines.append(f"  verified on {check['positions']:,} positions of {check['samples']} "
                     f"{check['method']} (seed {check['seed']})")
    return "\n".join(lines)
