# mdview — set-up, build, test, install and benchmark.
# Every target installs what is missing first and is safe to run again.

PREFIX ?= /usr/local
SWIFT ?= swift
# --strip-debug: no DWARF in the binary (symbols stay for backtraces); it starts ~0.7 ms faster.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xlinker --strip-debug
BIN = .build/release/mdview

.PHONY: deps grammars build demo test fuzz install bench golden clean format lint

deps:
	@scripts/install-deps.sh

# Tree-sitter grammars pinned in grammars.lock, into ~/.local/share/mdview/grammars (idempotent).
grammars:
	@scripts/install-grammars.sh

build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

demo: build grammars
	$(BIN) README.md

# How long `make fuzz` fuzzes, and how long `make test` (and so CI) does.
SECONDS ?= 60
FUZZ_SECONDS ?= 60

test: deps grammars lint
	$(SWIFT) test
	@scripts/fuzz.sh $(FUZZ_SECONDS)

# libFuzzer over the whole pipeline (parse, resolve, layout, write) with its invariants; see README "Fuzzing".
fuzz: deps grammars
	@scripts/fuzz.sh $(SECONDS)

install: build grammars
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/mdview
	install -m 644 man/mdview.1 $(DESTDIR)$(PREFIX)/share/man/man1/mdview.1
	@scripts/install-grammars.sh $(DESTDIR)$(PREFIX)/share/mdview/grammars

bench: build
	@scripts/install-deps.sh bench
	@scripts/bench.sh $(BIN)

golden: deps
	MDVIEW_UPDATE_GOLDEN=1 $(SWIFT) test --filter Golden || true
	@echo "Golden files rewritten: review 'git diff Tests/', then run 'make test'."


clean:
	rm -rf .build .build-fuzz

# The committed .swift-format configuration: `make format` rewrites, `make lint` checks (CI runs it).
format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
