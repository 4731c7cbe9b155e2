"""How the web board draws each kind of board, asserted by geometry in a real browser (see
conftest.py): go stones on intersections, hex goal edges in the players' colours, chess
glyphs with White's pieces white, pits with their counts, morris points on their lines,
no bookkeeping under the board, and a page that fits a 390 px phone. Each test saves a
screenshot in the `shots` folder (GDL_WEB_SHOTS, or a temporary one; its path is printed).
"""

from __future__ import annotations

import math

import pytest

from tests.web.test_web_browser import click_cell, open_game, state, wait_moves

pytestmark = pytest.mark.browser   # chromium, as test_web_browser.py
PHONE = {"width": 390, "height": 844}


def centre_of(page, selector: str) -> tuple[float, float]:
    return tuple(page.eval_on_selector(
        selector, "e => { const b = e.getBBox(); return [b.x + b.width / 2, "
                  "b.y + b.height / 2]; }"))


def cell_centre(page, name: str) -> tuple[float, float]:
    return centre_of(page, f'g.cell[data-cell="{name}"] > :not(title)')


def luminance(colour: str) -> float:
    """0 (black) to 1 (white) for a #rrggbb or rgb(...) colour."""
    if colour.startswith("#"):
        rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    else:
        rgb = [int(v) for v in colour[colour.index("(") + 1:-1].split(",")[:3]]
    return sum(rgb) / (3 * 255)


def test_go_stones_lie_on_the_intersections_of_lines(page, shots):
    open_game(page, "game=go&seats=human,human")
    # lines, not squares: 9 + 9 grid lines and no chequered cell rectangles
    assert page.locator("line.grid-line").count() == 18
    assert page.locator('svg rect[fill="#b58863"]').count() == 0
    # the empty points are targets, but 81 dots are not drawn over the board
    assert page.locator("[data-target]").count() == 81
    assert page.eval_on_selector_all(
        ".target-dot", "els => els.every(e => getComputedStyle(e).opacity === '0')")
    click_cell(page, "e5")
    wait_moves(page, 1)
    stone = centre_of(page, '[data-piece="e5"] circle')
    xs = {round(v) for v in page.eval_on_selector_all(
        "line.grid-line", "els => els.map(e => +e.getAttribute('x1'))")}
    ys = {round(v) for v in page.eval_on_selector_all(
        "line.grid-line", "els => els.map(e => +e.getAttribute('y1'))")}
    assert round(stone[0]) in xs and round(stone[1]) in ys   # on a crossing of two lines
    fill = page.get_attribute('[data-piece="e5"] circle', "fill")
    assert luminance(fill) < 0.3   # Black's stone is black
    page.screenshot(path=shots / "go-e5.png")


def test_hex_goal_edges_are_drawn_in_their_players_colours(page, shots):
    open_game(page, "game=hex&seats=human,human")
    black = page.eval_on_selector_all('line.goal[data-player="0"]', "els => els.map(e => "
                                      "[(+e.getAttribute('x1') + +e.getAttribute('x2')) / 2,"
                                      " (+e.getAttribute('y1') + +e.getAttribute('y2')) / 2])")
    white = page.eval_on_selector_all('line.goal[data-player="1"]', "els => els.map(e => "
                                      "[(+e.getAttribute('x1') + +e.getAttribute('x2')) / 2,"
                                      " (+e.getAttribute('y1') + +e.getAttribute('y2')) / 2])")
    assert len(black) == len(white) == 44   # 11 cells a side, two outer sides each, two edges
    rows = {y: [cell_centre(page, f"{chr(ord('a') + x)}{y}") for x in range(11)]
            for y in (1, 11)}
    top, bottom = rows[11][0][1], rows[1][0][1]
    # Black joins rows 1 and 11: its goal sides lie beyond those rows' centres
    assert all(y < top or y > bottom for _, y in black)
    # White joins columns a and k: each goal side's nearest cell is in one of them, outside it
    cells = {f"{chr(ord('a') + x)}{y}": cell_centre(page, f"{chr(ord('a') + x)}{y}")
             for x in range(11) for y in range(1, 12)}
    for side in white:
        name = min(cells, key=lambda n: math.dist(cells[n], side))
        assert name[0] in "ak"
        assert (side[0] < cells[name][0]) == (name[0] == "a")
    stroke = page.eval_on_selector_all(
        'line.goal[data-player="1"] + line', "els => els.map(e => e.getAttribute('stroke'))")
    assert all(luminance(s) > 0.8 for s in stroke)   # White's edges white (on a dark outline)
    page.screenshot(path=shots / "hex-goal-edges.png")


def test_chess_pieces_are_glyphs_white_white_and_black_black(page, shots):
    open_game(page, "game=chess&seats=human,human")
    glyph = {cell: page.text_content(f'[data-piece="{cell}"] text')
             for cell in ("e1", "g1", "e8", "g8", "e2", "d1", "a1", "c1")}
    assert glyph == {"e1": "♚", "g1": "♞", "e8": "♚", "g8": "♞", "e2": "♟", "d1": "♛",
                     "a1": "♜", "c1": "♝"}
    white = page.get_attribute('[data-piece="e1"] text', "fill")
    black = page.get_attribute('[data-piece="e8"] text', "fill")
    assert luminance(white) > 0.8 and luminance(black) < 0.2
    # no disc behind a glyph, and no bookkeeping under the board
    assert page.locator('[data-piece="e1"] circle').count() == 0
    notes = page.inner_text("#notes")
    for word in ("plies", "rights", "reset", "ep:"):
        assert word not in notes
    assert not page.eval_on_selector("#details-box", "e => e.open")
    page.screenshot(path=shots / "chess-start.png")


def test_mancala_pits_show_their_counts_and_morris_its_lines(page, shots):
    open_game(page, "game=mancala&seats=human,human")
    counts = page.eval_on_selector_all("svg text", "els => els.map(e => e.textContent)")
    assert counts.count("4") >= 12 and counts.count("0") >= 2
    page.screenshot(path=shots / "mancala-start.png")
    open_game(page, "game=nine_mens_morris&seats=human,human")
    ends = page.eval_on_selector_all("svg line", "els => els.map(e => [+e.getAttribute('x1'),"
                                     " +e.getAttribute('y1'), +e.getAttribute('x2'),"
                                     " +e.getAttribute('y2')])")
    points = {tuple(round(v) for v in cell_centre(page, n)) for n in ("a1", "d1", "g1", "d2")}
    ends_at = {(round(a), round(b)) for a, b, _, _ in ends} | {
        (round(c), round(d)) for _, _, c, d in ends}
    assert points <= ends_at   # the points are where the lines meet
    page.screenshot(path=shots / "morris-start.png")


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.base = server   # type: ignore[attr-defined]
    yield page
    context.close()
    assert not errors, f"the page raised: {errors}"


@pytest.mark.parametrize("game", ["chess", "go", "hex", "mancala", "shogi"])
def test_the_page_fits_a_390_px_phone(phone, shots, game):
    open_game(phone, f"game={game}&seats=human,human")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{game}: the page is {width} px wide"
    right = phone.eval_on_selector("#board", "e => e.getBoundingClientRect().right")
    assert right <= PHONE["width"]
    phone.screenshot(path=shots / f"phone-{game}.png", full_page=True)


def test_a_shogi_board_turns_the_second_players_pieces(page, shots):
    open_game(page, "game=shogi&seats=human,human")
    assert page.get_attribute('[data-piece="e1"] > g', "transform") is None
    assert page.get_attribute('[data-piece="e9"] > g', "transform").startswith("rotate(180")
    assert state(page)["to_move"] == "Black"
    page.screenshot(path=shots / "shogi-start.png")
