"""Stanford GDL (KIF) game descriptions, read and played (docs/ggp.md).

    grammar/kif.py   text -> syntax tree (gdl.grammar.ast.kif)
    check            safety, stratification, the GDL restrictions: located errors
    patterns, datalog, ground  the description ground into a propositional program
    propnet          the ground program over bit sets (the Python path)
    game             the Game protocol over it
    lower/           the board-game subset lowered into gdl's core (the lowered path)
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from gdl.errors import GdlError, UnknownGame
from gdl.grammar.kif import parse_kif
from gdl.interpreter.kif.check import check_kif
from gdl.interpreter.kif.game import KifGame
from gdl.interpreter.kif.ground import ground_program
from gdl.interpreter.kif.lower import LoweredGame, NotLowered, lower

SUFFIX = ".kif"
PATHS = ("auto", "lowered", "propnet")


def load_kif_text(text: str, filename: str = "<kif>", path: str = "auto", *,
                  strict: bool = True) -> KifGame:
    """The game described by KIF `text` (errors name `filename`), on `path`: `auto` lowers
    it into gdl's core when it is of the board-game subset and plays the same (else the
    propnet, `game.path_reason` saying why), `lowered` insists, `propnet` never lowers.
    Not `strict`: a relation nothing defines and a recursion without a base are taken as
    never holding (check_kif).

    Raises:
        RulesSyntaxError, RulesSemanticError: the text is wrong (located).
        LimitError: the ground program would be too large.
        GdlError: an unknown path; `lowered` for a game that is not lowered (why).
    """
    if path not in PATHS:
        raise GdlError(f"unknown KIF path {path!r}: choose one of {', '.join(PATHS)}")
    program = ground_program(check_kif(parse_kif(text, filename), strict))
    game = KifGame(program, Path(filename).stem or "kif")
    if path == "propnet":
        game.path_reason = "the propnet path was asked for"
        return game
    try:
        return lower(game)
    except NotLowered as reason:
        if path == "lowered":
            raise GdlError(f"{filename}: not lowered into gdl's core: {reason}") from None
        game.path_reason = str(reason)
        return game


def load_kif(path: str | Path, kif_path: str = "auto", *, strict: bool = True) -> KifGame:
    """The game described by the KIF file at `path`, on `kif_path` (see load_kif_text).

    Raises:
        UnknownGame: unreadable; and as load_kif_text.
    """
    try:
        with open(path, encoding="utf-8", newline="") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UnknownGame(f"cannot read KIF file {str(path)!r}: {exc}") from None
    return load_kif_text(text, str(path), kif_path, strict=strict)


def summary(game: KifGame, games: int, plies: int | None, seed: int) -> str:
    """`gdl check`'s lines for a KIF game: its roles, the ground program's sizes, and how
    `games` seeded random games (each cut after `plies` moves, if given) ended."""
    program, rng = game.program, random.Random(seed)
    ends: Counter[str] = Counter()
    lengths = []
    for _ in range(games):
        state, moves = game.initial_state(), 0
        while not game.is_terminal(state) and (plies is None or moves < plies) and moves < 10_000:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            moves += 1
        lengths.append(moves)
        ended = game.is_terminal(state)
        ends[" ".join(map(str, game.goals(state))) if ended else "unfinished"] += 1
    start = game.initial_state()
    return "\n".join([
        f"{game.name}: Stanford GDL (KIF) game - ok",
        f"  path: {path_line(game)}",
        f"  roles: {', '.join(game.players)}",
        f"  base propositions: {program.n_true}; inputs (does): {len(program.does)}",
        f"  ground rules: {len(program.rules)} over {len(program.props)} propositions",
        f"  moves: {moves_line(game)}; "
        f"{len(game.legal_moves(start))} legal moves at the start",
        f"  payoffs: {'zero-sum, (goal 0 - goal 1) / 100' if game.zero_sum else 'goal values'}",
        f"  {games} random games: median length {sorted(lengths)[len(lengths) // 2]} moves; "
        f"goals " + ", ".join(f"{k}: {v}" for k, v in sorted(ends.items())),
    ])


def moves_line(game: KifGame | LoweredGame) -> str:
    """Whether roles move in turns, and how that is known (game.py's module doc)."""
    kif = game.kif if isinstance(game, LoweredGame) else game
    if kif.has_simultaneous:
        return "simultaneous"
    if kif.turns_proved or sum(len(m) > 1 for m in kif.role_moves) < 2:
        return "in turns (proved)"
    return "in turns (sampled: no two roles chose at once in the sample games)"


def path_line(game: KifGame) -> str:
    """Which path `game` runs on, and why, in one line."""
    if isinstance(game, LoweredGame):
        low = game.lowering
        rule = "place on empty" if low.kind == "place" else "drop into a column"
        return (f"lowered into gdl's core ({low.width} x {low.height}, {rule}, line "
                f"{low.k}{', full board draws' if low.full_draws else ''}); "
                f"{game.validated}")
    return f"propnet (not lowered: {game.path_reason})"
