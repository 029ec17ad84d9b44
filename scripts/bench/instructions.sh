#!/usr/bin/env bash
# Instructions per iteration of benchmark cases, counted by valgrind's callgrind: each case runs for 1
# and for 1+N iterations in the same release binary and the difference is divided by N, so start-up
# cancels out. Instruction counts do not move with the load of a shared machine the way wall-clock
# rates do; the ratio of a protocol step to its floor is the figure to quote.
#   scripts/bench/instructions.sh SUITE "FLOOR CASE TEXT" "CASE TEXT" ... [N=300 in the environment]
#   e.g. scripts/bench/instructions.sh flowdown "raw Ed25519" "exchange-URL verify"
set -euo pipefail
suite="${1:?usage: scripts/bench/instructions.sh SUITE FLOOR-CASE-TEXT CASE-TEXT...}"
shift
[ $# -ge 1 ] || { echo "usage: scripts/bench/instructions.sh SUITE FLOOR-CASE-TEXT CASE-TEXT..." >&2; exit 2; }
n="${N:-300}"
# shellcheck source=scripts/bench/valgrind-setup.sh
source "$(dirname "$0")/valgrind-setup.sh"
count() {  # instructions of $2 iterations of the case matching $1
  valgrind --tool=callgrind --callgrind-out-file="$scratch/callgrind.out" "$stripped" bench --suite "$suite" \
    --only "$1" --iterations "$2" --output "$scratch" 2>&1 | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
floor=""
for text in "$@"; do
  base=$(count "$text" 1)
  more=$(count "$text" $((n + 1)))
  [ -n "$base" ] && [ -n "$more" ] || { echo "instructions.sh: callgrind printed no total for \"$text\"" >&2; exit 2; }
  per=$(((more - base) / n))
  [ -n "$floor" ] || floor=$per
  python3 -c "print(f'{\"$suite / $text\":<60} {$per:>12,} instructions per iteration  {$per / $floor:.3f}x the first')"
done
