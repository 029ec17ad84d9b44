#!/bin/sh
# Runs WireCheck's NanoTDF vectors against otdf-python through shim.py and prints the summary
# (Examples/peers/verify.sh does it for every peer). Extra arguments go to `wirecheck vectors verify`; an
# `--only GLOB` of yours replaces the default `--only 'nanotdf/*'`, so
#   Examples/peers/otdf-python/run.sh --only nanotdf/parse/header-spec-example-1
# runs that one case. Exit code: that of verify.
exec "$(dirname "$0")/../verify.sh" "$(dirname "$0")" 'nanotdf/*' "$@"
