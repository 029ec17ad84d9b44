#!/bin/sh
# Runs WireCheck's Arkavo FlatBuffers vectors against the FlatBuffers Python runtime (flatc --python code) through shim.py and prints the summary
# (Examples/peers/verify.sh does it for every peer). Extra arguments go to `wirecheck vectors verify`; an
# `--only GLOB` of yours replaces the default `--only 'arkavo/flatbuffers/*'`, so
#   Examples/peers/flatbuffers-python/run.sh --only arkavo/flatbuffers/decode-event-root-offset-zero
# runs that one case. Exit code: that of verify.
exec "$(dirname "$0")/../verify.sh" "$(dirname "$0")" 'arkavo/flatbuffers/*' "$@"
