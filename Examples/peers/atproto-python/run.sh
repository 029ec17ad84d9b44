#!/bin/sh
# Runs WireCheck's atproto string-format vectors against atproto (Python) through shim.py and prints the summary.
# Exit code: that of `wirecheck vectors verify`.
# Extra arguments go to verify; an `--only GLOB` of yours replaces the default `--only 'atproto/*'`, so
#   Examples/peers/atproto-python/run.sh --only atproto/syntax/did/v447bda5629ab
# runs that one case. WIRECHECK=/path/to/wirecheck overrides the binary (default: this repository's release build).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
VENV="$REPO/.build-peers/atproto-python"
WIRECHECK=${WIRECHECK:-"$REPO/.build/release/wirecheck"}

"$HERE/install.sh" >/dev/null

ONLY="--only atproto/*"
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
    --report-dir "$REPO/reports/peers/atproto-python" \
    "$@"
status=$?
set +f
set -e
exit $status
