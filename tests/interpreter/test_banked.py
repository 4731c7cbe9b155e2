"""Banked cells (gdl.interpreter.core.banked): the cells whose count no move lowers, read off
the rules, and the counts signal that weighs only them (gdl.ai.heuristics)."""

from __future__ import annotations

from pathlib import Path

import gdl
from gdl import catalog
from gdl.catalog import compile_text
from gdl.interpreter.core.banked import banked_cells


def _names(game, mask: int) -> list[str]:
    geo = game.ir.geometry
    return sorted(geo.name(c) for c in geo.cells if mask >> c & 1)


def test_kalah_and_oware_bank_their_stores_only():
    for name in ("mancala", "oware"):
        game = catalog.load(name)
        assert _names(game, banked_cells(game.ir, 0)) == ["a2", "h1"], name


def _kalah_text() -> str:
    (found,) = Path(gdl.__file__).parent.glob("games/*/mancala.gdl")
    return found.read_text()


def test_a_store_a_move_can_empty_is_not_banked():
    text = _kalah_text()
    robbed = text.replace("seeds[here] = 0)", "seeds[here] = 0, seeds[store] = 0)")
    assert robbed != text
    game = compile_text(robbed, "robbed.gdl")
    assert banked_cells(game.ir, 0) == 0   # every store may now be emptied, every pit is sown
    # a capture that takes seeds out of the store instead of into it
    taken = compile_text(text.replace("seeds[store] += 1", "seeds[store] -= 1"), "taken.gdl")
    assert _names(taken, banked_cells(taken.ir, 0)) == []


def test_the_counts_signal_reads_the_stores_not_the_pits():
    game = catalog.load("mancala")
    (spec,) = [s for s in game.heuristic.specs if s and s[0] == "counts"]
    geo = game.ir.geometry
    assert [[geo.name(c) for c in cells] for cells in spec[2]] == [["h1"], ["a2"]]
    # with no store banked, the sums over each side, as before
    text = _kalah_text().replace("seeds[here] = 0)", "seeds[here] = 0, seeds[store] = 0)")
    robbed = compile_text(text, "robbed.gdl")
    (spec,) = [s for s in robbed.heuristic.specs if s and s[0] == "counts"]
    assert [len(cells) for cells in spec[2]] == [7, 7]
