#!/usr/bin/env bash
# Builds every libFuzzer target of Fuzz/Package.swift with the recipe of the fuzzing spec:
#   --sanitize=fuzzer alone instruments only the executable, so -sanitize-coverage instruments every
#   module; lld because gold loses coverage in debug builds and can crash on link errors.
# Output: one executable per target in $FUZZ_BUILD/release/ (default .build-fuzz at the repo root).
# BoringSSL (inside swift-crypto) gets no ASan, and coverage only in its EC code: Fuzz/uninstrumented.txt.
# Set FUZZ_NO_COVERAGE_FLAG=1 to leave out -sanitize-coverage (the smoke check must then fail), and
# FUZZ_SANITIZER to use another sanitizer than address (the ClusterFuzzLite build passes its $SANITIZER).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
scratch="${FUZZ_BUILD:-$root/.build-fuzz}"
# FUZZ_PACKAGE=Fuzz/Differential builds the `wirecheck fuzz` entry point instead (docs/FUZZING.md).
package="$here"
if [ -n "${FUZZ_PACKAGE:-}" ]; then
  package="$(cd "$FUZZ_PACKAGE" && pwd)"
  scratch="${FUZZ_BUILD:-$root/.build-fuzz-$(basename "$package" | tr 'A-Z' 'a-z')}"
fi
export PATH="/opt/swift/usr/bin:$PATH"

sanitizer="${FUZZ_SANITIZER:-address}"
# SwiftPM passes its two sanitizers to swiftc as -sanitize=fuzzer and -sanitize=$sanitizer in an order
# that follows the hash seed (fixed below, but which order a seed gives is not promised), and swiftc keeps
# only the last -sanitize=: about half of all builds had no AddressSanitizer in any Swift module
# (FINDINGS.md, D7). -Xswiftc flags come after SwiftPM's own, so this one is last and names both.
flags=(--package-path "$package" --scratch-path "$scratch" -c release --sanitize=fuzzer --sanitize="$sanitizer"
  -Xswiftc "-sanitize=fuzzer,$sanitizer" -Xswiftc -use-ld=lld)
# swiftc runs coverage after AddressSanitizer, so each inline ASan check of a Swift memory access got
# trace-cmp calls and coverage edges of its own (FINDINGS.md, D8). Checks made as calls have neither.
if [ "$sanitizer" = address ]; then
  flags+=(-Xswiftc -Xllvm -Xswiftc -asan-instrumentation-with-call-threshold=0)
fi
# BoringSSL is all C++, so -Xcxx reaches it; -Xcc would also reach swiftc, which warns that it is unused.
flags+=(-Xcxx "-fsanitize-coverage-ignorelist=$here/uninstrumented.txt" -Xcxx "-fsanitize-ignorelist=$here/uninstrumented.txt")
if [ "${FUZZ_NO_COVERAGE_FLAG:-0}" != "1" ]; then
  flags+=(-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
fi
# SwiftPM plans this package anew on every call, and the order of the sanitizers above comes from a
# Swift Set, whose order changes with every process's hash seed: each flip changed every compile command,
# so about every second call of this script rebuilt everything (91 s here) even with nothing changed.
# A fixed seed gives one order, so an unchanged tree builds nothing (FINDINGS.md, D7).
# SwiftPM once kept a stale plan of this repository's own targets (the path dependency) in this scratch folder:
# CdevAuth was compiled without its new AuthRegistryFile.swift and failed ("cannot find 'AuthRegistryFile' in scope").
# A plain path dependency picks up a new file, so the cause is not pinned down; removing the plan makes SwiftPM list the
# sources again every time, and unchanged objects are not rebuilt (a no-change build takes about 5 s).
rm -f "$scratch/release/description.json" "$scratch/release.yaml"
SWIFT_DETERMINISTIC_HASHING=1 swift build "${flags[@]}" >&2
# The guard against D7 coming back: WireCore's objects must call AddressSanitizer's checks
# (__asan_load8 and the like). grep -c, not -q: -q stops reading, nm dies of SIGPIPE, and pipefail
# would call the check failed.
if [ "$sanitizer" = address ]; then
  asan_checks="$(nm "$scratch/release/WireCore.build/"*.o 2>/dev/null | grep -cE ' U __asan_(load|store)[0-9N]' || true)"
  if [ "$asan_checks" -eq 0 ]; then
    echo "build.sh: the Swift modules were built without AddressSanitizer (see FINDINGS.md, D7)" >&2
    exit 1
  fi
fi
targets=$(sed -n 's/.*executableTarget(name: "\(Fuzz[A-Za-z0-9]*\)".*/\1/p; s/^ *name: "\(Fuzz[A-Za-z0-9]*\)",$/\1/p' "$package/Package.swift")
for target in $targets; do
  [ -x "$scratch/release/$target" ] || { echo "build.sh: $target was not built" >&2; exit 1; }
  echo "$scratch/release/$target"
done
