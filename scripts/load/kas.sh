#!/usr/bin/env bash
# Load run against the mock KAS (issue 40): CONNECTIONS WebSocket clients (default 64) for SECONDS (default 30), each a
# key exchange and then back-to-back rewraps (scripts/load/kas_ws.py, Python's standard library; wrk speaks no
# WebSocket). Fails when an answer is not the 94-byte 0x04, a connection drops, or the server dies. Writes
# reports/bench/kas-load-<time>.txt with the rate, latency percentiles and the server's RSS before and after.
# Usage: scripts/load/kas.sh [SECONDS] [CONNECTIONS]   (needs a release build)
set -euo pipefail
source "$(dirname "$0")/common.sh" "$@"
work="$(mktemp -d)"
"$bin" serve kas --port "$port" --kas-key "$work/kas.pem" --log-level warning >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
wait_for "http://127.0.0.1:$port/healthz"
out="$(report_path kas)"

{
  echo "# wirecheck mock KAS (era C), $seconds s x $connections WebSocket connections, $(nproc) cores, $(date -u +%FT%TZ)"
  echo "RSS before: $(rss "$server")"
  python3 "$here/scripts/load/kas_ws.py" "$port" "$seconds" "$connections" || true
  echo "RSS after: $(rss "$server")"
} | tee "$out"
kill -0 "$server" 2>/dev/null || { echo "load: the server died" >&2; exit 1; }
grep -q "unexpected answers or errors: 0$" "$out" || { echo "load: unexpected answers (see $out)" >&2; exit 1; }
echo "load: no unexpected answer, server alive; report $out"
