# WireCheck: `make run` (the main conformance job) and `make test` (the test suite) are the two
# commands of the README. Everything else is for fuzzing, serving and benchmarks.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
SWIFT ?= swift
TARGET ?= all
HOURS ?= 8

.PHONY: deps build test run fuzz-smoke fuzz serve bench vectors clean

deps:
	@scripts/deps.sh

build: deps
	$(SWIFT) build

## The test suite: unit and end-to-end tests, JSON Schema validation of every vector file, and the
## determinism check (regenerating Vectors/ and Corpus/ must change nothing).
test: deps
	$(SWIFT) build
	$(SWIFT) test
	python3 scripts/validate_vectors.py Vectors
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
run: deps
	$(SWIFT) build -c release
	.build/release/wirecheck run

fuzz-smoke: deps
	Fuzz/smoke.sh

fuzz: deps
	Fuzz/run.sh $(TARGET) --hours $(HOURS)

## Mock servers (cdev pairing/auth, Catbird MLS XRPC) arrive with their format issues.
serve: deps
	@echo "make serve: no mock server is implemented yet (the cdev and Catbird MLS servers come with their issues)" >&2; exit 2

bench: deps
	$(SWIFT) build -c release
	.build/release/wirecheck bench

vectors: build
	.build/debug/wirecheck vectors generate

clean:
	rm -rf .build .build-fuzz Fuzz/.build
