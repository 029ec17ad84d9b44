#!/usr/bin/env python3
"""The generator's manifest as Markdown: per file, its mutation sites, how many lie on lines nothing
executes (skipped), and the mutants it got; the files nothing executes are named."""

import json
import sys

manifest = json.load(open(sys.argv[1]))
files = manifest["files"]
print(f"\n## Where the mutants come from (seed {manifest['seed']}, at most {manifest['perFile']} per file, {manifest['max']} in all)\n")
print(f"{sum(f['sites'] for f in files)} mutation sites in {len(files)} files; "
      f"{sum(f['unreached'] for f in files)} of them on lines that neither the unit tests nor `wirecheck run` execute "
      "(skipped: nothing there can be killed).\n")
print("| file | sites | unreached (skipped) | mutants |\n|---|---|---|---|")
for f in files:
    print(f"| `{f['file']}` | {f['sites']} | {f['unreached']} | {len(f['mutants'])} |")
dead = [f["file"] for f in files if f["sites"] and f["sites"] == f["unreached"]]
if dead:
    print(f"\nNothing executes any site of: {', '.join(f'`{d}`' for d in dead)}.")
