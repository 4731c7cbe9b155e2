"""What tests choose their cases by, read off the bundled games' checked IR (parsed and
checked once per process, no code generated), so that collecting the suite compiles no game.

>>> players("connect4"), simultaneous("roshambo"), two_player_games()[:2]
(2, True, ['amazons', 'antichess'])
"""

from __future__ import annotations

import functools

from gdl import catalog
from gdl.grammar.parser import parse
from gdl.interpreter import rules_text
from gdl.interpreter.core.check import check
from gdl.interpreter.core.ir import GameIR


@functools.cache
def checked(name: str) -> object:
    """The checked IR of a bundled rules file with its default options."""
    path = catalog.bundled_paths()[name]
    return check(parse(rules_text(path), str(path)))


def is_game(name: str) -> bool:
    return catalog.kind(name) == "game"


def players(name: str) -> int:
    ir = checked(name)
    return len(ir.players) if isinstance(ir, GameIR) else 1


def simultaneous(name: str) -> bool:
    ir = checked(name)
    return isinstance(ir, GameIR) and bool(ir.simultaneous)


def games() -> list[str]:
    """Every bundled game (not puzzle or grid), by name."""
    return [name for name, _ in catalog.bundled_games() if is_game(name)]


def two_player_games() -> list[str]:
    """The bundled games of two players or more (what OpenSpiel and PettingZoo bridge)."""
    return [name for name in games() if players(name) > 1]
