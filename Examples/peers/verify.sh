#!/bin/sh
# Runs WireCheck's vectors through one peer's shim, as each peer's run.sh asks:
#   Examples/peers/verify.sh PEER_DIR DEFAULT_GLOB [verify arguments…]
# It installs the peer (PEER_DIR/install.sh: a pinned SDK in .build-peers/<name>/), then runs
# `wirecheck vectors verify --strict` with the peer's expect.json and the report in reports/peers/<name>/.
# An `--only GLOB` among the arguments replaces DEFAULT_GLOB. WIRECHECK=/path/to/wirecheck overrides the binary
# (default: this repository's release build). Exit code: that of `wirecheck vectors verify`.
set -eu

PEER=$(cd "$1" && pwd)
DEFAULT_GLOB=$2
shift 2
NAME=$(basename "$PEER")
REPO=$(cd "$PEER/../../.." && pwd)
VENV="$REPO/.build-peers/$NAME"
WIRECHECK=${WIRECHECK:-"$REPO/.build/release/wirecheck"}

# An install that failed is a harness error (2), not a failure of the peer (1).
"$PEER/install.sh" >/dev/null || exit 2

ONLY="--only $DEFAULT_GLOB"
for arg in "$@"; do
    case "$arg" in --only|--only=*) ONLY="" ;; esac
done

cd "$REPO"
set +e
# $ONLY is split on purpose, without glob expansion (set -f).
set -f
"$WIRECHECK" vectors verify \
    --shim "\"$VENV/bin/python\" \"$PEER/shim.py\"" \
    $ONLY --strict \
    --expect "$PEER/expect.json" \
    --report-dir "$REPO/reports/peers/$NAME" \
    "$@"
status=$?
set +f
exit $status
