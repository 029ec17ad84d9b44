#!/usr/bin/env bash
# Regenerates the C++ code of the Arkavo FlatBuffers schemas with flatc (Debian flatbuffers-compiler).
#   scripts/flatbuffers/generate.sh          writes Sources/CArkavoFlatBuffers/generated/*_generated.h
#   scripts/flatbuffers/generate.sh --check  writes to a scratch folder and fails if anything differs
# The committed headers must be what this flatc writes, so the C API is built on the real generator's code.
# The schemas are in Vectors/arkavo/fbs/, where they ship with the vectors a decoder needs them for.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
target="$root/Sources/CArkavoFlatBuffers"
schemas=(event.fbs entity.fbs metadata.fbs)
command -v flatc >/dev/null || { echo "generate.sh: flatc not found (apt-get install flatbuffers-compiler)" >&2; exit 2; }

out="$target/generated"
if [ "${1:-}" = "--check" ]; then
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
(cd "$root/Vectors/arkavo/fbs" && flatc --cpp -o "$out" "${schemas[@]}")

if [ "${1:-}" = "--check" ]; then
  if ! diff -r "$out" "$target/generated" >&2; then
    echo "generate.sh: Sources/CArkavoFlatBuffers/generated differs from what $(flatc --version) writes;" \
      "run scripts/flatbuffers/generate.sh and commit" >&2
    exit 1
  fi
  echo "generate.sh: the generated FlatBuffers code is up to date ($(flatc --version))"
fi
