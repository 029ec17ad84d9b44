#!/usr/bin/env bash
# The HTML report in a real browser (issue 37): headless Chromium loads index.html of a run whose shim fails
# cases, and the DOM it leaves must show the filtered failures with their detail; then a text filter from the
# URL, and a screenshot in the run's folder. Needs the debug build and Debian's chromium (scripts/deps.sh test).
#   scripts/html_report_check.sh [DIR]   (DIR: where the run is written; default reports/html-check)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
dir="${1:-reports/html-check}"
browser="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$browser" ] || { echo "html_report_check: chromium not found (apt-get install chromium)" >&2; exit 2; }
rm -rf "$dir"
# Python's base64 module fails some strict cases (padding, trailing bits): real failures to show.
status=0
.build/debug/wirecheck vectors verify --shim "python3 Examples/python_shim.py" --only wirecore/base64 --report-dir "$dir" \
  >"$dir.log" 2>&1 || status=$?
[ "$status" = 1 ] || { cat "$dir.log" >&2; echo "html_report_check: expected a run with failures (exit 1), got $status" >&2; exit 1; }
count() {  # cases of status $1 whose id holds $2
  python3 -c 'import json,sys; print(sum(r["status"]==sys.argv[2] and sys.argv[3] in r["id"] for r in map(json.loads, open(sys.argv[1]))))' \
    "$dir/results.jsonl" "$1" "${2:-}"
}
failures=$(count FAIL)
page="file://$(cd "$dir" && pwd)/index.html"
dom() { timeout 60 "$browser" --headless=new --no-sandbox --disable-gpu --dump-dom "$1" 2>/dev/null; }
check() {  # $1 fragment, $2 expected rows, $3 text the DOM must hold
  local out rows
  out="$(dom "$page#$1")"
  rows=$(grep -o '<tr class="case' <<<"$out" | wc -l)
  [ "$rows" = "$2" ] || { echo "html_report_check: #$1 shows $rows rows, expected $2" >&2; exit 1; }
  grep -qF "$3" <<<"$out" || { echo "html_report_check: #$1 does not show '$3'" >&2; exit 1; }
}
check "status=FAIL" "$failures" "first difference"
check "status=FAIL" "$failures" "expected"
check "status=FAIL&q=trailing-bits-1-char" "$(count FAIL trailing-bits-1-char)" "trailing-bits-1-char"
check "status=PASS" "$(count PASS)" "PASS"
# The bug-type filter: the cases whose flags have the bug type of NonCanonical (from the vector file's notes).
bug=$(python3 -c 'import json; print(json.load(open("Vectors/wirecore/base64.json"))["notes"]["NonCanonical"]["bugType"])')
bugged=$(python3 -c '
import json, sys
notes = json.load(open("Vectors/wirecore/base64.json"))["notes"]
rows = map(json.loads, open(sys.argv[1]))
print(sum(any(notes.get(f, {}).get("bugType") == sys.argv[2] for f in r["flags"]) for r in rows))' "$dir/results.jsonl" "$bug")
check "bug=$bug" "$((bugged < 500 ? bugged : 500))" "NonCanonical"
timeout 60 "$browser" --headless=new --no-sandbox --disable-gpu --window-size=1280,1600 --screenshot="$dir/screenshot.png" "$page" \
  >/dev/null 2>&1
[ -s "$dir/screenshot.png" ] || { echo "html_report_check: no screenshot" >&2; exit 1; }
echo "html_report_check: $page filters ($failures failures, each with its detail) in $browser; screenshot $dir/screenshot.png"
