"""`make demo`: an AI plays a game, a puzzle is solved optimally, a Sudoku is solved.

Until the rules-language compiler lands, the demonstration uses the hand-written
reference games, which satisfy the same Game protocol the solvers see.
"""

from __future__ import annotations

from gdl.games.reference import TicTacToe
from gdl.games.reference_puzzles import PocketCube, random_walk
from gdl.players import make_player
from gdl.solvers.bidirectional import solve_bidirectional
from gdl.solvers.csp import grid_string, sudoku_csp
from gdl.solvers.csp_solve import solve_csp

SUDOKU = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def play_tictactoe() -> None:
    game = TicTacToe()
    seats = [make_player("ai:hard", game, seed=1, time_per_move=0.5),
             make_player("random", game, seed=2)]
    state = game.initial_state()
    print("== Tic-tac-toe: AI (X) against random (O)")
    while not game.is_terminal(state):
        player = game.current_player(state)
        move = seats[player].choose(game, state)
        print(f"{game.players[player]} plays {game.move_text(state, move)}")
        state = game.apply(state, move)
    print(game.render(state))
    print("returns:", game.returns(state))


def solve_cube() -> None:
    cube = PocketCube()
    scrambled = random_walk(cube, 12, seed=7)
    result = solve_bidirectional(cube, scrambled)
    print("\n== Pocket cube, 12 random quarter turns, solved optimally")
    print(f"solution ({result.length} moves, {result.nodes} nodes):",
          " ".join(cube.move_text(scrambled, m) for m in result.solution))


def solve_sudoku() -> None:
    result = solve_csp(sudoku_csp(SUDOKU), count=True)
    print(f"\n== Sudoku: {result.status}, unique: {result.unique}")
    text = grid_string(sudoku_csp(SUDOKU), result.solution)
    for row in range(9):
        print(text[9 * row:9 * row + 9])


def main() -> None:
    play_tictactoe()
    solve_cube()
    solve_sudoku()


if __name__ == "__main__":
    main()
