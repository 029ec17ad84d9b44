#!/usr/bin/env python3
"""The fuzz ledger (reports/fuzz-ledger.md): one row per campaign of one target, and the cumulative
CPU-hours per target, every target of Fuzz/Sources listed (a target never fuzzed shows 0).

Fuzz/run.sh calls it after each target's campaign:
    ledger.py LEDGER --target T --commit C --workers N --wall S --cpu S --executions N --new-units N
              --crashes N --run NAME
With only LEDGER it rewrites the totals from the rows (after a hand edit, or to list a new target).
The rows are the record; the totals are recomputed from them on every write.
    ledger.py LEDGER --behind HOURS
prints, for every target below HOURS cumulative CPU-hours, its name and the CPU seconds it still needs
(what `Fuzz/run.sh --to-cpu-hours HOURS` plans its campaign from); it writes nothing.
"""
import argparse
import datetime
import math
import pathlib
import re

HEADER = """# Fuzz ledger

Every libFuzzer campaign of `Fuzz/run.sh` on a developer machine, one row per target, appended by
`Fuzz/ledger.py` (CPU time is user + system of the fork-mode workers, from bash's `time`). The corpus
each campaign grew was merged into `Corpus/<target>/` and committed with the row. A crash is never left
here: it becomes a file in `Fuzz/FailCases/<target>/` and a unit test (see `docs/FUZZING.md`).
"""
CAMPAIGN_COLUMNS = ["date (UTC)", "run", "target", "commit", "workers", "wall s", "CPU s", "executions",
                    "new corpus units", "crashes"]


def targets_in_sources():
    sources = pathlib.Path(__file__).resolve().parent / "Sources"
    return sorted(p.parent.name for p in sources.glob("Fuzz*/main.swift"))


def read_rows(path):
    if not path.exists():
        return []
    rows, in_campaigns = [], False
    for line in path.read_text().splitlines():
        if line.startswith("## "):
            in_campaigns = line.strip() == "## Campaigns"
            continue
        if in_campaigns and re.match(r"^\| \d{4}-", line):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def table(columns, rows, numeric):
    """A Markdown table whose columns numbered in `numeric` are right-aligned."""
    out = ["| " + " | ".join(columns) + " |",
           "|" + "|".join("---:" if i in numeric else "---" for i in range(len(columns))) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(out)


def totals_of(rows):
    """Per target: [campaigns, CPU seconds, executions, last commit]; every target of Fuzz/Sources is there."""
    totals = {t: [0, 0.0, 0, "-"] for t in targets_in_sources()}
    for row in rows:
        target = row[2]
        entry = totals.setdefault(target, [0, 0.0, 0, "-"])
        entry[0] += 1
        entry[1] += float(row[6])
        entry[2] += int(row[7])
        entry[3] = row[3]
    return totals


def write(path, rows):
    totals = totals_of(rows)
    total_rows = [[t, str(n), f"{cpu / 3600:.2f}", f"{execs:,}", last]
                  for t, (n, cpu, execs, last) in sorted(totals.items())]
    all_hours = sum(v[1] for v in totals.values()) / 3600
    text = (HEADER + "\n## Cumulative CPU-hours per target\n\n"
            + table(["target", "campaigns", "CPU-hours", "executions", "last commit"], total_rows, {1, 2, 3})
            + f"\n\nAll targets: {all_hours:.2f} CPU-hours.\n\n## Campaigns\n\n"
            + table(CAMPAIGN_COLUMNS, rows, set(range(4, 10))) + "\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ledger", type=pathlib.Path)
    for name in ["target", "commit", "run"]:
        parser.add_argument("--" + name)
    for name in ["workers", "executions", "new-units", "crashes"]:
        parser.add_argument("--" + name, type=int, default=0)
    for name in ["wall", "cpu", "behind"]:
        parser.add_argument("--" + name, type=float, default=None if name == "behind" else 0.0)
    args = parser.parse_args()
    rows = read_rows(args.ledger)
    if args.behind is not None:
        # Seconds are rounded up, so a target that gets them reaches the goal and not 0.999 of it.
        for target, (_, cpu, _, _) in sorted(totals_of(rows).items()):
            if cpu < args.behind * 3600:
                print(target, math.ceil(args.behind * 3600 - cpu))
        return
    if args.target:
        date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
        rows.append([date, args.run or "-", args.target, args.commit or "-", str(args.workers), f"{args.wall:.0f}",
                     f"{args.cpu:.0f}", str(args.executions), str(args.new_units), str(args.crashes)])
    write(args.ledger, rows)


if __name__ == "__main__":
    main()
