#!/usr/bin/env bash
# Fuzz throughput: Fuzz/speed.sh [TARGET ...] — builds the targets (Fuzz/build.sh), then runs each,
# one process on one core, for a fixed -runs over its committed corpus (new units go to a scratch
# folder; Corpus/ is not written) and prints exec/s. The same -runs before and after a change makes
# the figures comparable; the last column divides by FuzzHex (the cheapest decoder) of the same run,
# which cancels most of this machine's noise. RUNS (default 300000) sets the count.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
runs="${RUNS:-300000}"
export SWIFT_BACKTRACE=enable=no

mapfile -t binaries < <("$here/build.sh")
declare -A binary_of
for b in "${binaries[@]}"; do binary_of["$(basename "$b")"]="$b"; done
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(printf '%s\n' "${!binary_of[@]}" | sort); fi
for t in "${targets[@]}"; do [ -n "${binary_of[$t]:-}" ] || { echo "speed.sh: no target $t" >&2; exit 2; }; done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
measure() {  # prints exec/s of target $1
  local t="$1" max_len
  max_len="$(sed -n 's/^max_len = //p' "$here/Options/$t.options")"
  rm -rf "$work/$t" && mkdir -p "$work/$t"
  "${binary_of[$t]}" -runs="$runs" -max_len="$max_len" -dict="$here/Dictionaries/$t.dict" -print_final_stats=1 \
    "$work/$t" "$root/Corpus/$t" >"$work/$t.log" 2>&1 || { echo "speed.sh: $t failed, see its log:" >&2; tail -20 "$work/$t.log" >&2; exit 1; }
  sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$t.log"
}
floor="$(measure FuzzHex)"
printf '%-22s %10s %10s\n' target exec/s "x FuzzHex"
for t in "${targets[@]}"; do
  rate="$(measure "$t")"
  printf '%-22s %10s %10s\n' "$t" "$rate" "$(awk -v r="$rate" -v f="$floor" 'BEGIN { printf "%.2f", (f > 0 ? r / f : 0) }')"
done
echo "(RUNS=$runs; FuzzHex $floor exec/s in this run)"
