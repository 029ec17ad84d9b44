#!/usr/bin/env bash
# Builds every libFuzzer target of Fuzz/Package.swift with the recipe of the fuzzing spec:
#   --sanitize=fuzzer alone instruments only the executable, so -sanitize-coverage instruments every
#   module; lld because gold loses coverage in debug builds and can crash on link errors.
# Output: one executable per target in $FUZZ_BUILD/release/ (default .build-fuzz at the repo root).
# Set FUZZ_NO_COVERAGE_FLAG=1 to leave out -sanitize-coverage (the smoke check must then fail).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
scratch="${FUZZ_BUILD:-$root/.build-fuzz}"
export PATH="/opt/swift/usr/bin:$PATH"

flags=(--package-path "$here" --scratch-path "$scratch" -c release --sanitize=fuzzer --sanitize=address -Xswiftc -use-ld=lld)
if [ "${FUZZ_NO_COVERAGE_FLAG:-0}" != "1" ]; then
  flags+=(-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
fi
swift build "${flags[@]}" >&2
targets=$(sed -n 's/.*executableTarget(name: "\(Fuzz[A-Za-z0-9]*\)".*/\1/p' "$here/Package.swift")
for target in $targets; do
  [ -x "$scratch/release/$target" ] || { echo "build.sh: $target was not built" >&2; exit 1; }
  echo "$scratch/release/$target"
done
