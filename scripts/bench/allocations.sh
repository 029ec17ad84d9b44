#!/usr/bin/env bash
# Heap allocations per iteration of one benchmark case, counted by valgrind (memcheck's "total heap
# usage"): the case is run for 1 and for 1+N iterations in the same release binary, and the
# difference is divided by N, so setup and start-up allocations cancel out.
#   scripts/bench/allocations.sh SUITE "TEXT IN THE CASE NAME" [N]
#   e.g. scripts/bench/allocations.sh nanotdf "header parse, spec example 1" 1000
set -euo pipefail
suite="${1:?usage: scripts/bench/allocations.sh SUITE CASE-TEXT [N]}"
case_text="${2:?usage: scripts/bench/allocations.sh SUITE CASE-TEXT [N]}"
n="${3:-1000}"
# shellcheck source=scripts/bench/valgrind-setup.sh
source "$(dirname "$0")/valgrind-setup.sh"
count() {
  valgrind --tool=memcheck --leak-check=no "$stripped" bench --suite "$suite" --only "$case_text" --iterations "$1" \
    --output "$scratch" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
base=$(count 1)
more=$(count $((n + 1)))
[ -n "$base" ] && [ -n "$more" ] || { echo "allocations.sh: valgrind printed no heap summary" >&2; exit 2; }
python3 -c "print(f'$suite / $case_text: {($more - $base) / $n:.2f} allocations per iteration ({$more} - {$base} over $n)')"
