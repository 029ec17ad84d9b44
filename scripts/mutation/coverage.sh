#!/usr/bin/env bash
# What runs: line coverage of the unit tests (`swift test`) and of `wirecheck run` (every vector through the
# shim, and the live checks), in one lcov file. The automatic mutants (scripts/automutants.sh) are planted
# only on lines this says something executes: a mutant nothing runs cannot be killed and measures nothing.
# A separate scratch path (.build-coverage) keeps the instrumented build away from the normal one.
#
# Usage: scripts/mutation/coverage.sh OUT.lcov   (writes OUT.lcov and OUT-run.lcov)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(realpath -m "${1:?usage: coverage.sh OUT.lcov}")"
export PATH="/opt/swift/usr/bin:$PATH" SWIFT_DETERMINISTIC_HASHING=1
scratch="$root/.build-coverage"
cd "$root"
mkdir -p "$scratch"
echo "coverage: instrumented build in $scratch" >&2
swift build --build-tests --enable-code-coverage --scratch-path "$scratch" >"$scratch/coverage-build.log" 2>&1 ||
  { echo "coverage: the build failed (see $scratch/coverage-build.log)" >&2; exit 2; }
profiles="$scratch/debug/codecov"
rm -rf "$profiles" && mkdir -p "$profiles"
echo "coverage: swift test" >&2
# A failing test still covers what it ran; the exit status is the test suite's business, not this script's.
LLVM_PROFILE_FILE="$profiles/test-%p.profraw" swift test --skip-build --scratch-path "$scratch" >"$scratch/coverage-test.log" 2>&1 || true
echo "coverage: wirecheck run and wirecheck vectors verify" >&2
# The shims `run` starts may be stopped before they write their profile; `vectors verify` calls the same ops
# in process, so its profile is what the ops execute, and `run`'s own process adds the live checks.
LLVM_PROFILE_FILE="$profiles/run-%p.profraw" "$scratch/debug/wirecheck" run --jobs 2 --report-dir "$scratch/run" >"$scratch/coverage-run.log" 2>&1 || true
LLVM_PROFILE_FILE="$profiles/run-verify-%p.profraw" "$scratch/debug/wirecheck" vectors verify --strict \
  --report-dir "$scratch/verify" >"$scratch/coverage-verify.log" 2>&1 || true
llvm-profdata merge -sparse "$profiles"/*.profraw -o "$scratch/merged.profdata"
llvm-cov export -format=lcov -instr-profile "$scratch/merged.profdata" "$scratch/debug/WireCheckPackageTests.xctest" \
  -object "$scratch/debug/wirecheck" -ignore-filename-regex '/(\.build[^/]*|Tests)/' >"$out"
# What `wirecheck run` alone executes (the ops through the shim, and the live checks): a mutant on a line only the
# unit tests reach is out of the vectors' reach, and the runner says so instead of fuzzing it.
llvm-profdata merge -sparse "$profiles"/run-*.profraw -o "$scratch/run.profdata"
llvm-cov export -format=lcov -instr-profile "$scratch/run.profdata" "$scratch/debug/wirecheck" \
  -ignore-filename-regex '/(\.build[^/]*|Tests)/' >"${out%.lcov}-run.lcov"
echo "coverage: $(grep -c '^SF:' "$out") files in $out, and what wirecheck run executes in ${out%.lcov}-run.lcov" >&2
