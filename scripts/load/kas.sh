#!/usr/bin/env bash
# Load run against the mock KAS (issue 40), each for SECONDS (default 30) with CONNECTIONS clients (default 64): first
# WebSocket clients, each a key exchange and then back-to-back rewraps (scripts/load/kas_ws.py, Python's standard
# library; wrk speaks no WebSocket), then wrk on the OpenTDF rewrap over HTTP (Connect JSON, one NanoTDF header, a
# bearer token from the mock's token endpoint; scripts/load/kas-rewrap.lua). Fails when an answer is not the 94-byte
# 0x04 or a 200 permit, a connection drops, or the server dies. Writes reports/bench/kas-load-<time>.txt with the
# rates, latency percentiles and the server's RSS before and after each.
# Usage: scripts/load/kas.sh [SECONDS] [CONNECTIONS]   (needs a release build)
set -euo pipefail
source "$(dirname "$0")/common.sh" "$@"
work="$(mktemp -d)"
"$bin" serve kas --port "$port" --kas-key "$work/kas.pem" --log-level warning >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
wait_for "http://127.0.0.1:$port/healthz"
out="$(report_path kas)"

# The rewrap body wrk sends: a NanoTDF for the mock's key in a request token for a fresh P-256 client key (not signed
# with it: without a DPoP proof the KAS does not verify the signature, as the platform does), and a bearer token.
prepare_rewrap() {
  printf 'load' | "$bin" nanotdf encrypt - --kas-key "$work/kas.pem" --kas "http://127.0.0.1:$port/kas" --kas-identifier 6531 \
    --out "$work/load.ntdf" 2>/dev/null
  openssl ecparam -name prime256v1 -genkey -noout 2>/dev/null | openssl ec -pubout 2>/dev/null >"$work/client.pem"
  python3 - "$work" >"$work/body.json" <<'PY'
import base64, json, sys, time
work = sys.argv[1]
def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
body = {"clientPublicKey": open(work + "/client.pem").read(), "requests": [{"algorithm": "ec:secp256r1",
        "policy": {"id": "policy"}, "keyAccessObjects": [{"keyAccessObjectId": "kao-0",
        "keyAccessObject": {"header": base64.b64encode(open(work + "/load.ntdf", "rb").read()).decode()}}]}]}
now = int(time.time())
claims = {"requestBody": json.dumps(body), "iat": now, "exp": now + 3600}
token = b64url(b'{"alg":"ES256"}') + "." + b64url(json.dumps(claims).encode()) + "." + b64url(bytes(64))
print(json.dumps({"signedRequestToken": token}))
PY
  WRK_TOKEN="$(curl -fsS -d 'grant_type=client_credentials&client_id=opentdf&client_secret=secret' "http://127.0.0.1:$port/auth/token" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')"
  export WRK_TOKEN WRK_BODY="$work/body.json"
}

{
  echo "# wirecheck mock KAS (era C), $seconds s x $connections WebSocket connections, $(nproc) cores, $(date -u +%FT%TZ)"
  echo "RSS before: $(rss "$server")"
  python3 "$here/scripts/load/kas_ws.py" "$port" "$seconds" "$connections" || true
  echo "RSS after: $(rss "$server")"
  echo
  echo "## OpenTDF rewrap over HTTP (wrk, Connect JSON)"
  prepare_rewrap
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$here/scripts/load/kas-rewrap.lua" "http://127.0.0.1:$port" || true
  echo "RSS after: $(rss "$server")"
} | tee "$out"
kill -0 "$server" 2>/dev/null || { echo "load: the server died" >&2; exit 1; }
grep -q "unexpected answers or errors: 0$" "$out" || { echo "load: unexpected answers (see $out)" >&2; exit 1; }
grep -q "unexpected answers (not a 200 permit): 0$" "$out" || { echo "load: unexpected rewrap answers (see $out)" >&2; exit 1; }
if grep -q "Socket errors" "$out"; then echo "load: wrk reported socket errors (see $out)" >&2; exit 1; fi
echo "load: no unexpected answer, server alive; report $out"
