"""Perft counts of the compiled bundled games against the published figures in data/perft/.

Each file `data/perft/<game>.txt` holds lines `depth count` (blank lines and `#`
comments aside) for the bundled game of that name from its start. The suite
checks each file up to SUITE_DEPTH; the deepest figures it leaves out are
checked once each, through the command line (`gdl perft GAME DEPTH`).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.solvers.search.perft import perft
from tests import marks

DATA = Path(__file__).parent / "data" / "perft"
SUITE_DEPTH = {"connect4": 6, "breakthrough": 3, "draughts": 6, "chess": 3,
               "international_draughts": 5, "crazyhouse": 3, "oware": 6,
               "three_check": 3, "xiangqi": 3, "tablut": 3, "quoridor": 2,
               "cylinder_draughts": 6, "einstein": 6}  # default: every line


def read_counts(path: Path) -> list[tuple[int, int]]:
    """The (depth, count) lines of a perft data file."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            depth, count = line.split()
            rows.append((int(depth), int(count)))
    return rows


def cases() -> list[tuple[str, int, int]]:
    out = []
    for path in sorted(DATA.glob("*.txt")):
        limit = SUITE_DEPTH.get(path.stem)
        out += [(path.stem, d, n) for d, n in read_counts(path) if limit is None or d <= limit]
    return out


@functools.cache
def compiled(name: str):
    return catalog.load(name)


def test_every_data_file_names_a_bundled_game_and_is_well_formed():
    files = sorted(DATA.glob("*.txt"))
    assert files
    bundled = {name for name, _ in catalog.bundled_games()}
    for path in files:
        assert path.stem in bundled, f"{path.name}: no bundled game {path.stem!r}"
        depths = [d for d, _ in read_counts(path)]
        assert depths == list(range(1, len(depths) + 1)), f"{path.name}: depths 1, 2, ... expected"


@pytest.mark.parametrize("name, depth, count", cases())
def test_perft(name, depth, count):
    game = compiled(name)
    assert perft(game, game.initial_state(), depth) == count


@pytest.mark.parametrize("name, depth", marks.cases(
    [("connect4", 7), ("breakthrough", 4), ("draughts", 7), ("chess", 4), ("crazyhouse", 4),
     ("oware", 8), ("xiangqi", 4), ("tablut", 4), ("quoridor", 3)], {("quoridor", 3)}))
def test_deepest_counts_through_the_command_line(capsys, name, depth):
    expected = dict(read_counts(DATA / f"{name}.txt"))[depth]
    assert main(["perft", name, str(depth)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == str(expected)
