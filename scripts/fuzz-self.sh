#!/usr/bin/env bash
# The reference against itself: `wirecheck fuzz` with `wirecheck shim` as the implementation, S seconds per
# family (default 600), seed 1, --strict. The reference must agree with itself: any finding is a bug in the
# fuzzer, the judge or a nondeterministic reference op. Writes reports/fuzz-self/<family>/ and summary.md.
#
# Usage: scripts/fuzz-self.sh [--seconds S] [--binary PATH] [FAMILY...]   (default: every family)
# The binary is copied first, so the tree can be rebuilt while this runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=600
binary="$root/.build/release/wirecheck"
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
families=("$@")
[ ${#families[@]} -gt 0 ] || families=(wirecore flowdown cdev nanotdf arkavo atproto mls)
[ -x "$binary" ] || { echo "fuzz-self: no $binary (swift build -c release --product wirecheck)" >&2; exit 2; }
out="$root/reports/fuzz-self"
mkdir -p "$out"
copy="$out/wirecheck"
cp "$binary" "$copy"
status=0
for family in "${families[@]}"; do
  echo "fuzz-self: $family for $seconds s" >&2
  code=0
  "$copy" fuzz --shim "$copy shim" --ops "$family" --seconds "$seconds" --seed 1 --strict --vectors "$root/Vectors" \
    --report-dir "$out/$family" --json >"$out/$family.json" 2>"$out/$family.log" || code=$?
  [ "$code" = 0 ] || status=1
done
rm -f "$copy"
python3 - "$out" "$seconds" "${families[@]}" <<'PY'
import json, sys
out, seconds, families = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = ["# The reference against itself", "", f"`scripts/fuzz-self.sh --seconds {seconds}`: seed 1, --strict.", "",
        "| family | inputs | inputs/s | refused as bad-request | findings |", "|---|---|---|---|---|"]
for family in families:
    try:
        run = json.load(open(f"{out}/{family}.json"))
        rate = int(run["sent"] / max(run["seconds"], 0.001))
        rows.append(f"| {family} | {run['sent']:,} | {rate:,} | {run['malformed']:,} | {len(run['findings'])} |")
    except Exception as error:
        rows.append(f"| {family} | error: {error} | | | |")
open(f"{out}/summary.md", "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
PY
exit $status
