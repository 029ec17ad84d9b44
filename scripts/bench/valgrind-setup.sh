# Sourced by scripts/bench/allocations.sh and instructions.sh: checks that valgrind and the release
# binary are there, and sets $scratch (a temporary folder, removed on exit) and $stripped, a copy of
# the binary without debug sections, because valgrind 3.19 gives up on the DWARF Swift 6.3 writes
# ("possibly corrupted debuginfo").
name="$(basename "$0")"
binary="${WIRECHECK:-.build/release/wirecheck}"
command -v valgrind >/dev/null || { echo "$name: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
[ -x "$binary" ] || { echo "$name: $binary is missing; run: swift build -c release --product wirecheck" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
stripped="$scratch/wirecheck"
objcopy --strip-debug "$binary" "$stripped"
