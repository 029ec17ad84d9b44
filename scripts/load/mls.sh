#!/usr/bin/env bash
# Load run against the mock Catbird MLS server (issues 11 and 42), in memory and with --db: bounded wrk runs (default
# 30 s, 64 connections, 2 threads) on getMessages of a conversation holding 60 messages (pages of 50, so every answer
# also carries a cursor), then on sendMessage into it. Fails when any answer is not 200 or the server dies. Writes
# reports/bench/mls-load-<time>.txt with wrk's latency percentiles and the server's RSS before and after.
# Usage: scripts/load/mls.sh [SECONDS] [CONNECTIONS]   (needs a release build and wrk)
set -euo pipefail
source "$(dirname "$0")/common.sh" "$@"
work="$(mktemp -d)"
server=""
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
base="http://127.0.0.1:$port"
out="$(report_path mls)"
for mode in memory db; do
  storage=()
  [ "$mode" = db ] && storage=(--db "$work/mls.sqlite")
  "$bin" serve mls --port "$port" --rate-limit 100000000 --log-level warning "${storage[@]}" >/dev/null 2>&1 &
  server=$!
  wait_for "$base/health"
  auth=(-H "Authorization: Bearer dev-alice" -H "Content-Type: application/json")
  convo=$(curl -fsS "${auth[@]}" -d '{"cipherSuite":"MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"}' \
    "$base/xrpc/blue.catbird.mls.createConvo" | sed -n 's/.*"convo":{"id":"\([^"]*\)".*/\1/p')
  [ -n "$convo" ] || { echo "load: could not create a conversation" >&2; exit 1; }
  for i in $(seq 60); do
    curl -fsS "${auth[@]}" -d "{\"convoId\":\"$convo\",\"ciphertext\":\"bWVzc2FnZQ==\"}" "$base/xrpc/blue.catbird.mls.sendMessage" >/dev/null
  done
  {
    echo "# wirecheck mock Catbird MLS server ($mode), $seconds s x $connections connections, $(nproc) cores, $(date -u +%FT%TZ)"
    echo "RSS before: $(rss "$server")"
    echo "## GET getMessages?convoId=…&limit=50 (60 messages stored at the start)"
    wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer dev-alice" \
      "$base/xrpc/blue.catbird.mls.getMessages?convoId=$convo&limit=50"
    echo "## POST sendMessage into the same conversation (all must be 200)"
    WRK_CONVO="$convo" wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$here/scripts/load/mls-send.lua" "$base"
    echo "RSS after: $(rss "$server")"
  } | tee -a "$out"
  kill -0 "$server" 2>/dev/null || { echo "load: the server ($mode) died" >&2; exit 1; }
  kill "$server"
  wait "$server" 2>/dev/null || true
done
if grep -q "Non-2xx or 3xx responses" "$out"; then echo "load: getMessages gave non-2xx answers" >&2; exit 1; fi
if grep -q "unexpected statuses (not 200): [1-9]" "$out"; then echo "load: sendMessage gave non-200 answers" >&2; exit 1; fi
if grep -q "Socket errors" "$out"; then echo "load: wrk reported socket errors (see $out)" >&2; exit 1; fi
echo "load: every answer 200, no socket error, server alive; report $out"
