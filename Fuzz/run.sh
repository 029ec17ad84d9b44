#!/usr/bin/env bash
# Overnight fuzzing on this machine:
#   Fuzz/run.sh TARGET[,TARGET...]|all [--hours N | --to-cpu-hours H] [--workers N] [--plan]
#
# For each target: fork mode on every core over a working copy of its corpus, then merge the new
# units back into Corpus/<target>/ (-merge=1, minimising), minimise every crash artefact, and write
# a report under reports/fuzz/<run-name>/ (exec/s, cov/ft, corpus size before and after, new units,
# each crash with its minimised file, Base64 and top frames). The hours are split evenly between the
# targets ("all", or a comma-separated list: the ones behind in the ledger, to even it out).
# Crash files to keep go to Fuzz/FailCases/<target>/ plus a unit test.
# --workers N (default: every core) leaves the other cores free, for a campaign in the background.
# Each target's campaign is a row of the committed ledger reports/fuzz-ledger.md (Fuzz/ledger.py), whose
# table of cumulative CPU-hours per target says how much fuzzing each decoder has had.
# --to-cpu-hours H instead gives each target the seconds that bring it to H cumulative CPU-hours in the ledger
# (its missing CPU seconds over the workers, plus 20 s for their start; targets already there are left out).
# They get there only on cores nothing else uses: run the same command again to top up what other work took.
# --plan prints the targets and seconds each would get, and the wall time, and stops (no build, no fuzzing).
set -euo pipefail
# time and python print decimal points, whatever the user's locale.
export LC_ALL=C
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
export SWIFT_BACKTRACE=enable=no

all_targets=($(cd "$here/Sources" && ls -d Fuzz*/main.swift | cut -d/ -f1))
usage() {
  echo "usage: Fuzz/run.sh TARGET[,TARGET...]|all [--hours N | --to-cpu-hours H] [--workers N] [--plan]" >&2
  echo "  (targets: ${all_targets[*]})" >&2
  exit 2
}
[ $# -ge 1 ] || usage
what="$1"; shift
hours=""
to_cpu_hours=""
plan_only=false
workers=$(nproc)
while [ $# -gt 0 ]; do
  case "$1" in
    --hours) hours="${2:?}"; shift 2 ;;
    --to-cpu-hours) to_cpu_hours="${2:?}"; shift 2 ;;
    --workers) workers="${2:?}"; shift 2 ;;
    --plan) plan_only=true; shift ;;
    -h|--help) usage ;;
    *) echo "run.sh: unknown option $1" >&2; usage ;;
  esac
done
positive() { [[ "$1" =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] && python3 -c "import sys; sys.exit(not float('$1') > 0)"; }
[ -z "$hours" ] || [ -z "$to_cpu_hours" ] || { echo "run.sh: --hours and --to-cpu-hours exclude each other" >&2; usage; }
hours=${hours:-8}
positive "$hours" || { echo "run.sh: --hours takes a positive number, not '$hours'" >&2; usage; }
if [ -n "$to_cpu_hours" ] && ! positive "$to_cpu_hours"; then
  echo "run.sh: --to-cpu-hours takes a positive number, not '$to_cpu_hours'" >&2; usage
fi
[[ "$workers" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --workers takes a positive integer, not '$workers'" >&2; usage; }
if [ "$what" = all ]; then targets=("${all_targets[@]}"); else IFS=, read -r -a targets <<<"$what"; fi
for t in "${targets[@]}"; do [[ " ${all_targets[*]} " == *" $t "* ]] || { echo "run.sh: no target $t" >&2; usage; }; done
IFS=$'\n' targets=($(sort -u <<<"${targets[*]}")); unset IFS

# The fuzzing seconds of each target: an even share of --hours, or what the ledger says it lacks.
declare -A seconds_of
if [ -n "$to_cpu_hours" ]; then
  declare -A lacking
  behind=$(python3 "$here/ledger.py" "$root/reports/fuzz-ledger.md" --behind "$to_cpu_hours") ||
    { echo "run.sh: ledger.py failed" >&2; exit 2; }
  while read -r t cpu; do [ -z "$t" ] || lacking["$t"]=$cpu; done <<<"$behind"
  kept=()
  for t in "${targets[@]}"; do
    [ -n "${lacking[$t]:-}" ] || continue
    kept+=("$t")
    # A fork-mode worker uses one core: N workers spend N CPU seconds per second, less while they start and read the
    # corpus, hence 20 s more (a top-up without them came 10 CPU-s short). At least 60 s (this script's floor: a
    # shorter run spends much of it starting).
    s=$(( (lacking[$t] + workers - 1) / workers + 20 ))
    seconds_of["$t"]=$(( s < 60 ? 60 : s ))
  done
  targets=("${kept[@]}")
  [ ${#targets[@]} -gt 0 ] || { echo "run.sh: every target asked for has $to_cpu_hours CPU-hours in the ledger already"; exit 0; }
else
  s=$(python3 -c "print(max(60, int(float('$hours') * 3600 / ${#targets[@]})))")
  for t in "${targets[@]}"; do seconds_of["$t"]=$s; done
fi
if $plan_only; then
  total=0
  for t in "${targets[@]}"; do echo "$t ${seconds_of[$t]} s on $workers workers"; total=$((total + seconds_of[$t])); done
  echo "fuzzing wall time: $total s ($(python3 -c "print(round($total / 3600, 2))") h), plus a merge per target"
  exit 0
fi

# The commit the binaries are built from (the ledger's), taken before the build: commits made while a long
# campaign runs do not change what was fuzzed.
commit="$(git -C "$root" rev-parse --short=8 HEAD)$(git -C "$root" diff --quiet HEAD -- Sources Fuzz || echo +dirty)"
mapfile -t binaries < <("$here/build.sh")
declare -A binary_of
for b in "${binaries[@]}"; do binary_of["$(basename "$b")"]="$b"; done
for t in "${targets[@]}"; do [ -n "${binary_of[$t]:-}" ] || { echo "run.sh: build.sh made no binary for $t" >&2; exit 1; }; done

run_name="fuzz-$(date -u +%Y%m%d-%H%M%S)"
report_dir="$root/reports/fuzz/$run_name"
mkdir -p "$report_dir"
summary="$report_dir/report.md"
{
  echo "# Fuzz run $run_name"
  echo
  if [ -n "$to_cpu_hours" ]; then
    share="the seconds each lacks of $to_cpu_hours CPU-hours"
    listed=$(for t in "${targets[@]}"; do printf '%s (%s s) ' "$t" "${seconds_of[$t]}"; done)
  else
    share="${seconds_of[${targets[0]}]} s per target"
    listed="${targets[*]}"
  fi
  echo "$workers of $(nproc) cores, $share, libFuzzer fork mode. Targets: ${listed% }."
  echo
  echo "| target | exec/s | cov | ft | corpus before | corpus after | new units | crashes |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
} >"$summary"
crash_notes=""

for target in "${targets[@]}"; do
  binary="${binary_of[$target]}"
  seconds_each="${seconds_of[$target]}"
  corpus="$root/Corpus/$target"
  work="$report_dir/work-$target"
  artifacts="$report_dir/artifacts-$target"
  mkdir -p "$corpus" "$work" "$artifacts"
  before=$(find "$corpus" -type f | wc -l)
  cp -r "$corpus"/. "$work"/ 2>/dev/null || true
  max_len="$(sed -n 's/^max_len = //p' "$here/Options/$target.options")"
  echo "run.sh: fuzzing $target for ${seconds_each}s on $workers workers (log: $report_dir/$target.log)" >&2
  set +e
  # bash's `time` counts the CPU of the fork-mode workers too (waited-for children): the ledger's CPU time.
  TIMEFORMAT='%R %U %S'
  { time "$binary" -fork="$workers" -ignore_crashes=1 -max_total_time="$seconds_each" -timeout=10 -rss_limit_mb=2048 \
    -max_len="$max_len" -dict="$here/Dictionaries/$target.dict" -use_value_profile=1 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$work" >"$report_dir/$target.log" 2>&1; } 2>"$report_dir/$target.time"
  set -e
  # Merge what was found back into the committed corpus, keeping only units that add coverage.
  "$binary" -merge=1 -merge_control_file="$report_dir/$target.merge" -max_len="$max_len" "$corpus" "$work" \
    >"$report_dir/$target.merge.log" 2>&1 || echo "run.sh: merge of $target failed; see $target.merge.log" >&2
  after=$(find "$corpus" -type f | wc -l)
  # A campaign that never reported (the binary died at start) has no status line: the row says 0, the run goes on.
  last=$(grep -E '^#[0-9]+' "$report_dir/$target.log" | tail -1 || true)
  cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | awk '{print $2}' || true)
  ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | awk '{print $2}' || true)
  execs=$(grep -oE 'exec/s: [0-9]+' <<<"$last" | awk '{print $2}' || true)
  crashes=0
  for artifact in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/leak-*; do
    [ -f "$artifact" ] || continue
    crashes=$((crashes + 1))
    minimized="$artifact.min"
    "$binary" -minimize_crash=1 -runs=20000 -exact_artifact_path="$minimized" "$artifact" >"$artifact.minimize.log" 2>&1 || true
    [ -f "$minimized" ] || minimized="$artifact"
    frames=$("$binary" "$minimized" 2>&1 | grep -E '^ +#[0-9]+ ' | head -8 || true)
    crash_notes+=$'\n'"### $target: $(basename "$artifact")"$'\n\n'"- minimised: \`$minimized\` ($(stat -c %s "$minimized") bytes)"$'\n'"- base64: \`$(base64 -w0 "$minimized")\`"$'\n'"- reproduce: \`SWIFT_BACKTRACE=enable=no $binary $minimized\`"$'\n\n```\n'"$frames"$'\n```\n'
  done
  echo "| $target | ${execs:-?} | ${cov:-?} | ${ft:-?} | $before | $after | $((after - before)) | $crashes |" >>"$summary"
  # The last line is time's: bash may write a job's "Killed" line before it.
  read -r wall user sys < <(tail -n1 "$report_dir/$target.time")
  [[ "$wall $user $sys" =~ ^[0-9.]+\ [0-9.]+\ [0-9.]+$ ]] || { wall=0; user=0; sys=0; echo "run.sh: no CPU time for $target" >&2; }
  executions=$(grep -oE '^#[0-9]+' <<<"$last" | tr -d '#' || true)
  python3 "$here/ledger.py" "$root/reports/fuzz-ledger.md" --target "$target" --commit "$commit" \
    --workers "$workers" --wall "$wall" --cpu "$(python3 -c "print($user + $sys)")" --executions "${executions:-0}" \
    --new-units "$((after - before))" --crashes "$crashes" --run "$run_name"
done
{
  echo
  if [ -n "$crash_notes" ]; then echo "## Crashes"; echo "$crash_notes"; echo "Keep each minimised file in Fuzz/FailCases/<target>/ and replay it in a unit test."; else echo "No crashes."; fi
} >>"$summary"
cat "$summary"
