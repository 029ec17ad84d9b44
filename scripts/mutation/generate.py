#!/usr/bin/env python3
"""Automatic mutants (issue 36): every operator of operators.py over the format modules, the mock services
and the MLS client, written as patches in the hand-written catalogue's format (Mutants/README.md), so that
scripts/mutants.sh runs both the same way.

Deterministic: the same tree, coverage and seed give the same patches. Only lines that something runs are
mutated: a mutant on a line nothing executes cannot be killed and says nothing about the vectors. What runs
is read from an lcov file (scripts/mutation/coverage.sh: the unit tests and `wirecheck run`); the manifest
says, per file, how many sites were skipped as unreached. Each patch says whether `wirecheck run` executes its
line (`reach: ops`) or only the unit tests do (`reach: unit tests only`, from the `-run.lcov` beside it).

Each file gets at most --per-file mutants, chosen by the seed with the operators taken in turn so that one
operator does not fill the quota; --max caps the whole set (a mutant costs about 20 s to run, 30 s when it is fuzzed).

Usage: generate.py --coverage LCOV --out DIR [--seed N] [--per-file K] [--max M] [--modules A,B] [--list FILE]
       generate.py --list FILE   (print the mutation sites of one file, no coverage needed: for a look or a test)
"""

import argparse
import collections
import difflib
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from modules import MODULES  # noqa: E402
from operators import mutations  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def read_lcov(path: str) -> dict[str, set[int]]:
    """Executed lines per file (repository-relative path) of an lcov trace."""
    executed: dict[str, set[int]] = collections.defaultdict(set)
    current = None
    for line in open(path):
        if line.startswith("SF:"):
            current = os.path.relpath(line[3:].strip(), ROOT)
        elif line.startswith("DA:") and current:
            number, count = line[3:].strip().split(",")[:2]
            if int(count) > 0:
                executed[current].add(int(number))
    return executed


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def choose(candidates: list, quota: int, rng: random.Random) -> list:
    """`quota` of the candidates, the operators taken in turn (each operator's sites in seeded order)."""
    by_operator = collections.defaultdict(list)
    for m in candidates:
        by_operator[m.operator].append(m)
    queues = []
    for operator in sorted(by_operator):
        sites = by_operator[operator]
        rng.shuffle(sites)
        queues.append(sites)
    rng.shuffle(queues)
    chosen = []
    while len(chosen) < quota and any(queues):
        for queue in queues:
            if queue and len(chosen) < quota:
                chosen.append(queue.pop())
    return chosen


def patch_text(path: str, text: str, m, module: str, by_ops: bool) -> str:
    family, kind = MODULES[module]
    mutated = text[: m.start] + m.replacement + text[m.end:]
    diff = difflib.unified_diff(text.splitlines(keepends=True), mutated.splitlines(keepends=True),
                                f"a/{path}", f"b/{path}", n=3)
    line = line_of(text, m.start)
    header = [
        f"description: {os.path.basename(path)}:{line}: {m.description}",
        f"class: {m.operator}",
        "unit: ",
        f"origin: auto {module} {kind}",
        # Whether `wirecheck run` executes the line (an op or a live check), or only the unit tests do.
        f"reach: {'ops' if by_ops else 'unit tests only'}",
    ]
    return "\n".join(header) + "\n" + f"diff --git a/{path} b/{path}\n" + "".join(diff)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--coverage", help="lcov file of what the tests and `wirecheck run` execute")
    parser.add_argument("--out", help="folder for the patches and manifest.json")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-file", type=int, default=2)
    parser.add_argument("--max", type=int, default=200)
    parser.add_argument("--modules", default=",".join(MODULES))
    parser.add_argument("--list", help="print the mutation sites of one file and stop")
    args = parser.parse_args()

    if args.list:
        text = open(args.list).read()
        for m in mutations(text):
            print(f"{line_of(text, m.start)}\t{m.operator}\t{m.description}")
        return 0
    if not args.coverage or not args.out:
        parser.error("--coverage and --out are needed (or --list FILE)")

    executed = read_lcov(args.coverage)
    run_lcov = args.coverage.removesuffix(".lcov") + "-run.lcov"
    by_run = read_lcov(run_lcov) if os.path.exists(run_lcov) else executed
    files = []
    for module in args.modules.split(","):
        if module not in MODULES:
            parser.error(f"unknown module {module}; known: {', '.join(MODULES)}")
        folder = os.path.join(ROOT, "Sources", module)
        for directory, _, names in sorted(os.walk(folder)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    files.append((module, os.path.relpath(os.path.join(directory, name), ROOT)))

    sites = {}
    for module, path in files:
        text = open(os.path.join(ROOT, path)).read()
        every = mutations(text)
        reached = [m for m in every if line_of(text, m.start) in executed.get(path, set())]
        sites[path] = (module, text, every, reached)
    total_reached = sum(len(r) for _, _, _, r in sites.values()) or 1

    manifest = {"seed": args.seed, "perFile": args.per_file, "max": args.max, "files": []}
    os.makedirs(args.out, exist_ok=True)
    chosen_by_file = {}
    for module, path in files:
        _, text, every, reached = sites[path]
        # A file's share of --max follows its reached sites, at least one when it has any, at most --per-file.
        quota = min(args.per_file, max(1 if reached else 0, round(args.max * len(reached) / total_reached)))
        chosen_by_file[path] = choose(list(reached), quota, random.Random(f"{args.seed}:{path}"))
    # More files than --max allows one each: a seeded sample of the chosen, so --max always holds.
    every_chosen = [(path, m) for path, ms in chosen_by_file.items() for m in ms]
    if len(every_chosen) > args.max:
        kept = set(map(id, (m for _, m in random.Random(f"{args.seed}:max").sample(every_chosen, args.max))))
        chosen_by_file = {path: [m for m in ms if id(m) in kept] for path, ms in chosen_by_file.items()}
    written = 0
    for module, path in files:
        _, text, every, reached = sites[path]
        chosen = sorted(chosen_by_file[path], key=lambda m: m.start)
        names = []
        for m in chosen:
            line = line_of(text, m.start)
            name = f"{os.path.basename(path)[:-6]}-L{line}-{m.operator}"
            while name in names:
                name += "-b"
            names.append(name)
            target = os.path.join(args.out, MODULES[module][0], module, name + ".patch")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            open(target, "w").write(patch_text(path, text, m, module, line in by_run.get(path, set())))
            written += 1
        manifest["files"].append({
            "file": path, "module": module, "family": MODULES[module][0], "kind": MODULES[module][1],
            "sites": len(every), "unreached": len(every) - len(reached), "mutants": names,
        })
    json.dump(manifest, open(os.path.join(args.out, "manifest.json"), "w"), indent=1)
    unreached_files = [f["file"] for f in manifest["files"] if f["sites"] and f["sites"] == f["unreached"]]
    print(f"generate: {written} mutants from {len(files)} files ({sum(len(s[2]) for s in sites.values())} sites, "
          f"{sum(len(s[3]) for s in sites.values())} on executed lines); {len(unreached_files)} files nothing executes",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
