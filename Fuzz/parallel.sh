# Sourced by Fuzz/smoke.sh and Fuzz/cflite-simulate.sh: run_parallel JOBS FUNCTION ARG... calls
# FUNCTION once per ARG in the background, at most JOBS at a time, and returns when all are done.
# Each call writes its own result files; the caller reads them in ARG order afterwards, so the
# output does not depend on which call finished first.
run_parallel() {
  local jobs="$1" function="$2" running=0 argument
  shift 2
  for argument in "$@"; do
    if [ "$running" -ge "$jobs" ]; then
      wait -n || true
      running=$((running - 1))
    fi
    "$function" "$argument" &
    running=$((running + 1))
  done
  wait || true
}
