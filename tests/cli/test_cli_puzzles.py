"""`gdl solve` on puzzles: optimal solutions, enumeration, unsolvable starts, flags, errors."""

from __future__ import annotations

import io
import json

import pytest

from gdl import catalog, records
from gdl.solvers.puzzles.choose import solve_puzzle
from gdl.cli import main as cli
from gdl.cli.main import main

SWAPPED_15 = "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"


def run(capsys, *argv):
    """(exit status, stdout lines, stderr text) of `gdl argv...`."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def run_json(capsys, *argv):
    code, lines, err = run(capsys, *argv, "--json")
    assert code == 0 and err == "", err
    return json.loads("\n".join(lines))


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def replay(name, start_text, moves, options=None):
    """The position after playing the move texts from the start text."""
    p = catalog.load(name, options)
    state = p.parse_state(start_text)
    for text in moves:
        state = p.apply(state, p.parse_move(state, text))
    return p, state


# --------------------------------------------------------------------------- the figures

@pytest.mark.slow
def test_eight_puzzle_enumeration(capsys):
    data = run_json(capsys, "solve", "eight_puzzle", "--enumerate")
    assert (data["total"], data["greatest"]) == (181440, 31)
    assert len(data["distribution"]) == 32 and sum(data["distribution"]) == 181440
    assert data["distribution"][:4] == [1, 2, 4, 8] and data["distribution"][-1] == 2
    assert data["from"] == "123456780" and data["complete"] is True


def test_enumeration_as_text(capsys):
    code, lines, _ = run(capsys, "solve", "hanoi", "--enumerate")
    assert code == 0
    assert lines[:4] == ["from: - / - / 3 2 1", "positions: 27", "greatest distance: 7",
                         "distribution (distance: positions):"]
    assert lines[4:12] == ["  0: 1", "  1: 2", "  2: 2", "  3: 4", "  4: 2", "  5: 4", "  6: 4",
                           "  7: 8"]
    assert lines[-1].startswith("time: ")


@pytest.mark.slow
def test_pocket_cube_enumeration(capsys):
    # The full space (~8 s on a quiet machine): the must-show figure, through the CLI.
    data = run_json(capsys, "solve", "pocket_cube", "--enumerate")
    assert (data["total"], data["greatest"]) == (3674160, 14)


@pytest.mark.slow
def test_the_sticker_cube_counts_the_same_space_in_its_read_back_layout(capsys):
    # The game file of 24 stickers on a net, searched in the layout read off its rules.
    data = run_json(capsys, "solve", "pocket_cube_stickers", "--enumerate")
    assert (data["total"], data["greatest"]) == (3674160, 14)


def test_perft_on_the_sticker_cube_runs_in_its_layout_and_counts_as_the_core_does(capsys):
    from gdl.solvers.search.perft import perft
    game = catalog.load("pocket_cube_stickers")
    word = "front right up front"
    start = game.initial_state()
    for name in word.split():   # on the core's planes: a won position keeps its moves
        start = game.apply(start[:-1] + (0,), game.parse_move(start[:-1] + (0,), name))
    data = run_json(capsys, "perft", "pocket_cube_stickers", "4", "--position", word)
    assert [row["count"] for row in data["depths"]] == [perft(game, start, d)
                                                       for d in range(1, 5)]


def test_hanoi_8_discs_answers_255_moves(capsys):
    data = run_json(capsys, "solve", "hanoi", "--set", "discs=8")
    assert data["length"] == 255 and len(data["solution"]) == 255
    p, end = replay("hanoi", data["start"], data["solution"], {"discs": "8"})
    assert p.is_goal(end)
    code, lines, _ = run(capsys, "solve", "hanoi", "--set", "discs=8")
    assert lines[2].startswith("solution (255 moves): 1-2 1-3 2-3 1-2 ")


def test_swapped_15_puzzle_is_unsolvable_at_once_naming_parity(capsys):
    data = run_json(capsys, "solve", "fifteen_puzzle", "--state", SWAPPED_15)
    assert data["solution"] is None and data["length"] is None and data["nodes"] == 0
    assert data["unsolvable"] == \
        "conserved quantity 'permutation parity' differs: start 0, goal 1"
    code, lines, err = run(capsys, "solve", "fifteen_puzzle", "--state", SWAPPED_15)
    assert code == 0 and err == ""
    assert "unsolvable: conserved quantity 'permutation parity' differs: start 0, goal 1" in lines


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 6])   # optimal 28 and 32 (bidirectional holds ~0.2M states)
def test_15_puzzle_of_40_random_moves_by_idastar_equals_bidirectional(capsys, seed):
    common = ("solve", "fifteen_puzzle", "--scramble", "40", "--seed", str(seed))
    ida = run_json(capsys, *common, "--method", "idastar")
    bid = run_json(capsys, *common, "--method", "bidirectional")
    assert ida["method"] == "idastar" and bid["method"] == "bidirectional"
    assert ida["start"] == bid["start"]
    assert ida["length"] == bid["length"] <= 40
    for data in (ida, bid):
        p, end = replay("fifteen_puzzle", data["start"], data["solution"])
        assert p.is_goal(end)


@pytest.mark.slow
@pytest.mark.parametrize("name, most", [("pocket_cube", 7), ("eight_puzzle", 20)])
def test_methods_agree_on_scrambles(capsys, name, most):
    for seed in range(4):
        common = ("solve", name, "--scramble", str(most - seed), "--seed", str(seed))
        lengths = {run_json(capsys, *common, "--method", m)["length"]
                   for m in ("bfs", "bidirectional", "idastar")}
        assert len(lengths) == 1


def test_default_methods(capsys):
    cube = run_json(capsys, "solve", "pocket_cube", "--state", "front up right")
    assert cube["method"] == "bidirectional" and cube["length"] == 3
    assert cube["solution"] == ["left", "down", "back"]
    eight = run_json(capsys, "solve", "eight_puzzle", "--state", "867254301")
    assert eight["method"] == "idastar" and eight["length"] == 31
    assert run_json(capsys, "solve", "hanoi")["method"] == "bfs"


def test_all_optimal_solutions(capsys):
    data = run_json(capsys, "solve", "pocket_cube", "--state", "front front right right", "--all")
    assert data["length"] == 4 and data["count"] == len(data["solutions"]) > 1
    assert len({tuple(s) for s in data["solutions"]}) == data["count"]
    for solution in data["solutions"]:
        p, end = replay("pocket_cube", data["start"], solution)
        assert len(solution) == 4 and p.is_goal(end)
    code, lines, _ = run(capsys, "solve", "pocket_cube", "--state", "front front right right",
                         "--all")
    assert lines[2] == f"optimal solutions: {data['count']} of 4 moves"


def test_text_output(capsys):
    code, lines, err = run(capsys, "solve", "eight_puzzle", "--state", "1 2 3 / 4 5 6 / 7 0 8")
    assert code == 0 and err == ""
    assert lines[:3] == ["start: 123456708", "method: idastar",
                         "solution (1 moves): left"]
    assert lines[3].startswith("nodes: ") and lines[4].startswith("time: ")


def test_solved_start_says_so(capsys):
    code, lines, _ = run(capsys, "solve", "pocket_cube")
    assert code == 0 and lines[2].startswith("solution (0 moves): none needed")


def test_moves_from_the_start(capsys):
    data = run_json(capsys, "solve", "hanoi", "--moves", "1-3 1-2")
    assert data["start"] == "3 / 2 / 1" and data["length"] == 5
    data = run_json(capsys, "solve", "pocket_cube", "--moves", "front front up")  # past the goal
    assert data["length"] == 3
    code, _, err = run(capsys, "solve", "hanoi", "--moves", "1-3 1-3")
    assert code == 1 and one_line_error(err).startswith(
        "gdl: error: --moves, move 2: '1-3' is not a legal move; legal moves: 1-2 3-1 3-2")


# --------------------------------------------------------------------------- errors

@pytest.mark.parametrize("argv, message", [
    (["eight_puzzle", "--state", "12345678"], "gdl: error: cannot read the position '12345678'"),
    (["pocket_cube", "--state", "front sideways"], "gdl: error: 'sideways' is not a legal move"),
    (["eight_puzzle", "--method", "memo"], "gdl: error: puzzles are solved by --method bfs"),
    (["tictactoe", "--scramble", "3"], "gdl: error: --state, --scramble, --all, --enumerate"),
    (["tictactoe", "--method", "bfs"], "gdl: error: --state, --scramble, --all, --enumerate"),
    (["hanoi", "--state", "3 2 1 / - / -", "--scramble", "2"],
     "gdl: error: give one of --state, --scramble and --moves"),
    (["hanoi", "--all", "--method", "bfs"],
     "gdl: error: all optimal solutions come from bidirectional search, not bfs"),
    (["hanoi", "--enumerate", "--all"], "gdl: error: --enumerate counts positions"),
])
def test_errors_are_one_line(capsys, argv, message):
    code, _, err = run(capsys, "solve", *argv)
    assert code == 1
    assert one_line_error(err).startswith(message)


def test_a_limit_reached_says_which_in_one_line_and_exits_3(capsys):
    code, out, _ = run(capsys, "solve", "fifteen_puzzle", "--scramble", "60",
                       "--time-limit", "0.05", "--method", "bfs")
    assert code == 3
    assert len(out) == 1
    assert out[0].startswith("solution: unknown (fifteen_puzzle was not solved within 0.05 s")
    code, out, _ = run(capsys, "solve", "fifteen_puzzle", "--scramble", "60",
                       "--max-nodes", "2000", "--method", "bfs", "--json")
    data = json.loads("\n".join(out))
    assert code == 3 and (data["stopped"], data["solution"]) == ("nodes", None)
    assert data["nodes"] == 2000


def test_enumeration_of_sets_is_bounded(capsys):
    code, out, _ = run(capsys, "solve", "fifteen_puzzle", "--enumerate", "--max-nodes", "5000",
                       "--json")
    data = json.loads("\n".join(out))
    assert code == 3 and data["stopped"] == "states" and not data["complete"]
    assert 5000 <= data["total"] < 5000 * 4   # at most one layer past the bound


def test_a_negative_scramble_is_a_usage_error(capsys):
    code, _, err = run(capsys, "solve", "hanoi", "--scramble", "-2")
    assert code == 2 and "expected 0 or more moves" in err


# --------------------------------------------------------------------------- check, list, progress

def test_list_and_check(capsys):
    code, lines, _ = run(capsys, "list")
    names = {line.split()[0] for line in lines}
    assert {"pocket_cube", "eight_puzzle", "fifteen_puzzle", "hanoi"} <= names
    code, lines, _ = run(capsys, "check", "pocket_cube")
    assert code == 0 and lines[0] == "pocket_cube: Pocket cube (2x2x2) (puzzle) - ok"
    assert "  conserved: twist sum mod 3" in lines
    assert any(line.startswith("  inverse pairs: front/back, right/left, up/down (declared")
               for line in lines)
    assert lines[-1].endswith("inverses, commuting pairs and conserved quantities hold")


@pytest.mark.slow
def test_enumeration_progress_only_on_a_terminal(capsys, monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen, status = Terminal(), cli.Status
    monkeypatch.setattr(cli, "Status", lambda: status(screen))
    monkeypatch.setattr("gdl.cli.puzzle.PROGRESS_EVERY", 20_000)
    code, lines, _ = run(capsys, "solve", "eight_puzzle", "--enumerate")
    assert code == 0 and "positions: 181440" in lines
    assert "enumerating eight_puzzle: " in screen.getvalue()
    assert screen.getvalue().endswith("\r\x1b[K")   # cleared before the answer


def test_play_scrambles_a_solved_puzzle_and_the_ai_solves_it_optimally(capsys):
    from tests.references.puzzles import random_walk
    from gdl.solvers.puzzles.choose import solve_puzzle
    assert main(["play", "eight_puzzle", "--players", "ai", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "8-puzzle: scrambled by 20 random moves (seed 2)"
    game = catalog.load("eight_puzzle")
    optimal = solve_puzzle(game, random_walk(game, 20, 2)).length
    assert lines[-1] == f"result after {optimal} moves: solved (payoff 1)"


def test_play_scramble_starts_a_puzzle_as_solve_does(capsys, tmp_path):
    from gdl.cli.puzzle import scrambled
    path = tmp_path / "scrambled.json"
    assert main(["play", "eight_puzzle", "--players", "ai", "--scramble", "6", "--seed", "3",
                 "--save", str(path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "8-puzzle: scrambled by 6 random moves (seed 3)"
    game = catalog.load("eight_puzzle")
    start = scrambled(game, 6, 3)   # the start `gdl solve --scramble 6 --seed 3` solves
    assert lines[-1] == f"result after {solve_puzzle(game, start).length} moves: solved " \
        "(payoff 1)"
    record = records.read(path)
    assert (record.start.scramble, record.start.seed) == (6, 3)
    assert main(["replay", str(path)]) == 0 and capsys.readouterr().out.splitlines()[-1] \
        == lines[-1]
    assert main(["play", "tictactoe", "--scramble", "3"]) == 1
    assert "--scramble is for puzzles; tictactoe is a game" in capsys.readouterr().err
    assert main(["play", "eight_puzzle", "--scramble", "3", "--moves", "up"]) == 1
    assert "not both" in capsys.readouterr().err
