"""How long gdl takes to ground public GGP rulesheets, and against another checkout.

    python bench/kif_ground.py DIR [--timeout S] [--against CHECKOUT] [--json]

For every .kif under DIR (rulesheets the user fetched; nothing is downloaded), in a child
process each, cut after --timeout CPU seconds: parse, check (not strict, as ggp-base reads)
and ground (gdl.interpreter.kif.ground), reporting the CPU seconds that took (the imports
left out; the machine's load does not count) and the ground program's sizes. With --against,
the same is done with the gdl of another checkout (e.g. main before a change) right after
each file, so both see the same load; the sizes must be equal (the ground program is the
same), and the medians and their ratio over the files both ground are printed.
A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import statistics
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _ground(root: str, path: str, limit: float, out: Connection) -> None:
    """The child: gdl imported from `root`; ("ok", props, rules, CPU seconds past the
    imports) or ("error", reason)."""
    resource.setrlimit(resource.RLIMIT_CPU, (int(limit) + 1, int(limit) + 1))
    sys.path.insert(0, root)
    from gdl.grammar.kif import parse_kif
    from gdl.interpreter.kif.check import check_kif
    from gdl.interpreter.kif.ground import ground_program
    begun = time.process_time()
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        program = ground_program(check_kif(parse_kif(text, path), False))
    except Exception as exc:   # any refusal is a figure to report
        out.send(("error", f"{type(exc).__name__}: {str(exc).splitlines()[0][:80]}"))
        return
    out.send(("ok", len(program.props), len(program.rules), time.process_time() - begun))


def ground(root: Path, path: Path, timeout: float) -> dict[str, Any]:
    """One file ground by the gdl under `root`: CPU seconds and outcome."""
    receive, send = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.get_context("fork").Process(
        target=_ground, args=(str(root), str(path), timeout, send))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child.start()
    send.close()
    try:
        found = receive.recv() if receive.poll(timeout * 4 + 10) else None
    except EOFError:   # the child died: killed at its CPU limit, or out of memory
        found = None
    child.kill()
    child.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2)
    if found is None or cpu > timeout:
        return {"cpu": cpu, "outcome": f"timeout after {timeout:g} CPU s"}
    if found[0] == "error":
        return {"cpu": cpu, "outcome": found[1]}
    return {"cpu": round(found[3], 2), "outcome": "ok", "props": found[1], "rules": found[2]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--timeout", type=float, default=20.0, help="CPU seconds per file")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--json", action="store_true", help="the per-file results as JSON")
    args = parser.parse_args(argv)
    sides = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    results: dict[str, dict[str, Any]] = {}
    for path in sorted(args.dir.rglob("*.kif")):
        name = str(path.relative_to(args.dir))
        results[name] = row = {side: ground(root, path, args.timeout)
                               for side, root in sides.items()}
        if not args.json:
            print(name + ": " + "; ".join(
                f"{side} {r['outcome']} {r['cpu']} s" + (
                    f" ({r['props']} props, {r['rules']} rules)" if "props" in r else "")
                for side, r in row.items()), flush=True)
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"\n{len(results)} files, timeout {args.timeout:g} CPU s")
    for side in sides:
        outcomes = [row[side]["outcome"] for row in results.values()]
        print(f"  {side} ({sides[side]}): ground {outcomes.count('ok')}, timed out "
              f"{sum(o.startswith('timeout') for o in outcomes)}, refused "
              f"{sum(o != 'ok' and not o.startswith('timeout') for o in outcomes)}")
    if args.against:
        both = [row for row in results.values()
                if row["this"]["outcome"] == row["against"]["outcome"] == "ok"]
        differ = [name for name, row in results.items()
                  if row["this"]["outcome"] == row["against"]["outcome"] == "ok"
                  and (row["this"]["props"], row["this"]["rules"])
                  != (row["against"]["props"], row["against"]["rules"])]
        if both:
            this = statistics.median(row["this"]["cpu"] for row in both)
            other = statistics.median(row["against"]["cpu"] for row in both)
            print(f"  over the {len(both)} both ground: median CPU s {this:.2f} (this) vs "
                  f"{other:.2f} (against), ratio {other / max(this, 0.01):.2f}x; "
                  f"totals {sum(r['this']['cpu'] for r in both):.1f} vs "
                  f"{sum(r['against']['cpu'] for r in both):.1f}")
        print(f"  sizes differ on {len(differ)} files" + (f": {', '.join(differ)}"
                                                            if differ else ""))


if __name__ == "__main__":
    main()
