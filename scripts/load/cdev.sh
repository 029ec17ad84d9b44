#!/usr/bin/env bash
# Load run against the mock cdev server (issues 4 and 42): a bounded wrk run (default 30 s,
# 64 connections, 2 threads) on /api/status, then on refused /ws upgrade attempts (garbage,
# foreign-secret and expired tokens), then on the pairing flow (pair-info, exchange). Fails when
# any answer has an unexpected status or the server dies. Writes reports/bench/cdev-load-<time>.txt
# with wrk's latency percentiles and the server's RSS before and after.
# Usage: scripts/load/cdev.sh [SECONDS] [CONNECTIONS]   (needs a release build and wrk)
set -euo pipefail
source "$(dirname "$0")/common.sh" "$@"
work="$(mktemp -d)"
"$bin" serve cdev --require-auth --port "$port" --secret-file "$work/secret.json" --log-level warning --json >"$work/serve.out" 2>"$work/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
wait_for "http://127.0.0.1:$port/api/pair/info"
now=$(date +%s)
expired=$("$bin" cdev mint --secret-file "$work/secret.json" --type access --issued-at $((now - 7200)))
foreign=$(printf '{"server_id":"AbCdEfGhIjKlMnOp","secret":"%s"}' "$(head -c 32 /dev/urandom | base64)" >"$work/foreign.json"; "$bin" cdev mint --secret-file "$work/foreign.json" --type access)
out="$(report_path cdev)"
{
  echo "# wirecheck mock cdev server, $seconds s x $connections connections, $(nproc) cores, $(date -u +%FT%TZ)"
  echo "RSS before: $(rss "$server")"
  echo "## GET /api/status"
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "http://127.0.0.1:$port/api/status"
  echo "## GET /ws upgrade attempts with garbage, foreign-secret and expired tokens (all must be 401)"
  WRK_TOKENS="cdev_s_garbage $foreign $expired" wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$here/scripts/load/ws-refused.lua" "http://127.0.0.1:$port"
  echo "## GET /api/pair/info then POST /api/auth/exchange with its token (all must be 200)"
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$here/scripts/load/pair-exchange.lua" "http://127.0.0.1:$port"
  echo "RSS after: $(rss "$server")"
} | tee "$out"
kill -0 "$server" 2>/dev/null || { echo "load: the server died" >&2; exit 1; }
if grep -q "Non-2xx or 3xx responses" <(sed -n '/## GET \/api\/status/,/## GET \/ws/p' "$out"); then echo "load: /api/status gave non-2xx answers" >&2; exit 1; fi
if ! grep -q "unexpected statuses (not 401): 0$" "$out"; then echo "load: /ws gave statuses other than 401" >&2; exit 1; fi
if ! grep -q "unexpected statuses (not 200): 0$" "$out"; then echo "load: the pairing flow gave statuses other than 200" >&2; exit 1; fi
if grep -q "Socket errors" "$out"; then echo "load: note: wrk reported socket errors (see $out)" >&2; fi
echo "load: no unexpected status, server alive; report $out"
