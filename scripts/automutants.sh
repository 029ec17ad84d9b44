#!/usr/bin/env bash
# Automatic mutants (issue 36): the operators of scripts/mutation/operators.py over the format modules, the
# mock services and the MLS client, on the lines the tests and `wirecheck run` execute, at most PER_FILE per
# file and MAX in all (seeded: the same tree and SEED give the same set); then the runner on each, with
# `wirecheck fuzz` for FUZZ seconds against a survivor of a format module (the engine's findings are the
# missing vectors; a survivor it cannot tell apart is reported probably equivalent).
#
# Usage: scripts/automutants.sh [--seed N] [--per-file K] [--max M] [--fuzz S] [--modules A,B] [--list-only]
# Output: reports/mutants/<run>/ (summary.md, summary.json, each mutant's logs and fuzz findings), the
# generated patches and manifest.json under reports/automutants/seed-N/, and a copy of the summary, with the
# manifest's per-file counts, in Mutants/AUTO-SUMMARY.md when the run is the default full one.
# A full run with the defaults (182 mutants here) took 63 min on two cores; it is not part of CI.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seed=1 perfile=2 max=200 fuzz=20 modules="" listonly=0
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed="$2"; shift 2 ;;
    --per-file) perfile="$2"; shift 2 ;;
    --max) max="$2"; shift 2 ;;
    --fuzz) fuzz="$2"; shift 2 ;;
    --modules) modules="$2"; shift 2 ;;
    --list-only) listonly=1; shift ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "automutants: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
set=$root/reports/automutants/seed-$seed
# Coverage is kept per Sources tree: a commit that changes no source reuses it.
lcov="$root/reports/automutants/coverage-$(git -C "$root" rev-parse --short HEAD:Sources).lcov"
mkdir -p "$root/reports/automutants"
[ -s "$lcov" ] || "$root/scripts/mutation/coverage.sh" "$lcov"
rm -rf "$set"
python3 "$root/scripts/mutation/generate.py" --coverage "$lcov" --out "$set" --seed "$seed" --per-file "$perfile" --max "$max" \
  ${modules:+--modules "$modules"}
[ "$listonly" = 1 ] && exit 0
mapfile -t patches < <(find "$set" -name '*.patch' | sort)
[ ${#patches[@]} -gt 0 ] || { echo "automutants: no mutants generated (see $set/manifest.json)" >&2; exit 2; }
summary=()
if [ -z "$modules" ] && [ "$seed" = 1 ]; then summary=(--summary Mutants/AUTO-SUMMARY.md); fi
status=0
python3 "$root/scripts/mutation/runner.py" --fuzz-survivors "$fuzz" "${summary[@]}" "${patches[@]}" || status=$?
if [ ${#summary[@]} -gt 0 ]; then python3 "$root/scripts/mutation/manifest_table.py" "$set/manifest.json" >>"$root/Mutants/AUTO-SUMMARY.md"; fi
exit $status
