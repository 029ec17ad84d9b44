#!/bin/sh
# Runs WireCheck's NanoTDF vectors against otdf-python through shim.py and prints the summary.
# Exit code: that of `wirecheck vectors verify`.
# Extra arguments go to verify; an `--only GLOB` of yours replaces the default `--only 'nanotdf/*'`, so
#   Examples/peers/otdf-python/run.sh --only nanotdf/parse/header-spec-example-1
# runs that one case. WIRECHECK=/path/to/wirecheck overrides the binary (default: this repository's release build).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
VENV="$REPO/.build-peers/otdf-python"
WIRECHECK=${WIRECHECK:-"$REPO/.build/release/wirecheck"}

"$HERE/install.sh" >/dev/null

ONLY="--only nanotdf/*"
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
    --report-dir "$REPO/reports/peers/otdf-python" \
    "$@"
status=$?
set +f
set -e
exit $status
