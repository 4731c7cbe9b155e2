"""A fuzz campaign against `gdl`: mutated rules files (`gdl check`), and with `--target`
game records (`gdl replay`), position texts (`gdl perft --position`) and the web API's
JSON bodies (tools/fuzz_targets.py), each case run with a time and a memory cap, each
outcome classified.

    python tools/fuzz.py --cases 20000 --target all --workers 2 --seed 1   # the campaign
    python tools/fuzz.py --cases 50 --json                                # a quick look

Seeds: every bundled rules file, every ```gdl block of the docs and every file of
tests/data/bad. Mutations: token edits (delete, duplicate, swap, insert a keyword or a
symbol), line edits (delete, duplicate, repeat many times, splice from another seed),
hostile values (huge or negative numbers, long names), deep nesting (`not`, `-`,
parentheses, lists, `n is`), and line-break and control characters (\\x0b \\x0c
\\x1c-\\x1e \\x85 U+2028 U+2029, a byte-order mark) in titles and comments.

A rules case runs `gdl check FILE --games 5 --plies 100` inside a worker process whose
address space is capped (RLIMIT_AS) and whose every case has an alarm after CASE_SECONDS
of processor time; a worker that dies or does not answer is replaced. Classes:
    compiled         exit 0 (for the other targets: accepted)
    located error    exit 1, `file:line:col: message`, and the source line printed
                     under it is the file's line at that position
    one-line error   exit 1 and a single line that is not an internal error
    wrong position   a located error whose printed line is not the file's line
    internal error   "internal error", a traceback, or any other exit status
    hang             the case used up its processor time (or its worker went silent)
    memory           MemoryError, or the worker died over its memory cap
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import random
import re
import signal
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import fuzz_targets  # noqa: E402

CASE_SECONDS = 20       # a case's cap in processor seconds
TARGETS = ("rules", "records", "positions", "web")
WALL_SECONDS = 120      # a worker silent this long is stuck (in C code, say): its case hangs
MEMORY_BYTES = 1 << 30  # a worker's address-space cap
CLASSES = ("compiled", "located error", "one-line error", "wrong position",
           "internal error", "hang", "memory")
BAD = ("wrong position", "internal error", "hang", "memory")
WORDS = ["place", "step", "slide", "jump", "over", "to", "on", "then", "if", "and", "or",
         "not", "no", "in", "empty", "own", "enemy", "line", "row", "rows", "..", ",", ":",
         "(", ")", "[", "]", "=", "+=", "-=", "-", "+", "*", "/", "%", "==", "<", "0", "1",
         "a1", "z9", "here", "moves", "plies", "repeated", "again", "fill", "flip", "promote",
         "count", "size", "sum", "mover", "wins", "loses", "draw", "score", "end:", "move",
         "turn:", "state", "option", "board", "pieces", "players", "symmetry", "dihedral",
         "swapping colours", "recolouring", "priority:", "inverse", "goal:", "cycle", "twist",
         "grid", "all different:", "given", "direction", "zones", "#", '"', "\n"]
BREAKS = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r", "\t",
          "\x00", "\ufeff"]
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): ")


# --------------------------------------------------------------------------- seeds

def seeds() -> list[str]:
    """The texts every mutant starts from."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "gdl/games").rglob("*.gdl"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests/data/bad").glob("*"))
              if p.is_file()]
    for doc in sorted((ROOT / "docs").glob("*.md")):
        texts += re.findall(r"```gdl[^\n]*\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    return [t for t in texts if t.strip()]


# --------------------------------------------------------------------------- mutations

def _tokens(rng: random.Random, tokens: list[str], pool: list[str]) -> None:
    i = rng.randrange(len(tokens))
    kind = rng.randrange(5)
    if kind == 0 and len(tokens) > 1:
        del tokens[i]
    elif kind == 1:
        tokens.insert(i, tokens[rng.randrange(len(tokens))])
    elif kind == 2:
        j = rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
    elif kind == 3:
        tokens.insert(i, rng.choice(WORDS))
    else:
        tokens[i] = rng.choice(WORDS + pool)


def _hostile(rng: random.Random) -> str:
    depth = rng.choice([5, 60, 61, 200, 1000, 5000])
    return rng.choice([
        "9" * rng.choice([20, 31, 5000]), "-" + "9" * 40, "x" * rng.choice([99, 101, 300]),
        "not " * depth + "full", "-" * depth + "1", "(" * depth + "1" + ")" * depth,
        "[" * depth + "1" + "]" * depth, "n is " * depth + "empty",
        " - ".join(["1"] * depth), "1..99999999999", "0", "-1"])


def mutate(text: str, rng: random.Random, others: list[str]) -> str:
    """One mutant of `text`: one to four edits of a random kind."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        i = rng.randrange(len(lines))
        if kind == 0:
            tokens = lines[i].split(" ")
            _tokens(rng, tokens, text.split())
            lines[i] = " ".join(tokens)
        elif kind == 1 and len(lines) > 1:
            del lines[i]
        elif kind == 2:
            lines[i:i] = [lines[i]] * rng.choice([1, 2, 50, 600])
        elif kind == 3:
            other = rng.choice(others).split("\n")
            lines.insert(i, rng.choice(other))
        elif kind == 4:
            tokens = lines[i].split(" ")
            tokens.insert(rng.randrange(len(tokens) + 1), _hostile(rng))
            lines[i] = " ".join(tokens)
        else:
            char = rng.choice(BREAKS)
            line = lines[i]
            at = rng.randrange(len(line) + 1)
            lines[i] = line[:at] + char + line[at:] if rng.random() < 0.5 else \
                line + "  # a" + char + "b"
    return "\n".join(lines)


# --------------------------------------------------------------------------- one case

class _Timeout(BaseException):
    """A case's alarm: a BaseException, so that no `except Exception` can swallow it."""


def classify(text: str | None, code: int | None, out: str, err: str) -> str:
    """The class of one finished case (see the module docstring); `text`: the text a
    located error's line must come from (None: not checked)."""
    if "MemoryError" in err:
        return "memory"
    if code == 0:
        return "compiled"
    if code != 1 or "internal error" in err or "Traceback" in err:
        return "internal error"
    lines = err.removesuffix("\n").split("\n")   # as gdl splits them
    head = LOCATED.match(lines[0]) if lines[0] else None
    if head is None:   # `gdl: error: ...` (a rule failing in play adds its position)
        return "one-line error" if lines[0].startswith("gdl: error: ") else "internal error"
    number = int(head["line"])
    if text is None:
        return "located error"
    # the source's lines split here on their own, not by gdl's code: the check is independent
    source = [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]
    shown = lines[1].rstrip() if len(lines) >= 2 else None
    if shown is not None and 1 <= number <= len(source) \
            and shown != ("    " + source[number - 1].expandtabs(1)).rstrip():
        return "wrong position"
    return "located error"


def check_rules(text: str) -> tuple[int, str, str]:
    """`gdl check` on a rules text: (exit code, stdout, stderr)."""
    from gdl.cli.main import main
    with tempfile.NamedTemporaryFile("w", suffix=".gdl", delete=False, encoding="utf-8",
                                     errors="surrogatepass", newline="") as f:
        f.write(text)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["check", f.name, "--games", "5", "--plies", "100"])
    finally:
        os.unlink(f.name)
    return code, out.getvalue(), err.getvalue()


def run_case(text: str, target: str = "rules") -> tuple[str, str]:
    """(class, the first line of stderr) of one case of `target`, in this process."""
    run = {"rules": check_rules, "records": fuzz_targets.run_record,
           "positions": fuzz_targets.run_position, "web": fuzz_targets.run_web}[target]
    lines = {"rules": text, "positions": text.partition("\0")[2]}.get(target)
    err = ""
    # processor time, not the clock's: on a loaded machine a slow case is not a hang
    signal.signal(signal.SIGPROF, _raise_timeout)
    signal.setitimer(signal.ITIMER_PROF, CASE_SECONDS)
    try:
        code, out, err = run(text)
        kind = classify(lines, code, out, err)
    except _Timeout:
        kind = "hang"
    except MemoryError:
        kind = "memory"
    except Exception as exc:   # an exception out of the API: an internal error
        kind, err = "internal error", f"{type(exc).__name__}: {exc}"
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    first = (err.strip().splitlines() or [""])[0][:200]
    return kind, first


def _raise_timeout(signum: int, frame: object) -> None:
    raise _Timeout


def _worker(jobs, results) -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    while True:
        job = jobs.get()
        if job is None:
            return
        index, target, text = job
        results.put((index, *run_case(text, target)))


# --------------------------------------------------------------------------- a campaign

def mutants(cases: int, rng: random.Random, targets: tuple[str, ...]) -> list[tuple[str, str]]:
    """(target, text) of `cases` mutants, the targets taking turns."""
    pools = {"rules": seeds(), "records": fuzz_targets.record_seeds(rng),
             "positions": fuzz_targets.position_seeds(rng), "web": fuzz_targets.web_seeds(rng)}
    edit = {"rules": lambda text: mutate(text, rng, pools["rules"]),
            "records": lambda text: fuzz_targets.mutate_json(text, rng),
            "positions": lambda text: fuzz_targets.mutate_position(text, rng),
            "web": lambda text: fuzz_targets.mutate_web(text, rng)}
    out = []
    for i in range(cases):
        target = targets[i % len(targets)]
        out.append((target, edit[target](rng.choice(pools[target]))))
    return out


def campaign(cases: int, seed: int = 0, workers: int = 2,
             targets: tuple[str, ...] = ("rules",)) -> dict:
    """Run `cases` mutants; counts per class (and per target) and a few examples of each
    bad class."""
    rng = random.Random(seed)
    made = mutants(cases, rng, targets)
    texts = [text for _, text in made]
    counts: Counter[str] = Counter()
    by_target: dict[str, Counter[str]] = {t: Counter() for t in targets}
    examples: dict[str, list[dict]] = {}
    # forkserver, not fork: a process with threads (a test runner's, the queues' feeders)
    # can fork a child that inherits a held lock and never starts (seen in the suite)
    context = multiprocessing.get_context("forkserver")
    pending = dict(enumerate(made))
    while pending:
        jobs, results = context.Queue(), context.Queue()
        for index, (target, text) in pending.items():
            jobs.put((index, target, text))
        procs = [context.Process(target=_worker, args=(jobs, results), daemon=True)
                 for _ in range(workers)]
        for p in procs:
            jobs.put(None)
            p.start()
        while pending:
            try:
                index, kind, first = results.get(timeout=WALL_SECONDS)
            except Exception:   # queue.Empty: every worker is stuck or dead
                break
            if pending.pop(index, None) is not None:
                by_target[made[index][0]][kind] += 1
            _record(counts, examples, kind, first, texts[index])
            if not any(p.is_alive() for p in procs) and results.empty():
                break
        for p in procs:
            p.kill()
            p.join()
        if pending:   # a worker died (memory) or hung past its alarm: blame the oldest case
            index = min(pending)
            kind = "memory" if any(p.exitcode not in (0, None, -9) for p in procs) else "hang"
            pending.pop(index)
            by_target[made[index][0]][kind] += 1
            _record(counts, examples, kind, "the worker died or stopped answering",
                    texts[index])
    return {"cases": cases, "seed": seed,
            "counts": {k: counts.get(k, 0) for k in CLASSES},
            "targets": {t: {k: c.get(k, 0) for k in CLASSES} for t, c in by_target.items()},
            "examples": examples}


def _record(counts: Counter, examples: dict, kind: str, first: str, text: str) -> None:
    counts[kind] += 1
    if kind in BAD:
        examples.setdefault(kind, []).append({"stderr": first, "text": text})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    parser.add_argument("--target", choices=(*TARGETS, "all"), default="rules",
                        help="what to mutate (all: every target in turn)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--save", metavar="DIR", type=Path,
                        help="write every bad case's whole rules file into DIR")
    args = parser.parse_args()
    targets = TARGETS if args.target == "all" else (args.target,)
    result = campaign(args.cases, args.seed, args.workers, targets)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for kind, found in result["examples"].items():
            for n, example in enumerate(found):
                name = f"{kind.replace(' ', '_')}-{n}.gdl"
                (args.save / name).write_text(example["text"], encoding="utf-8")
    for found in result["examples"].values():   # a few of each class, shortened, to print
        del found[5:]
        for example in found:
            example["text"] = example["text"][:2000]
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['cases']} cases, seed {result['seed']}")
    names = list(result["targets"])
    print(f"  {'':<15} {'all':>7}" + "".join(f" {t:>9}" for t in names))
    for kind, n in result["counts"].items():
        print(f"  {kind:<15} {n:>7}" + "".join(f" {result['targets'][t][kind]:>9}"
                                              for t in names))
    for kind, found in result["examples"].items():
        for example in found:
            print(f"\n{kind}: {example['stderr']}\n{example['text'][:600]}")
    sys.exit(1 if any(result["counts"][k] for k in BAD) else 0)


if __name__ == "__main__":
    main()
