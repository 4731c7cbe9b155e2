"""Fairy-Stockfish (Debian's /usr/games/fairy-stockfish) through UCI: perft, divided by move,
of a variant's position after moves in UCI coordinates (`b3b10`: file letter, then rank from
1 at the first player's side).

    python tools/fairy.py xiangqi     # the record tests/data/oracle/xiangqi.json against it

Fairy-Stockfish 11.1 answers `go perft N` with one `move: count` line per legal move, then
`Nodes searched: N`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "/usr/games/fairy-stockfish"


def available() -> bool:
    return shutil.which(ENGINE) is not None


class Engine:
    """One engine process, set to a variant."""

    def __init__(self, variant: str, protocol: str = "uci"):
        """`protocol` "usi" for shogi's coordinates (`7g7f`, `P*5e`) and SFEN positions."""
        self.process = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send(protocol)
        self.until(f"{protocol}ok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.position_word = "sfen" if protocol == "usi" else "fen"

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")

    def until(self, prefix: str) -> list[str]:
        """The lines read up to and including the first that starts with `prefix`."""
        assert self.process.stdout is not None
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"Fairy-Stockfish ended before '{prefix}'")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def divide(self, moves: list[str], depth: int, fen: str | None = None
               ) -> tuple[int, dict[str, int]]:
        """Perft `depth` after `moves` (UCI) from the start or `fen`: the total and the count
        under each legal move."""
        start = "startpos" if fen is None else f"{self.position_word} {fen}"
        self.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go perft {depth}")
        lines = self.until("Nodes searched:")
        counts = {}
        for line in lines[:-1]:
            move, sep, count = line.partition(": ")
            if sep and count.isdigit():
                counts[move] = int(count)
        return int(lines[-1].split(":")[1]), counts

    def shown(self, moves: list[str], field: str = "Sfen") -> str:
        """The engine's own text of the position after `moves` from the start (`d`'s
        `Fen:` or `Sfen:` line)."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        line = next(line for line in self.until(f"{field}:") if line.startswith(f"{field}:"))
        return line.split(":", 1)[1].strip()

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


def uci(text: str) -> str:
    """A gdl board move (b3-b10, b3xb10) in UCI coordinates."""
    return text.replace("-", "").replace("x", "")


def check_record(name: str, variant: str, depth: int = 3, game: Any = None) -> list[str]:
    """The differences between the oracle record of `name` (tests/data/oracle) and
    Fairy-Stockfish: perft from the start, and from each position the recorded perft and
    gdl's (`game`'s) perft to `depth` and its legal moves (in UCI)."""
    sys.path.insert(0, str(ROOT))
    from gdl import catalog
    from gdl.solvers.search.perft import perft
    data = json.loads((ROOT / "tests" / "data" / "oracle" / f"{name}.json").read_text())
    game, engine, out = game or catalog.load(name), Engine(variant), []
    try:
        start = [engine.divide([], d)[0] for d in range(1, len(data["perft"]) + 1)]
        if start != data["perft"]:
            out.append(f"start: {start} against {data['perft']}")
        for position in data["positions"]:
            moves = [uci(t) for t in position["moves"]]
            theirs_n = [engine.divide(moves, d)[0] for d in range(1, depth + 1)]
            state = game.moves_after(position["moves"])
            ours_n = [perft(game, state, d) for d in range(1, depth + 1)]
            if theirs_n[:len(position["perft"])] != position["perft"] or ours_n != theirs_n:
                out.append(f"{moves}: {theirs_n} against {position['perft']} and gdl's {ours_n}")
            ours = sorted(uci(game.move_text(state, m)) for m in game.legal_moves(state))
            theirs = sorted(engine.divide(moves, 1)[1])
            if ours != theirs:
                out.append(f"{moves}: moves {ours} against {theirs}")
    finally:
        engine.close()
    return out


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "xiangqi"
    problems = check_record(game, game)
    print("\n".join(problems) or f"{game}: the record agrees with Fairy-Stockfish")
