#!/bin/sh
# otdf-python decrypts NanoTDFs through WireCheck's mock KAS, as a client would through a platform:
#   Examples/peers/otdf-python/kas.sh
# Starts `wirecheck serve kas` on a free port (its key in reports/peers/otdf-python/kas/), has `wirecheck nanotdf
# encrypt` write one container for that key per binding form the platform takes and an encrypted-policy one, then runs kas.py: the SDK
# writes a NanoTDF with the key it fetches from the mock (kas.AccessService/PublicKey) and reads it and WireCheck's
# containers back with kas.AccessService/Rewrap, no private key given; its container with a changed policy must be
# refused (the mock checks the binding). One JSON line per case in reports/peers/otdf-python/kas/results.jsonl.
# kas-expect.json lists the containers the SDK is known to fail on (FINDINGS.md patterns); they do not fail the run.
# WIRECHECK=/path/to/wirecheck overrides the binary (default: the release build). Exit 0 when every case is as
# expected, 1 when one is not, 2 when the harness cannot run. CI runs it (.ci/run).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
VENV="$REPO/.build-peers/otdf-python"
WIRECHECK=${WIRECHECK:-"$REPO/.build/release/wirecheck"}
OUT="$REPO/reports/peers/otdf-python/kas"

"$HERE/install.sh" >/dev/null || exit 2
rm -rf "$OUT"
mkdir -p "$OUT"
"$WIRECHECK" serve kas --port 0 --kas-key "$OUT/kas-key.pem" --log-level warning >"$OUT/serve.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
trap 'exit 130' INT TERM
PORT=""
for _ in $(seq 1 100); do
    PORT=$(sed -n 's|^OpenTDF KAS mock on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$OUT/serve.log")
    [ -n "$PORT" ] && break
    sleep 0.1
done
[ -n "$PORT" ] || { echo "kas.sh: the mock KAS did not start; see $OUT/serve.log" >&2; exit 2; }
BASE="http://127.0.0.1:$PORT"

# The kid e1 (hex 6531) is the mock's EC key, as the SDK's own writer names it. The binding forms the platform verifies
# (the SHA-256 tail and Go's ECDSA form); the KIT's GMAC tag and the fixed-width ECDSA form it refuses, and so does the mock.
for binding in sha256-tail ecdsa-go; do
    printf 'written by wirecheck, %s binding' "$binding" | "$WIRECHECK" nanotdf encrypt - --kas-key "$OUT/kas-key.pem" \
        --kas "$BASE/kas" --kas-identifier 6531 --binding "$binding" --out "$OUT/wirecheck-$binding.ntdf" 2>>"$OUT/encrypt.log"
done
printf 'written by wirecheck, encrypted policy' | "$WIRECHECK" nanotdf encrypt - --kas-key "$OUT/kas-key.pem" \
    --kas "$BASE/kas" --kas-identifier 6531 --policy-type embedded-encrypted \
    --out "$OUT/wirecheck-encrypted-policy.ntdf" 2>>"$OUT/encrypt.log"

set +e
"$VENV/bin/python" "$HERE/kas.py" --expect "$HERE/kas-expect.json" "$BASE" "$OUT"/wirecheck-*.ntdf >"$OUT/results.jsonl" 2>"$OUT/sdk.log"
status=$?
set -e
cat "$OUT/results.jsonl"
echo "kas.sh: $(grep -c '"ok": true' "$OUT/results.jsonl") of $(wc -l <"$OUT/results.jsonl") cases passed through the mock KAS," \
    "$(grep -c '"known-sdk-failure"' "$OUT/results.jsonl") known SDK failures ($OUT)"
exit $status
