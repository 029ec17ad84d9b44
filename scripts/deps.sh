#!/usr/bin/env bash
# Installs what WireCheck needs that a fresh machine may lack: Debian packages and Python's jsonschema.
# Idempotent: when everything is present it only asks dpkg and python once each (well under 2 s).
# Exit 2 with a message when something is missing and cannot be installed (not root, no network).
set -uo pipefail

APT_PACKAGES=(libsodium-dev libssl-dev libflatbuffers-dev flatbuffers-compiler libqrencode-dev libpng-dev
              zbar-tools pkg-config libxml2-utils wrk)

missing=()
while read -r name status; do
  [ "$status" = "installed" ] || missing+=("$name")
done < <(for p in "${APT_PACKAGES[@]}"; do
  printf '%s %s\n' "$p" "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || echo missing)"
done)

if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "deps: error: missing Debian packages (${missing[*]}) and not running as root; install them with apt-get" >&2
    exit 2
  fi
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/tmp/wirecheck-deps-apt.log 2>&1; then
    tail -20 /tmp/wirecheck-deps-apt.log >&2
    echo "deps: error: apt-get could not install ${missing[*]} (see /tmp/wirecheck-deps-apt.log; no network?)" >&2
    exit 2
  fi
fi

if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "deps: installing Python jsonschema"
  if ! python3 -m pip install -q jsonschema >/tmp/wirecheck-deps-pip.log 2>&1; then
    tail -20 /tmp/wirecheck-deps-pip.log >&2
    echo "deps: error: pip could not install jsonschema (see /tmp/wirecheck-deps-pip.log)" >&2
    exit 2
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "deps: error: swift is not on PATH (expected Swift 6.2 or newer, e.g. /opt/swift/usr/bin)" >&2
  exit 2
fi
