"""The web board in a real browser on games of chance and of simultaneous moves (issue 31):
the dice the server rolled are shown, and a simultaneous turn is played by two humans at
one page, the first part hidden until the second is in. Every move is a click."""

from __future__ import annotations

import pytest

from tests.web.test_web_browser import WAIT, open_game, state

pytestmark = pytest.mark.browser   # left out by `make test-fast`


def test_a_roll_of_pig_is_drawn_by_the_server_and_shown(page, shots):
    open_game(page, "game=pig&seats=human,human")
    page.click('#choices button[data-move="roll"]')
    page.wait_for_function("() => window.gdl.pos.moves.length >= 2", timeout=WAIT)
    pos = state(page)
    assert pos["rolls"] == [1] and pos["moves"][1] == pos["rolled"]
    assert page.inner_text("#facts") == f"rolled {pos['rolled']}"
    page.screenshot(path=str(shots / "pig-rolled.png"))


def test_roshambo_between_two_humans_hides_the_first_throw(page, shots):
    open_game(page, "game=roshambo&seats=human,human")
    assert page.inner_text("#status") == "A and B to choose"
    page.click('.parts[data-seat="A"] button[data-part="rock"]')
    page.wait_for_function("() => (window.gdl.pos.chosen || []).length === 1", timeout=WAIT)
    assert page.inner_text("#status") == "B to choose (A chose, hidden)"
    assert page.query_selector('.parts[data-seat="A"]') is None
    assert "rock" not in page.inner_text("#facts") + page.inner_text("#movelist")
    assert "rock" not in str(page.evaluate("() => window.gdl.sealed"))
    page.click('.parts[data-seat="B"] button[data-part="paper"]')
    page.wait_for_function("() => window.gdl.pos.over", timeout=WAIT)
    assert page.inner_text("#facts") == "chose A: rock, B: paper"
    assert page.inner_text("#result") == "B won"
    assert state(page)["moves"] == ["rock | paper"]
    page.screenshot(path=str(shots / "roshambo-revealed.png"))


def test_roshambo_against_the_ai_reveals_both_throws_after_the_click(page, shots):
    open_game(page, "game=roshambo&seats=human,ai:hard")
    assert page.query_selector('.parts[data-seat="B"]') is None   # the AI's is no row
    page.click('.parts[data-seat="A"] button[data-part="scissors"]')
    page.wait_for_function("() => window.gdl.pos.over", timeout=WAIT)
    pos = state(page)
    assert pos["revealed"]["A"] == "scissors" and pos["revealed"]["B"] in ("rock", "paper",
                                                                            "scissors")
    assert page.inner_text("#facts") == f"chose A: scissors, B: {pos['revealed']['B']}"
