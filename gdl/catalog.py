"""Find and load games: bundled names (see `gdl list`) or paths to rules files.

Bundled games are the `.gdl` files under `gdl/games/`, grouped by family
(line/, race/, take/, ...); a game's name is its file name without `.gdl`.
"""

from __future__ import annotations

import difflib
import functools
import random
import statistics
from importlib import resources
from pathlib import Path
from typing import Mapping

from gdl.errors import GdlError, UnknownGame
from gdl.interpreter import load_file
from gdl.interpreter.compiled import CompiledGame
from gdl.interpreter.constraints import CompiledConstraints
from gdl.interpreter.puzzle_summary import summary as puzzle_summary

SANITY_PLAYOUTS = 200   # random games `check` plays to show the compiled rules run


@functools.cache
def bundled_paths() -> dict[str, Path]:
    """Bundled game name -> its rules file."""
    root = Path(str(resources.files("gdl.games")))
    return {path.stem: path for path in sorted(root.rglob("*.gdl"))}


def _title(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        words = line.split('"')
        if len(words) >= 3 and line.split()[0] in ("game", "puzzle", "constraints"):
            return words[1]
    return path.stem


def bundled_games() -> list[tuple[str, str]]:
    """(name, title) of every bundled game, sorted by name."""
    return [(name, _title(path)) for name, path in sorted(bundled_paths().items())]


def resolve(game: str) -> Path:
    """The rules file for a bundled name or a path.

    Raises:
        UnknownGame: neither a bundled name nor an existing file (close names are suggested).
    """
    paths = bundled_paths()
    if game in paths:
        return paths[game]
    path = Path(game)
    if path.is_file():
        return path
    close = difflib.get_close_matches(game, list(paths), n=1)
    hint = f"; did you mean '{close[0]}'?" if close else " (see `gdl list`)"
    raise UnknownGame(f"no bundled game or rules file named {game!r}{hint}")


def load(game: str, options: Mapping[str, str] | None = None
         ) -> CompiledGame | CompiledConstraints:
    """The game named `game` (bundled name or rules-file path) with `options` set.

    Option values are the user's text (`--set width=5` gives {"width": "5"}).

    Raises:
        UnknownGame, OptionError, RulesSyntaxError, RulesSemanticError.

    >>> load("connect4", {"width": "5"}).options["width"]
    5
    """
    return load_file(resolve(game), options)


def _random_step(game: CompiledGame, state: tuple, rng: random.Random) -> tuple:
    """One random move; a rules file that breaks in play is reported with the position."""
    try:
        moves = game.legal_moves(state)
        if not moves:
            raise GdlError("a position has no legal move, yet no end rule says the game is over "
                           f"(add an end rule, or a pass move):\n{game.render(state)}")
        return game.apply(state, rng.choice(moves))
    except (IndexError, ValueError, ZeroDivisionError, TypeError) as exc:
        raise GdlError(f"the rules fail in play ({type(exc).__name__}: {exc}) at:\n"
                       f"{game.render(state)}") from None


def check(game: str, options: Mapping[str, str] | None = None, seed: int = 0) -> str:
    """Compile `game` and play random games through it; a short summary of what was found."""
    compiled = load(game, options)
    if isinstance(compiled, CompiledConstraints):
        return check_constraints(compiled)
    if compiled.kind == "puzzle":
        return puzzle_summary(compiled, seed)
    rng = random.Random(seed)
    lengths, outcomes = [], {}
    for _ in range(SANITY_PLAYOUTS):
        state, plies = compiled.initial_state(), 0
        while not compiled.is_terminal(state):
            state = _random_step(compiled, state, rng)
            plies += 1
        lengths.append(plies)
        outcome = compiled.outcome_text(state)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    game_ir = compiled.ir
    geo = compiled.geometry
    lines = [
        f"{compiled.name}: {compiled.title} ({compiled.kind}) - ok",
        f"  players: {', '.join(compiled.players)}",
        f"  board: {geo.width} x {geo.height}, {len(geo.cells)} cells" if geo.cells else "  board: none",
        f"  pieces: {', '.join(game_ir.pieces)}",
        f"  options: {', '.join(f'{k}={v}' for k, v in compiled.options.items()) or 'none'}",
        f"  move rules: {', '.join(r.name for r in game_ir.rules)}; "
        f"{len(compiled.legal_moves(compiled.initial_state()))} legal moves at the start",
        f"  symmetries: {len(game_ir.symmetries)} ({', '.join(n for n, _ in game_ir.symmetries)})",
        f"  {SANITY_PLAYOUTS} random games: median length {statistics.median(lengths):g} moves; "
        + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())),
    ]
    return "\n".join(lines)


def check_constraints(puzzle: CompiledConstraints) -> str:
    """A constraint puzzle's summary: its model, and whether its own givens have one solution."""
    from gdl.solvers.csp_solve import solve_csp   # the solvers are needed only here
    blank = puzzle.givens_error is not None   # the file's givens do not fit the options set
    csp = puzzle.csp("." * len(puzzle.variables) if blank else None)
    result = solve_csp(csp, count=True, limit=2)
    answer = {"solved": "exactly one solution", "multiple": "more than one solution",
              "no solution": "no solution"}[result.status]
    return "\n".join([
        f"{puzzle.name}: {puzzle.title} ({puzzle.kind}) - ok",
        f"  grid: {puzzle.width} x {puzzle.height}, {len(csp.variables)} variables of "
        f"{puzzle.domain_text}",
        f"  options: {', '.join(f'{k}={v}' for k, v in puzzle.options.items()) or 'none'}",
        f"  constraints: {len(csp.constraints)}; givens: {len(csp.givens)}",
        f"  solving {'an empty grid' if blank else 'the givens'}: {answer} "
        f"({result.seconds:.3f} s, {result.method})",
    ])
