#!/usr/bin/env bash
# Checks a release tarball the way a user without Swift meets it (issue 41):
#   scripts/dist-check.sh dist/wirecheck-<version>-linux-<arch>.tar.gz [--debootstrap]
# 1. the checksum file beside it matches;
# 2. `ldd bin/wirecheck` names nothing but glibc, libstdc++, libgcc_s, the loader and what lib/ holds;
# 3. unpacked in a fresh folder outside the repository, with an environment stripped of Swift (`env -i`, PATH
#    /usr/bin:/bin, LD_LIBRARY_PATH empty), it prints its version, verifies every vector through the reference's own
#    shim (`bin/wirecheck shim`, all PASS), verifies the base64 vectors through the Python example shim (a shim in
#    another language; Python's base64 fails some, as documented, so exit 1 with passes), and runs `wirecheck run`;
# 4. start-up time: `bin/wirecheck --version` against `/bin/true`, 20 runs each, as a ratio;
# 5. with --debootstrap, the same in a minimal Debian root (debootstrap --variant=minbase, plus python3): a machine
#    with nothing but Debian's base system.
# Prints each step; exit 1 at the first that fails.
set -euo pipefail
tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
debootstrap=0
[ "${1:-}" = "--debootstrap" ] && debootstrap=1
name="$(basename "$tarball" .tar.gz)"
fail() { echo "dist-check: FAIL: $*" >&2; exit 1; }

(cd "$(dirname "$tarball")" && sha256sum -c --quiet "$name.tar.gz.sha256") || fail "the checksum does not match"
echo "dist-check: checksum OK; $(du -h "$tarball" | cut -f1) packed"

work="$(mktemp -d /tmp/wirecheck-dist-check-XXXXXX)"
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$tarball"
root="$work/$name"
echo "dist-check: unpacked $(du -sh "$root" | cut -f1) in $root"

extra="$(ldd "$root/bin/wirecheck" | awk '{print $1, $3}' | while read -r library path; do
  case "$library" in
    linux-vdso.so.*|libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libresolv.so.*|libutil.so.*|*/ld-linux*|ld-linux*|\
      libstdc++.so.*|libgcc_s.so.*) ;;
    *) [ "$(dirname "$(realpath "$path")")" = "$(realpath "$root/lib")" ] || echo "$library ($path)" ;;
  esac
done)"
[ -z "$extra" ] || fail "bin/wirecheck links libraries from outside the release: $extra"
echo "dist-check: ldd: glibc, libstdc++, libgcc_s and the loader, plus lib/: $(ls "$root/lib" | tr '\n' ' ')"

# Everything below runs in the stripped environment, from a folder that is not the release's.
clean() { (cd "$work" && env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="$work" LANG=C.UTF-8 "$@"); }
clean sh -c 'command -v swift' >/dev/null && fail "swift is on the stripped PATH"
version="$(clean "$root/bin/wirecheck" --version)" || fail "--version"
echo "dist-check: --version: $version"
clean "$root/bin/wirecheck" vectors verify --shim "$root/bin/wirecheck shim" --report-dir "$work/verify-reference" \
  >"$work/verify-reference.txt" 2>&1 || fail "vectors verify through the reference shim (see $work/verify-reference.txt)"
echo "dist-check: vectors verify --shim 'bin/wirecheck shim': $(grep -E '^\| \*\*all\*\*' "$work/verify-reference.txt")"
set +e
clean "$root/bin/wirecheck" vectors verify --shim "python3 $root/examples/python_shim.py" --only 'wirecore/base64*' \
  --report-dir "$work/verify-python" >"$work/verify-python.txt" 2>&1
status=$?
set -e
[ "$status" -eq 1 ] || fail "the Python shim's run exited $status, not 1 (see $work/verify-python.txt)"
echo "dist-check: vectors verify --shim 'python3 examples/python_shim.py': $(grep -E '^\| \*\*all\*\*' "$work/verify-python.txt")"
clean "$root/bin/wirecheck" run >"$work/run.txt" 2>&1 || fail "wirecheck run (see $work/run.txt)"
echo "dist-check: run: $(grep -E '^\| \*\*all\*\*' "$work/run.txt")"

measure() {
  local start end
  start=$(date +%s%N)
  for _ in $(seq 20); do "$@" >/dev/null; done
  end=$(date +%s%N)
  echo $(((end - start) / 20000))
}
startup="$(measure "$root/bin/wirecheck" --version)"
floor="$(measure /bin/true)"
echo "dist-check: start-up: --version ${startup} us, /bin/true ${floor} us, ratio $(python3 -c "print(round($startup / $floor, 1))")"

if [ "$debootstrap" = 1 ]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
  chroot_dir="$work/debian"
  debootstrap --variant=minbase --include=python3 bookworm "$chroot_dir" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    fail "debootstrap (see $work/debootstrap.log)"
  cp -R "$root" "$chroot_dir/opt/"
  mount -t proc proc "$chroot_dir/proc"
  # Never rm -rf through a /proc that is still mounted.
  trap 'umount "$chroot_dir/proc" 2>/dev/null; mountpoint -q "$chroot_dir/proc" || rm -rf "$work"' EXIT
  in_root() { env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 /usr/sbin/chroot "$chroot_dir" sh -c "cd /tmp && $*"; }
  echo "dist-check: debootstrap root: $(in_root "cat /etc/debian_version"), glibc $(in_root "ldd --version | head -1 | awk '{print \$NF}'")"
  in_root "/opt/$name/bin/wirecheck --version" || fail "--version in the Debian root"
  in_root "/opt/$name/bin/wirecheck vectors verify --shim '/opt/$name/bin/wirecheck shim' >/tmp/verify.txt 2>&1" ||
    fail "vectors verify in the Debian root"
  echo "dist-check: Debian root: vectors verify: $(grep -E '^\| \*\*all\*\*' "$chroot_dir/tmp/verify.txt")"
  in_root "/opt/$name/bin/wirecheck run >/tmp/run.txt 2>&1" || fail "run in the Debian root (see $chroot_dir/tmp/run.txt)"
  echo "dist-check: Debian root: run: $(grep -E '^\| \*\*all\*\*' "$chroot_dir/tmp/run.txt")"
fi
echo "dist-check: all checks passed"
