# gallery — build, run, test and benchmark. `make run` and `make test` are the
# whole quick start: both install the Debian packages they need when missing.

SWIFT      ?= swift
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR      = $(DESTDIR)$(PREFIX)/bin
SHAREDIR    = $(DESTDIR)$(PREFIX)/share/gallery
MANDIR      = $(DESTDIR)$(PREFIX)/share/man/man1
# Where each shell looks for the completions of a command.
BASHCOMPDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# Swift's runtime linked in: the loader then maps and relocates 29 libraries at start
# rather than 43, and the binary runs without the toolchain beside it. Every release
# build here takes the flag, so they share one build folder without relinking.
RELEASE     = $(SWIFT) build -c release --static-swift-stdlib
ARGS       ?=

# The Debian packages, listed here and nowhere else: README.md and CONTRIBUTING.md point
# to `make list-deps`, which prints them, and Package.swift leaves them out.
#
# To build: pkg-config module -> Debian package that provides it.
PKG_DEPS = ncursesw:libncursesw5-dev chafa:libchafa-dev glib-2.0:libglib2.0-dev \
           libturbojpeg:libturbojpeg0-dev libjpeg:libjpeg62-turbo-dev libpng:libpng-dev libwebp:libwebp-dev \
           libwebpdemux:libwebp-dev libgif:libgif-dev libheif:libheif-dev \
           libtiff-4:libtiff-dev libjxl:libjxl-dev lcms2:liblcms2-dev \
           librsvg-2.0:librsvg2-dev cairo:libcairo2-dev libraw_r:libraw-dev \
           libavformat:libavformat-dev libavcodec:libavcodec-dev libswscale:libswscale-dev \
           libavutil:libavutil-dev sqlite3:libsqlite3-dev exempi-2.0:libexempi-dev \
           libxxhash:libxxhash-dev
# To build, besides the libraries: the truecolor terminfo entry and pkg-config itself.
BUILD_TOOLS = ncurses-term:/usr/share/terminfo/x/xterm-direct pkg-config:/usr/bin/pkg-config

# The encoders the decoding tests make their pictures with.
TEST_TOOLS = tmux:/usr/bin/tmux webp:/usr/bin/cwebp gifsicle:/usr/bin/gifsicle \
           libheif-examples:/usr/bin/heif-enc libavif-bin:/usr/bin/avifenc \
           libjxl-tools:/usr/bin/cjxl imagemagick:/usr/bin/convert-im6.q16 \
           libimage-exiftool-perl:/usr/bin/exiftool exiv2:/usr/bin/exiv2 ffmpeg:/usr/bin/ffmpeg \
           xvfb:/usr/bin/Xvfb xterm:/usr/bin/xterm kitty:/usr/bin/kitty xdotool:/usr/bin/xdotool \
           imagemagick:/usr/bin/import x11-utils:/usr/bin/xwininfo \
           fonts-dejavu-core:/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf \
           zsh:/usr/bin/zsh fish:/usr/bin/fish trash-cli:/usr/bin/trash-put

# What the benchmarks compare the gallery with, besides the test tools.
BENCH_TOOLS = timg:/usr/bin/timg libjpeg-turbo-progs:/usr/bin/djpeg time:/usr/bin/time \
           libvips-tools:/usr/bin/vipsthumbnail libraw-bin:/usr/bin/dcraw_emu \
           ffmpegthumbnailer:/usr/bin/ffmpegthumbnailer findimagedupes:/usr/bin/findimagedupes

# The package names alone: the part after the colon of a module, before it of a tool.
module_packages = $(sort $(foreach entry,$(1),$(word 2,$(subst :, ,$(entry)))))
tool_packages = $(sort $(foreach entry,$(1),$(firstword $(subst :, ,$(entry)))))

.PHONY: all build run test bench lint format install uninstall clean deps test-deps assets check-assets \
        fuzz sanitize soak stress-test docs check-docs install-files deb deb-test list-deps docs-api

all: build

# deps: check the C libraries; install the missing Debian packages as root,
# else print the exact apt-get line and fail.
deps:
	@./scripts/ensure-packages $(PKG_DEPS) -- $(BUILD_TOOLS)

# What the tests need besides the libraries: tmux for the end-to-end tests, the
# encoders that make the picture corpus, and real terminals under Xvfb for the pictures
# in pixels (xterm for sixel, kitty, xdotool to type, ImageMagick to screenshot).
test-deps: deps
	@./scripts/ensure-packages -- $(TEST_TOOLS)

# The Debian packages `deps`, `test-deps` and `bench` install, one line each.
list-deps:
	@echo "build: $(sort $(call module_packages,$(PKG_DEPS)) $(call tool_packages,$(BUILD_TOOLS)))"
	@echo "test: $(call tool_packages,$(TEST_TOOLS))"
	@echo "bench: $(call tool_packages,$(BENCH_TOOLS))"

build: deps
	$(SWIFT) build

run: deps
	$(RELEASE) --product gallery
	"$$($(RELEASE) --show-bin-path)/gallery" $(ARGS)

# The unit suites first, then the end-to-end ones (the real binaries in tmux and in
# terminals under Xvfb) on their own: their screens' deadlines then do not share the
# cores with the decoding tests. No test body holds a thread of Swift's cooperative pool
# (CONTRIBUTING.md, "Tests that wait"), and the end-to-end tests run at most
# GALLERY_E2E_SESSIONS terminals at once (default twice the cores).
test: test-deps check-assets
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --skip '^EndToEndTests\.'
	$(SWIFT) test --skip-build --parallel --filter '^EndToEndTests\.'

# `make test` STRESS_RUNS times from fresh clones of this checkout's HEAD, quiet, then
# STRESS_LOADED_RUNS times with two busy loops beside it; a line per run with its time.
STRESS_RUNS ?= 5
STRESS_LOADED_RUNS ?= 3
stress-test:
	./scripts/stress-test --quiet $(STRESS_RUNS) --loaded $(STRESS_LOADED_RUNS) $(STRESS_ARGS)

# The committed pictures are exactly what the generator makes.
check-assets:
	$(RELEASE) --product gallery-assets
	"$$($(RELEASE) --show-bin-path)/gallery-assets" --check Assets

# The benchmarks run a bench build: every program compiled with -DGALLERY_BENCH, in a
# build folder of its own, so the `gallery` they run reads the bench switches
# (GALLERY_NO_PREVIEWS, GALLERY_NO_PREFETCH, GALLERY_EXIT_AFTER_FIRST_FRAME) and a release
# build's never does (Sources/GalleryRuntime/Launch/BenchSwitches.swift).
BENCH_BUILD = $(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/bench \
              -Xswiftc -DGALLERY_BENCH
bench: deps
	@./scripts/ensure-packages -- $(BENCH_TOOLS) $(TEST_TOOLS)
	$(BENCH_BUILD)
	"$$($(BENCH_BUILD) --show-bin-path)/gallery-bench" $(BENCH_ARGS)

assets:
	$(RELEASE) --product gallery-assets
	"$$($(RELEASE) --show-bin-path)/gallery-assets" Assets

# Robustness (CONTRIBUTING.md, "Robustness"): each fuzz target for FUZZ_SECONDS under libFuzzer and
# ASan (FUZZ_TARGETS: some of them; its seeds are the tests' fixtures, some made with the
# encoders test-deps installs); the unit tests and a soak under TSan and ASan (SANITIZERS:
# one of them); the real binary for SOAK_SECONDS in tmux over a churned folder, then
# FAULT_ROUNDS of each fault-injection test, killed at random moments: moves across file
# systems (MoveFaultTests), turns racing another program's save (TurnFaultTests), undo
# after the Trash was emptied and refilled (UndoFaultTests). `make test` runs a few rounds
# of each.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: test-deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT="$(SWIFT)" ./scripts/fuzz $(FUZZ_TARGETS)

SANITIZE_SOAK_SECONDS ?= 60
SANITIZERS ?= thread address
sanitize: test-deps
	SANITIZE_SOAK_SECONDS=$(SANITIZE_SOAK_SECONDS) SWIFT="$(SWIFT)" ./scripts/sanitize $(SANITIZERS)

SOAK_SECONDS ?= 300
FAULT_ROUNDS ?= 300
soak: test-deps
	$(SWIFT) build --product gallery
	GALLERY_SOAK_SECONDS=$(SOAK_SECONDS) $(SWIFT) test --filter SoakTests
	$(SWIFT) build --product gallery-move-probe
	GALLERY_FAULT_ROUNDS=$(FAULT_ROUNDS) $(SWIFT) test --filter 'MoveFaultTests|TurnFaultTests|UndoFaultTests'

# The format, the pure targets' purity, and the subjects of the commits made since the
# rule began (at most 72 characters; CONTRIBUTING.md, "Commits").
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	./scripts/check-purity
	./scripts/check-commit-subjects

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

# The man page's OPTIONS, KEYS, settings and ACTIONS, the guide's tables of settings and
# actions, and the completions are made from the description in the code
# (Sources/GalleryRuntime/Options/Description); a unit test fails when the committed
# files differ from what it makes.
docs: deps
	$(SWIFT) run gallery-docs write .

check-docs: deps
	$(SWIFT) run gallery-docs check .

# The API documentation of the library products, with DocC: each one's symbol graph (a
# build of its own in DOCS_API_DIR, which leaves the usual build alone), then its catalogue
# (Sources/NAME/NAME.docc) converted to DOCS_API_DIR/NAME.doccarchive. Any warning, such
# as a link to a symbol that does not exist, fails. A graph is written only when its
# library compiles, so a missing one starts that build afresh.
DOCC ?= $(or $(shell command -v docc 2>/dev/null),$(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))docc)
DOCS_API_DIR ?= .build/docs-api
DOCS_API_LIBRARIES = CompositionalLayout DiffableData TerminalKit
docs-api:
	@for library in $(DOCS_API_LIBRARIES); do \
	  graphs="$(DOCS_API_DIR)/symbol-graphs/$$library"; \
	  ls "$$graphs"/*.symbols.json >/dev/null 2>&1 || rm -rf "$(DOCS_API_DIR)/build"; \
	  mkdir -p "$$graphs" && \
	  $(SWIFT) build --target "$$library" --scratch-path "$(DOCS_API_DIR)/build" \
	    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$$graphs" && \
	  "$(DOCC)" convert "Sources/$$library/$$library.docc" --additional-symbol-graph-dir "$$graphs" \
	    --fallback-display-name "$$library" --fallback-bundle-identifier "gallery.$$library" \
	    --output-path "$(DOCS_API_DIR)/$$library.doccarchive" --warnings-as-errors || exit 1; \
	  echo "docs-api: $(DOCS_API_DIR)/$$library.doccarchive"; \
	done

install: deps
	$(RELEASE) --product gallery
	$(MAKE) --no-print-directory install-files GALLERY_BINARY="$$($(RELEASE) --show-bin-path)/gallery"

# What `install` and `deb` put in place, from a binary already built.
install-files:
	@[ -x "$(GALLERY_BINARY)" ] || { echo "install-files: GALLERY_BINARY must name a built gallery binary (make install builds one)" >&2; exit 1; }
	install -d "$(BINDIR)" "$(SHAREDIR)" "$(MANDIR)" "$(BASHCOMPDIR)" "$(ZSHCOMPDIR)" "$(FISHCOMPDIR)"
	install -m 755 "$(GALLERY_BINARY)" "$(BINDIR)/gallery"
	cp -R Assets "$(SHAREDIR)/"
	install -m 644 gallery.1 "$(MANDIR)/gallery.1"
	install -m 644 completions/gallery.bash "$(BASHCOMPDIR)/gallery"
	install -m 644 completions/_gallery "$(ZSHCOMPDIR)/_gallery"
	install -m 644 completions/gallery.fish "$(FISHCOMPDIR)/gallery.fish"

uninstall:
	rm -f "$(BINDIR)/gallery" "$(MANDIR)/gallery.1" "$(BASHCOMPDIR)/gallery" \
	  "$(ZSHCOMPDIR)/_gallery" "$(FISHCOMPDIR)/gallery.fish"
	rm -rf "$(SHAREDIR)"

# A Debian package of the release build (scripts/make-deb), and its test: unpacked into a
# scratch root, its dependencies resolved by apt, the binary run from there.
deb: deps
	@./scripts/ensure-packages -- dpkg-dev:/usr/bin/dpkg-shlibdeps binutils:/usr/bin/strip
	SWIFT="$(SWIFT)" ./scripts/make-deb .build/deb

deb-test: deb
	./scripts/test-deb "$$(ls -t .build/deb/gallery_*.deb | head -n 1)"

clean:
	$(SWIFT) package clean
	rm -rf .build
