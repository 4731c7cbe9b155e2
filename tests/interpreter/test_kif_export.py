"""`gdl kif`: the export of bundled games as KIF, read back equal.

tests/data/kif_export holds each exported game and perft.json its perft, counted by gdl on
its own rules and, to `reasoner_depth`, by the independent clingo reasoner on the KIF
(tools/record_kif_export.py writes them and refuses to when the two differ). Here: the
export is still what gdl writes, gdl's perft is still the figure, the KIF reader's perft
of the file equals it, and (peers) the reasoner again, on perft and on seeded random games
whose legal moves, ends and goals must agree ply by ply with gdl's own.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.interpreter.kif import load_kif
from gdl.interpreter.kif_export import NotExported, export_kif
from gdl.solvers.search.perft import perft
from tests.marks import cases

DATA = Path(__file__).resolve().parent.parent / "data" / "kif_export"
FIGURES = json.loads((DATA / "perft.json").read_text())
FAST_NODES = 30_000   # live perft counts kept below this outside the slow tests
BIG = {"gomoku", "connect4", "breakthrough", "clobber"}


def depths(file: str, most: int = FAST_NODES) -> list[int]:
    counts = FIGURES[file]["perft"]
    return [d for d, n in enumerate(counts, 1) if n <= most]


def load(file: str):
    entry = FIGURES[file]
    return catalog.load(entry["game"], entry["options"])


@pytest.mark.parametrize("file", cases(FIGURES, BIG))
def test_the_export_is_what_gdl_writes_and_its_perft_holds(file):
    game = load(file)
    assert export_kif(game.ir) == (DATA / f"{file}.kif").read_text()
    for d in depths(file, 5_000):
        assert perft(game, game.initial_state(), d) == FIGURES[file]["perft"][d - 1]


@pytest.mark.parametrize("file", cases(FIGURES, set(FIGURES) - {"tictactoe"}))
def test_the_kif_reader_counts_the_same_perft(file):
    game = load_kif(str(DATA / f"{file}.kif"))
    for d in depths(file):
        assert perft(game, game.initial_state(), d) == FIGURES[file]["perft"][d - 1], d


@pytest.mark.parametrize("game, why", [
    ("nim", "its state variables (heap) are not exported"),
    ("othello", "its move rule 'place' is not a plain place or step"),
    ("hex", "its hex rhombus 11 board is not a plain square grid"),
    ("hanoi", "only two-player games are exported"),
])
def test_games_outside_the_subset_are_refused_naming_why(game, why):
    with pytest.raises(NotExported, match=re.escape(why)):
        export_kif(catalog.load(game).ir)


def test_gdl_kif_prints_the_export_and_refuses_in_one_line(capsys, tmp_path):
    assert main(["kif", "tictactoe"]) == 0
    assert capsys.readouterr().out == (DATA / "tictactoe.kif").read_text()
    assert main(["kif", "connect4", "--set", "width=5", "--set", "height=4",
                 "-o", str(tmp_path / "c4.kif")]) == 0
    assert (tmp_path / "c4.kif").read_text() == (DATA / "connect4_5x4.kif").read_text()
    assert main(["kif", "nim"]) == 1
    err = capsys.readouterr().err
    assert err == "gdl: error: nim cannot be exported as KIF: its state variables (heap) " \
                  "are not exported\n"


# ----------------------------------------------------------------------- the reasoner

REASONED = ["tictactoe", "connect4_5x4", "breakthrough_5x5", "clobber"]


def _reasoner(file: str):
    pytest.importorskip("clingo")
    from tests.kif_reasoner.reasoner import Reasoner
    return Reasoner((DATA / f"{file}.kif").read_text())


@pytest.mark.slow
@pytest.mark.peers
@pytest.mark.parametrize("file", ["tictactoe", "connect4_5x4", "breakthrough_5x5"])
def test_the_reasoner_counts_the_same_perft(file):
    from tests.kif_reasoner.play import perft as reasoned
    r = _reasoner(file)
    for d in range(1, FIGURES[file]["reasoner_depth"] + 1):
        assert reasoned(r, r.initial(), d) == FIGURES[file]["perft"][d - 1]


def _cells(game, text: str) -> str:
    """A KIF move `(name x y [u v])` as gdl's cells joined (`b2`, `a2a3`); noop stays."""
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    names = [game.ir.geometry.name(game.ir.geometry.cell(x - 1, y - 1))
             for x, y in zip(numbers[::2], numbers[1::2])]
    return "".join(names)


@pytest.mark.slow
@pytest.mark.peers
@pytest.mark.parametrize("file", REASONED)
def test_random_games_agree_with_the_reasoner_ply_by_ply(file):
    game, r = load(file), _reasoner(file)
    roles = [p.lower() for p in game.players]
    for seed in range(2):
        rng, state, theirs = random.Random(seed), game.initial_state(), r.initial()
        while True:
            assert r.terminal(theirs) == game.is_terminal(state)
            if game.is_terminal(state):
                goals = r.goals(theirs)
                assert [goals[x] for x in roles] == [50 + 50 * v for v in game.returns(state)]
                break
            mover = roles[game.current_player(state)]
            legal = r.legal(theirs)
            mine = {re.sub(r"[^a-z0-9]", "", game.move_text(state, m)): m
                    for m in game.legal_moves(state)}
            assert sorted(_cells(game, t) for t in legal[mover]) == sorted(mine)
            assert all(legal[x] == ["noop"] for x in roles if x != mover)
            text = rng.choice(legal[mover])
            theirs = r.next(theirs, {x: text if x == mover else "noop" for x in roles})
            state = game.apply(state, mine[_cells(game, text)])
