"""The web board in a real browser: Chromium driven by Playwright against `gdl serve`
(see conftest.py). Every move is made by clicks on the page; outcomes are checked with
hand-written referees in this file, not with gdl. Screenshots go to the `shots` folder.
"""

from __future__ import annotations

import math
import statistics
from collections import deque

import pytest

from gdl.errors import RulesError
from gdl.catalog import compile_text

pytestmark = pytest.mark.browser   # left out by `make test-fast`

WAIT = 60_000   # ms: a loaded machine (eight helpers on two cores) is slow


def open_game(page, query: str, moves: int = 0) -> None:
    page.goto(page.base + "?" + query)
    page.wait_for_function(f"() => window.gdl.pos && window.gdl.pos.moves.length === {moves}",
                           timeout=WAIT)


def state(page) -> dict:
    return page.evaluate("() => window.gdl.pos")


def targets(page) -> list[str]:
    return sorted(page.eval_on_selector_all("[data-target]",
                                            "els => els.map(e => e.dataset.target)"))


def wait_for_human(page) -> None:
    page.wait_for_function("""() => { const g = window.gdl;
        if (!g.pos) return false;
        if (g.pos.over) return true;
        return g.seats[g.info.players.indexOf(g.pos.to_move)] === 'human'
            && document.getElementById('thinking').hidden; }""", timeout=WAIT)


def click_cell(page, name: str) -> None:
    page.click(f'g.cell[data-cell="{name}"]')


def wait_moves(page, n: int) -> None:
    page.wait_for_function(f"() => window.gdl.pos && window.gdl.pos.moves.length >= {n}",
                           timeout=WAIT)


# --------------------------------------------------------------------------- Connect Four

def connect4_referee(moves: list[str], width: int = 7, height: int = 6) -> str:
    """A plain Connect Four: each move lands on its column's lowest empty row (the row its
    text names must be that one); four in a line wins; a full board is a draw."""
    board: dict[tuple[int, int], int] = {}
    for ply, move in enumerate(moves):
        x, y = ord(move[0]) - ord("a"), int(move[1:]) - 1
        assert y == sum(1 for (cx, _) in board if cx == x), f"{move} does not fall"
        board[(x, y)] = ply % 2
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                k = 1
                while board.get((x + sign * k * dx, y + sign * k * dy)) == ply % 2:
                    run, k = run + 1, k + 1
            if run >= 4:
                assert ply == len(moves) - 1, "the game went on after a win"
                return f"{'XO'[ply % 2]} won"
    assert len(board) == width * height, "the game stopped before its end"
    return "draw"


def test_connect_four_against_the_ai_by_clicks_to_the_end(page, shots):
    open_game(page, "game=connect4&seats=human,ai:medium&seconds=0.2")
    page.screenshot(path=shots / "connect4-start.png")
    undone = False
    for turn in range(30):
        wait_for_human(page)
        pos = state(page)
        if pos["over"]:
            break
        if len(pos["moves"]) == 2 and not undone:   # undo goes back past the AI's reply
            page.click("#undo")
            page.wait_for_function("() => window.gdl.pos.moves.length === 0", timeout=WAIT)
            assert len(targets(page)) == 7 and page.inner_text("#movelist") == ""
            undone = True
            continue
        legal = sorted(m["cells"][0] for m in pos["legal"])
        assert targets(page) == legal   # the page offers exactly the legal cells
        landing = legal[turn % len(legal)]
        # Every other turn, click the column's top cell: the piece still falls.
        click_cell(page, landing if turn % 2 == 0 else landing[0] + "6")
        wait_moves(page, len(pos["moves"]) + 1)
        assert state(page)["moves"][len(pos["moves"])] == landing
        if turn == 3:
            page.screenshot(path=shots / "connect4-middle.png")
    wait_for_human(page)
    pos = state(page)
    assert pos["over"]
    result = page.inner_text("#result")
    assert result == pos["result"] == connect4_referee(pos["moves"])
    page.screenshot(path=shots / "connect4-end.png")
    log = page.evaluate("() => window.gdl.aiLog")   # every AI reply, the undone one too
    timed = page.evaluate("() => window.gdl.aiTimes.flatMap((t, i) => t === undefined ? [] : [i])")
    assert timed == list(range(1, len(pos["moves"]), 2))   # O's moves were the AI's
    assert len(log) == len(pos["moves"]) // 2 + 1
    server = [entry["server"] for entry in log]
    waited = [entry["waited"] for entry in log]
    print(f"\nConnect Four, {len(pos['moves'])} moves, {result}: AI (medium, 0.2 s) replies, "
          f"median {statistics.median(server):.3f} s in the server, "
          f"{statistics.median(waited):.3f} s seen by the page, most {max(waited):.3f} s")


# --------------------------------------------------------------------------- draughts

DRAUGHTS_OPENING = ["a3-b4", "f6-e5", "g3-h4", "e7-f6", "b4-c5", "b6xd4"]


def test_a_draughts_capture_chain_built_click_by_click(page, shots):
    query = "game=draughts&seats=human,human&" + "&".join(f"m={m}" for m in DRAUGHTS_OPENING)
    open_game(page, query, len(DRAUGHTS_OPENING))
    assert targets(page) == ["e3"]   # capture is compulsory: only the capturing man
    click_cell(page, "e3")
    assert targets(page) == ["c5"]
    click_cell(page, "c5")
    assert targets(page) == ["e7"] and state(page)["moves"] == DRAUGHTS_OPENING
    page.screenshot(path=shots / "draughts-chain-half-built.png")
    click_cell(page, "e7")
    wait_moves(page, len(DRAUGHTS_OPENING) + 1)
    pos = state(page)
    assert pos["moves"][-1] == "e3xc5xe7" and pos["last"] == ["e3", "c5", "e7"]
    on_board = {p["cell"]: p["owner"] for p in pos["pieces"]}
    # the men jumped over are gone (the midpoints of e3-c5 and c5-e7), the jumper is on e7
    assert "d4" not in on_board and "d6" not in on_board and on_board["e7"] == 0
    assert page.locator('[data-piece="d4"]').count() == 0
    assert page.locator('[data-piece="e7"][data-owner="0"]').count() == 1
    page.screenshot(path=shots / "draughts-chain-done.png")


# --------------------------------------------------------------------------- hex

HEX_STEPS = ((1, 0), (-1, 0), (0, 1), (-1, 1), (1, -1), (0, -1))   # axial neighbours


def centre(page, cell: str) -> tuple[float, float]:
    return tuple(page.eval_on_selector(
        f'g.cell[data-cell="{cell}"] polygon',
        "e => { const b = e.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; }"))


def test_a_hex_move_on_a_board_drawn_as_hexagons(page, shots):
    open_game(page, "game=hex&seats=human,human")
    assert page.locator("g.cell polygon").count() == 121
    # The six axial neighbours of f6 touch it: all at one distance, nearer than the rest.
    here = centre(page, "f6")
    names = [chr(ord("f") + dx) + str(6 + dy) for dx, dy in HEX_STEPS]
    near = [math.dist(here, centre(page, n)) for n in names]
    assert max(near) - min(near) < 1
    for other in ("h6", "g7", "e4", "f8", "d6"):
        assert math.dist(here, centre(page, other)) > max(near) + 10
    click_cell(page, "f6")
    wait_moves(page, 1)
    pos = state(page)
    assert pos["moves"] == ["f6"] and pos["to_move"] == "White"
    assert page.locator('[data-piece="f6"][data-owner="0"]').count() == 1
    assert "f6" not in targets(page) and len(targets(page)) == 120
    assert page.inner_text("#movelist").strip() == "f6"
    page.screenshot(path=shots / "hex-after-f6.png")
    corner = centre(page, "a1")
    page.click("#flip")
    # drawn the other way up: a1 where k11 was, f6 (the centre) where it was
    assert centre(page, "a1") != corner
    assert max(map(abs, (a - b for a, b in zip(centre(page, "f6"), here)))) < 1
    page.screenshot(path=shots / "hex-flipped.png")


# --------------------------------------------------------------------------- Sudoku

def sudoku_referee(grid: str) -> bool:
    rows = [grid[r * 9:(r + 1) * 9] for r in range(9)]
    groups = rows + ["".join(row[c] for row in rows) for c in range(9)]
    groups += ["".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
               for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(sorted(g) == list("123456789") for g in groups)


def grid_values(page) -> str:
    return "".join(v or "." for v in page.eval_on_selector_all(
        "#grid input", "els => els.map(e => e.value.trim())"))


def test_a_sudoku_checked_then_solved_from_the_page(page, shots):
    page.goto(page.base + "?game=sudoku")
    page.wait_for_selector('#grid input[data-cell="r9c9"]', timeout=WAIT)
    givens = grid_values(page)
    assert givens[:2] == "53" and givens.count(".") == 81 - 30
    page.fill('#grid input[data-cell="r1c3"]', "5")   # row 1 already has a 5 (r1c1)
    page.click("#check")
    page.wait_for_function("() => document.getElementById('conflicts').textContent.length",
                           timeout=WAIT)
    assert "breaks all different in row 1" in page.inner_text("#conflicts")
    culprits = page.eval_on_selector_all("#grid input.culprit",
                                         "els => els.map(e => e.dataset.cell)")
    assert sorted(culprits) == ["r1c1", "r1c3"]
    page.screenshot(path=shots / "sudoku-conflict.png")
    page.click("#clear")
    page.click("#csolve")
    page.wait_for_function("() => document.getElementById('result').textContent === 'solved'",
                           timeout=WAIT)
    solved = grid_values(page)
    assert sudoku_referee(solved)
    assert all(g == "." or g == s for g, s in zip(givens, solved))
    page.screenshot(path=shots / "sudoku-solved.png")


# --------------------------------------------------------------------------- a puzzle

def eight_puzzle_distance(text: str) -> int:
    """Moves from `text` (nine digits, 0 the blank) to 123456780, by plain BFS."""
    goal, seen, queue = "123456780", {text: 0}, deque([text])
    while queue:
        s = queue.popleft()
        if s == goal:
            return seen[s]
        b = s.index("0")
        for d in (-3, 3, -1, 1):
            t = b + d
            if not 0 <= t < 9 or d in (-1, 1) and t // 3 != b // 3:
                continue
            n = list(s)
            n[b], n[t] = n[t], n[b]
            key = "".join(n)
            if key not in seen:
                seen[key] = seen[s] + 1
                queue.append(key)
    raise AssertionError("unreachable")


def test_a_scrambled_eight_puzzle_solved_optimally_by_animation(page, shots):
    open_game(page, "game=eight_puzzle&animation=20")
    assert state(page)["over"]   # the start is solved: scramble it first
    page.click("#scramble")
    page.wait_for_function("() => window.gdl.pos && !window.gdl.pos.over", timeout=WAIT)
    start = page.evaluate("() => window.gdl.start")
    page.screenshot(path=shots / "eight-puzzle-scrambled.png")
    page.click("#animate")
    page.wait_for_function("() => document.getElementById('result').textContent === 'solved'",
                           timeout=WAIT)
    assert len(state(page)["moves"]) == eight_puzzle_distance(start)
    page.screenshot(path=shots / "eight-puzzle-solved.png")


# --------------------------------------------------------------------------- the editor

RULES = """game "Tic-tac-toe"
players X O
board 3 x 3
move: place on empty
end: mover wins if line 3
end: draw if full
"""


def test_an_error_typed_in_the_editor_is_shown_at_its_line_and_column(page, shots):
    open_game(page, "game=tictactoe&tab=editor")
    broken = RULES.replace("on empty", "on emty")
    start, rest = broken.split("emty", 1)
    page.fill("#source", start)
    page.click("#source")
    page.keyboard.press("Control+End")
    page.keyboard.type("emty" + rest, delay=15)   # typed: checked as one types
    page.wait_for_function("""() => { const e = document.querySelector('#errors pre');
        return e && e.textContent.includes('emty'); }""", timeout=WAIT)
    line = 4
    column = broken.splitlines()[line - 1].index("emty") + 1
    with pytest.raises(RulesError) as raised:   # the command line's own words
        compile_text(broken, "editor.gdl")
    shown = page.locator("#errors pre").first
    assert shown.inner_text().splitlines()[0] == str(raised.value)
    assert str(raised.value).startswith(f"editor.gdl:{line}:{column}: ")
    assert (shown.get_attribute("data-line"), shown.get_attribute("data-column")) == \
        (str(line), str(column))
    assert page.inner_text("#gutter .bad").strip() == str(line)
    assert page.locator("#edit-play").is_disabled()
    page.screenshot(path=shots / "editor-error.png")
    page.fill("#source", RULES)
    page.wait_for_function("() => !document.getElementById('edit-play').disabled",
                           timeout=WAIT)
    assert page.locator("#errors pre").count() == 0
    page.click("#edit-play")
    page.wait_for_function("() => window.gdl.name && window.gdl.name.startsWith('editor:')"
                           " && window.gdl.pos", timeout=WAIT)
    assert page.locator("g.cell").count() == 9 and len(targets(page)) == 9
    page.screenshot(path=shots / "editor-played.png")
