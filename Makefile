# coinwatch — the two commands: `make demo` (the main job, offline) and `make test`.
# `make bench` measures passes against loopback servers and the peer coinwatch-cli (BENCHMARKS.md).
SWIFT ?= swift
PREFIX ?= /usr/local
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

.PHONY: all deps build release demo test test-python schema docs-charts fuzz fuzz-smoke bench clean install install-files uninstall

all: build

# libcurl's, SQLite's, wslay's and cairo's headers and the charts' font (DejaVu Sans) come from Debian;
# install them when they are missing.
# The stream tests' WebSocket servers need Python's `websockets` (PyPI), installed for the user.
deps:
	@if ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then \
		echo "installing libcurl4-openssl-dev (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcurl4-openssl-dev pkg-config >/dev/null; \
	fi
	@if ! dpkg -s libsqlite3-dev >/dev/null 2>&1; then \
		echo "installing libsqlite3-dev (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libsqlite3-dev pkg-config >/dev/null; \
	fi
	@if ! dpkg -s libwslay-dev >/dev/null 2>&1; then \
		echo "installing libwslay-dev (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libwslay-dev >/dev/null; \
	fi
	@if ! dpkg -s libcairo2-dev >/dev/null 2>&1; then \
		echo "installing libcairo2-dev (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcairo2-dev >/dev/null; \
	fi
	@if ! dpkg -s fonts-dejavu-core >/dev/null 2>&1; then \
		echo "installing fonts-dejavu-core (apt; the charts' font)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq fonts-dejavu-core >/dev/null; \
	fi
	@if ! command -v zsh >/dev/null 2>&1 || ! command -v fish >/dev/null 2>&1; then \
		echo "installing zsh and fish for the completion tests (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq zsh fish >/dev/null; \
	fi
	@if ! command -v mandoc >/dev/null 2>&1; then \
		echo "installing mandoc for the man page lint test (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq mandoc >/dev/null; \
	fi
	@python3 -c 'import websockets' 2>/dev/null || { echo "installing websockets (pip, user)"; \
		python3 -m pip install --user -q websockets 2>/dev/null || \
		python3 -m pip install --user -q --break-system-packages websockets; }
	@if ! dpkg -s tmux >/dev/null 2>&1; then \
		echo "installing tmux (apt; the live watch view's tests run it)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq tmux >/dev/null; \
	fi

build: deps
	$(SWIFT) build

# The release binary carries the Swift runtime inside (--static-swift-stdlib): it starts faster (no
# Swift libraries to load and bind) and keeps working where no Swift toolchain is installed.
RELEASE_FLAGS := -c release --static-swift-stdlib

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product coinwatch

demo: release
	@scripts/demo.sh

# The email tests' SMTP server (aiosmtpd), the Matrix tests' homeserver (matrix-synapse, binary wheels:
# nothing from apt) and the schema tests' validator (jsonschema) come from PyPI into a venv under .build;
# the tests make it themselves when it is missing, this only does it up front.
test-python:
	@python3 -c 'import venv' 2>/dev/null && python3 -c 'import ensurepip' 2>/dev/null || { \
		echo "installing python3-venv (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null; }
	@.build/test-python/bin/python3 -c 'import aiosmtpd' 2>/dev/null || { \
		echo "installing aiosmtpd into .build/test-python (pip)"; \
		python3 -m venv .build/test-python && \
		.build/test-python/bin/python3 -m pip install -q --disable-pip-version-check aiosmtpd; }
	@.build/test-python/bin/python3 -c 'import jsonschema' 2>/dev/null || { \
		echo "installing jsonschema into .build/test-python (pip)"; \
		.build/test-python/bin/python3 -m pip install -q --disable-pip-version-check jsonschema; }
	@.build/test-python/bin/python3 -c 'import synapse' 2>/dev/null || { \
		echo "installing matrix-synapse into .build/test-python (pip)"; \
		.build/test-python/bin/python3 -m pip install -q --disable-pip-version-check matrix-synapse; }

# Writes rules.schema.json (RulesSchema.generate, from the validator's tables), docs/conditions.md and
# Fuzz/rules.dict (from the condition registry) and the man pages (from docs/); the tests fail while a
# committed copy is stale.
schema:
	COINWATCH_WRITE_DOCS=1 $(SWIFT) test --filter 'ConditionRegistryTests|ManPageTests'

# Redraws the charts docs/ shows with today's renderer: docs/chart-alert-1d.png (an alert's chart,
# from the real 1-day capture; docs/delivery.md), docs/chart-show-30d.png (`show bitcoin --range 30d
# --png` against the replayed 30-day capture; docs/history.md) and the report and text chart of
# docs/backtest.md (its two `coinwatch backtest` commands against the same capture).
docs-charts: deps
	$(SWIFT) build --product coinwatch
	COINWATCH_WRITE_DOCS=1 $(SWIFT) test --filter 'writesTheDocsImageWhenAsked|showPNGWritesTheChartOfTheHistoryShowDraws|theGuidesReportAndChartAreTheBinarysOwnOutput'

test: deps test-python
	$(SWIFT) build --product coinwatch
	$(SWIFT) test

# libFuzzer over rules.json, each provider's decoder and state.json (scripts/fuzz.sh); seconds per target.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

# The short run CI makes: a few seconds per target.
fuzz-smoke: deps
	FUZZ_SECONDS=5 scripts/fuzz.sh

# Release binaries, loopback servers, coinwatch-cli in a venv; writes BENCHMARKS.md (bench/run.py).
bench: deps test-python
	@[ -x /usr/bin/time ] || { echo "installing time (apt)"; $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq time >/dev/null; }
	@python3 -c 'import venv' 2>/dev/null && python3 -c 'import ensurepip' 2>/dev/null || { \
		echo "installing python3-venv (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null; }
	$(SWIFT) build $(RELEASE_FLAGS) --product coinwatch
	$(SWIFT) build $(RELEASE_FLAGS) --product coinwatch-bench
	python3 bench/run.py --bin .build/release/coinwatch --micro .build/release/coinwatch-bench $(BENCH_ARGS)

clean:
	rm -rf .build

# Installs the release binary, coinwatch(1), coinwatch-rules(5) and the bash, zsh and fish completions under
# $(DESTDIR)$(PREFIX); the completions come from the binary just built.
BINDIR = $(DESTDIR)$(PREFIX)/bin
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1
# The example, the schema, the user guide and the service units (SPEC §11).
SHAREDIR = $(DESTDIR)$(PREFIX)/share/coinwatch
DOCDIR = $(DESTDIR)$(PREFIX)/share/doc/coinwatch
MAN5DIR = $(DESTDIR)$(PREFIX)/share/man/man5
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# The folder the binary is installed from: the release build (the install test passes the debug one).
BUILT ?= $$($(SWIFT) build -c release --show-bin-path)

install: release install-files

install-files:
	install -d "$(BINDIR)" "$(MAN1DIR)" "$(MAN5DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 0755 "$(BUILT)/coinwatch" "$(BINDIR)/coinwatch"
	install -m 0644 coinwatch.1 "$(MAN1DIR)/coinwatch.1"
	install -m 0644 coinwatch-rules.5 "$(MAN5DIR)/coinwatch-rules.5"
	"$(BINDIR)/coinwatch" completion bash > "$(BASHDIR)/coinwatch"
	"$(BINDIR)/coinwatch" completion zsh > "$(ZSHDIR)/_coinwatch"
	"$(BINDIR)/coinwatch" completion fish > "$(FISHDIR)/coinwatch.fish"
	chmod 0644 "$(BASHDIR)/coinwatch" "$(ZSHDIR)/_coinwatch" "$(FISHDIR)/coinwatch.fish"
	install -d "$(SHAREDIR)/systemd" "$(SHAREDIR)/logrotate" "$(DOCDIR)"
	install -m 0644 rules.example.json rules.schema.json "$(SHAREDIR)/"
	install -m 0644 contrib/systemd/* "$(SHAREDIR)/systemd/"
	install -m 0644 contrib/logrotate/coinwatch "$(SHAREDIR)/logrotate/coinwatch"
	install -m 0644 README.md docs/*.md "$(DOCDIR)/"

uninstall:
	rm -f "$(BINDIR)/coinwatch" "$(MAN1DIR)/coinwatch.1" "$(MAN5DIR)/coinwatch-rules.5" "$(BASHDIR)/coinwatch" \
		"$(ZSHDIR)/_coinwatch" "$(FISHDIR)/coinwatch.fish"
	rm -rf "$(SHAREDIR)" "$(DOCDIR)"
