#!/bin/sh
# Makes the venv of the atproto-python peer at $REPO/.build-peers/atproto-python and installs the pinned SDK into it.
# Idempotent: an existing venv is reused, and pip leaves a package that is already at the pinned version alone.
# Prints the installed version (the last line of stdout is only the version).
set -eu

ATPROTO_VERSION=0.0.73   # newest on PyPI on 2026-11-26 (`pip index versions atproto`)

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
VENV="$REPO/.build-peers/atproto-python"
PYTHON=${PYTHON:-python3}

if [ ! -x "$VENV/bin/python" ]; then
    mkdir -p "$REPO/.build-peers"
    "$PYTHON" -m venv "$VENV"
fi

# constraints.txt holds the dependency versions the findings were made with (pydantic runs the SDK's
# string-format validators); the SDK itself is pinned here.
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --constraint "$HERE/constraints.txt" "atproto==$ATPROTO_VERSION" >&2

INSTALLED=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("atproto"))')
if [ "$INSTALLED" != "$ATPROTO_VERSION" ]; then
    echo "install.sh: atproto $INSTALLED is installed, expected $ATPROTO_VERSION" >&2
    exit 1
fi
echo "atproto $INSTALLED (pydantic $("$VENV/bin/python" -c 'import pydantic; print(pydantic.VERSION)')) in $VENV" >&2
echo "$INSTALLED"
