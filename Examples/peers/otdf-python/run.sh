#!/bin/sh
# Runs WireCheck's NanoTDF vectors against otdf-python through shim.py and prints the summary
# (Examples/peers/verify.sh does it for every peer), then has otdf-python decrypt through the mock KAS (kas.sh).
# Extra arguments go to `wirecheck vectors verify`; an `--only GLOB` of yours replaces the default
# `--only 'nanotdf/*'`, so
#   Examples/peers/otdf-python/run.sh --only nanotdf/parse/header-spec-example-1
# runs that one case. Exit code: the larger of verify's and kas.sh's.
here=$(dirname "$0")
"$here/../verify.sh" "$here" 'nanotdf/*' "$@"
verify=$?
"$here/kas.sh"
kas=$?
[ "$verify" -ge "$kas" ] && exit "$verify"
exit "$kas"
