# coinwatch — the two commands: `make demo` (the main job, offline) and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

.PHONY: all deps build release demo test fuzz fuzz-smoke bench clean

all: build

# libcurl's headers come from Debian; install them when they are missing.
deps:
	@if ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then \
		echo "installing libcurl4-openssl-dev (apt)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcurl4-openssl-dev pkg-config >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product coinwatch

demo: release
	@scripts/demo.sh

test: deps
	$(SWIFT) build --product coinwatch
	$(SWIFT) test

# libFuzzer over rules.json, each provider's decoder and state.json (scripts/fuzz.sh); seconds per target.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

# The short run CI makes: a few seconds per target.
fuzz-smoke: deps
	FUZZ_SECONDS=5 scripts/fuzz.sh

clean:
	rm -rf .build
