# Two commands for newcomers: `make run` and `make test`.
# `make run` serves the REAL per-user config dir (the memories the desktop app uses, e.g.
# ~/.config/ai-memory-sidecar/ai/memory/memory.json on Linux). To try it out on a scratch dir instead:
#   make run ARGS="--config-dir /tmp/memory-scratch"
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BRIDGE := tauri-bridge

.PHONY: run test test-python test-bridge bench bench-startup binary smoke generate

$(STAMP): pyproject.toml
	@echo "make: installing the sidecar and its test tools into $(VENV)/ (first run only, about half a minute)" >&2
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]' >&2
	@touch $(STAMP)

run: $(STAMP)
	@$(BIN)/memory-sidecar $(ARGS)

test: test-python test-bridge

test-python: $(STAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m ruff check .
	$(BIN)/python -m pytest

test-bridge: $(STAMP)
	@if [ -f $(BRIDGE)/package.json ]; then \
		cd $(BRIDGE) && npm ci --no-audit --no-fund && npm test; \
	fi

generate: $(STAMP)
	$(BIN)/python -m protocol.generate

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/long_use.py

# The packaged sidecar: the one-dir layout the app ships (tauri-bridge/resources/memory-sidecar/), then
# the one-file fallback (tauri-bridge/binaries/memory-sidecar-<target triple>).
binary: $(STAMP)
	@echo "make: installing PyInstaller, then building the one-dir and one-file layouts (a minute or two)" >&2
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[build]' >&2
	$(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onedir
	$(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onefile

ONEDIR_EXE = $$($(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onedir --print-path)
ONEFILE_EXE = $$($(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onefile --print-path)

# Both packaged layouts under the smoke tests (SIGKILLs included); the bridge's tests, which drive the
# Tauri code path, against the shipped one-dir layout.
smoke: binary
	SIDECAR_BINARY="$(ONEDIR_EXE)" $(BIN)/python -m pytest tests/test_binary_smoke_e2e.py
	SIDECAR_BINARY="$(ONEFILE_EXE)" $(BIN)/python -m pytest tests/test_binary_smoke_e2e.py
	export SIDECAR_BINARY="$(ONEDIR_EXE)" && cd $(BRIDGE) \
		&& { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm test

# Spawn → first reply of both layouts beside `python -m sidecar`, interleaved (docs/benchmarks.md).
bench-startup: binary
	$(BIN)/python bench/startup.py
