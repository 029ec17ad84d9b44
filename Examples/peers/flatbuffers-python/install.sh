#!/bin/sh
# Makes the venv of the flatbuffers-python peer at $REPO/.build-peers/flatbuffers-python, installs the pinned
# FlatBuffers Python runtime into it, and generates the Python code of the Arkavo schemas with Debian's flatc into
# $VENV/generated (package `Arkavo`).
# Idempotent: an existing venv is reused, pip leaves a package already at the pinned version alone, and the code is
# generated again only when the schemas or flatc changed (a stamp file records both).
# flatc comes from Debian's flatbuffers-compiler; it is installed (after apt-get update) only when missing.
# Prints the installed runtime version (the last line of stdout is only the version).
set -eu

# flatc in Debian bookworm is 2.0.8; PyPI has no 2.0.8 of the Python runtime (its releases go 2.0, 2.0.7, then
# 22.9.24), so the nearest earlier one is pinned. `pip index versions flatbuffers` on 2026-11-26: newest 25.12.19.
FLATBUFFERS_VERSION=2.0.7

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
VENV="$REPO/.build-peers/flatbuffers-python"
GEN="$VENV/generated"
FBS="$REPO/Vectors/arkavo/fbs"
PYTHON=${PYTHON:-python3}

if ! command -v flatc >/dev/null 2>&1; then
    echo "install.sh: flatc is missing; installing Debian's flatbuffers-compiler" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get update >&2
    $SUDO apt-get install -y flatbuffers-compiler >&2
fi

if [ ! -x "$VENV/bin/python" ]; then
    mkdir -p "$REPO/.build-peers"
    "$PYTHON" -m venv "$VENV"
fi

"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "flatbuffers==$FLATBUFFERS_VERSION" >&2

INSTALLED=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("flatbuffers"))')
if [ "$INSTALLED" != "$FLATBUFFERS_VERSION" ]; then
    echo "install.sh: flatbuffers $INSTALLED is installed, expected $FLATBUFFERS_VERSION" >&2
    exit 1
fi

# Generated code: flatc --python (object API too, for the encoder), one module per table/enum under Arkavo/.
FLATC_VERSION=$(flatc --version)
STAMP="$FLATC_VERSION $(cat "$FBS/event.fbs" "$FBS/entity.fbs" "$FBS/metadata.fbs" | cksum)"
if [ ! -f "$GEN/.stamp" ] || [ "$(cat "$GEN/.stamp")" != "$STAMP" ]; then
    rm -rf "$GEN"
    mkdir -p "$GEN"
    flatc --python --gen-object-api -o "$GEN" -I "$FBS" "$FBS/event.fbs" "$FBS/metadata.fbs" "$FBS/entity.fbs" >&2
    echo "$STAMP" > "$GEN/.stamp"
fi

echo "flatbuffers (PyPI) $INSTALLED, $FLATC_VERSION (code in $GEN) in $VENV" >&2
echo "$INSTALLED"
