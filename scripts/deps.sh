#!/usr/bin/env bash
# Installs the Debian packages WireCheck needs that a fresh machine may lack. Idempotent: when
# everything is present it only asks dpkg (well under a second).
#   scripts/deps.sh run    what `make run` needs: the C libraries the package links and pkg-config
#   scripts/deps.sh test   + what the tests use: zbarimg (QR read-back), xmllint (JUnit schema), Python jsonschema,
#                          chromium (the HTML report in a real browser, scripts/html_report_check.sh)
#   scripts/deps.sh all    + wrk (make load)
# libflatbuffers-dev (headers of the Verifier and builders) is built into the package; flatc
# (flatbuffers-compiler) is what the tests compare the encoder with and regenerate the C++ code with.
# Only Debian's packages are used (Debian's python3 refuses `pip install`, PEP 668). apt-get waits
# for the dpkg lock instead of failing when another apt is running. Exit 2 with a message when
# something is missing and cannot be installed (not root, no package source).
set -uo pipefail

mode="${1:-all}"
# libsecp256k1-dev is linked by the test targets only, but `make build` builds them too.
# libsqlite3-dev: the SQLite that GRDB links (the mock MLS server's `--db` store). zlib1g-dev: the mock KAS's gzip bodies.
RUN_PACKAGES=(libsodium-dev libssl-dev libqrencode-dev libpng-dev libsecp256k1-dev libflatbuffers-dev libsqlite3-dev zlib1g-dev pkg-config)
TEST_PACKAGES=(zbar-tools libxml2-utils python3 python3-jsonschema flatbuffers-compiler chromium)
ALL_PACKAGES=(wrk)
case "$mode" in
  run) wanted=("${RUN_PACKAGES[@]}") ;;
  test) wanted=("${RUN_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  all) wanted=("${RUN_PACKAGES[@]}" "${TEST_PACKAGES[@]}" "${ALL_PACKAGES[@]}") ;;
  *) echo "deps: usage: scripts/deps.sh run|test|all" >&2; exit 2 ;;
esac

if ! command -v swift >/dev/null 2>&1; then
  echo "deps: error: swift is not on PATH (expected Swift 6.2 or newer, e.g. /opt/swift/usr/bin)" >&2
  exit 2
fi

missing=()
for p in "${wanted[@]}"; do
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" = "installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "deps: error: missing Debian packages (${missing[*]}) and not running as root; run: sudo apt-get install ${missing[*]}" >&2
  exit 2
fi
log=/tmp/wirecheck-deps-apt.log
apt=(apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
if ! { "${apt[@]}" update -qq && DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  tail -20 "$log" >&2
  echo "deps: error: apt-get could not install ${missing[*]} (full log: $log)" >&2
  exit 2
fi
