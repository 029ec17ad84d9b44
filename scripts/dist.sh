#!/usr/bin/env bash
# make dist: the release tarball for people without Swift (issue 41).
#   scripts/dist.sh            -> dist/wirecheck-<version>-linux-<arch>.tar.gz and its .sha256
# The binary is a release build linked with the Swift standard library and Foundation statically
# (--static-swift-stdlib) and with the static archives Debian ships for the C libraries (libsodium, OpenSSL,
# libpng, FlatBuffers, SQLite, zlib): a folder of symlinks to those .a files comes first on the linker's path, so -lX
# finds libX.a there before libX.so anywhere else (see below). Debian ships no static libqrencode, so libqrencode.so.4 is put in
# lib/ and found through the binary's RUNPATH ($ORIGIN/../lib). What stays dynamic is glibc (libc, libm, libdl,
# libpthread, the loader), libstdc++ and libgcc_s. Its own scratch folder (.build-dist) leaves the other builds alone.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
export PATH="/opt/swift/usr/bin:$PATH"
arch="$(uname -m)"
triple_dir="/usr/lib/$arch-linux-gnu"
scratch="$here/.build-dist"
static="$scratch/static-libs"

# Static archives first: a folder with a symlink to each lib<name>.a Debian ships. SwiftPM reads the system libraries'
# .pc files itself and puts their -L/usr/lib/<triple> on the link line before anything -Xlinker adds, so the .so there
# would win: .pc files of our own, found first through PKG_CONFIG_PATH, name the static folder instead (with the
# libraries a static archive needs after it: libcrypto needs libdl and pthreads, libpng needs zlib and libm).
rm -rf "$static" "$scratch/pkgconfig"
mkdir -p "$static" "$scratch/pkgconfig"
for name in sodium ssl crypto png16 flatbuffers sqlite3 z; do
  [ -f "$triple_dir/lib$name.a" ] || { echo "dist: $triple_dir/lib$name.a is missing (scripts/deps.sh installs the -dev packages)" >&2; exit 2; }
  ln -s "$triple_dir/lib$name.a" "$static/lib$name.a"
done
pc() { # pc NAME LIBS: NAME.pc with the system's Cflags and these Libs
  printf 'Name: %s\nDescription: static, for make dist\nVersion: %s\nCflags: %s\nLibs: -L%s %s\n' \
    "$1" "$(pkg-config --modversion "$1")" "$(pkg-config --cflags "$1")" "$static" "$2" >"$scratch/pkgconfig/$1.pc"
}
pc libsodium "-lsodium"
pc openssl "-lssl -lcrypto -ldl -pthread"
pc libpng "-lpng16 -lz -lm"
pc flatbuffers "-lflatbuffers"
pc zlib "-lz"
pc sqlite3 "-lsqlite3 -lm -ldl -pthread"
export PKG_CONFIG_PATH="$scratch/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

SWIFT_DETERMINISTIC_HASHING=1 swift build -c release --product wirecheck --scratch-path "$scratch" --static-swift-stdlib \
  -Xlinker -L"$static" -Xlinker -rpath -Xlinker '$ORIGIN/../lib' >&2
built="$scratch/release"

version="$("$built/wirecheck" --version | cut -d' ' -f1)"
name="wirecheck-$version-linux-$arch"
stage="$here/dist/$name"
rm -rf "$stage" "$here/dist/$name.tar.gz" "$here/dist/$name.tar.gz.sha256"
mkdir -p "$stage/bin" "$stage/lib" "$stage/licenses"

cp "$built/wirecheck" "$stage/bin/"
strip "$stage/bin/wirecheck"
# SwiftPM resource bundles (the Catbird MLS lexicons, atproto test data, GRDB's): Bundle.module looks beside the binary.
for bundle in "$built"/*.resources; do
  case "$(basename "$bundle")" in *Tests.resources) continue ;; esac
  cp -R "$bundle" "$stage/bin/"
done
# Whatever is still linked dynamically and is not part of glibc or the C++ runtime goes in lib/.
if ldd "$stage/bin/wirecheck" | grep -q "not found"; then
  echo "dist: bin/wirecheck needs a library that is not on this machine:" >&2
  ldd "$stage/bin/wirecheck" | grep "not found" >&2
  exit 1
fi
ldd "$stage/bin/wirecheck" | awk '$3 ~ /^\// {print $3}' | while read -r library; do
  case "$(basename "$library")" in
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libresolv.so.*|libutil.so.*|ld-linux*|libstdc++.so.*|libgcc_s.so.*) ;;
    *) cp -L "$library" "$stage/lib/" ;;
  esac
done

cp -R Vectors Corpus docs "$stage/"
mkdir -p "$stage/dictionaries"
cp Fuzz/Dictionaries/*.dict "$stage/dictionaries/"
cp LICENSE "$stage/LICENSE"
# The oldest glibc it runs on: the newest GLIBC_ symbol version the binary and lib/ ask for.
shopt -s nullglob
glibc_min="$( (objdump -T "$stage/bin/wirecheck" "$stage"/lib/*.so* || true) | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' |
  sort -uV | tail -1 || true)"
shopt -u nullglob
[ -n "$glibc_min" ] || { echo "dist: objdump found no GLIBC_ symbol versions in bin/wirecheck" >&2; exit 1; }
sed "s/@GLIBC_MIN@/$glibc_min/g" scripts/dist/README.md >"$stage/README.md"
mkdir -p "$stage/examples"
cp Examples/python_shim.py "$stage/examples/"
{
  echo "version=$version"
  echo "vectors=$("$built/wirecheck" --version | sed -n 's/.*(vectors \([^,]*\),.*/\1/p')"
  echo "commit=$(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD -- Sources Package.swift Package.resolved || echo +dirty)"
  echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "swift=$(swift --version 2>/dev/null | head -1)"
  echo "glibc-min=$glibc_min"
} >"$stage/BUILD-INFO"

# The licences of what is inside: the Swift runtime, each Swift package, each C library.
cp /opt/swift/usr/share/swift/LICENSE.txt "$stage/licenses/swift.txt" 2>/dev/null || true
for checkout in "$scratch"/checkouts/*; do
  for file in "$checkout"/LICENSE* "$checkout"/COPYING*; do
    [ -f "$file" ] && cp "$file" "$stage/licenses/$(basename "$checkout")-$(basename "$file")"
  done
done
for package in libsodium23 libssl3 libpng16-16 libflatbuffers2 libsqlite3-0 zlib1g libqrencode4 libsecp256k1-1; do
  [ -f "/usr/share/doc/$package/copyright" ] && cp "/usr/share/doc/$package/copyright" "$stage/licenses/$package.copyright"
done

tar -C "$here/dist" -czf "$here/dist/$name.tar.gz" "$name"
(cd "$here/dist" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "dist: $here/dist/$name.tar.gz ($(du -h "$here/dist/$name.tar.gz" | cut -f1)), sha256 in $name.tar.gz.sha256"
echo "dist: dynamic libraries of bin/wirecheck:"
ldd "$stage/bin/wirecheck" | sed 's/^/  /'
