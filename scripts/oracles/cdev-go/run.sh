#!/usr/bin/env bash
# Differential check of Vectors/cdev/tokens.json against Go's own decoders: each CdevValidateTest case is
# validated with encoding/base64 (RawURLEncoding), encoding/json (Unmarshal into cdev's TokenPayload
# struct) and crypto/hmac, in the order of the ten steps, and the verdict (and the payload Go reads)
# compared with the vector's. Not part of CI (it needs Go: `apt-get install golang-go`).
# Usage: scripts/oracles/cdev-go/run.sh     -> "N cases, 0 differ" and exit 0, or the differing cases.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v go >/dev/null || { echo "cdev-go: needs Go (apt-get install golang-go)" >&2; exit 2; }
cd "$here" && GOFLAGS=-mod=mod go run . "$here/../../../Vectors/cdev/tokens.json"
