#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: puts each target, its seed corpus zip, dictionary and options
# into $OUT. The engine's $SANITIZER selects the sanitizer; the flags are Fuzz/build.sh's, written once
# there (fuzzing.md's recipe; BoringSSL without ASan, and with coverage only in its EC code).
cd "$SRC/wirecheck"
FUZZ_BUILD="$WORK/fuzz-build" FUZZ_SANITIZER="${SANITIZER:-address}" Fuzz/build.sh >/dev/null
for target in $(sed -n 's/.*executableTarget(name: "\(Fuzz[A-Za-z0-9]*\)".*/\1/p' Fuzz/Package.swift); do
  cp "$WORK/fuzz-build/release/$target" "$OUT/"
  cp "Fuzz/Dictionaries/$target.dict" "$OUT/"
  cp "Fuzz/Options/$target.options" "$OUT/"
  if [ -d "Corpus/$target" ]; then
    (cd "Corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
# Resource bundles (the Catbird MLS lexicons FuzzLexiconValidate loads) sit beside the binaries, where
# SwiftPM's Bundle.module looks first.
for bundle in "$WORK/fuzz-build/release/"*.resources; do
  [ -d "$bundle" ] && cp -r "$bundle" "$OUT/"
done
