#!/usr/bin/env bash
# Fuzz throughput: Fuzz/speed.sh [TARGET ...] — builds the targets (Fuzz/build.sh), then runs each,
# one process on one core, for a fixed -runs over its committed corpus (new units go to a scratch
# folder; Corpus/ is not written) and prints exec/s. The same -runs before and after a change makes
# the figures comparable; the last column divides by FuzzHex (the cheapest decoder) of the same run,
# which cancels most of this machine's noise. RUNS (default 300000) sets the count; a target stops
# after SPEED_SECONDS (default 30) if it has not done that many by then. The start-up and the replay of
# the corpus are measured apart and left out (see measure).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
runs="${RUNS:-300000}"
seconds="${SPEED_SECONDS:-30}"
# A fixed seed (SPEED_SEED, default 1) gives every run of one binary the same mutations, so repeated
# figures differ by the machine alone; without it, FuzzCdevAuthBody's spread hid a 1.28x gain.
seed="${SPEED_SEED:-1}"
export SWIFT_BACKTRACE=enable=no

# FUZZ_COMPARE=DIR measures DIR's binaries (kept from before a change) beside the current ones, target
# by target, twice each in the order after, before, before, after, and prints after/before.
# FUZZ_BINARIES=DIR measures binaries built earlier (say, a copy of .build-fuzz/release taken before a
# change) instead of building the current tree.
if [ -n "${FUZZ_BINARIES:-}" ]; then
  mapfile -t binaries < <(find "$FUZZ_BINARIES/" -maxdepth 1 -type f -name 'Fuzz*' -executable | sort)
  [ "${#binaries[@]}" -gt 0 ] || { echo "speed.sh: no Fuzz* executables in $FUZZ_BINARIES" >&2; exit 2; }
else
  mapfile -t binaries < <("$here/build.sh")
fi
declare -A binary_of
for b in "${binaries[@]}"; do binary_of["$(basename "$b")"]="$b"; done
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(printf '%s\n' "${!binary_of[@]}" | sort); fi
for t in "${targets[@]}"; do [ -n "${binary_of[$t]:-}" ] || { echo "speed.sh: no target $t" >&2; exit 2; }; done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# One timed run of target $1 with -runs=$2: prints "executed-units nanoseconds".
timed_run() {
  local t="$1" max_len started ended
  max_len="$(sed -n 's/^max_len = //p' "$here/Options/$t.options")"
  rm -rf "$work/$t" && mkdir -p "$work/$t"
  started="$(date +%s%N)"
  "${binary_of[$t]}" -runs="$2" -seed="$seed" -max_total_time="$seconds" -max_len="$max_len" \
    -dict="$here/Dictionaries/$t.dict" -print_final_stats=1 \
    "$work/$t" "$root/Corpus/$t" >"$work/$t.log" 2>&1 || { echo "speed.sh: $t failed, see its log:" >&2; tail -20 "$work/$t.log" >&2; exit 1; }
  ended="$(date +%s%N)"
  echo "$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t.log") $((ended - started))"
}
measure() {  # prints exec/s of target $1
  # The rate of fuzzing proper, as an overnight run sees it: a run that only loads and replays the
  # corpus (-runs=1) is subtracted, units and time, from the full run. That start (about 0.1 s: the
  # process, ASan, the corpus) was a third of a 50,000-run figure for a fast target. libFuzzer's own
  # average_exec_per_sec divides by whole seconds (a 1.9 s run counts as 1 s), so it is not used.
  local start full
  start="$(timed_run "$1" 1)"
  full="$(timed_run "$1" "$runs")"
  echo "$start $full" | awk '{ u = $3 - $1; s = ($4 - $2) / 1e9; printf "%d", (u > 0 && s > 0 ? u / s : 0) }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
if [ -n "${FUZZ_COMPARE:-}" ]; then
  # Before and after, each target's two binaries run back to back in the order after, before, before,
  # after, so both see the same machine and whichever runs first has no edge (measured with one run
  # each, after-first, untouched targets came out up to 1.4x "faster"). Each figure is the mean of two.
  printf '%-22s %10s %10s %8s\n' target before after after/before
  for t in "${targets[@]}"; do
    [ -x "$FUZZ_COMPARE/$t" ] || { printf '%-22s %10s\n' "$t" "(not in $FUZZ_COMPARE)"; continue; }
    now="${binary_of[$t]}"
    after1="$(measure "$t")"
    binary_of[$t]="$FUZZ_COMPARE/$t"
    before1="$(measure "$t")"
    before2="$(measure "$t")"
    binary_of[$t]="$now"
    after2="$(measure "$t")"
    before=$(((before1 + before2) / 2))
    after=$(((after1 + after2) / 2))
    printf '%-22s %10s %10s %8s\n' "$t" "$before" "$after" "$(ratio "$after" "$before")"
  done
  echo "(RUNS=$runs, SPEED_SECONDS=$seconds; before: $FUZZ_COMPARE)"
  exit 0
fi
floor="$(measure FuzzHex)"
printf '%-22s %10s %10s\n' target exec/s "x FuzzHex"
for t in "${targets[@]}"; do
  rate="$(measure "$t")"
  printf '%-22s %10s %10s\n' "$t" "$rate" "$(ratio "$rate" "$floor")"
done
echo "(RUNS=$runs, SPEED_SECONDS=$seconds; FuzzHex $floor exec/s in this run)"
