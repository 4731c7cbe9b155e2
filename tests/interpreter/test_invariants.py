"""Invariants: declared, verified (with counterexamples), discovered, exported, used.

Test files with false declarations live in tests/data/invariants/. A small JSON
Schema validator below checks every bundled game's export against
docs/invariants.schema.json; it implements the keywords that schema uses and
refuses any other, so it never passes a document by ignoring a rule.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from gdl.interpreter.core.board_transforms import transforms
from gdl import catalog
from gdl.cli.main import main
from gdl.errors import RulesError
from gdl.catalog import compile_text
from gdl.interpreter import load_file
from gdl.interpreter.core.invariants import Children, check_symmetry, verify
from gdl.interpreter.core.symmetry import imager, map_text
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.exact import solve
from tests.marks import cases

DATA = Path(__file__).resolve().parent.parent / "data" / "invariants"
SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "invariants.schema.json"
SQUARE_C4 = DATA / "connect4_square_rotate90.gdl"
LOPSIDED = DATA / "lopsided_colour_swap.gdl"
QUANTITIES = DATA / "false_quantities.gdl"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def reachable(game) -> set:
    seen, frontier = {game.initial_state()}, [game.initial_state()]
    while frontier:
        state = frontier.pop()
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


@functools.cache
def tictactoe():
    return catalog.load("tictactoe")


# --------------------------------------------------------------------------- declared and used

def test_tictactoe_positions_up_to_its_declared_symmetries():
    game = tictactoe()
    states = reachable(game)
    assert len(states) == 5478
    assert [s.name for s in game.ir.declared_symmetries] == [
        "mirror", "flip", "rotate180", "transpose", "antitranspose", "rotate90", "rotate270"]
    assert len(game.symmetries) == 8 and not game.rejected
    assert len({game.canonical(s) for s in states}) == 765


def test_cell_maps_declare_the_same_group_as_the_names():
    base = transforms(tictactoe().ir.geometry)
    text = ('game "T"\nplayers X O\nboard 3 x 3\nsymmetry swap a1 c1, a2 c2, a3 c3\n'
            'symmetry cycle a1 c1 c3 a3, b1 c2 b3 a2\nmove: place on empty\n'
            'end: mover wins if line 3\nend: draw if full\n')
    game = compile_text(text)
    assert {s.perm for s in game.symmetries} == {p for p in base.values() if p is not None}
    assert game.ir.declared_symmetries[0].name == "swap a1 c1, a2 c2, a3 c3"
    assert game.ir.declared_symmetries[0].perm == base["mirror"]
    assert game.ir.declared_symmetries[1].perm == base["rotate90"]


def test_colour_swap_merges_nim_positions_whoever_moves():
    game = catalog.load("nim", {"heaps": "2,3"})
    assert [s.name for s in game.symmetries] == ["identity", "swapping colours"]
    first = game.initial_state()
    second = (first[0], 1, 0)      # the same heaps, the other player to move
    assert game.canonical(first) == game.canonical(second)
    plain = solve(game, key=lambda s: s)
    merged = solve(game)
    assert plain.value == merged.value == "win" and merged.table_size < plain.table_size


def test_colour_swap_images_swap_pieces_and_turn():
    game = catalog.load("breakthrough", {"width": "4", "height": "4"})
    swap = next(s for s in game.symmetries if s.name == "rotate180 swapping colours")
    start = game.initial_state()
    image = imager(game)(swap, start)
    assert image[:2] == start[:2] and image[2] == 1 - start[2]   # same pawns, Black to move
    assert game.canonical(image) == game.canonical(start)
    assert map_text("a1-b2", swap, game.geometry) == "d4-c3"


def test_solvers_can_switch_symmetry_off():
    game = tictactoe()
    with_symmetry, without = solve(game), solve(game, key=lambda s: s)
    assert with_symmetry.value == without.value == "draw"
    assert with_symmetry.nodes < without.nodes
    a = AlphaBeta(game, key=lambda s: s).search()
    b = AlphaBeta(game).search()
    assert a.value == b.value and b.stats.nodes < a.stats.nodes


# --------------------------------------------------------------------------- false declarations

def test_quarter_turn_of_square_connect_four_is_rejected_with_a_counterexample(capsys):
    code, out, err = run(capsys, "check", SQUARE_C4, "--games", 20)
    assert code == 1
    assert "- FAILED" in out.splitlines()[0]
    assert "FAILS: symmetry rotate90" in out
    first = err.splitlines()[0]
    assert first.startswith(f"{SQUARE_C4}:5:17: symmetry rotate90 does not hold: ")
    assert "X can play b1 here, but its image f2 is not a legal move" in first
    assert "at this position:" in err and "its image under rotate90:" in err
    assert "1 . . . . . ." in err     # the board picture


def test_a_rejected_symmetry_is_never_used_by_canonical():
    game = load_file(SQUARE_C4)
    assert set(game.rejected) == {"rotate90"}
    assert [s.name for s in game.symmetries] == ["identity", "mirror"]
    image = imager(game)
    turn = next(s for s in game.ir.declared_symmetries if s.name == "rotate90")
    mirror = game.symmetries[1]
    start = game.initial_state()
    s = game.apply(start, game.parse_move(start, "b1"))
    assert game.canonical(image(mirror, s)) == game.canonical(s)
    assert game.canonical(image(turn, s)) != game.canonical(s)
    assert game.invariants["rejected"] == {"rotate90": game.rejected["rotate90"]}


def test_a_quarter_turn_that_does_not_fit_the_board_is_a_located_error():
    text = ('game "C4"\nplayers X O\nboard 7 x 6\nsymmetry rotate90\n'
            'move: place on empty and (row 1 or s is occupied)\nend: mover wins if line 4\n')
    with pytest.raises(RulesError) as caught:
        compile_text(text, "c4.gdl")
    assert str(caught.value) == ("c4.gdl:4:10: rotate90 does not map the 7 x 6 board onto itself")


def test_colour_swap_of_an_asymmetric_game_is_rejected(capsys):
    code, out, err = run(capsys, "check", LOPSIDED)
    assert code == 1
    assert f"{LOPSIDED}:6:1: symmetry swapping colours does not hold: " in err
    assert "the results are not images of each other" in err
    assert "O won" in err and "X won" in err
    assert "FAILS: symmetry swapping colours" in out and "7 of 8 hold" in out


def test_false_quantities_are_rejected_and_true_ones_kept(capsys):
    code, out, err = run(capsys, "check", QUANTITIES)
    assert code == 1
    assert "3 of 5 hold" in out
    assert f"{QUANTITIES}:13:1: monotone: count own never decreases does not hold: " in err
    assert f"{QUANTITIES}:14:1: conserved: count occupied does not hold: " in err
    assert "goes from 4 to 3" in err
    doc = catalog.invariants(str(QUANTITIES))
    assert [q["name"] for q in doc["quantities"]] == ["monotone: count own never increases"]
    assert {r["declaration"] for r in doc["rejected"]} == {
        "monotone: count own never decreases", "conserved: count occupied"}


@pytest.mark.parametrize("text, message", [
    ('game "T"\nplayers A B C\nsymmetry swapping colours\n', "a colour swap exchanges two players"),
    ('game "T"\nplayers A B\nboard 3 x 3\nsymmetry swap a1 b1 c1\n', "'swap' exchanges two cells"),
    ('game "T"\nplayers A B\nboard 3 x 3\nsymmetry swap a1 d1\n', "'d1' is not a playable cell"),
    ('game "T"\nplayers A B\nboard 3 x 3\nsymmetry cycle a1 b1, b1 c1\n', "cell b1 is moved twice"),
    ('game "T"\nplayers A B\nboard 3 x 3\nmonotone: empty never increases\n',
     "a monotone quantity is a number"),
    ('game "T"\nplayers A B\nboard 3 x 3\nconserved: 3 + 4\n', "this quantity is a constant"),
    ('game "T"\nplayers A B\nsymmetry mirror\n', "declare the board first"),
])
def test_bad_declarations_are_located_errors(text, message):
    with pytest.raises(RulesError) as caught:
        compile_text(text + "move: pass\nend: draw if full\n")
    assert message in str(caught.value)


# --------------------------------------------------------------------------- discovery

def test_connect_four_without_its_mirror_line_gets_it_suggested(tmp_path, capsys):
    text = catalog.bundled_paths()["connect4"].read_text(encoding="utf-8")
    assert "symmetry mirror\n" in text
    path = tmp_path / "c4.gdl"
    path.write_text(text.replace("symmetry mirror\n", ""), encoding="utf-8")
    code, out, _ = run(capsys, "check", path, "--games", 30)
    assert code == 0
    assert "  suggested: symmetry mirror  (held on" in out
    # a colour swap holds too, but maps no reached position onto another: not suggested
    assert "also hold, but merge no positions of the random games: swapping colours" in out


def test_a_declared_game_has_nothing_more_to_suggest():
    game = catalog.load("connect4", {"width": "5", "height": "4"})
    found = verify(game, catalog.random_games(game, 20, None, 1), seed=1)
    assert found.ok and not found.suggested
    assert [s.name for s in found.group] == ["identity", "mirror"]


def test_check_symmetry_reports_the_first_position_that_fails():
    game = load_file(SQUARE_C4)
    turn = game.ir.declared_symmetries[1]
    result = check_symmetry(game, turn, [game.initial_state()], Children(game), 100)
    assert not result.holds and result.positions == 1
    fine = check_symmetry(game, game.symmetries[1], [game.initial_state()], Children(game), 100)
    assert fine.holds


def test_check_options_choose_the_random_games(capsys):
    code, out, _ = run(capsys, "check", "connect4", "--games", "5", "--plies", "6", "--seed", "3")
    assert code == 0 and "5 random games: median length 6 moves; unfinished 5" in out
    code, out, _ = run(capsys, "check", "pocket_cube", "--games", "3", "--plies", "10")
    assert code == 0 and "3 random walks of 10 moves" in out


# --------------------------------------------------------------------------- export

def validate(instance, schema, where="$"):
    """Raise AssertionError where `instance` breaks `schema` (the subset of JSON Schema
    2020-12 that docs/invariants.schema.json uses; any other keyword is refused)."""
    known = {"$schema", "$id", "title", "description", "type", "required", "properties",
             "additionalProperties", "items", "enum", "const", "minimum", "minItems", "maxItems"}
    unknown = set(schema) - known
    assert not unknown, f"the validator does not implement {unknown}"
    types = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}
    if "type" in schema:
        wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        ok = any(isinstance(instance, int) and not isinstance(instance, bool) if t == "integer"
                 else isinstance(instance, types[t]) for t in wanted)
        assert ok, f"{where}: {instance!r} is not of type {wanted}"
    if "const" in schema:
        assert instance == schema["const"], f"{where}: {instance!r} != {schema['const']!r}"
    if "enum" in schema:
        assert instance in schema["enum"], f"{where}: {instance!r} not in {schema['enum']}"
    if "minimum" in schema and isinstance(instance, int):
        assert instance >= schema["minimum"], f"{where}: {instance} < {schema['minimum']}"
    if isinstance(instance, dict):
        for key in schema.get("required", ()):
            assert key in instance, f"{where}: missing {key!r}"
        properties = schema.get("properties", {})
        for key, value in instance.items():
            if key in properties:
                validate(value, properties[key], f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                raise AssertionError(f"{where}: unexpected property {key!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                validate(value, schema["additionalProperties"], f"{where}.{key}")
    if isinstance(instance, list):
        assert len(instance) >= schema.get("minItems", 0), f"{where}: too few items"
        assert len(instance) <= schema.get("maxItems", len(instance)), f"{where}: too many items"
        for i, item in enumerate(instance):
            if "items" in schema:
                validate(item, schema["items"], f"{where}[{i}]")


@functools.cache
def schema() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


def test_the_validator_catches_a_broken_document():
    doc = catalog.invariants("tictactoe", games=5)
    validate(doc, schema())
    for broken in ({**doc, "schema_version": 2}, {**doc, "extra": 1},
                   {**doc, "symmetries": [{"name": "x"}]}, {k: v for k, v in doc.items()
                                                             if k != "board"}):
        with pytest.raises(AssertionError):
            validate(broken, schema())


@pytest.mark.parametrize("name", cases([name for name, _ in catalog.bundled_games()], {
    "amazons", "backgammon", "chess", "crazyhouse", "gomoku", "havannah", "othello",
    "peg_solitaire", "quoridor", "rush_hour", "shogi", "tablut", "xiangqi", "y"}))
def test_every_bundled_export_follows_the_schema(name, capsys):
    code, out, _ = run(capsys, "invariants", name, "--json", "--games", "20")
    assert code == 0
    doc = json.loads(out)
    validate(doc, schema())
    assert doc["game"] == name and not doc["rejected"]
    if doc["symmetries"] and doc["board"]:
        cells = doc["board"]["cells"]
        assert doc["symmetries"][0]["name"] == "identity"
        assert doc["symmetries"][0]["image"] == cells
        for sym in doc["symmetries"]:
            assert sorted(sym["image"]) == sorted(cells)


def test_exports_carry_the_metadata():
    c4 = catalog.invariants("connect4", games=10)
    mirror = c4["symmetries"][1]
    assert mirror["name"] == "mirror" and mirror["declared"] and not mirror["colour_swap"]
    assert dict(zip(c4["board"]["cells"], mirror["image"]))["a1"] == "g1"
    cube = catalog.invariants("pocket_cube")
    assert ["front", "back"] in cube["inverse_pairs"]
    assert cube["quantities"][0]["kind"] == "conserved"
    breakthrough = catalog.invariants("breakthrough", games=10)
    assert any(s["colour_swap"] for s in breakthrough["symmetries"])
    monotone = catalog.invariants("draughts", games=10)["quantities"][0]
    assert (monotone["kind"], monotone["direction"], monotone["view"]) == \
        ("monotone", "nonincreasing", "each player")


def test_invariants_text(capsys):
    code, out, _ = run(capsys, "invariants", "nim")
    assert code == 0
    assert "symmetries: 2 (identity, swapping colours)" in out
    assert "quantities: monotone: sum(heap) never increases" in out


def test_the_tests_stop_at_their_time_bound_after_one_position_each():
    """`gdl check` bounds its invariant tests by processor time: past it each declaration
    is still tested on one position, the search for undeclared ones stops, and the
    report says so."""
    game = catalog.load("connect4")
    lines = catalog.random_games(game, 20, None, 0)
    whole = verify(game, lines, 0)
    cut = verify(game, lines, 0, seconds=0.0)
    assert not whole.cut and cut.cut
    assert [r.positions for r in cut.results] == [1] * len(whole.results)
    assert all(r.positions > 1 for r in whole.results)
    assert cut.suggested == () and cut.idle == ()
    assert "testing stopped at its 8 s bound" in "\n".join(catalog.invariant_lines(cut))
