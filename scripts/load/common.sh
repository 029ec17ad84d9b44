# Shared by the load scripts, which source it with their arguments: [SECONDS] [CONNECTIONS], the
# release binary (WIRECHECK=/path overrides it) and wrk checked, a port picked, and two helpers.
seconds="${1:-30}"
connections="${2:-64}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${WIRECHECK:-$here/.build/release/wirecheck}"
[ -x "$bin" ] || { echo "load: build first: swift build -c release" >&2; exit 2; }
command -v wrk >/dev/null || { echo "load: wrk is missing (make deps installs it)" >&2; exit 2; }
port=$((20000 + RANDOM % 20000))

# wait_for URL: polls for up to 10 s until the server answers URL (the run then goes on either way).
wait_for() {
  for _ in $(seq 50); do curl -fsS "$1" >/dev/null 2>&1 && break; sleep 0.2; done
  return 0
}

# report_path NAME: a new report file for the NAME run under reports/bench/.
report_path() {
  mkdir -p "$here/reports/bench"
  echo "$here/reports/bench/$1-load-$(date -u +%Y%m%d-%H%M%S).txt"
}

# rss PID: the process's resident set size, in MB.
rss() {
  echo "$(( $(ps -o rss= -p "$1") / 1024 )) MB"
}
