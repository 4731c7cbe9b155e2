"""The evaluation derived from the rules (gdl.ai.heuristics): piece values from
their reach, material that counts against a player when losing every piece wins, and the
confinement of a player left far behind, each against a count written here."""

from __future__ import annotations

import pytest

from gdl.catalog import compile_text
from gdl.ai.heuristics import reach_values

REACH = '''game "Reach"
players White Black
board 4 x 4
pieces pawn rook
setup White pawn: a1
setup Black rook: d4
move: step pawn n to empty
move: slide rook n s e w to not own
end: mover wins if no enemy
'''


def test_piece_values_come_from_a_lone_piece_s_moves_over_the_board():
    game = compile_text(REACH, "reach.gdl")
    pawn = sum(1 for x in range(4) for y in range(4) if y < 3)       # one step north
    rook = sum(3 + 3 for x in range(4) for y in range(4))            # its row and column
    assert (pawn, rook) == (12, 96)
    # the ratio to the power 0.75: a long reach is cut short on a crowded board
    assert reach_values(game.ir, game.move_generator) == (1, round((rook / pawn) ** 0.75))
    assert round((rook / pawn) ** 0.75) == 5
    hinted = compile_text(REACH.replace("move: step", "value rook = 5\nmove: step"), "r.gdl")
    assert reach_values(hinted.ir, hinted.move_generator) is None   # declared values win


def test_material_counts_against_a_player_when_losing_every_piece_wins():
    losing = REACH.replace("end: mover wins if no enemy", "end: opponent wins if no enemy")
    for text, sign in ((REACH, 1), (losing, -1)):
        game = compile_text(text, "g.gdl")
        # White: two pawns; Black: one rook (worth 8 pawns): Black ahead in material
        state = game.parse_position("..../...r/..../PP.. White")
        white, black = game.heuristic(state)
        assert sign * white < 0 < sign * black


MATE = '''game "Mini mate"
players White Black
board 4 x 4
pieces king rook
setup White king: a1
setup White rook: b1
setup Black king: d4
setup Black rook: a4 or b4 or c4
move: step king n s e w ne nw se sw to not own
move: slide rook n s e w to not own
illegal: attacked own king
end: mover wins if attacked enemy king and not moves
end: draw if not moves
'''


def king_moves(cell: tuple[int, int], rook: tuple[int, int], king: tuple[int, int]) -> int:
    """The lone black king's legal moves against a white rook and king, counted by hand."""
    count = 0
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            x, y = cell[0] + dx, cell[1] + dy
            if (dx, dy) == (0, 0) or not (0 <= x < 4 and 0 <= y < 4):
                continue
            near_king = max(abs(x - king[0]), abs(y - king[1])) <= 1
            by_rook = (x == rook[0] or y == rook[1]) and (x, y) != rook and not (
                (x == rook[0] == king[0] and min(y, rook[1]) < king[1] < max(y, rook[1])) or
                (y == rook[1] == king[1] and min(x, rook[0]) < king[0] < max(x, rook[0])))
            guarded = (x, y) == rook and max(abs(x - king[0]), abs(y - king[1])) <= 1
            if not near_king and not by_rook and not guarded:
                count += 1
    return count


def test_the_side_far_behind_is_scored_by_how_few_moves_it_has():
    game = compile_text(MATE, "mate.gdl")
    # Black to move, its king alone against White's king and rook (a quarter of Black's
    # start or less): fewer king moves are better for White
    scored = []
    for cell in ((3, 3), (2, 2), (3, 2), (1, 2)):   # d4 c3 d3 b3
        board = [["."] * 4 for _ in range(4)]
        board[3 - cell[1]][cell[0]] = "k"
        board[3][0], board[2][0] = "K", "R"   # White king a1, rook a2
        state = game.parse_position("/".join("".join(r) for r in board) + " Black")
        moves = king_moves(cell, rook=(0, 1), king=(0, 0))
        assert moves == len(game.legal_moves(state))
        scored.append((moves, game.heuristic(state)[0]))
    scored.sort()
    assert [v for _, v in scored] == sorted((v for _, v in scored), reverse=True)
    assert scored[0][0] < scored[-1][0]


def test_confinement_is_for_a_win_by_leaving_the_opponent_no_move():
    from gdl import catalog
    from gdl.ai.material import _stalemating_win
    wins = {name: _stalemating_win(catalog.load(name).ir)
            for name in ("chess", "draughts", "othello", "antichess", "connect4")}
    # othello ends when neither side can move; antichess's stuck player wins
    assert wins == {"chess": True, "draughts": True, "othello": False, "antichess": False,
                    "connect4": False}


def area(board: str, colour: str) -> int:
    """Go's area by hand: the colour's stones and the empty regions only it touches."""
    rows = board.split("/")
    cells = {(x, y): c for y, row in enumerate(rows) for x, c in enumerate(row)}
    seen, total = set(), sum(c == colour for c in cells.values())
    for start, c in cells.items():
        if c != "." or start in seen:
            continue
        region, touches, todo = set(), set(), [start]
        while todo:
            x, y = todo.pop()
            if (x, y) in region:
                continue
            region.add((x, y))
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if cells.get(n) == ".":
                    todo.append(n)
                elif n in cells:
                    touches.add(cells[n])
        seen |= region
        total += len(region) if touches == {colour} else 0
    return total


def test_the_margin_is_go_s_area_against_the_other_s_plus_komi():
    from gdl import catalog
    game = catalog.load("go", {"size": 5})
    assert [spec[0] for spec in game.heuristic.specs] == ["material", "margin"]
    for board in (".B.W./BB.WW/.B.W./BB.WW/.B.W.", "BBBBB/B...B/B.W.B/B...B/BBBBB",
                  "...../..B../...../.W.W./.....", "....."):
        board = "/".join([board] * 5) if len(board) == 5 else board
        state = game.parse_position(f"{board} Black")
        assert game.margin_value(state) == area(board, "B") - area(board, "W") - 7, board
    # Black walls in the whole board but one White stone's cell: far ahead
    ahead = game.parse_position("BBBBB/B...B/B.W.B/B...B/BBBBB Black")
    black, white = game.heuristic(ahead)
    assert black > 0.3 and white == -black


PLACED = '''game "Placed"
players White Black
board 3 x 3
pieces man king
setup White man: a1
setup White king: b1
setup Black king: c3
move: step man n to empty
move: step king n s e w ne nw se sw to not own
end: mover wins if no enemy
'''


def test_a_piece_is_worth_more_where_it_reaches_more():
    """Placement: a lone king reaches 3 cells from a corner, 5 from an edge, 8 from the
    centre (a mean of 40/9); a man 1 from the first two rows and 0 from the last. Each
    cell's table entry is 0.15 times the kind's value (the king's: (40/6)^0.75, 4) times
    (reach - mean) / mean."""
    game = compile_text(PLACED, "placed.gdl")
    value = round((40 / 6) ** 0.75)
    assert reach_values(game.ir, game.move_generator) == (1, value) == (1, 4)
    spec = next(s for s in game.heuristic.specs if s[0] == "material")
    tables = spec[2]
    cell = {(x, y): game.ir.geometry.cell(x, y) for x in range(3) for y in range(3)}
    king = tables[1]   # White's king plane
    mean = 40 / 9
    assert king[cell[1, 1]] == pytest.approx(0.15 * value * (8 - mean) / mean)
    assert king[cell[0, 0]] == pytest.approx(0.15 * value * (3 - mean) / mean)
    assert king[cell[1, 0]] == pytest.approx(0.15 * value * (5 - mean) / mean)
    man = tables[0]
    assert man[cell[0, 0]] == pytest.approx(0.15 * (1 - 6 / 9) / (6 / 9))
    assert man[cell[2, 2]] == pytest.approx(0.15 * (0 - 6 / 9) / (6 / 9))
    # Black's planes have theirs (its man moves north too here: the same numbers)
    assert tables[3][cell[1, 1]] == king[cell[1, 1]]
    # a king in the centre is worth more to White than one in a corner, all else equal
    centre = game.parse_position("..k/.K./M.. Black")
    corner = game.parse_position("K.k/.../M.. Black")
    assert game.heuristic(centre)[0] > game.heuristic(corner)[0]
