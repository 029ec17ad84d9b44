#!/bin/sh
# Runs WireCheck's Arkavo FlatBuffers vectors against the FlatBuffers Python runtime (with flatc --python code)
# through shim.py and prints the summary.
# Exit code: that of `wirecheck vectors verify`.
# Extra arguments go to verify; an `--only GLOB` of yours replaces the default `--only 'arkavo/flatbuffers/*'`, so
#   Examples/peers/flatbuffers-python/run.sh --only arkavo/flatbuffers/decode-event-root-offset-zero
# runs that one case. WIRECHECK=/path/to/wirecheck overrides the binary (default: this repository's release build).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
VENV="$REPO/.build-peers/flatbuffers-python"
WIRECHECK=${WIRECHECK:-"$REPO/.build/release/wirecheck"}

"$HERE/install.sh" >/dev/null

ONLY="--only arkavo/flatbuffers/*"
for arg in "$@"; do
    case "$arg" in --only|--only=*) ONLY="" ;; esac
done

cd "$REPO"
set +e
# $ONLY is split on purpose (no glob expansion: set -f).
set -f
"$WIRECHECK" vectors verify \
    --shim "\"$VENV/bin/python\" \"$HERE/shim.py\"" \
    $ONLY --strict \
    --expect "$HERE/expect.json" \
    --report-dir "$REPO/reports/peers/flatbuffers-python" \
    "$@"
status=$?
set +f
set -e
exit $status
