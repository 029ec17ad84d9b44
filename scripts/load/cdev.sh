#!/usr/bin/env bash
# Load run against the mock cdev server (issue 4 acceptance): a bounded wrk run (default 30 s,
# 64 connections, 2 threads) on /api/status, then on refused /ws upgrade attempts (garbage,
# foreign-secret and expired tokens). Fails when any answer has an unexpected status or the
# server dies. Writes reports/bench/cdev-load-<time>.txt with wrk's latency percentiles.
# Usage: scripts/load/cdev.sh [SECONDS] [CONNECTIONS]   (needs a release build and wrk)
set -euo pipefail
seconds="${1:-30}"
connections="${2:-64}"
here="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$here/.build/release/wirecheck"
[ -x "$bin" ] || { echo "load: build first: swift build -c release" >&2; exit 2; }
command -v wrk >/dev/null || { echo "load: wrk is missing (make deps installs it)" >&2; exit 2; }
work="$(mktemp -d)"
port=$((20000 + RANDOM % 20000))
"$bin" serve cdev --require-auth --port "$port" --secret-file "$work/secret.json" --log-level warning --json >"$work/serve.out" 2>"$work/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fsS "http://127.0.0.1:$port/api/pair/info" >/dev/null 2>&1 && break; sleep 0.2; done
now=$(date +%s)
expired=$("$bin" cdev mint --secret-file "$work/secret.json" --type access --issued-at $((now - 7200)))
foreign=$(printf '{"server_id":"AbCdEfGhIjKlMnOp","secret":"%s"}' "$(head -c 32 /dev/urandom | base64)" >"$work/foreign.json"; "$bin" cdev mint --secret-file "$work/foreign.json" --type access)
mkdir -p "$here/reports/bench"
out="$here/reports/bench/cdev-load-$(date -u +%Y%m%d-%H%M%S).txt"
{
  echo "# wirecheck mock cdev server, $seconds s x $connections connections, $(nproc) cores, $(date -u +%FT%TZ)"
  echo "## GET /api/status"
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "http://127.0.0.1:$port/api/status"
  echo "## GET /ws upgrade attempts with garbage, foreign-secret and expired tokens (all must be 401)"
  WRK_TOKENS="cdev_s_garbage $foreign $expired" wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$here/scripts/load/ws-refused.lua" "http://127.0.0.1:$port"
} | tee "$out"
kill -0 "$server" 2>/dev/null || { echo "load: the server died" >&2; exit 1; }
if grep -q "Non-2xx or 3xx responses" <(sed -n '/## GET \/api\/status/,/## GET \/ws/p' "$out"); then echo "load: /api/status gave non-2xx answers" >&2; exit 1; fi
if ! grep -q "unexpected statuses (not 401): 0$" "$out"; then echo "load: /ws gave statuses other than 401" >&2; exit 1; fi
if grep -q "Socket errors" "$out"; then echo "load: note: wrk reported socket errors (see $out)" >&2; fi
echo "load: no unexpected status, server alive; report $out"
