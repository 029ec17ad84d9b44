#!/usr/bin/env bash
# Vector adequacy by mutation: plants each bug of Mutants/<family>/<name>.patch (the hand-written catalogue,
# issue 16) or of a generated set (scripts/automutants.sh, issue 36) in a scratch copy of the tree, builds
# what the mutated module reaches, and sees whether what a user runs catches it. The runner is
# scripts/mutation/runner.py (its --help lists the steps and verdicts).
#
# Usage: scripts/mutants.sh [--unit] [--fuzz S | --fuzz-only S] [--fuzz-survivors S] [PATCH...]
#   (default: every Mutants/*/*.patch). MUTANTS_SCRATCH=DIR uses another scratch tree (default .build-mutants),
#   FUZZER=.build/release/wirecheck fuzzes with a release build.
# Output: reports/mutants/<run>/summary.md and summary.json. A run over the whole catalogue copies its
# summary to Mutants/SUMMARY.md (SUMMARY-fuzz.md with --fuzz or --fuzz-only).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
summary=()
patches=0
fuzz=0
for arg in "$@"; do
  case "$arg" in
    --fuzz | --fuzz-only) fuzz=1 ;;
    --unit | --fuzz-survivors | [0-9]*) ;;
    *) patches=1 ;;
  esac
done
if [ "$patches" = 0 ]; then
  if [ "$fuzz" = 1 ]; then summary=(--summary Mutants/SUMMARY-fuzz.md); elif [[ " $* " != *" --unit "* ]]; then summary=(--summary Mutants/SUMMARY.md); fi
fi
exec python3 "$root/scripts/mutation/runner.py" "${summary[@]}" "$@"
