#!/bin/sh
# Runs WireCheck's atproto string-format vectors against atproto (Python) through shim.py and prints the summary
# (Examples/peers/verify.sh does it for every peer). Extra arguments go to `wirecheck vectors verify`; an
# `--only GLOB` of yours replaces the default `--only 'atproto/*'`, so
#   Examples/peers/atproto-python/run.sh --only atproto/syntax/did/v447bda5629ab
# runs that one case. Exit code: that of verify.
exec "$(dirname "$0")/../verify.sh" "$(dirname "$0")" 'atproto/*' "$@"
