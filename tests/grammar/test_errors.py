"""Error reporting: every bad rules file under tests/data/bad/ fails at a known place.

Each file holds one realistic mistake. The table pins where the error points
(line and column of the offending word, 1-based), its class and a fragment of
its message; the command line must print the same place with the source line
and a caret under that column, and never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import OptionError, RulesError, RulesSemanticError, RulesSyntaxError
from gdl.interpreter import load_file

BAD = Path(__file__).resolve().parent.parent / "data" / "bad"
SYN, SEM = RulesSyntaxError, RulesSemanticError

# file name -> (line, column, error class, fragment of the message)
EXPECTED: dict[str, tuple[int, int, type[RulesError], str]] = {
    # ---- syntax errors
    "syntax_misspelt_keyword.gdl": (3, 1, SYN, "unexpected 'baord'; expected a statement keyword; "
                                               "did you mean 'board'?"),
    "syntax_misspelt_move.gdl": (4, 1, SYN, "did you mean 'move'?"),
    "syntax_missing_colon_move.gdl": (4, 6, SYN, "expected ':' before 'place'"),
    "syntax_missing_colon_end.gdl": (5, 5, SYN, "unexpected 'mover'; expected ':'"),
    "syntax_unclosed_paren.gdl": (5, 49, SYN, "unexpected end of line; expected ')'"),
    "syntax_stray_semicolon.gdl": (5, 1, SYN, "unexpected 'end'; expected a move's action"),
    "syntax_missing_title.gdl": (1, 5, SYN, 'expected a quoted title ("...")'),
    "syntax_single_quoted_title.gdl": (1, 6, SYN, "a title is written in double quotes"),
    "syntax_unclosed_title.gdl": (1, 6, SYN, "a title ends with '\"' on the same line"),
    "syntax_statement_before_header.gdl": (2, 1, SYN, "unexpected 'players'; expected 'game'"),
    "syntax_range_of_cells.gdl": (4, 12, SYN, "unexpected '..'; a range is written `rows A..B`"),
    "syntax_range_three_dots.gdl": (4, 19, SYN, "unexpected character '.'"),
    "syntax_range_without_end.gdl": (5, 27, SYN, "unexpected end of line"),
    "syntax_empty_move.gdl": (4, 6, SYN, "end of line; expected a move's action: place, step, "
                                         "slide, jump, ride, choose or pass"),
    "syntax_place_nowhere.gdl": (4, 15, SYN, "unexpected end of line"),
    "syntax_player_draws.gdl": (6, 8, SYN, "unexpected 'draws'; expected 'wins' or 'loses'"),
    "syntax_comma_between_players.gdl": (2, 10, SYN, "unexpected ','"),
    "syntax_double_equals_option.gdl": (3, 11, SYN, "unexpected '='"),
    "syntax_end_without_if.gdl": (5, 17, SYN, "unexpected 'line'; expected 'if'"),
    "syntax_equals_for_comparison.gdl": (6, 20, SYN, "unexpected '='; did you mean '=='?"),
    "param_range_past_limit.gdl": (4, 19, SEM, "'n' ranges over 100,000,000 values, more than "
                                               "the limit of 1,000,000"),
    # ---- names
    "unknown_name_hint.gdl": (4, 16, SEM, "unknown name 'emtpy'; did you mean 'empty'?"),
    "unknown_player_in_setup.gdl": (5, 7, SEM, "unknown player 'Whte'; did you mean 'White'?"),
    "unknown_player_in_region.gdl": (5, 30, SEM, "unknown player 'Blak'; did you mean 'Black'?"),
    "unknown_player_in_direction.gdl": (5, 29, SEM, "player 'Blakc'; did you mean 'Black'?"),
    "unknown_piece.gdl": (5, 13, SEM, "unknown piece 'paw'; did you mean 'pawn'?"),
    "unknown_direction.gdl": (6, 17, SEM, "unknown direction 'foward'; did you mean 'forward'?"),
    "no_pieces_declared.gdl": (5, 12, SEM, "the game declares no pieces (add `pieces pawn`)"),
    "ambiguous_piece_in_move.gdl": (5, 7, SEM, "say which piece: one of man, king"),
    "ambiguous_piece_in_setup.gdl": (5, 7, SEM, "say which piece: one of man, king"),
    "player_named_like_cell.gdl": (2, 9, SEM, "'p1' is also the name of a cell"),
    # ---- types and constants
    "type_place_on_number.gdl": (4, 16, SEM, "must be a set of cells, not a number"),
    "type_row_plus_number.gdl": (5, 20, SEM, "'+' must be a number, not a set of cells"),
    "type_number_for_cells.gdl": (4, 10, SEM, "a setup must be a set of cells, not a number"),
    "position_dependent_region.gdl": (4, 14, SEM, "'empty' depends on the position"),
    "option_non_numeric_default.gdl": (3, 15, SEM, "numbers, not 'freestyle'"),
    "list_index_zero.gdl": (4, 33, SEM, "list positions count from 1, not 0"),
    # ---- the board
    "off_board_row.gdl": (5, 27, SEM, "row 9 is off the board (1..8)"),
    "off_board_column.gdl": (4, 37, SEM, "column 0 is off the board (1..3)"),
    "off_board_cell.gdl": (4, 10, SEM, "cell d4 is off the 3 x 3 board (a1..c3)"),
    "board_width_zero.gdl": (3, 7, SEM, "the board width must be 1..26, not 0"),
    "wrap_hex_board.gdl": (3, 21, SEM, "only a square grid wraps round"),
    "wrap_unknown_axis.gdl": (3, 18, SEM, "'wrap' is followed by 'rows', 'columns' or nothing"),
    "score_puzzle_cells.gdl": (5, 12, SEM, "a score must be a number, not a set of cells"),
    "relative_of_number.gdl": (4, 32, SEM, "what 'above' is measured from must be a set of "
                                           "cells, not a number"),
    "board_width_thirty.gdl": (3, 7, SEM, "the board width must be 1..26, not 30"),
    "rows_backwards.gdl": (6, 27, SEM, "rows 8..7 runs backwards; write rows 7..8"),
    "line_longer_than_board.gdl": (5, 25, SEM, "a line of 4 does not fit on the 3 x 3 board"),
    "symmetry_does_not_fit.gdl": (4, 10, SEM, "rotate90 does not map the 7 x 6 board onto itself"),
    # ---- declarations
    "duplicate_option.gdl": (5, 8, SEM, "'width' is already declared"),
    "duplicate_player_name.gdl": (2, 11, SEM, "'X' is already declared"),
    "duplicate_players_statement.gdl": (4, 1, SEM, "'players' is declared twice"),
    "duplicate_track.gdl": (6, 7, SEM, "'ring' is already declared"),
    "redefine_builtin.gdl": (3, 7, SEM, "'count' is a built-in name and cannot be redefined"),
    "setup_cell_twice.gdl": (5, 14, SEM, "cell e5 is set up twice"),
    "direction_missing_player.gdl": (5, 11, SEM, "direction 'forward' is not given for Black"),
    "twin_before_its_kind.gdl": (4, 13, SEM, "'queen~' is a promoted queen, moving as one: "
                                 "name 'queen' before it in `pieces`"),
    "tilde_name_not_a_piece.gdl": (4, 8, SEM, "a name ending in '~' is a promoted piece kind"),
    "missing_players.gdl": (2, 1, SEM, "declare the players first"),
    "missing_moves.gdl": (1, 1, SEM, "the game declares no moves"),
    "missing_end.gdl": (1, 1, SEM, "the game declares no end"),
    # ---- moves and ends
    "end_never_holds.gdl": (6, 20, SEM, "this end condition can never hold"),
    "moves_outside_end.gdl": (4, 24, SEM, "is only known in an end rule"),
    "promote_in_parameter_move.gdl": (6, 33, SEM, "'promote' follows a board move"),
    "flip_after_step.gdl": (7, 40, SEM, "'flip' follows a placement"),
    # ---- a preference among the moves (majority capture) and flying jumps
    "prefer_without_most.gdl": (7, 9, SYN, "unexpected 'more'; expected 'most' or 'least'"),
    "prefer_measure_not_a_number.gdl": (7, 14, SEM, "what 'prefer' measures (a number read of "
                                                    "each move, such as `count taken`) must be "
                                                    "a number, not a set of cells"),
    "prefer_twice.gdl": (8, 1, SEM, "'prefer' is declared twice"),
    "prefer_with_filter.gdl": (7, 1, SEM, "'prefer' with a legality filter ('illegal:') is not "
                                          "supported yet"),
    "taken_outside_prefer.gdl": (7, 20, SEM, "'taken' (the cells a move takes) is only known "
                                             "in 'prefer'"),
    "flying_jump_by_path.gdl": (6, 7, SEM, "a flying jump ('far') lists each chain by its ends "
                                           "and captures; 'by path' is not supported with it"),
    # ---- definitions and function calls
    "definition_recursive.gdl": (4, 23, SEM, "definition 'chain' uses itself: a definition "
                                             "cannot be recursive"),
    "definition_argument_count.gdl": (5, 26, SEM, "'flanked' takes 2 arguments (d, who), not 1"),
    "definition_named_builtin.gdl": (4, 8, SEM, "'count' is a built-in function; a definition "
                                                "needs a name of its own"),
    "definition_parameter_player.gdl": (4, 15, SEM, "'White' is a player; a parameter needs a "
                                                    "name of its own"),
    "definition_body_type.gdl": (6, 16, SEM, "each side of '+' must be a number, not a set of "
                                             "cells; in definition 'points' (defined at 4:1)"),
    "definition_direction_argument.gdl": (5, 34, SEM, "'flanked' uses its parameter 'd' as a "
                                                      "direction"),
    "hop_chain_without_at_will.gdl": (7, 7, SEM, "a chain of hops may stop after any hop: "
                                                 "write `repeatedly at will`"),
    "at_will_without_chain.gdl": (7, 7, SEM, "'at will' follows 'repeatedly'"),
    "function_two_items.gdl": (5, 19, SEM, "'count' takes one item, not 2"),
    "function_two_words.gdl": (5, 26, SYN, "a function takes one item, so 'count' cannot take "
                                           "'own' and then 'pawn'; write `count (own pawn)`"),
    # ---- per-player state, after every move, attacked
    "per_player_index_number.gdl": (5, 32, SEM, "'walls' holds one number per player: its "
                                                "index is own, enemy or a player's name"),
    "per_player_list.gdl": (4, 15, SEM, "'per player' holds one number for each player, "
                                        "not a list of numbers"),
    "attacked_number.gdl": (5, 56, SEM, "what 'attacked' tests must be a set of cells, not a "
                                        "number"),
    "after_move_board.gdl": (6, 36, SEM, "'after every move' changes state variables only"),
    # ---- simultaneous moves
    "simultaneous_reads_other.gdl": (4, 34, SEM, "the players choose at once: a move cannot "
                                                 "read another player's 'bid' (only bid[own])"),
    "simultaneous_writes_shared.gdl": (4, 23, SEM, "a move only records its own player's "
                                                   "choice"),
    "simultaneous_board_move.gdl": (4, 1, SEM, "in a simultaneous game each move is a choice "
                                               "of numbers"),
    "simultaneous_one_player.gdl": (2, 1, SEM, "'simultaneous' needs two players or more"),
    "moves_landing_number.gdl": (8, 36, SEM, "where the move lands must be a set of cells"),
    "screens_not_a_number.gdl": (8, 33, SEM, "the number of screens a slide passes must be a "
                                             "number, not a set of cells"),
    "screens_without_of.gdl": (8, 35, SYN, "unexpected 'occupied'; expected 'of' (a slide past "
                                           "screens is written `slide PIECE DIRS past N of"),
    "screen_a_number.gdl": (8, 38, SEM, "the pieces a slide passes (its screens) must be a set "
                                        "of cells, not a number"),
    # ---- direction variables (`for d in DIRS`, `any`/`all d in DIRS`, `ray`)
    "direction_var_unknown_set.gdl": (7, 23, SEM, "unknown direction 'diagonals'; did you mean "
                                                  "'diagonal'?"),
    "direction_var_out_of_scope.gdl": (8, 46, SEM, "'d' names a direction only inside the rule, "
                                                   "effect or expression that says `for d in"),
    "direction_var_shadows_direction.gdl": (7, 18, SEM, "'ne' is a direction already"),
    "direction_var_nested_same_name.gdl": (5, 47, SEM, "'d' already names a direction (or kind) "
                                                       "here"),
    "direction_var_uneven_players.gdl": (7, 15, SEM, "each player needs as many directions here "
                                                     "(this gives 3 for White, 1 for Black)"),
    "ray_two_arguments.gdl": (4, 34, SEM, "'ray' is written ray(FROM, DIRECTION, WHILE IN)"),
    # ---- kind variables (`move for k in queen rook: ...`)
    "kind_var_unknown_kind.gdl": (8, 33, SEM, "unknown piece kind 'knigt'; did you mean "
                                              "'knight'?"),
    "kind_var_mixed_with_directions.gdl": (8, 24, SEM, "'k' ranges over piece kinds ('man' is "
                                                       "one) or over directions ('diagonal' is "
                                                       "one), not both"),
    # ---- chance stages (issue 31)
    "chance_sum_not_one.gdl": (4, 30, SEM, "the chances sum to 11/12, not 1"),
    "chance_empty.gdl": (4, 1, SEM, "an empty distribution: list its outcomes and their chances"),
    "chance_zero_weight.gdl": (4, 20, SEM, "an outcome's chance must be more than 0, not 0"),
    "chance_roll_undeclared.gdl": (4, 17, SEM, "'d' is not declared by `chance d = ...`"),
    "chance_roll_in_board_move.gdl": (5, 27, SEM, "`roll d` stands among a named move's effects"),
    "chance_never_rolled.gdl": (4, 1, SEM, "'d' is declared by `chance` but no move rolls it"),
    "chance_where_dice.gdl": (4, 28, SEM, "`where` reads one outcome: a die or a declared draw"),
    "chance_bag_not_a_list.gdl": (4, 16, SEM, "a bag is a list variable of whole numbers "
                                              "declared before it"),
    "chance_bag_undeclared.gdl": (3, 16, SEM, "'deck' is not one"),
    "chance_bag_negative.gdl": (4, 16, SEM, "a bag's weights are 0 or more: element 2 of "
                                            "'deck' starts at -1"),
    "chance_roll_again_unguarded.gdl": (6, 46, SEM, "a draw rolled again in its move ends the "
                                                    "move, with a condition that stops it"),
    "chance_roll_if_shared.gdl": (7, 22, SEM, "'d' is rolled by another move already"),
}


def bad_files() -> list[str]:
    return sorted(path.name for path in BAD.glob("*.gdl"))


def test_every_bad_file_is_in_the_table():
    assert len(EXPECTED) >= 30
    assert bad_files() == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_error_position_class_and_message(name):
    line, column, cls, fragment = EXPECTED[name]
    path = BAD / name
    with pytest.raises(RulesError) as info:
        load_file(path)
    err = info.value
    assert type(err) is cls, err.report()
    assert (err.pos.line, err.pos.column) == (line, column), err.report()
    assert fragment in err.message, err.report()
    assert err.filename == str(path)
    assert str(err) == f"{path}:{line}:{column}: {err.message}"


@pytest.mark.parametrize("name", bad_files())
def test_check_command_prints_the_place_the_line_and_a_caret(name, capsys):
    line, column, _, fragment = EXPECTED[name]
    path = BAD / name
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 3, err
    assert lines[0].startswith(f"{path}:{line}:{column}: ")
    assert fragment in lines[0]
    source = path.read_text(encoding="utf-8").splitlines()[line - 1]
    assert lines[1] == "    " + source.expandtabs(1)
    assert lines[2].strip() == "^"
    assert lines[2].index("^") == 4 + column - 1


# ---- options set by the user: a bad name or value is an OptionError (no position, it is
# not in the file); a value the file cannot use is located in the file, at the use.

@pytest.mark.parametrize("options, fragment", [
    ({"widht": "5"}, "this game has no option 'widht' (its options: width, height, k)"),
    ({"width": "five"}, "option width: 'five' is not a number or a list of numbers"),
    ({"width": "5.0"}, "option width: '5.0' is not a number"),
    ({"width": ""}, "option width: '' is not a number"),
    ({"width": "5, 6"}, "option width takes one number, got '5, 6'"),
])
def test_bad_option_from_the_user(options, fragment):
    with pytest.raises(OptionError) as info:
        catalog.load("connect4", options)
    assert fragment in str(info.value)


def test_bad_list_option_from_the_user():
    with pytest.raises(OptionError, match="option heaps: '3, x' is not a number or a list of"):
        catalog.load("nim", {"heaps": "3, x"})


def _locate(game: str, starts: str, word: str) -> tuple[int, int]:
    """(line, column) of `word` on the first line of a bundled game that starts with `starts`."""
    lines = catalog.resolve(game).read_text(encoding="utf-8").splitlines()
    number = next(i for i, text in enumerate(lines, 1) if text.startswith(starts))
    return number, lines[number - 1].index(word, len(starts)) + 1


@pytest.mark.parametrize("options, starts, word, fragment", [
    ({"width": "30"}, "board", "width", "the board width must be 1..26, not 30"),
    ({"height": "0"}, "board", "height", "the board height must be 1..99, not 0"),
    ({"k": "8"}, "end: mover wins if line", "k", "a line of 8 does not fit on the 7 x 6 board"),
])
def test_option_value_the_rules_cannot_use_is_located_at_its_use(options, starts, word, fragment):
    with pytest.raises(RulesSemanticError) as info:
        catalog.load("connect4", options)
    err = info.value
    assert (err.pos.line, err.pos.column) == _locate("connect4", starts, word), err.report()
    assert fragment in err.message


def test_check_command_reports_a_bad_option_on_one_line(capsys):
    code = main(["check", "connect4", "--set", "width=five"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.splitlines() == [
        "gdl: error: option width: 'five' is not a number or a list of numbers"]
