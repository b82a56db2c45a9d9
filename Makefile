# rovers: build, test, demo and install with the Swift toolchain alone.

SWIFT ?= swift
PREFIX ?= /usr/local
# `make install PREFIX=~/.local` works whatever the shell made of the `~`.
override PREFIX := $(patsubst ~%,$(HOME)%,$(PREFIX))
# CI builds with warnings as errors; so does everyone else.
FLAGS = -Xswiftc -warnings-as-errors
DEBUG_BIN = .build/debug
RELEASE_BIN = .build/release
# Release binaries carry the Swift runtime inside them, so they run without the toolchain's
# folder. They are linked for size, since every run and every tab completion pages them in:
# no symbol exported (nothing loads the binary as a library), and gold folding the functions
# whose code is the same (`--icf=safe` only folds those whose address is never taken).
# (Where binutils has no gold, the binary is linked by the default linker, a little larger.)
GOLD = $(shell command -v ld.gold > /dev/null 2>&1 && echo -Xswiftc -use-ld=gold -Xlinker --icf=safe)
# libstdc++, which the Swift runtime uses, is linked in too where the system has its archive
# (Debian's libstdc++-dev, which the toolchain's own clang needs): loading the shared library
# and binding its symbols was a fifth of every start (0.5 ms of 2.4). SwiftPM asks for it as
# -lstdc++, so a folder searched first holds a linker script of that name naming the archive.
# (Asked of clang once, when first needed: not at every `make`, nor at each use.)
LIBSTDCXX = $(eval LIBSTDCXX := $$(shell clang -print-file-name=libstdc++.a 2>/dev/null))$(LIBSTDCXX)
STATIC_CXX_FOLDER = .build/static-c++
STATIC_CXX = $(if $(filter /%,$(LIBSTDCXX)),-Xlinker -L$(CURDIR)/$(STATIC_CXX_FOLDER))
# No run path of the binary's own folder ($ORIGIN): it loads only the system's libraries, which
# the loader (and dlopen of libcurl and libsqlite3) looked for there first, 25 failed lookups
# at every start.
STATIC = --static-swift-stdlib --disable-local-rpath -Xlinker --no-export-dynamic $(GOLD) \
	$(STATIC_CXX)
.PHONY: help all build test static-c++ screenshots demo release release-rovers install uninstall lint clean bench man golden dist packages package-tree

all: build ## the same as build

# Each target's line ends with `## what it does`; this prints them, in the Makefile's order.
help: ## this list
	@awk -F ':[^#]*## ' '/^[a-z][a-z-]*:.*## / { printf "  make %-14s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

build: ## debug build of every target, warnings as errors
	$(SWIFT) build $(FLAGS)

# The tests run the release binary just built (ROVERS_TEST_BINARY), the one people install.
# The whole log goes to .build/test.log; the terminal gets each failure, each skipped test
# with the reason, and the one line that counts the tests (Swift Testing's; XCTest, which
# holds no test here, is not run, so no "Executed 0 tests" comes first).
#
# Then the run is held to leaving nothing behind: no process it started (the tool, fixture
# servers, tmux servers, browsers, shells), no folder of its own (rovers-tests-…) and nothing
# in $TMPDIR that was not there before it. Swift Testing has no hook after the last suite,
# so this is the check.
LEFTOVERS = ps -eo pid=,ppid=,args= | awk -v me=$$$$ '{ pid[NR] = $$1; up[$$1] = $$2; line[NR] = $$0 } \
	END { for (i = 1; i <= NR; i++) { p = pid[i]; while (p > 1 && p != me) p = up[p]; \
	if (p != me && line[i] ~ /rovers-tests-|\.build\/[^ ]*\/(rovers|fixture-server)( |$$)/) \
	print line[i] } }' | sort
TEST_FOLDERS = ls -d /dev/shm/rovers-tests-* $${TMPDIR:-/tmp}/rovers-tests-* 2>/dev/null | sort
# Whatever else appears in the temporary folder: a tool a test runs may write there (fish made
# its settings there once). SwiftPM's TemporaryDirectory.* folders and locks are its own;
# the suite's rovers-tests-… folders are TEST_FOLDERS'.
TEMP_ENTRIES = ls -A "$${TMPDIR:-/tmp}" 2>/dev/null | grep -v -e '^TemporaryDirectory\.' -e '\.lock$$' -e '^rovers-tests-' | sort
# Where tmux keeps the sockets of servers named with -L, which may be outside $TMPDIR
# (TMUX_TMPDIR): the folder itself and every socket in it. The tests' servers keep theirs in
# their own folders (-S); a socket here is a server a test named another way.
TMUX_SOCKETS = d="$${TMUX_TMPDIR:-/tmp}/tmux-$$(id -u)"; [ -d "$$d" ] && { echo "$$d/"; ls -A "$$d" | sed "s|^|$$d/|"; } | sort
# The test process keeps the memory it frees for its next allocation (one heap, never trimmed)
# rather than handing it back: on a virtual machine whose host takes freed pages back (free
# page reporting), each page asked for again cost a fault on the host and a clearing, about
# 3 µs, and the suite's pictures and bodies go through gigabytes: a tenth of its CPU. Only
# glibc reads this; the commands the tests run get environments of their own.
TEST_MALLOC = GLIBC_TUNABLES=glibc.malloc.arena_max=1:glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=4294967295
# Swift Testing unwinds the stack at every error thrown in the test process, to show where it
# came from if a test fails; the decoders under test throw and catch by design (lenient fields,
# thousands of malformed bodies), and the unwinding cost about as much as the decoding. With it
# off, a failure still names its test, its line and its error.
test: release-rovers ## the release binary, then every test; fails on a failure or anything left behind
	$(SWIFT) build --build-tests $(FLAGS)
	@processes=$$($(LEFTOVERS)); folders=$$($(TEST_FOLDERS)); entries=$$($(TEMP_ENTRIES)); \
	sockets=$$($(TMUX_SOCKETS)); \
	ROVERS_TEST_BINARY=$(RELEASE_BIN)/rovers SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 $(TEST_MALLOC) \
		$(SWIFT) test --skip-build --disable-xctest > .build/test.log 2>&1; status=$$?; \
	grep -E '^✘ Test .* recorded an issue' .build/test.log; \
	grep -E '^➜ (Test|Suite) .* skipped' .build/test.log | sed 's/^➜ /skipped: /'; \
	grep -E '^. Test run with' .build/test.log || tail -n 30 .build/test.log; \
	sleep 1; \
	left=$$($(LEFTOVERS) | grep -vxF "$$processes"); \
	[ -z "$$left" ] || { echo "make test: the run left these processes:"; echo "$$left"; status=1; }; \
	kept=$$($(TEST_FOLDERS) | grep -vxF "$$folders"); \
	[ -z "$$kept" ] || { echo "make test: the run left these folders:"; echo "$$kept"; status=1; }; \
	strays=$$($(TEMP_ENTRIES) | grep -vxF "$$entries"); \
	[ -z "$$strays" ] || { echo "make test: the run left these in $${TMPDIR:-/tmp}:"; echo "$$strays"; status=1; }; \
	sockets=$$($(TMUX_SOCKETS) | grep -vxF "$$sockets"); \
	[ -z "$$sockets" ] || { echo "make test: the run left these tmux sockets:"; echo "$$sockets"; status=1; }; \
	[ -n "$$left$$kept$$strays$$sockets" ] || echo "Nothing left behind: no process, no folder."; \
	exit $$status

# The README's pictures of the gallery, its traverse map and a contact sheet, taken by the
# browser tests in headless Chromium into .build/gallery-screenshots: to look at, and to copy
# over Tests/RoversTests/Screenshots when the pages change. `make test` runs the same tests
# without taking them.
screenshots: ## the README's gallery, map and contact-sheet pictures, into .build/gallery-screenshots
	$(SWIFT) build --build-tests $(FLAGS)
	ROVERS_TEST_SCREENSHOTS=1 $(SWIFT) test --skip-build --disable-xctest \
		--filter 'GalleryBrowserTests|TraverseMapBrowserTests|ContactSheetScreenshotTests'
	@ls -l .build/gallery-screenshots

# Starts the fixture server on a free loopback port, runs the main commands against it,
# and stops it again, whatever happens. No network needed.
demo: build ## the main commands on the bundled fixtures, over loopback (no network)
	@dir=$$(mktemp -d); \
	$(DEBUG_BIN)/fixture-server --fixtures Fixtures --port-file $$dir/port --serve-images >/dev/null & api=$$!; \
	$(DEBUG_BIN)/fixture-server --fixtures Fixtures --port-file $$dir/feeds --shape nasa --serve-images >/dev/null & feeds=$$!; \
	trap 'kill $$api $$feeds 2>/dev/null; rm -rf $$dir' EXIT INT TERM; \
	for i in $$(seq 200); do [ -s $$dir/port ] && [ -s $$dir/feeds ] && break; sleep 0.05; done; \
	[ -s $$dir/port ] && [ -s $$dir/feeds ] || { echo "make demo: the fixture server did not start" >&2; exit 1; }; \
	export ROVERS_API_BASE=http://127.0.0.1:$$(cat $$dir/port)/api/v1 \
		ROVERS_NASA_BASE=http://127.0.0.1:$$(cat $$dir/feeds) NO_PROXY='*' no_proxy='*' \
		XDG_CACHE_HOME=$$dir/cache ROVERS_CATALOG=$$dir/catalog.sqlite; \
	echo "Fixture servers: the API at $$ROVERS_API_BASE, NASA's feeds at $$ROVERS_NASA_BASE"; \
	echo; echo '$$ rovers latest'; $(DEBUG_BIN)/rovers latest || exit $$?; \
	echo; echo '$$ rovers manifest curiosity   (first 20 sols of 2281 shown)'; \
	$(DEBUG_BIN)/rovers manifest curiosity > $$dir/manifest || exit $$?; \
	head -n 25 $$dir/manifest; \
	echo; echo '$$ rovers photos perseverance --sol 100'; \
	$(DEBUG_BIN)/rovers photos perseverance --sol 100 || exit $$?; \
	echo; echo '$$ rovers photos perseverance --sol 890 --source nasa   (NASA'"'"'s own feed; first 5 of 250)'; \
	$(DEBUG_BIN)/rovers photos perseverance --sol 890 --source nasa > $$dir/feed || exit $$?; \
	head -n 6 $$dir/feed; \
	echo; echo '$$ rovers catalog sync   (every sol of the fixture feeds and API, into a catalogue of the demo'"'"'s own)'; \
	$(DEBUG_BIN)/rovers catalog sync || exit $$?; \
	echo; echo '$$ rovers search --az 350..20 --lmst 17:00..07:00 --group-by camera   (offline)'; \
	$(DEBUG_BIN)/rovers search --az 350..20 --lmst 17:00..07:00 --group-by camera || exit $$?; \
	echo; echo '$$ rovers download perseverance --sol 100 -o mars'; \
	$(DEBUG_BIN)/rovers download perseverance --sol 100 -o $$dir/mars || exit $$?

# The release binaries, with the Swift runtime linked in.
release: static-c++ ## the release binaries: rovers, fixture-server, browse-bench, jpeg-bench
	$(SWIFT) build -c release $(FLAGS) $(STATIC) --product rovers
	$(SWIFT) build -c release $(FLAGS) $(STATIC) --product fixture-server
	$(SWIFT) build -c release $(FLAGS) $(STATIC) --product browse-bench
	$(SWIFT) build -c release $(FLAGS) $(STATIC) --product jpeg-bench

# The binary alone, as make install needs it: the fixture server is for tests and the bench.
release-rovers: static-c++ ## the release binary of rovers alone
	$(SWIFT) build -c release $(FLAGS) $(STATIC) --product rovers

# The linker script STATIC_CXX points the release link at (nothing where there is no archive).
static-c++:
	$(if $(STATIC_CXX),@mkdir -p $(STATIC_CXX_FOLDER) && \
		echo 'INPUT($(LIBSTDCXX))' > $(STATIC_CXX_FOLDER)/libstdc++.so)

ZSH_COMPLETIONS = share/zsh/site-functions
FISH_COMPLETIONS = share/fish/vendor_completions.d
BASH_COMPLETIONS = share/bash-completion/completions

# The stripped binary, the man page, and the completions where bash-completion, zsh and fish
# look for them. Write access is checked first: a release build takes a minute or two.
install: ## rovers, its man page and completions under PREFIX (default /usr/local)
	@for dir in bin share/man/man1 $(BASH_COMPLETIONS) $(ZSH_COMPLETIONS) $(FISH_COMPLETIONS); do \
		d="$(DESTDIR)$(PREFIX)/$$dir"; while [ ! -e "$$d" ]; do d=$$(dirname "$$d"); done; \
		[ -w "$$d" ] || { echo "make install: cannot write to $$d (try sudo, or PREFIX=\$$HOME/.local)" >&2; exit 73; }; \
	done
	$(MAKE) release-rovers
	$(RELEASE_BIN)/rovers --generate-man-page > rovers.1
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/$(BASH_COMPLETIONS)" "$(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS)" \
		"$(DESTDIR)$(PREFIX)/$(FISH_COMPLETIONS)"
	install -s -m 755 $(RELEASE_BIN)/rovers "$(DESTDIR)$(PREFIX)/bin/rovers"
	install -m 644 rovers.1 "$(DESTDIR)$(PREFIX)/share/man/man1/rovers.1"
	$(RELEASE_BIN)/rovers --generate-completion-script bash \
		> "$(DESTDIR)$(PREFIX)/$(BASH_COMPLETIONS)/rovers"
	$(RELEASE_BIN)/rovers --generate-completion-script zsh \
		> "$(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS)/_rovers"
	$(RELEASE_BIN)/rovers --generate-completion-script fish \
		> "$(DESTDIR)$(PREFIX)/$(FISH_COMPLETIONS)/rovers.fish"

# The release packages in dist/: a tarball to unpack over a prefix and a Debian package, each
# holding the stripped release binary (the Swift runtime linked in), the man page, the bash, zsh
# and fish completions, the README and the LICENSE; and their SHA256SUMS. The version is the
# binary's own (`rovers --version`, set in Sources/rovers/Frontend/Rovers.swift). From a clean
# tree only, so a package is always a commit (DIST_DIRTY=1 lets a test package a working tree).
DIST = dist
# libstdc++6 only when the binary needs it (see STATIC_CXX): read from the binary itself, and
# asked for wherever that cannot be read.
CXX_DEPENDS = $(shell readelf -d $(RELEASE_BIN)/rovers 2>/dev/null | \
	awk '/NEEDED/ { read = 1 } /libstdc\+\+/ { needs = 1 } END { if (!read || needs) print "libstdc++6, " }')
DEB_DEPENDS = libc6, libgcc-s1, $(CXX_DEPENDS)libcurl4 | libcurl4t64, libsqlite3-0
# dpkg-deb's own flags: its default xz for a release; the package test asks for quicker gzip -6.
DEB_FLAGS =
dist: ## the tarball and Debian package of a clean tree, in dist/
	@[ -n "$(DIST_DIRTY)" ] || [ -z "$$(git status --porcelain 2>/dev/null)" ] || \
		{ echo "make dist: the tree has changes; commit them first (a package is a commit)" >&2; exit 1; }
	$(MAKE) release-rovers
	$(MAKE) -s packages

# The packages of the release binary as it is (make dist builds it first; make test too, for
# the test that unpacks them).
packages: ## the packages of the release binary as it is (make dist builds it first)
	@set -e; version=$$($(RELEASE_BIN)/rovers --version); machine=$$(uname -m); \
	arch=$$(dpkg --print-architecture 2>/dev/null || echo "$$machine"); \
	stage=$$(mktemp -d); trap 'rm -rf "$$stage"' EXIT; \
	name=rovers-$$version-linux-$$machine; tree=$$stage/$$name; \
	$(MAKE) -s package-tree ROOT="$$tree" ZSH_DIR=$(ZSH_COMPLETIONS) MAN_GZIP=; \
	mkdir -p $(DIST); rm -f $(DIST)/rovers-*.tar.gz $(DIST)/rovers_*.deb $(DIST)/SHA256SUMS; \
	tar -C "$$stage" --owner=0 --group=0 --numeric-owner -czf $(DIST)/$$name.tar.gz "$$name"; \
	deb=$$stage/deb; $(MAKE) -s package-tree ROOT="$$deb/usr" ZSH_DIR=share/zsh/vendor-completions MAN_GZIP=1; \
	mkdir -p "$$deb/DEBIAN" "$$deb/usr/share/doc/rovers"; \
	mv "$$deb/usr/share/doc/rovers/LICENSE" "$$deb/usr/share/doc/rovers/copyright"; \
	size=$$(du -sk "$$deb/usr" | cut -f1); \
	printf '%s\n' "Package: rovers" "Version: $$version" "Architecture: $$arch" \
		"Maintainer: The rovers developers <rovers@users.noreply.github.com>" \
		"Depends: $(DEB_DEPENDS)" "Installed-Size: $$size" "Section: utils" "Priority: optional" \
		"Homepage: https://github.com/rovers-cli/rovers" \
		"Description: browse NASA's Mars rover photos from the command line" \
		" List the rovers, their sols and photos, download and sync them (for cron)," \
		" look at them in the terminal, an offline gallery or in 3D (red/cyan), and" \
		" place each on the rover's traverse. MIT licence." > "$$deb/DEBIAN/control"; \
	dpkg-deb --root-owner-group $(DEB_FLAGS) --build "$$deb" $(DIST)/rovers_$${version}_$$arch.deb > /dev/null; \
	cd $(DIST) && sha256sum rovers-*.tar.gz rovers_*.deb > SHA256SUMS && ls -1 && cat SHA256SUMS

# What a package holds, laid out under ROOT as under a prefix (bin/, share/...).
package-tree: ## what a package holds, laid out under ROOT (used by packages)
	install -d "$(ROOT)/bin" "$(ROOT)/share/man/man1" "$(ROOT)/share/doc/rovers" \
		"$(ROOT)/$(BASH_COMPLETIONS)" "$(ROOT)/$(ZSH_DIR)" "$(ROOT)/$(FISH_COMPLETIONS)"
	install -s -m 755 $(RELEASE_BIN)/rovers "$(ROOT)/bin/rovers"
	$(RELEASE_BIN)/rovers --generate-man-page > "$(ROOT)/share/man/man1/rovers.1"
	[ -z "$(MAN_GZIP)" ] || gzip -9n "$(ROOT)/share/man/man1/rovers.1"
	$(RELEASE_BIN)/rovers --generate-completion-script bash > "$(ROOT)/$(BASH_COMPLETIONS)/rovers"
	$(RELEASE_BIN)/rovers --generate-completion-script zsh > "$(ROOT)/$(ZSH_DIR)/_rovers"
	$(RELEASE_BIN)/rovers --generate-completion-script fish > "$(ROOT)/$(FISH_COMPLETIONS)/rovers.fish"
	install -m 644 README.md LICENSE "$(ROOT)/share/doc/rovers/"
	chmod -R u+rwX,go+rX,go-w "$(ROOT)"

uninstall: ## removes what install put under PREFIX
	rm -f "$(DESTDIR)$(PREFIX)/bin/rovers" "$(DESTDIR)$(PREFIX)/share/man/man1/rovers.1" \
		"$(DESTDIR)$(PREFIX)/$(BASH_COMPLETIONS)/rovers" \
		"$(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS)/_rovers" \
		"$(DESTDIR)$(PREFIX)/$(FISH_COMPLETIONS)/rovers.fish"

# rovers.1, from the same description of every command as help and completion.
man: build ## rovers.1, the man page
	$(DEBUG_BIN)/rovers --generate-man-page > rovers.1

# Rewrites the golden files the tests compare help, the man page and completions with;
# read the diff before committing it.
golden: build ## rewrites the golden help, man page and completions the tests compare with
	$(DEBUG_BIN)/rovers --help > Tests/RoversTests/Golden/help.txt
	$(DEBUG_BIN)/rovers help photos > Tests/RoversTests/Golden/help-photos.txt
	$(DEBUG_BIN)/rovers help download > Tests/RoversTests/Golden/help-download.txt
	$(DEBUG_BIN)/rovers --generate-man-page > Tests/RoversTests/Golden/rovers.1
	for shell in bash zsh fish; do \
		$(DEBUG_BIN)/rovers --generate-completion-script $$shell > Tests/RoversTests/Golden/completion.$$shell; \
	done

lint: ## swift format lint with the root .swift-format
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

clean: ## removes .build, everything the builds wrote
	rm -rf .build

# Release binaries against the ideal and against curl, jq and python, and how each cost grows
# with size; prints the table and writes .build/bench/results.md. Takes several minutes.
bench: release ## the benchmarks of Benchmarks/, as ratios to reference tools, in one run
	python3 Benchmarks/bench.py
