"""A game's core IR written as KIF (Stanford GDL): the export of `gdl kif GAME`.

The subset: two-player games of turns on a square grid (no wrap, links or holes taken
away from the rules' reach: a playable subset is kept as `square` facts), one piece per
cell, no state variables, moves that place a piece (`place`) or step one (`step`) without
effects or further stages, and end rules that say who wins or that it is a draw, on
conditions of lines, full boards, pieces in regions, no pieces, and whether a player can
move. Anything else is refused in one line naming it (`NotExported`).

The KIF follows gdl's semantics exactly, so its perft equals gdl's: players take turns
in order (`control`); end rules are read right after each move (and at the start, as if
the last player had just moved), in order, the first that holds deciding; a win is 100
for the winner and 0 for the other, a draw 50 each.

>>> from gdl import catalog
>>> text = export_kif(catalog.load("tictactoe").ir)
>>> "(init (control x))" in text and "(role o)" in text
True
"""

from __future__ import annotations

import re

from gdl.interpreter.core.geometry import bits
from gdl.interpreter.core.ir import GameIR
from gdl.interpreter.core.ir.expressions import MOVER, OPPONENT
from gdl.interpreter.core.ir.rules import EndRule, PlaceRule, StepRule
from gdl.interpreter.kif_export.sentences import NotExported, Relations, xy

ATOM = re.compile(r"[a-z][a-z0-9_]*\Z")
EXTRAS = {"priority": "priority rules", "illegal": "legality filter", "prefer": "preference",
          "after": "effects after every move", "chances": "chance stages", "hand": "hands",
          "tracks": "tracks", "streaks": "streaks", "neutral": "neutral pieces",
          "zones": "zones"}


def _refuse_outside(ir: GameIR) -> None:
    """Raise NotExported for the first thing of `ir` outside the subset."""
    if not isinstance(ir, GameIR) or ir.kind != "game" or len(ir.players) != 2:
        raise NotExported("only two-player games are exported")
    if ir.simultaneous:
        raise NotExported("simultaneous moves are not exported yet")
    if ir.geometry.shape != "square" or ir.geometry.wraps:
        raise NotExported(f"its {ir.geometry.description} is not a plain square grid")
    if ir.variables:
        names = ", ".join(v.name for v in ir.variables)
        raise NotExported(f"its state variables ({names}) are not exported")
    for extra, words in EXTRAS.items():
        if getattr(ir, extra):
            raise NotExported(f"its {words} are not exported")
    for rule in ir.rules:
        plain_step = isinstance(rule, StepRule) and rule.kind is not None and not (
            rule.slide or rule.distance or rule.screens or rule.effects or rule.more)
        plain_place = isinstance(rule, PlaceRule) and not (rule.effects or rule.more)
        if not (plain_place or plain_step):
            raise NotExported(f"its move rule {rule.name!r} is not a plain place or step")
    for end in ir.ends:
        if end.outcome not in ("wins", "loses", "draw"):
            raise NotExported(f"its {end.outcome} end rule is not exported")
    for name in (*ir.players, *ir.pieces):
        if not ATOM.match(name.lower()):
            raise NotExported(f"the name {name!r} is not a KIF atom")


def _moves(ir: GameIR, rel: Relations) -> list[str]:
    """`option`, `legal` and the `next` of each move rule."""
    out: list[str] = []
    kinds = rel.kinds
    heads: dict[str, list[int]] = {}
    for i, rule in enumerate(ir.rules):
        heads.setdefault(rule.name, []).append(i)
    for i, rule in enumerate(ir.rules):
        assert isinstance(rule, (PlaceRule, StepRule)) and rule.kind is not None   # the subset
        same = [ir.rules[j] for j in heads[rule.name]]
        alike = all(type(r) is type(rule) and getattr(r, "kind", None) == rule.kind
                    for r in same)
        name = rule.name if alike and ATOM.match(rule.name) else f"move_{i + 1}"
        kind = kinds[rule.kind]
        if isinstance(rule, PlaceRule):
            where = rel.cells(rule.where)
            out.append(f"(<= (option ?p ({name} ?x ?y)) ({where} ?p ?x ?y))")
            out.append(f"(<= (touched ?x ?y) (does ?p ({name} ?x ?y)))")
            out.append(f"(<= (next (cell ?x ?y ?c)) (does ?p ({name} ?x ?y)) (piece ?c ?p {kind}))")
            continue
        assert isinstance(rule, StepRule)
        steps = f"steps_{i + 1}"
        out.extend(f"({steps} {row})" for row in rel.neighbours(rule.directions))
        to = rel.cells(rule.to)
        origin = "" if rule.origin is None else f" ({rel.cells(rule.origin)} ?p ?x ?y)"
        out.append(f"(<= (option ?p ({name} ?x ?y ?u ?v)) (true (cell ?x ?y ?c)) "
                   f"(piece ?c ?p {kind}) ({steps} ?p ?x ?y ?u ?v) ({to} ?p ?u ?v){origin})")
        does = f"(does ?p ({name} ?x ?y ?u ?v))"
        out.append(f"(<= (touched ?x ?y) {does})")
        out.append(f"(<= (touched ?u ?v) {does})")
        out.append(f"(<= (next (cell ?x ?y b)) {does})")
        out.append(f"(<= (next (cell ?u ?v ?c)) {does} (true (cell ?x ?y ?c)))")
    return out


def _goals(i: int, end: EndRule, roles: tuple[str, ...]) -> list[str]:
    """The goals when end rule `i` decides."""
    decides = f"(decides {i})"
    if end.outcome == "draw":
        return [f"(<= (goal ?r 50) {decides} (role ?r))"]
    if isinstance(end.who, int):
        who = f"(same ?w {roles[end.who]})"
    elif end.who in (MOVER, OPPONENT):
        who = "(mover ?w)" if end.who == MOVER else "(true (control ?w))"
    else:
        raise NotExported(f"an end rule for {end.who!r}")
    top, bottom = (100, 0) if end.outcome == "wins" else (0, 100)
    return [f"(<= (goal ?w {top}) {decides} {who})",
            f"(<= (goal ?r {bottom}) {decides} {who} (role ?r) (distinct ?r ?w))"]


def export_kif(ir: GameIR) -> str:
    """The KIF rules of the game `ir`.

    Raises:
        NotExported: the game is outside the export's subset (the message says why).
    """
    _refuse_outside(ir)
    geometry = ir.geometry
    roles = tuple(p.lower() for p in ir.players)
    kinds = tuple(k.lower() for k in ir.pieces)
    rel = Relations(geometry, roles, kinds)
    atoms = {(p, k): (roles[p] if len(kinds) == 1 else f"{roles[p]}_{kinds[k]}")
             for p in range(len(roles)) for k in range(len(kinds))}
    head = [f";; {ir.title}: exported from gdl's rules by `gdl kif {ir.name}`.",
            *(f"(role {r})" for r in roles),
            *(f"(piece {a} {roles[p]} {kinds[k]})" for (p, k), a in atoms.items()),
            *(f"(square {xy(geometry, c)})" for c in geometry.cells),
            *(f"(after {a} {b})" for a, b in zip(roles, roles[1:] + roles[:1])),
            "(<= (same ?r ?r) (role ?r))"]
    board = dict.fromkeys(geometry.cells, "b")
    for plane, mask in enumerate(ir.initial_planes):
        for c in bits(mask):
            board[c] = atoms[divmod(plane, len(kinds))]
    init = [f"(init (cell {xy(geometry, c)} {board[c]}))" for c in geometry.cells]
    init.append(f"(init (control {roles[0]}))")
    play = ["(<= (legal ?p ?m) (true (control ?p)) (option ?p ?m))",
            "(<= (legal ?p noop) (role ?p) (not (true (control ?p))))",
            "(<= (can_move ?p) (option ?p ?m))",
            "(<= (next (control ?q)) (true (control ?p)) (after ?p ?q))",
            "(<= (next (cell ?x ?y ?c)) (true (cell ?x ?y ?c)) (not (touched ?x ?y)))",
            *_moves(ir, rel)]
    ends = ["(<= (mover ?p) (true (control ?q)) (after ?p ?q))"]
    for i, end in enumerate(ir.ends):
        ends.append(f"(<= (fires {i}) (mover ?p) ({rel.truth(end.condition)} ?p))")
        earlier = "".join(f" (not (fires {j}))" for j in range(i))
        ends.append(f"(<= (decides {i}) (fires {i}){earlier})")
        ends.append(f"(<= terminal (decides {i}))")
        ends.extend(_goals(i, end, roles))
    body = list(dict.fromkeys([*head, *init, *play, *rel.sentences, *ends]))
    return "\n".join(body) + "\n"
