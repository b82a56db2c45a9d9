# rovers: build, test, demo and install with the Swift toolchain alone.

SWIFT ?= swift
PREFIX ?= /usr/local
# CI builds with warnings as errors; so does everyone else.
FLAGS = -Xswiftc -warnings-as-errors
DEBUG_BIN = .build/debug
RELEASE_BIN = .build/release

.PHONY: all build test demo install uninstall lint clean bench

all: build

build:
	$(SWIFT) build $(FLAGS)

test:
	$(SWIFT) build --build-tests $(FLAGS)
	$(SWIFT) test --skip-build

# Starts the fixture server on a free loopback port, runs the main commands against it,
# and stops it again, whatever happens. No network needed.
demo: build
	@dir=$$(mktemp -d); \
	$(DEBUG_BIN)/fixture-server --fixtures Fixtures --port-file $$dir/port >/dev/null & server=$$!; \
	trap 'kill $$server 2>/dev/null; rm -rf $$dir' EXIT INT TERM; \
	for i in $$(seq 200); do [ -s $$dir/port ] && break; sleep 0.05; done; \
	[ -s $$dir/port ] || { echo "make demo: the fixture server did not start" >&2; exit 1; }; \
	export ROVERS_API_BASE=http://127.0.0.1:$$(cat $$dir/port)/api/v1 NO_PROXY='*' no_proxy='*'; \
	echo "Fixture server at $$ROVERS_API_BASE"; \
	echo; echo '$$ rovers latest'; $(DEBUG_BIN)/rovers latest || exit $$?; \
	echo; echo '$$ rovers manifest curiosity   (first 20 sols of 2281 shown)'; \
	$(DEBUG_BIN)/rovers manifest curiosity > $$dir/manifest || exit $$?; \
	head -n 25 $$dir/manifest; \
	echo; echo '$$ rovers photos perseverance --sol 100'; \
	$(DEBUG_BIN)/rovers photos perseverance --sol 100 || exit $$?

install:
	$(SWIFT) build -c release $(FLAGS) --product rovers
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(RELEASE_BIN)/rovers "$(DESTDIR)$(PREFIX)/bin/rovers"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/rovers"

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

clean:
	rm -rf .build

# Release binaries against the ideal and against curl, jq and python; prints the table and
# writes Benchmarks/results.md. Takes a few minutes.
bench:
	python3 Benchmarks/bench.py
