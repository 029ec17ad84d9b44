#!/usr/bin/env bash
# Vector adequacy by mutation (issue 16): plants each realistic bug of Mutants/<family>/<name>.patch in a
# scratch copy of the tree, builds incrementally, and sees whether what a user runs catches it:
#   1. `wirecheck vectors verify --strict` (the vectors alone, in process);
#   2. `wirecheck run` (every vector through the shim, and the live checks against the embedded mock servers).
# With --unit it also runs the unit tests the patch names (`unit:` header), separately.
# With --fuzz S it also runs `wirecheck fuzz` (this tree's, unmutated) for S seconds, seed 1, with the
# mutant's `wirecheck shim` as the implementation: does differential fuzzing find the bug without a vector?
#
# With --fuzz-only S only the fuzz run (no vectors, no live checks): the verdict is whether fuzzing found it.
#
# Usage: scripts/mutants.sh [--unit] [--fuzz S | --fuzz-only S] [PATCH...]  (default: every Mutants/*/*.patch)
# Output: reports/mutants/<run>/summary.md and summary.json; exit 0 when every mutant is killed by
# the vectors or the live checks, 1 when one survives, 2 when a patch no longer applies or builds.
#
# A patch is a unified diff (`git diff` output) after header lines:
#   description: <one line: the bug>
#   class: <bug class: skipped check, off-by-one, first/last duplicate, strict/lenient, wrong default, …>
#   unit: <swift test --filter expression, for --unit>
#   fuzz: <optional: why no op reaches the bug, e.g. "out of reach: the mock server's pairing code store">
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="/opt/swift/usr/bin:$PATH"
# One hash seed for SwiftPM, so that each mutant's incremental build recompiles the mutated module only:
# with a random one, the order of Hummingbird's trait defines changed every second call and recompiled
# it (FINDINGS.md D7). The mutants' unit tests run under that seed too.
export SWIFT_DETERMINISTIC_HASHING=1
unit=0
fuzz=0
fuzzonly=0
while [ $# -gt 0 ]; do
  case "$1" in
    --unit) unit=1; shift ;;
    --fuzz) fuzz="$2"; shift 2 ;;
    --fuzz-only) fuzz="$2"; fuzzonly=1; shift 2 ;;
    *) break ;;
  esac
done
if [ "$fuzz" != 0 ]; then
  (cd "$root" && swift build --product wirecheck >/dev/null 2>&1) || { echo "mutants: the fuzzer (this tree) does not build" >&2; exit 2; }
fi
if [ $# -gt 0 ]; then patches=("$@"); else mapfile -t patches < <(cd "$root" && ls Mutants/*/*.patch); fi
[ ${#patches[@]} -gt 0 ] || { echo "mutants: no patches under Mutants/" >&2; exit 2; }

run="$(date -u +%Y%m%d-%H%M%S)"
out="$root/reports/mutants/$run"
# MUTANTS_SCRATCH (default .build-mutants) lets two runs go on at once, each in its own scratch tree.
scratch="${MUTANTS_SCRATCH:-$root/.build-mutants}"
tree="$scratch/tree"
# The scratch tree lies inside this repository's work tree, and there git apply (and apply -R) skips,
# silently and with exit 0, every path outside the current folder (it takes the tree for a subfolder of
# the repository): every mutant "survived" unapplied. GIT_CEILING_DIRECTORIES stops the search for a
# repository at the tree; git run in $root, above it, is not affected.
export GIT_CEILING_DIRECTORIES="$scratch"
mkdir -p "$out" "$tree"
started=$(date +%s)
# The fuzzer is this tree's (FUZZER=.build/release/wirecheck for a release build), copied: the tree may be
# rebuilt while a long run goes on.
fuzzer="$out/wirecheck-fuzzer"
if [ "$fuzz" != 0 ]; then cp "${FUZZER:-$root/.build/debug/wirecheck}" "$fuzzer"; fi

# The scratch tree keeps its own .build between runs, so each mutant is an incremental build; the
# sources are copied afresh (tracked and new files, not ignored ones), keeping their times.
echo "mutants: copying the tree to $tree" >&2
find "$tree" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | (cd "$tree" && tar -xf -) || exit 2
mkdir -p "$tree/reports"
(cd "$tree" && swift build --product wirecheck >"$out/baseline-build.log" 2>&1) || {
  echo "mutants: the unmutated tree does not build (see $out/baseline-build.log)" >&2
  exit 2
}

failed_ids() { # results.jsonl → the ids whose status is FAIL, one per line
  python3 -c 'import json,sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r.get("status") in ("FAIL", "XPASS"): print(r["id"])' "$1" 2>/dev/null
}

# `wirecheck fuzz` for $fuzz seconds, seed 1, --strict, against the mutant's shim: $fuzzed is its finding
# keys (spaces as |), "none" or "error".
run_fuzz() {
  "$fuzzer" fuzz --shim "$tree/.build/debug/wirecheck shim" --seconds "$fuzz" --seed 1 --strict \
    --vectors "$root/Vectors" --report-dir "$dir/fuzz" --json >"$dir/fuzz.json" 2>"$dir/fuzz.log"
  fuzzed=$(python3 -c 'import json,sys
try: print(" ".join(f["key"].replace(" ", "|") for f in json.load(open(sys.argv[1]))["findings"]) or "none")
except Exception as e: print("error")' "$dir/fuzz.json")
}

json_rows=()
status=0
for patch in "${patches[@]}"; do
  name="${patch#Mutants/}"
  name="${name%.patch}"
  description=$(sed -n 's/^description: //p' "$root/$patch" | head -1)
  class=$(sed -n 's/^class: //p' "$root/$patch" | head -1)
  filter=$(sed -n 's/^unit: //p' "$root/$patch" | head -1)
  reach=$(sed -n 's/^fuzz: //p' "$root/$patch" | head -1)
  dir="$out/$(echo "$name" | tr / -)"
  mkdir -p "$dir"
  t0=$(date +%s)
  echo "mutants: $name — $description" >&2
  # git apply is all or nothing: a patch that does not apply leaves the tree as it was.
  applied=0
  if ! (cd "$tree" && git apply "$root/$patch" >"$dir/patch.log" 2>&1); then
    echo "mutants: $patch does not apply (see $dir/patch.log)" >&2
    verdict="does-not-apply"
    status=2
    vectors="" live="" unitverdict="" fuzzed=""
  elif applied=1 && ! (cd "$tree" && swift build --product wirecheck >"$dir/build.log" 2>&1); then
    verdict="does-not-build"
    status=2
    vectors="" live="" unitverdict="" fuzzed=""
  elif [ "$fuzzonly" = 1 ]; then
    vectors="" live="" unitverdict=""
    run_fuzz
    if [ -n "$fuzzed" ] && [ "$fuzzed" != none ] && [ "$fuzzed" != error ]; then verdict="found"; else verdict="missed"; fi
  else
    (cd "$tree" && .build/debug/wirecheck vectors verify --strict --report-dir "$dir/vectors" >"$dir/vectors.log" 2>&1)
    rc=$?
    vectors=$(failed_ids "$dir/vectors/results.jsonl" | tr '\n' ' ')
    # Exit 0 and 1 are verdicts; anything else (a trap, a stack overflow) means the mutated reference
    # crashed on a vector, which an implementation's CI would also report.
    if [ "$rc" -gt 1 ]; then vectors="$vectors (in-process-run-crashed:exit-$rc)"; fi
    (cd "$tree" && .build/debug/wirecheck run --report-dir "$dir/run" >"$dir/run.log" 2>&1)
    live=$(failed_ids "$dir/run/results.jsonl" | grep -E '/live(-[a-z]+)?/' | tr '\n' ' ')
    unitverdict=""
    if [ "$unit" = 1 ] && [ -n "$filter" ]; then
      if (cd "$tree" && swift test --filter "$filter" >"$dir/unit.log" 2>&1); then unitverdict="survived"; else unitverdict="killed"; fi
    fi
    fuzzed=""
    if [ "$fuzz" != 0 ]; then run_fuzz; fi
    if [ -n "$vectors" ] || [ -n "$live" ]; then verdict="killed"; else verdict="survived"; status=$((status == 0 ? 1 : status)); fi
  fi
  if [ "$applied" = 1 ]; then (cd "$tree" && git apply -R "$root/$patch") || { echo "mutants: cannot revert $patch" >&2; exit 2; }; fi
  seconds=$(($(date +%s) - t0))
  echo "mutants: $name: $verdict (${seconds} s)" >&2
  json_rows+=("$(python3 -c 'import json,sys; print(json.dumps(dict(zip(
    ["mutant","description","class","verdict","vectors","live","unit","seconds","fuzz","reach"],
    [sys.argv[1],sys.argv[2],sys.argv[3],sys.argv[4],sys.argv[5].split(),sys.argv[6].split(),sys.argv[7] or None,int(sys.argv[8]),
     sys.argv[9] or None,sys.argv[10] or None]))))' \
    "$name" "$description" "$class" "$verdict" "$vectors" "$live" "$unitverdict" "$seconds" "$fuzzed" "$reach")")
done

total=$(($(date +%s) - started))
printf '%s\n' "${json_rows[@]}" >"$out/summary.jsonl"
python3 - "$out" "$total" "$unit" "$fuzz" "$fuzzonly" <<'EOF'
import json, sys
out, total, unit, fuzz, fuzzonly = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4] != "0", sys.argv[5] == "1"
rows = [json.loads(line) for line in open(f"{out}/summary.jsonl")]
killed = sum(r["verdict"] == "killed" for r in rows)
def found(r): return r["fuzz"] not in (None, "none", "error")
json.dump({"mutants": len(rows), "killed": killed, "foundByFuzz": sum(map(found, rows)), "seconds": total, "rows": rows},
          open(f"{out}/summary.json", "w"), indent=1)
def findings(r):
    keys = (r["fuzz"] or "not run").split()
    text = "; ".join(k.replace("|", " ") for k in keys[:3]) + (f"; and {len(keys) - 3} more" if len(keys) > 3 else "")
    return text if found(r) else f"none ({r['reach']})" if r.get("reach") else text
if fuzzonly:
    reachable = [r for r in rows if not r.get("reach")]
    lines = [
        "# Mutants under differential fuzzing", "",
        f"**{sum(map(found, rows))} of {len(rows)} found** by `wirecheck fuzz --seconds {sys.argv[4]} --seed 1 --strict` against "
        f"each mutant's `wirecheck shim`, with no knowledge of the bug ({sum(map(found, reachable))} of the {len(reachable)} that "
        f"an op can reach), in {total // 60} min {total % 60} s (`scripts/mutants.sh --fuzz-only {sys.argv[4]}`).", "",
        "| mutant | bug | class | found | findings (op, reference outcome, shim outcome) |", "|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| `{r['mutant']}` | {r['description']} | {r['class']} | **{'yes' if found(r) else 'no'}** | {findings(r)} |")
else:
    lines = [
        "# Mutants: is a realistic bug caught by what users run?", "",
        f"**{killed} of {len(rows)} killed** by `wirecheck vectors verify --strict` or the live checks of `wirecheck run`, "
        f"in {total // 60} min {total % 60} s (`make mutants`).", "",
        "| mutant | bug | class | verdict | killed by (vector ids, live checks) |" + (" unit tests |" if unit else "")
        + (f" fuzz {sys.argv[4]} s (findings) |" if fuzz else ""),
        "|---|---|---|---|---|" + ("---|" if unit else "") + ("---|" if fuzz else ""),
    ]
    for r in rows:
        by = r["vectors"][:3] + [f"live: {c}" for c in r["live"][:2]]
        more = len(r["vectors"]) + len(r["live"]) - len(by)
        text = ", ".join(f"`{x}`" for x in by) + (f" and {more} more" if more > 0 else "")
        lines.append(f"| `{r['mutant']}` | {r['description']} | {r['class']} | **{r['verdict']}** | {text or '—'} |"
                     + (f" {r['unit'] or 'not run'} |" if unit else "")
                     + (f" {findings(r)} |" if fuzz else ""))
open(f"{out}/summary.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
# A run over the whole catalogue is the one the README quotes: keep its summary with the catalogue.
if [ $# -eq 0 ] && [ "$unit" = 0 ] && [ "$fuzz" = 0 ]; then cp "$out/summary.md" "$root/Mutants/SUMMARY.md"; fi
if [ $# -eq 0 ] && [ "$fuzz" != 0 ]; then cp "$out/summary.md" "$root/Mutants/SUMMARY-fuzz.md"; fi
exit $status
