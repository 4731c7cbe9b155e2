"""OpenSpiel's einstein_wurfelt_nicht (a chance game, issue 31) read as gdl's einstein: the
cubes' ids by cell (White's 1..6, Black's 6 + value), the die and whether a draw is due.
OpenSpiel draws both sides' placements first (720 outcomes each); gdl's file starts after
them, at outcome 0 for both (the language has no chance before the first turn)."""

SPIEL = "einstein_wurfelt_nicht"
PLAYERS = (1, 0)   # gdl's White (first to move) is OpenSpiel's player 1
KEY = ("cell", "d", "chance")
DEPTH = 6
POSITION_DEPTH = 4
SETUP = (0, 0)   # OpenSpiel's chance actions placing Black's cubes, then White's


def spiel_start(state):
    """OpenSpiel's state where gdl's file starts: after the two placement draws (a state
    already past them, as `placed` makes, is left as it is)."""
    for action in SETUP if not state.history() else ():
        state.apply_action(action)
    return state


def placed(spiel, black: int, white: int):
    """OpenSpiel's state after the placement draws `black` and `white`, and the gdl options
    (`cells`, `cubes`) that start the file there."""
    state = spiel.new_initial_state()
    state.apply_action(black)
    state.apply_action(white)
    cells = [int(v) for v in position(state).split()[0].removeprefix("cell=").split(",")]
    cubes = [cells.index(cube) + 1 for cube in range(1, 13)]
    return state, {"cells": ",".join(map(str, cells)), "cubes": ",".join(map(str, cubes))}


def position(state) -> str:
    cells = []
    for line in str(state).split("\n")[:5]:
        for square in line.strip("|").split("||"):
            cells.append(0 if square == "__" else int(square[1]) + (6 if square[0] == "b" else 0))
    history = state.history()
    # after the two placements, chance rolls and moves alternate: the last roll's index
    last = len(history) - 1 if (len(history) - 1) % 2 == 0 else len(history) - 2
    die = history[last] + 1 if last >= 2 else 0
    due = 0 if state.current_player() >= 0 else 1   # gdl's: a roll due after the last move too
    return f"cell={','.join(map(str, cells))} d={die} chance={due}"
