# Two commands for newcomers: `make run` and `make test` (Python >= 3.11 with venv; checked first).
# `make run` serves a REAL per-user config dir: <OS config dir>/ai-memory-sidecar, the memories of the Tauri app
# whose bundle identifier is ai-memory-sidecar. Another app's:  make run ARGS="--app-id com.example.chat"
# A scratch dir instead:  make run ARGS="--config-dir /tmp/memory-scratch"
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BRIDGE := tauri-bridge

.PHONY: run test test-python test-bridge bench bench-startup binary smoke generate lexicon-check meaning-check

# Before the first install, the interpreter is checked (issue 19.1): on an older Python pip backtracks for
# minutes and then fails. One line says what to install; make stops with status 2 before creating anything.
define PYTHON_CHECK
found=$$($(PYTHON) -c 'import sys, importlib.util as u; print("%d.%d" % sys.version_info[:2], int(all(u.find_spec(m) is not None for m in ("venv", "ensurepip"))))' 2>/dev/null); \
set -- $$found; \
case "$$1" in \
  "") echo "cannot run $(PYTHON): install Python 3.11 or newer (with python3.11-venv on Debian/Ubuntu), then run make PYTHON=python3.11 $(MAKECMDGOALS)";; \
  3.1[1-9]|3.[2-9][0-9]) [ "$$2" = 1 ] || echo "$(PYTHON) (Python $$1) has no venv module: install python$$1-venv (Debian/Ubuntu), then run make $(MAKECMDGOALS) again";; \
  *) echo "$(PYTHON) is Python $$1 and the sidecar needs 3.11 or newer: install python3.11 (with python3.11-venv on Debian/Ubuntu), then run make PYTHON=python3.11 $(MAKECMDGOALS)";; \
esac
endef
ifeq ($(wildcard $(STAMP)),)
PYTHON_PROBLEM := $(shell $(PYTHON_CHECK))
ifneq ($(PYTHON_PROBLEM),)
$(error $(PYTHON_PROBLEM))
endif
endif

# pip's whole output goes to a log; a resolver backtrack ("pip is looking at multiple versions…") and errors
# are shown as they happen, so a long install says what it is doing. $(1): extras, $(2): the log.
define PIP_INSTALL
{ $(BIN)/python -m pip install --disable-pip-version-check --progress-bar off -e '.[$(1)]' 2>&1; \
  echo $$? > $(2).status; } | tee $(2) | grep --line-buffered -E '^(INFO: pip is looking|ERROR)' >&2; \
[ "$$(cat $(2).status)" = 0 ] || { echo "make: pip failed; its whole output is in $(2)" >&2; exit 1; }
endef

$(STAMP): pyproject.toml
	@echo "make: installing the sidecar and its test tools into $(VENV)/ with $(PYTHON) (first run only, about half a minute; pip's log: $(VENV)/install.log)" >&2
	@if [ -e $(VENV) ] && ! $(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
		echo "make: $(VENV)/ was made by an older or missing Python; making it anew" >&2; \
		$(PYTHON) -m venv --clear $(VENV); \
	else $(PYTHON) -m venv $(VENV); fi
	@$(call PIP_INSTALL,test,$(VENV)/install.log)
	@touch $(STAMP)

run: $(STAMP)
	@$(BIN)/memory-sidecar $(ARGS)

test: test-python test-bridge

test-python: $(STAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m ruff check .
	$(BIN)/python -m pytest

test-bridge: $(STAMP)
	@command -v npm >/dev/null && node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' \
		|| { echo "make: the bridge's tests need Node >= 20 with npm; install them, or run make test-python alone" >&2; exit 1; }
	@if [ -f $(BRIDGE)/package.json ]; then \
		cd $(BRIDGE) && npm ci --no-audit --no-fund && npm test; \
	fi

generate: $(STAMP)
	$(BIN)/python -m protocol.generate

# The dictionary tables in sidecar/rules/data/ are generated (issue 17): regenerate them from the pinned packages
# (npm ci --prefix tools/lexicon --ignore-scripts) into a temporary folder; any difference fails.
lexicon-check: $(STAMP)
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && $(BIN)/python tools/lexicon/build.py --out "$$out" \
		&& for name in $$(ls "$$out"); do diff -q "sidecar/rules/data/$$name" "$$out/$$name" || exit 1; done \
		&& echo "make: the dictionary tables match tools/lexicon/build.py" >&2

# The restatement-by-meaning weights (sidecar/rules/data/restatement_meaning.json, issue 16) are fitted on the
# labelled restatement sets: refit them with the packaged sentence model; a difference beyond rounding fails.
meaning-check: $(STAMP)
	$(BIN)/python tools/restatement_model/train.py --check

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/long_use.py

# The packaged sidecar: the one-dir layout the app ships (tauri-bridge/resources/memory-sidecar/), then
# the one-file fallback (tauri-bridge/binaries/memory-sidecar-<target triple>).
binary: $(STAMP)
	@echo "make: installing PyInstaller (log: $(VENV)/install-build.log), then building the one-dir and one-file layouts (about half a minute for both)" >&2
	@$(call PIP_INSTALL,build,$(VENV)/install-build.log)
	@echo "make: PyInstaller's warnings are expected: 'Runtime hooks for inspect/pkgutil have already been defined' (our hooks replace them, for start-up time) and 'Library shell32/ole32/ntdll required via ctypes not found' (Windows-only code in platformdirs and filelock)" >&2
	$(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onedir
	$(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onefile

ONEDIR_EXE = $$($(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onedir --print-path)
ONEFILE_EXE = $$($(BIN)/python $(BRIDGE)/scripts/build_binary.py --layout onefile --print-path)

# Both packaged layouts under the smoke tests (SIGKILLs included); the bridge's tests, which drive the
# Tauri code path, against the shipped one-dir layout.
smoke: binary
	SIDECAR_BINARY="$(ONEDIR_EXE)" $(BIN)/python -m pytest tests/test_binary_smoke_e2e.py tests/test_semantic_e2e.py
	SIDECAR_BINARY="$(ONEFILE_EXE)" SIDECAR_LAYOUT=onefile $(BIN)/python -m pytest tests/test_binary_smoke_e2e.py tests/test_semantic_e2e.py
	export SIDECAR_BINARY="$(ONEDIR_EXE)" && cd $(BRIDGE) \
		&& { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm test

# Spawn → first reply of both layouts beside `python -m sidecar`, interleaved (docs/benchmarks.md).
bench-startup: binary
	$(BIN)/python bench/startup.py
