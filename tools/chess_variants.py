"""gdl's chess variants against python-chess's `chess.variant` and Fairy-Stockfish's perft.

    python tools/chess_variants.py record three_check   # write tests/data/oracle/three_check.json
    python tools/chess_variants.py compare three_check  # replay seeded random games in both

A record holds perft from the start and from POSITIONS positions reached by seeded random
play in python-chess (stored as gdl move texts, the format of tools/oracle.py's records), each
counted by python-chess and, where it installs, by Fairy-Stockfish (`go perft N` under
`UCI_Variant`): the two must agree before anything is written. A position is taken once the
players have given CHECKS[i] checks in all, so that the game's own end (a third check) falls
inside the counted plies. tests/games/test_three_check.py checks the record with gdl alone
and replays games live against python-chess.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "oracle"
sys.path.insert(0, str(ROOT))

FAIRY = "/usr/games/fairy-stockfish"
POSITIONS = 30
# game: (python-chess board class name, Fairy-Stockfish's variant, perft depth from the start,
# from each position)
VARIANTS = {"three_check": ("ThreeCheckBoard", "3check", 4, 3),
            "racing_kings": ("RacingKingsBoard", "racingkings", 3, 2)}
# the games that are rules files of the tests rather than bundled games
FILES = {"racing_kings": ROOT / "tests" / "data" / "rules" / "racing_kings_race.gdl"}
CHECKS = (1, 2, 3, 4, 5)   # position i is taken after CHECKS[i % 5] checks given in all


def board_class(name: str) -> Any:
    import chess.variant
    return getattr(chess.variant, VARIANTS[name][0])


def over(board: Any) -> bool:
    """Whether the game is over by gdl's rules: python-chess's own end (mate, stalemate, the
    variant's end, insufficient material) or the fifty-move rule or a threefold repetition,
    which gdl's files end the game by rather than let a player claim."""
    return (board.is_game_over() or board.halfmove_clock >= 100
            or board.is_repetition(3))


def perft(board: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if over(board):
        return 0
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def fairy_perft(variant: str, fen: str, depths: range) -> list[int] | None:
    """Fairy-Stockfish's perft of a position (None where it is not installed). It knows the
    variant's end but not the fifty-move rule or repetitions: compare where they cannot come."""
    if not shutil.which(FAIRY):
        return None
    lines = ["uci", f"setoption name UCI_Variant value {variant}"]
    for depth in depths:
        lines += [f"position fen {fen}", f"go perft {depth}"]
    out = subprocess.run([FAIRY], input="\n".join(lines + ["quit"]) + "\n", text=True,
                         capture_output=True, timeout=600).stdout
    return [int(line.split(":")[1]) for line in out.splitlines()
            if line.startswith("Nodes searched")]


def gdl_game(name: str) -> Any:
    from gdl import catalog
    from gdl.interpreter.c.game import NativeGame
    return NativeGame(catalog.load(str(FILES.get(name, name))), per_call=True)


def gdl_moves(game: Any, state: Any) -> dict[str, Any]:
    """gdl's legal moves of `state` by their UCI text."""
    from gdl.interpreter.notation import adapter
    notation = adapter(game)
    return {notation.uci(state, m): m for m in game.legal_moves(state)}


def random_position(name: str, seed: int, checks: int) -> tuple[Any, list[str]]:
    """python-chess's board after seeded random play, once `checks` checks have been given in
    all (or 200 plies, or the ply before the game would end), and its moves in UCI."""
    rng, board = random.Random(seed), board_class(name)()
    while len(board.move_stack) < 200:
        given = sum(3 - r for r in getattr(board, "remaining_checks", (3, 3)))
        if given >= checks:
            break
        moves = list(board.legal_moves)
        move = rng.choice(moves)
        board.push(move)
        if over(board):
            board.pop()
            break
    return board, [m.uci() for m in board.move_stack]


def record(name: str) -> dict:
    _, variant, depth, position_depth = VARIANTS[name]
    game = gdl_game(name)
    start = board_class(name)()
    counts = [perft(start, d) for d in range(1, depth + 1)]
    theirs = fairy_perft(variant, start.fen(), range(1, depth + 1))
    assert theirs is None or theirs == counts, (theirs, counts)
    positions = []
    for i in range(POSITIONS):
        board, ucis = random_position(name, i, CHECKS[i % len(CHECKS)])
        state, texts = game.initial_state(), []
        for uci in ucis:   # the same moves in gdl's own texts
            move = gdl_moves(game, state)[uci]
            texts.append(game.move_text(state, move))
            state = game.apply(state, move)
        counts_here = [perft(board, d) for d in range(1, position_depth + 1)]
        if board.halfmove_clock + position_depth < 100 and not board.is_repetition(2):
            fairy = fairy_perft(variant, board.fen(), range(1, position_depth + 1))
            assert fairy is None or fairy == counts_here, (board.fen(), fairy, counts_here)
        positions.append({"moves": texts, "fen": board.fen(), "perft": counts_here})
    return {"game": name, "oracle": f"python-chess {VARIANTS[name][0]}, Fairy-Stockfish "
            f"UCI_Variant {variant}", "perft": counts, "positions": positions}


def compare(name: str, seed: int, game: Any = None, plies: int = 300) -> tuple[int, Any]:
    """One seeded random game in gdl and python-chess, ply by ply: the same legal moves (as
    UCI) and the same end and result. Returns the plies played and python-chess's outcome."""
    game = game or gdl_game(name)
    rng, board, state = random.Random(seed), board_class(name)(), game.initial_state()
    for ply in range(plies):
        ended = over(board)
        assert game.is_terminal(state) == ended, (ply, board.fen())
        if ended:
            outcome = board.outcome(claim_draw=True)
            winner = None if outcome is None else outcome.winner
            returns = game.returns(state)
            expected = (0, 0) if winner is None else (1, -1) if winner else (-1, 1)
            assert tuple(returns) == expected, (board.fen(), returns, outcome)
            return ply, outcome
        ours = gdl_moves(game, state)
        assert set(ours) == {m.uci() for m in board.legal_moves}, (ply, board.fen())
        uci = rng.choice(sorted(ours))
        state = game.apply(state, ours[uci])
        board.push_uci(uci)
    return plies, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("record", "compare"))
    parser.add_argument("name", choices=sorted(VARIANTS))
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    if args.action == "record":
        data = record(args.name)
        path = DATA / f"{args.name}.json"
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {path}: perft {data['perft']}, {len(data['positions'])} positions")
        return
    game = gdl_game(args.name)
    ends = [compare(args.name, seed, game)[1] for seed in range(args.games)]
    print(f"{args.games} games agree; ends: "
          f"{sorted({str(e.termination) for e in ends if e is not None})}")


if __name__ == "__main__":
    main()
