#!/bin/sh
# Makes the venv of the otdf-python peer at $REPO/.build-peers/otdf-python and installs the pinned SDK into it.
# Idempotent: an existing venv is reused, and pip leaves a package that is already at the pinned version alone.
# Prints the installed version (the last line of stdout is only the version).
set -eu

OTDF_PYTHON_VERSION=0.11.0   # newest on PyPI on 2026-11-26 (`pip index versions otdf-python`)

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
VENV="$REPO/.build-peers/otdf-python"
PYTHON=${PYTHON:-python3}

if [ ! -x "$VENV/bin/python" ]; then
    mkdir -p "$REPO/.build-peers"
    "$PYTHON" -m venv "$VENV"
fi

# constraints.txt holds the dependency versions the findings were made with (cryptography decides some of the
# SDK's answers); the SDK itself is pinned here.
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --constraint "$HERE/constraints.txt" "otdf-python==$OTDF_PYTHON_VERSION" >&2

INSTALLED=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("otdf-python"))')
if [ "$INSTALLED" != "$OTDF_PYTHON_VERSION" ]; then
    echo "install.sh: otdf-python $INSTALLED is installed, expected $OTDF_PYTHON_VERSION" >&2
    exit 1
fi
echo "otdf-python $INSTALLED (cryptography $("$VENV/bin/python" -c 'import cryptography; print(cryptography.__version__)')) in $VENV" >&2
echo "$INSTALLED"
