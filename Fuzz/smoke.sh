#!/usr/bin/env bash
# CI smoke check for the fuzz targets: build them, replay every FailCases file, then fuzz each target
# for SMOKE_SECONDS over its seed corpus, SMOKE_JOBS (default: the number of cores) targets at a
# time. Fails when a target crashes, or when its final `cov:` is below the floor in
# smoke-thresholds.txt (the guard against silently losing instrumentation).
# Corpus/ is never written: new units go to a scratch folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
seconds="${SMOKE_SECONDS:-10}"
export SWIFT_BACKTRACE=enable=no
# shellcheck source=Fuzz/parallel.sh
source "$here/parallel.sh"

jobs="${SMOKE_JOBS:-$(nproc)}"

mapfile -t binaries < <("$here/build.sh")
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One target: replay its FailCases, fuzz it, judge it. Writes its table row to $work/<target>.row,
# anything to show to $work/<target>.err, and fails when the target does.
smoke_one() {
  local binary="$1" target floor max_len rc cov execs result
  target="$(basename "$binary")"
  exec 2>"$work/$target.err"
  floor="$(awk -v t="$target" '$1 == t { print $2 }' "$here/smoke-thresholds.txt")"
  if [ -z "$floor" ]; then
    echo "smoke: no coverage floor for $target in smoke-thresholds.txt" >&2
    printf '%-20s %8s %8s %10s  %s\n' "$target" - - - "NO FLOOR" >"$work/$target.row"
    return 1
  fi
  max_len="$(sed -n 's/^max_len = //p' "$here/Options/$target.options")"
  if compgen -G "$here/FailCases/$target/*" >/dev/null; then
    if ! "$binary" "$here"/FailCases/"$target"/* >"$work/$target.replay.log" 2>&1; then
      echo "smoke: $target crashes on a FailCases input:" >&2
      tail -30 "$work/$target.replay.log" >&2
      printf '%-20s %8s %8s %10s  %s\n' "$target" - "$floor" - "CRASH on FailCases" >"$work/$target.row"
      return 1
    fi
  fi
  mkdir -p "$work/$target" "$work/artifacts/$target"
  set +e
  "$binary" -max_total_time="$seconds" -print_final_stats=1 -max_len="$max_len" \
    -dict="$here/Dictionaries/$target.dict" -artifact_prefix="$work/artifacts/$target/" \
    "$work/$target" "$root/Corpus/$target" >"$work/$target.log" 2>&1
  rc=$?
  set -e
  cov="$(grep -oE 'cov: [0-9]+' "$work/$target.log" | tail -1 | awk '{ print $2 }' || true)"
  execs="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$target.log" || true)"
  result=ok
  if [ "$rc" -ne 0 ]; then
    result="CRASH (exit $rc)"
    tail -40 "$work/$target.log" >&2
    for artifact in "$work/artifacts/$target"/*; do
      [ -f "$artifact" ] && echo "smoke: $target artefact (base64): $(base64 -w0 "$artifact")" >&2
    done
  elif [ -z "$cov" ] || [ "$cov" -lt "$floor" ]; then
    result="LOW COVERAGE (is -sanitize-coverage missing?)"
  fi
  printf '%-20s %8s %8s %10s  %s\n' "$target" "${cov:-none}" "$floor" "${execs:-?}" "$result" >"$work/$target.row"
  [ "$result" = ok ]
}

# $jobs targets at a time, each on its own core for the full SMOKE_SECONDS, so the coverage floors
# mean the same as one at a time; the table comes out in target order when all are done.
run_parallel "$jobs" smoke_one "${binaries[@]}"
status=0
printf '%-20s %8s %8s %10s  %s\n' target cov floor exec/s result
for binary in "${binaries[@]}"; do
  target="$(basename "$binary")"
  # A target whose check stopped early (its shell failed) has no row: say so instead of stopping here.
  cat "$work/$target.row" 2>/dev/null || printf '%-20s %s\n' "$target" "DID NOT FINISH"
  if ! grep -q ' ok$' "$work/$target.row" 2>/dev/null; then
    status=1
    cat "$work/$target.err" >&2 2>/dev/null || true
  fi
done
if [ "$status" -eq 0 ]; then echo "fuzz-smoke: all targets passed"; else echo "fuzz-smoke: FAILED" >&2; fi
exit "$status"
