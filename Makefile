# Two commands for newcomers: `make run` (the sidecar on the default config dir) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BRIDGE := tauri-bridge

.PHONY: run test test-python test-bridge bench binary smoke generate

$(STAMP): pyproject.toml
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

binary: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[build]'
	$(BIN)/python $(BRIDGE)/scripts/build_binary.py
	$(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onedir

# The packaged executable under the same tests that drive the Tauri code path.
smoke: binary
	@test -x "$$($(BIN)/python $(BRIDGE)/scripts/build_binary.py --print-path)"
	SIDECAR_BINARY="$$($(BIN)/python $(BRIDGE)/scripts/build_binary.py --print-path)" \
		$(BIN)/python -m pytest tests/test_binary_smoke_e2e.py
	SIDECAR_BINARY="$$($(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onedir --print-path)" \
		$(BIN)/python -m pytest tests/test_binary_smoke_e2e.py
	cd $(BRIDGE) && SIDECAR_BINARY="$$(../$(BIN)/python scripts/build_binary.py --print-path)" npm test
