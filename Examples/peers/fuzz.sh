#!/bin/sh
# Differential fuzzing of one peer against the reference, with a fixed budget and seed, as `make peers` runs it:
#   Examples/peers/fuzz.sh PEER_DIR [fuzz arguments…]
# It installs the peer (PEER_DIR/install.sh), then runs `wirecheck fuzz` through the peer's shim over every op the
# shim lists, with the peer's expect.json and --strict, PEER_FUZZ_CASES inputs (default 10000) from seed 1, so
# that two runs of one commit send the same inputs; the report goes to reports/peers/<name>/fuzz/, each finding
# as a vector file under its findings/ that `wirecheck vectors verify --vectors … --shim …` replays.
# WIRECHECK=/path/to/wirecheck overrides the binary. Exit code: that of `wirecheck fuzz` (1: findings).
set -eu

PEER=$(cd "$1" && pwd)
shift
NAME=$(basename "$PEER")
REPO=$(cd "$PEER/../../.." && pwd)
VENV="$REPO/.build-peers/$NAME"
WIRECHECK=${WIRECHECK:-"$REPO/.build/release/wirecheck"}

# An install that failed is a harness error (2), not a finding of the peer (1).
"$PEER/install.sh" >/dev/null || exit 2

cd "$REPO"
rm -rf "$REPO/reports/peers/$NAME/fuzz"
exec "$WIRECHECK" fuzz \
    --shim "\"$VENV/bin/python\" \"$PEER/shim.py\"" \
    --cases "${PEER_FUZZ_CASES:-10000}" --seed 1 --strict \
    --expect "$PEER/expect.json" \
    --report-dir "$REPO/reports/peers/$NAME/fuzz" \
    "$@"
