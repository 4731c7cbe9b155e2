"""`make demo`: an AI plays a game, a puzzle is solved optimally, a Sudoku is solved.

The game and the cube are compiled from their bundled rules files; every
solver sees only the Game protocol.
"""

from __future__ import annotations

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.puzzles.walk import random_walk
from gdl.ai.players import make_player
from gdl.solvers.puzzles.bidirectional import solve_bidirectional
from gdl.solvers.constraints.solve import solve_csp

SUDOKU = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def play_connect4() -> None:
    # compiled from gdl/games/line/connect4.gdl; the AI searches in C when a compiler is here
    game = with_backend(catalog.load("connect4"))
    seats = [make_player("ai:hard", game, seed=1, time_per_move=0.3),
             make_player("random", game, seed=2)]
    state = game.initial_state()
    where = "in C" if type(getattr(seats[0], "engine", None)).__name__.startswith("Native") \
        else "on Python"
    print(f"== Connect Four (compiled from its rules file): AI (X, searching {where}) "
          f"against random (O)")
    moves = []
    while not game.is_terminal(state):
        move = seats[game.current_player(state)].choose(game, state)
        moves.append(game.move_text(state, move))
        state = game.apply(state, move)
    print("moves:", " ".join(moves))
    print(game.render(state))


def solve_cube() -> None:
    cube = catalog.load("pocket_cube")   # compiled from gdl/games/puzzle/pocket_cube.gdl
    scrambled = random_walk(cube, 12, seed=7)
    result = solve_bidirectional(cube, scrambled)
    print("\n== Pocket cube (compiled from its rules file), 12 random quarter turns, "
          "solved optimally")
    print(cube.render(scrambled))
    print(f"solution ({result.length} moves, {result.nodes} nodes, {result.seconds:.2f} s):",
          " ".join(cube.move_text(scrambled, m) for m in result.solution or ()))


def solve_sudoku() -> None:
    sudoku = catalog.load("sudoku")   # compiled from gdl/games/grid/sudoku.gdl
    result = solve_csp(sudoku.csp(SUDOKU), count=True)
    print(f"\n== Sudoku (from its rules file): {'unique' if result.unique else result.status} "
          f"solution, {result.seconds:.3f} s")
    print(sudoku.render(result.solution))


def main() -> None:
    play_connect4()
    solve_cube()
    solve_sudoku()


if __name__ == "__main__":
    main()
