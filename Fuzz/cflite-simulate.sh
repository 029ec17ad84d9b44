#!/usr/bin/env bash
# Runs the ClusterFuzzLite / OSS-Fuzz build outside Docker and then every target the way the engine
# does, so the scale-out path is known to work before anyone pays for it:
#   1. .clusterfuzzlite/build.sh with SRC, WORK and OUT pointing at temporary folders (WORK/fuzz-build
#      is the scratch folder of Fuzz/build.sh: same flags, so nothing is built twice);
#   2. every binary in $OUT must come with its .dict, .options and _seed_corpus.zip;
#   3. each binary runs from $OUT for CFLITE_SECONDS (default 3) with the libFuzzer options of its
#      .options file, over its unzipped seed corpus, as the engine starts it (CFLITE_JOBS targets at
#      a time, default one per core).
# Exit 0 when all of that holds, 1 otherwise (with the reason).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
seconds="${CFLITE_SECONDS:-3}"
export PATH="/opt/swift/usr/bin:$PATH" SWIFT_BACKTRACE=enable=no
# shellcheck source=Fuzz/parallel.sh
source "$here/parallel.sh"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/work" "$tmp/out"
ln -s "$root" "$tmp/src/wirecheck"
ln -s "${FUZZ_BUILD:-$root/.build-fuzz}" "$tmp/work/fuzz-build"
SRC="$tmp/src" WORK="$tmp/work" OUT="$tmp/out" SANITIZER=address bash "$root/.clusterfuzzlite/build.sh" >"$tmp/build.log" 2>&1 || {
  tail -30 "$tmp/build.log" >&2
  echo "cflite: .clusterfuzzlite/build.sh failed" >&2
  exit 1
}

# One target as the engine starts it; its line goes to $tmp/<target>.row, and it fails when the target does.
run_one() {
  local target="$1" file flags corpus rc execs ok=1
  exec 2>"$tmp/$target.err"
  for file in "$target" "$target.dict" "$target.options" "${target}_seed_corpus.zip"; do
    [ -e "$tmp/out/$file" ] || { echo "cflite: \$OUT has no $file" >&2; ok=0; }
  done
  [ -x "$tmp/out/$target" ] || return 1
  # The engine turns [libfuzzer] key = value lines into -key=value flags; dict is relative to $OUT.
  mapfile -t flags < <(sed -n 's/^\([a-z_]*\) = \(.*\)$/-\1=\2/p' "$tmp/out/$target.options")
  corpus="$tmp/corpus/$target"
  mkdir -p "$corpus"
  unzip -q "$tmp/out/${target}_seed_corpus.zip" -d "$corpus"
  set +e
  (cd "$tmp/out" && "./$target" "${flags[@]}" -max_total_time="$seconds" -print_final_stats=1 "$corpus" >"$tmp/$target.log" 2>&1)
  rc=$?
  set -e
  execs="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$tmp/$target.log" || true)"
  if [ "$rc" -ne 0 ] || [ -z "$execs" ]; then
    echo "cflite: $target failed as the engine runs it (exit $rc):" >&2
    tail -20 "$tmp/$target.log" >&2
    return 1
  fi
  printf 'cflite: %-22s ok, %s seeds, %s exec/s\n' "$target" "$(ls "$corpus" | wc -l)" "$execs" >"$tmp/$target.row"
  [ "$ok" -eq 1 ]
}

# One target per core at a time, as Fuzz/smoke.sh does; the lines come out in target order.
jobs="${CFLITE_JOBS:-$(nproc)}"
targets=$(sed -n 's/.*executableTarget(name: "\(Fuzz[A-Za-z0-9]*\)".*/\1/p' "$here/Package.swift")
# shellcheck disable=SC2086 # the target names are words
run_parallel "$jobs" run_one $targets
status=0
for target in $targets; do
  if [ -s "$tmp/$target.row" ] && [ ! -s "$tmp/$target.err" ]; then
    cat "$tmp/$target.row"
  else
    status=1
    cat "$tmp/$target.err" >&2
    [ -s "$tmp/$target.err" ] || echo "cflite: $target did not run" >&2
  fi
done
exit $status
