"""How many public GGP rulesheets gdl reads and plays as the independent reasoner does.

    python bench/ggp_base.py DIR [--timeout S] [--games N] [--json]

For every .kif under DIR (a checkout of ggp-base's rulesheets or of the GGP repository's
games, fetched by the user: this script downloads nothing), in a child process each, cut
after --timeout seconds: the independent reasoner (tests/kif_reasoner, on clingo) and gdl's
reader (gdl.interpreter.kif.load_kif, Python path) each load it or not; where both do,
perft 1 and 2 from the start and N seeded random games (the reasoner's choices, replayed ply
by ply in gdl: tests/kif/agree.py) agree or not. Prints a line per file, the counts, and
the reasons of failure grouped. A benchmark, not a test: the figures go in reports.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import sys
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path
from time import perf_counter
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PHASES = ["reasoner loads", "gdl loads", "perft agrees", "games agree"]


def _reason(exc: BaseException) -> str:
    """An exception as a short reason that groups: its class and its message's first line,
    positions and numbers blanked."""
    text = str(exc).splitlines()[0] if str(exc) else ""
    text = re.sub(r"^\S+:\d+:\d+: ", "", text)   # file:line:col of a located error
    text = re.sub(r"\d+", "N", text)
    return f"{type(exc).__name__}: {text[:90]}"


def _check(path: str, games: int, out: Connection) -> None:
    """The child: each phase's result sent as it is known, ("phase", None) when it passes,
    ("phase", reason) when it fails; after a failure nothing more, but that both loads are
    tried."""
    from gdl.interpreter.kif import load_kif
    from tests.kif.agree import gdl_perft, replay
    from tests.kif_reasoner.play import perft, random_game
    from tests.kif_reasoner.reasoner import Reasoner

    def attempt(phase: str, work: Any) -> Any:
        try:
            result = work()
        except Exception as exc:   # any failure of either side is a figure to report
            out.send((phase, _reason(exc)))
            raise SystemExit(0) from None
        return result

    def loads(phase: str, work: Any) -> Any:
        try:
            result = work()
        except Exception as exc:   # as attempt, but the other side is still tried
            out.send((phase, _reason(exc)))
            return None
        out.send((phase, None))
        return result

    text = Path(path).read_text(encoding="utf-8", errors="replace")
    def read() -> tuple[Reasoner, Any]:
        reasoner = Reasoner(text)
        return reasoner, reasoner.initial()

    loaded = loads("reasoner loads", read)
    game = loads("gdl loads", lambda: load_kif(path).on_backend("python"))
    if loaded is None or game is None:
        return
    reasoner, start = loaded
    for depth in (1, 2):
        theirs = attempt("perft agrees", lambda d=depth: perft(reasoner, start, d))
        ours = attempt("perft agrees", lambda d=depth: gdl_perft(game, d))
        if theirs != ours:
            out.send(("perft agrees", f"perft {depth}: gdl {ours}, the reasoner {theirs}"))
            return
    out.send(("perft agrees", None))
    for seed in range(games):
        plies = attempt("games agree", lambda s=seed: random_game(reasoner, s))
        wrong = attempt("games agree", lambda p=plies: replay(game, p))
        if wrong:
            out.send(("games agree", f"seed {seed}: " + re.sub(r"\d+", "N", wrong)[:90]))
            return
    out.send(("games agree", None))


def check(path: Path, games: int, timeout: float) -> dict[str, Any]:
    """Each phase's outcome for one file: None (passed), a reason, or absent (not reached)."""
    receive, send = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=_check, args=(str(path), games, send))
    begun = perf_counter()
    child.start()
    send.close()
    found: dict[str, Any] = {}
    while len(found) < len(PHASES):
        left = timeout - (perf_counter() - begun)
        if left <= 0 or not receive.poll(left):
            found[next(p for p in PHASES if p not in found)] = f"timeout after {timeout:g} s"
            break
        try:
            phase, reason = receive.recv()
        except EOFError:   # the child is done: it stops after a failure
            child.join()
            if child.exitcode:
                found[next(p for p in PHASES if p not in found)] = \
                    f"child died (exit {child.exitcode})"
            break
        found[phase] = reason
    child.kill()
    child.join()
    found["seconds"] = round(perf_counter() - begun, 2)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per file")
    parser.add_argument("--games", type=int, default=5, help="random games per file")
    parser.add_argument("--json", action="store_true", help="the per-file results as JSON")
    args = parser.parse_args(argv)
    paths = sorted(args.dir.rglob("*.kif"))
    results = {}
    for path in paths:
        results[str(path.relative_to(args.dir))] = found = check(path, args.games, args.timeout)
        failed = [f"{p} FAILED: {r}" for p, r in found.items() if p in PHASES and r]
        if not args.json:
            print(f"{path.relative_to(args.dir)}: {'; '.join(failed) or 'agrees'} "
                  f"({found['seconds']} s)", flush=True)
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"\n{len(paths)} files")
    both_refuse = sum(1 for found in results.values()
                      if found.get("reasoner loads") and found.get("gdl loads"))
    print(f"  both refuse: {both_refuse}")
    for phase in PHASES:
        passed = sum(1 for found in results.values() if phase in found and found[phase] is None)
        print(f"  {phase}: {passed}")
        reasons = Counter(found[phase] for found in results.values() if found.get(phase))
        for reason, count in reasons.most_common():
            print(f"      {count:4d}  {reason}")


if __name__ == "__main__":
    main()
