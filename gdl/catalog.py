"""Find and load games: bundled names (see `gdl list`) or paths to rules files.

Bundled games are the `.gdl` files under `gdl/games/`, grouped by family
(line/, race/, take/, ...); a game's name is its file name without `.gdl`.
"""

from __future__ import annotations

import contextlib

import difflib
import functools
import random
import statistics
from collections import Counter
from importlib import resources
from pathlib import Path
from collections.abc import Mapping
from typing import Any, cast

import attrs

from gdl.interpreter.core import invariants_json as export
from gdl.errors import GdlError, OptionError, RulesSemanticError, UnknownGame
from gdl.grammar import levels
from gdl.interpreter import compile_rules, load_file, rules_text
from gdl.interpreter import kif
from gdl.interpreter.kif.lower import LoweredGame
from gdl.interpreter.layouts import layout as puzzle_layout
from gdl.interpreter.python.chance import chance_text
from gdl.interpreter.python.compiled import CompiledGame
from gdl.interpreter.core.grid.compiled import CompiledConstraints
from gdl.interpreter.core.invariants import CHECK_SECONDS, MAX_PLIES, Result, Verification, verify
from gdl.interpreter.layouts.bounds import heuristic_text
from gdl.interpreter.layouts.summary import WALK_LENGTH, WALKS, summary as puzzle_summary
from gdl.interpreter.layouts.summary import violations as puzzle_violations
from gdl.ai import fitted as use
from gdl.ai.equip import equip
from gdl.start_warnings import start_warnings
from gdl.protocol import CHANCE
from gdl.solvers.search.sampling import chance_move

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


def kind(name: str) -> str:
    """A bundled game's kind (game, puzzle or constraints), from its header line: no compiling.

    >>> kind("sudoku")
    'constraints'
    """
    for line in bundled_paths()[name].read_text(encoding="utf-8").splitlines():
        words = line.split()
        if words and words[0] in ("game", "puzzle", "constraints"):
            return words[0]
    return "game"


def bundled_games() -> list[tuple[str, str]]:
    """(name, title) of every bundled game, sorted by name."""
    return [(name, _title(path)) for name, path in sorted(bundled_paths().items())]


def compile_text(text: str, filename: str = "<rules>",
                 options: Mapping[str, str] | None = None) -> Any:
    """Rules text compiled (gdl.interpreter.compile_rules) and equipped with the AI's derived
    evaluation (gdl.ai.equip): what every loader of gdl gives, files and editors alike.

    Raises:
        RulesSyntaxError, RulesSemanticError, OptionError: as compile_rules.
    """
    return equip(compile_rules(text, filename, options))


def is_file(path: Path) -> bool:
    """Whether `path` names a file; False for a name the system cannot even look up (too
    long, a NUL in it), where Path.is_file raises."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def resolve(game: str) -> Path:
    """The rules file for a bundled name or a path.

    Raises:
        UnknownGame: neither a bundled name nor an existing file (close names are suggested).
    """
    paths = bundled_paths()
    if game in paths:
        return paths[game]
    path = Path(game)
    if is_file(path):
        return path
    close = difflib.get_close_matches(game, list(paths), n=1)
    hint = f"; did you mean '{close[0]}'?" if close else " (see `gdl list`)"
    raise UnknownGame(f"no bundled game or rules file named {game!r}{hint}")


def load(game: str, options: Mapping[str, object] | None = None) -> Any:
    """The game named `game` (bundled name or rules-file path) with `options` set: a
    CompiledGame, a compiled puzzle or a CompiledConstraints. (Typed Any: the compiled
    classes take their own state types, narrower than the protocol's Hashable.)

    Option values are the user's text (`--set width=5` gives {"width": "5"}) or Python
    values: an int, or a list or tuple of ints.

    Raises:
        UnknownGame, OptionError, RulesSyntaxError, RulesSemanticError.

    >>> load("connect4", {"width": "5"}).options["width"]
    5
    >>> load("nim", {"heaps": [1, 2]}).options["heaps"]
    (1, 2)
    """
    texts = {name: option_text(name, value) for name, value in (options or {}).items()}
    if is_kif(game):
        if texts:
            raise OptionError(f"a KIF description takes no options (got {', '.join(texts)})")
        loaded = kif.load_kif(resolve(game))
        if isinstance(loaded, LoweredGame):   # the AI's derived evaluation, as a rules file's
            equip(loaded.compiled)
            loaded.adopt_evaluation()
        return loaded
    if Path(game).suffix in LEVEL_SUFFIXES and is_file(Path(game)):
        return load_level(LEVEL_SUFFIXES[Path(game).suffix], game, options)
    path = resolve(game)
    loaded = equip(load_file(path, texts))
    if game not in bundled_paths():   # its fitted weights live beside it (gdl.ai.weights_file)
        with contextlib.suppress(AttributeError):
            loaded.rules_file = path
    return loaded


# Bundled games whose positions are levels: `--position TEXT` (or a file holding it)
# rebuilds the board from the level (see gdl.grammar.levels); a file `NAME.xsb` is a Sokoban level.
LEVEL_READERS = {"sokoban": levels.sokoban_rules, "rush_hour": levels.rush_hour_rules}
LEVEL_SUFFIXES = {".xsb": "sokoban"}


def is_kif(game: str) -> bool:
    """Whether `game` names a Stanford GDL (KIF) file, read by gdl.interpreter.kif."""
    return Path(game).suffix.lower() == kif.SUFFIX


def reads_levels(game: str) -> bool:
    """True when `game` (a bundled name) takes a level as its `--position`."""
    return game in LEVEL_READERS


def load_level(game: str, level: str, options: Mapping[str, object] | None = None) -> Any:
    """The one-player game of `level` (its text, or the path of a file holding it) in the
    format of the bundled `game` (see LEVEL_READERS).

    Raises:
        PositionError: the level is not in the game's format; UnknownGame: unreadable file.
    """
    path = Path(level)
    if "\n" not in level and path.suffix and is_file(path):
        level = path.read_text(encoding="utf-8")
    text = LEVEL_READERS[game](level)
    texts = {name: option_text(name, value) for name, value in (options or {}).items()}
    return compile_text(text, f"{game}.gdl", texts)


def option_text(name: str, value: object) -> str:
    """An option value as the text `--set` would give (the compiler reads texts).

    Raises:
        OptionError: a value that is no text, int or list of ints (a bool, a float...).
    """
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, (list, tuple)) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return " ".join(map(str, value))
    raise OptionError(f"option {name}: {value!r} is not a number or a list of numbers")


def _random_step(game: CompiledGame, state: tuple, rng: random.Random) -> tuple:
    """One random move; a rules file that breaks in play is reported with the position."""
    try:
        if game.has_chance and game.current_player(state) == CHANCE:   # by its probabilities
            return game.apply(state, chance_move(cast(Any, game), state, rng))   # (or refused:
        moves = game.legal_moves(state)                                     # an empty bag)
        if not moves:
            raise GdlError("a position has no legal move, yet no end rule says the game is over "
                           f"(add an end rule, or a pass move):\n{game.render(state)}")
        return game.apply(state, rng.choice(moves))
    except (IndexError, ValueError, ZeroDivisionError, TypeError) as exc:
        raise GdlError(f"the rules fail in play ({type(exc).__name__}: {exc}) at:\n"
                       f"{game.render(state)}") from None


@attrs.frozen
class Report:
    """What `gdl check` prints: the summary (`text`, stdout), the errors found in play
    (`errors`, each a located report with its counterexample, stderr) and the warnings
    (start_warnings.py); `ok` when there is no error."""
    text: str
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()   # rules that are legal but likely wrong (stderr too)

    @property
    def ok(self) -> bool:
        return not self.errors

    def __str__(self) -> str:
        return self.text


def check(game: str, options: Mapping[str, str] | None = None, seed: int = 0,
          games: int | None = None, plies: int | None = None) -> Report:
    """Compile `game`, play `games` seeded random games through it (default 200; each cut
    after `plies`, if given) and test every declared invariant on their positions; a
    summary and the declarations found false (see `gdl.interpreter.core.invariants`). A puzzle
    is walked at random instead (default 20 walks of 40 moves)."""
    compiled = load(game, options)
    if is_kif(game):
        return Report(kif.summary(compiled, games or SANITY_PLAYOUTS, plies, seed))
    if isinstance(compiled, CompiledConstraints):
        return Report(check_constraints(compiled))
    if compiled.kind == "puzzle":
        walks, length = games or WALKS, plies or WALK_LENGTH
        problems = puzzle_violations(compiled, walks, length, seed)
        text = puzzle_summary(compiled, seed, problems, walks, length)
        return Report(text, tuple(f"{compiled.name}: {p}" for p in problems[:1]))
    lines = random_games(compiled, games or SANITY_PLAYOUTS, plies, seed)
    verification = verify(compiled, lines, seed)
    return Report(game_summary(compiled, lines, verification),
                  tuple(_located(game, r) for r in verification.results if not r.holds),
                  start_warnings(compiled, resolve(game), options))


def invariants(game: str, options: Mapping[str, str] | None = None, seed: int = 0,
               games: int | None = None, plies: int | None = None) -> dict:
    """The verified invariants of `game` as the JSON document of docs/invariants.md, tested
    as `check` tests them (without looking for undeclared symmetries)."""
    compiled = load(game, options)
    if isinstance(compiled, CompiledConstraints):
        return export.constraints_document(compiled)
    if compiled.kind == "puzzle":
        walks, length = games or WALKS, plies or WALK_LENGTH
        problems = puzzle_violations(compiled, walks, length, seed)
        return export.puzzle_document(compiled, problems, seed, walks, length)
    lines = random_games(compiled, games or SANITY_PLAYOUTS, plies, seed)
    return export.game_document(compiled, verify(compiled, lines, seed, discover_work=0), seed)


def random_games(game: CompiledGame, games: int, plies: int | None, seed: int) -> list[list[tuple]]:
    """Seeded random games, each the states from the start to the end (or `plies` moves)."""
    rng = random.Random(seed)
    out = []
    if len(game.players) == 1 and game.is_terminal(game.initial_state()):
        return _walks_from_the_goal(game, games, plies or WALK_LENGTH, rng)
    for _ in range(games):
        state, line = game.initial_state(), []
        line.append(state)
        while not game.is_terminal(state) and len(line) <= (MAX_PLIES if plies is None else plies):
            state = _random_step(game, state, rng)
            line.append(state)
        out.append(line)
    return out


def _walks_from_the_goal(game: CompiledGame, walks: int, length: int,
                         rng: random.Random) -> list[list[tuple]]:
    """A puzzle that starts at its goal (a solved cube) has no game to play from there:
    seeded walks that go on past the goal, a won position keeping its moves (the state's
    last field is its result), so the checks see positions away from it."""
    out = []
    for _ in range(walks):
        state = game.initial_state()
        line = [state]
        for _ in range(length):
            state = _random_step(game, state[:-1] + (0,), rng)
            line.append(state)
        out.append(line)
    return out


def game_summary(game: CompiledGame, lines: list[list[tuple]], found: Verification) -> str:
    """`gdl check`'s lines for a game."""
    outcomes = Counter(game.outcome_text(line[-1]) if game.is_terminal(line[-1]) else "unfinished"
                       for line in lines)
    game_ir, geo = game.ir, game.geometry
    from_goal = len(game.players) == 1 and game.is_terminal(game.initial_state())
    out = [
        f"{game.name}: {game.title} ({game.kind}) - {'ok' if found.ok else 'FAILED'}",
        f"  players: {', '.join(game.players)}",
        f"  board: {geo.description.removesuffix(' board')}, {len(geo.cells)} cells" if geo.cells
        else "  board: none",
        f"  pieces: {', '.join(game_ir.pieces)}",
        f"  options: {', '.join(f'{k}={v}' for k, v in game.options.items()) or 'none'}",
        f"  move rules: {_rule_names(game_ir.rules)}; "
        f"{len(game.legal_moves(game.initial_state()))} legal moves at the start",
        f"  symmetries: {len(game_ir.symmetries)} "
        f"({', '.join(s.name for s in game_ir.symmetries)})",
        f"  {len(lines)} random walks of {len(lines[0]) - 1} moves from the goal (the start)"
        if from_goal else
        f"  {len(lines)} random games: median length "
        f"{statistics.median(len(line) - 1 for line in lines):g} moves; "
        + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())),
        f"  {use.describe(game)}",
    ] + ([f"  chance: {chance_text(game_ir)}"] if game_ir.chances else [])
    if len(game.players) == 1:   # a puzzle: the lower bound A* and IDA* use, its layout
        out.append(f"  heuristic: {heuristic_text(game_ir)}")
        layout = puzzle_layout.derive(game_ir)
        if layout is not None:
            out.append(f"  layout: {puzzle_layout.layout_text(layout.form)}")
    if outcomes.get("unfinished") and not from_goal:
        out.append(f"  warning: {outcomes['unfinished']} of {len(lines)} random games did not "
                   f"end within {max(len(line) - 1 for line in lines):,} moves: the game may "
                   f"never end (`gdl play` and `gdl match` call it a draw after --max-plies)")
    return "\n".join(out + invariant_lines(found))


def _rule_names(rules: tuple) -> str:
    """The rules' names, a run of more than two of one name (a `repeat`ed step's rules)
    written once with its length: "step (96 rules)"."""
    runs: list[list] = []
    for rule in rules:
        if runs and runs[-1][0] == rule.name:
            runs[-1][1] += 1
        else:
            runs.append([rule.name, 1])
    return ", ".join(", ".join([name] * n) if n <= 2 else f"{name} ({n} rules)"
                     for name, n in runs)


def invariant_lines(found: Verification) -> list[str]:
    """The verification's lines: how the declarations fared, what else held."""
    results = found.results
    if results:
        tested = sorted({r.positions for r in results if r.holds})
        fails = [r.declaration for r in results if not r.holds]
        line = f"  declared invariants: {len(results) - len(fails)} of {len(results)} hold"
        if tested:
            each = f"{tested[0]:,}" if len(tested) == 1 else f"{tested[0]:,} to {tested[-1]:,}"
            line += f", each tested on {each} of {found.positions:,} positions"
        out = [line] + [f"  FAILS: {d} (see the error below)" for d in fails]
    else:
        out = ["  declared invariants: none"]
    out += [f"  suggested: symmetry {sym.name}  (held on {n:,} positions tested)"
            for sym, n in found.suggested]
    if found.idle:
        out.append(f"  also hold, but merge no positions of the random games: "
                   f"{', '.join(found.idle)}")
    if found.cut:
        out.append(f"  note: testing stopped at its {CHECK_SECONDS:g} s bound (the moves are "
                   f"slow to apply here), so fewer positions were tested")
    return out


def _located(game: str, result: Result) -> str:
    """A failed declaration as a rules error at its line, then its counterexample."""
    path = resolve(game)
    err = RulesSemanticError(f"{result.declaration} does not hold: {result.failure}", result.pos)
    err.located(str(path), rules_text(path))
    return f"{err.report()}\n{result.detail}"


def check_constraints(puzzle: CompiledConstraints) -> str:
    """A constraint puzzle's summary: its model, and whether its own givens have one solution."""
    from gdl.solvers.constraints.solve import solve_csp   # the solvers are needed only here
    blank = puzzle.givens_error is not None   # the file's givens do not fit the options set
    csp = puzzle.csp("." * len(puzzle.cells) if blank else None)
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
