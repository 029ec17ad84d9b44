# WireCheck: `make run` (the main conformance job) and `make test` (the test suite) are the two
# commands of the README. Everything else is for fuzzing, serving and benchmarks.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
SWIFT ?= swift
## SwiftPM 6.3.1 orders some compile flags (a package's trait defines, the sanitizers) by a Swift Set, whose
## order follows each process's random hash seed; Hummingbird has two traits, so every second build or
## test call recompiled it (FINDINGS.md D7). A fixed seed for SwiftPM gives one order.
SWIFTPM := SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT)
TARGET ?= all
HOURS ?= 8
## `make fuzz CPU_HOURS=1` fuzzes each target for what it lacks of 1 CPU-hour in reports/fuzz-ledger.md instead.
CPU_HOURS ?=

.PHONY: deps deps-run deps-test build test run install dist dist-check fuzz-smoke fuzz mutants serve load bench peers vectors clean

## Debian packages: `deps-run` what the main job needs, `deps-test` what the tests add, `deps` everything.
deps:
	@scripts/deps.sh all
deps-run:
	@scripts/deps.sh run
deps-test:
	@scripts/deps.sh test

## One debug build (with the test targets) serves both README commands: the second does not rebuild.
build: deps-run
	$(SWIFTPM) build --build-tests

## The test suite: unit and end-to-end tests, JSON Schema validation of every vector file, and the
## determinism check (regenerating Vectors/ and Corpus/ must change nothing).
test: deps-test build
	scripts/flatbuffers/generate.sh --check
	@# --skip-build: `build` built the tests. Not through SWIFTPM: the tests keep Swift's random hash seed.
	$(SWIFT) test --skip-build
	python3 scripts/validate_vectors.py Vectors
	scripts/html_report_check.sh
	.build/debug/wirecheck vectors generate
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
	  git diff --exit-code --stat Vectors Corpus || { echo "make test: regenerating the vectors changed them; commit the output of 'wirecheck vectors generate'" >&2; exit 1; }; \
	  untracked=$$(git ls-files --others --exclude-standard Vectors 'Corpus/*/seed-*'); \
	  if [ -n "$$untracked" ]; then echo "make test: the generator wrote files that are not committed:" >&2; echo "$$untracked" >&2; exit 1; fi; \
	else \
	  .build/debug/wirecheck vectors generate --check; \
	fi
	@echo "make test: all checks passed"

## The main job: every conformance suite against the reference implementation, through its shim.
run: build
	.build/debug/wirecheck run

## The release for people without Swift: dist/wirecheck-<version>-linux-<arch>.tar.gz and .sha256 (scripts/dist.sh:
## Swift runtime and C libraries linked statically, Vectors/ beside bin/), then dist-check runs it stripped of Swift.
dist: deps-test
	scripts/dist.sh

dist-check: dist
	scripts/dist-check.sh dist/wirecheck-*-linux-$$(uname -m).tar.gz

## `wirecheck` on your PATH: a release build copied to $(PREFIX)/bin (make install PREFIX=$$HOME/.local).
PREFIX ?= /usr/local
install: deps-run
	$(SWIFTPM) build -c release --product wirecheck
	install -d $(PREFIX)/bin
	install -m 0755 .build/release/wirecheck $(PREFIX)/bin/wirecheck
	@echo "installed $(PREFIX)/bin/wirecheck"

fuzz-smoke: deps-test
	Fuzz/smoke.sh
	Fuzz/cflite-simulate.sh

fuzz: deps-test
	Fuzz/run.sh $(TARGET) $(if $(CPU_HOURS),--to-cpu-hours $(CPU_HOURS),--hours $(HOURS))

## Vector adequacy: plant every bug of Mutants/*/*.patch and see whether the vectors or the live checks
## catch it (reports/mutants/<run>/summary.md); not part of CI. MUTANTS_ARGS=--unit also runs each
## patch's unit tests.
MUTANTS_ARGS ?=
mutants: deps-test
	scripts/mutants.sh $(MUTANTS_ARGS)

## The mock cdev server in the foreground (port 8766, baseline profile, auth on); SERVE_ARGS adds
## options, e.g. make serve SERVE_ARGS="--profile head --port 16180".
SERVE_ARGS ?=
serve: deps
	$(SWIFTPM) build -c release
	.build/release/wirecheck serve cdev --require-auth $(SERVE_ARGS)

## The vectors against real third-party SDKs (Examples/peers/*/run.sh: a pinned SDK in .build-peers/, its shim,
## reports/peers/<name>/), then `wirecheck fuzz` through each shim, 10,000 inputs from seed 1 (Examples/peers/fuzz.sh,
## reports/peers/<name>/fuzz/); Examples/peers/REPORT.md says what they showed. Needs PyPI; not part of `make test`.
peers: deps
	$(SWIFTPM) build -c release --product wirecheck
	@# A peer's FAIL or finding (exit 1) is its result; a harness error (exit 2, an install that failed) stops the target.
	@for peer in Examples/peers/*/; do \
	  echo "== $${peer}run.sh"; rc=0; $${peer}run.sh || rc=$$?; [ $$rc -le 1 ] || exit $$rc; \
	  echo "== Examples/peers/fuzz.sh $$peer"; rc=0; Examples/peers/fuzz.sh $$peer | tail -4 || rc=$$?; [ $$rc -le 1 ] || exit $$rc; \
	done; \
	echo "peers: reports in reports/peers/<name>/ and reports/peers/<name>/fuzz/; Examples/peers/REPORT.md says what they showed"

## 30 s wrk loads (64 connections): the mock cdev server (/api/status, refused /ws upgrades, pair-info + exchange),
## then the mock MLS server in memory and with --db (getMessages, sendMessage), then 64 WebSocket clients rewrapping
## on the mock KAS (scripts/load/kas_ws.py); RSS before and after each.
load: deps
	$(SWIFTPM) build -c release
	scripts/load/cdev.sh 30 64
	scripts/load/mls.sh 30 64
	scripts/load/kas.sh 30 64

bench: deps
	$(SWIFTPM) build -c release
	.build/release/wirecheck bench

vectors: build
	.build/debug/wirecheck vectors generate

clean:
	rm -rf .build .build-fuzz .build-dist dist Fuzz/.build
