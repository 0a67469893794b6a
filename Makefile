# Two entry points for a fresh machine: `make run` (the app) and `make test` (every test).
# Both create .venv on first use and reuse it afterwards.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 2718

.PHONY: run serve test lint fuzz bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/python -c 'from leveler.app.chart_widget import javascript_bundle; javascript_bundle()'
	touch $(STAMP)

run: $(STAMP)
	MARIMO_SKIP_UPDATE_CHECK=1 $(BIN)/marimo run notebooks/explorer.py --headless --no-sandbox --port $(PORT)

# Serve a group: the password is read from a file (never on a command line, so not in `ps`,
# never printed), and request bodies over 25 MiB are refused before they are read
# (marimo's own server reads any body whole): leveler/app/serve.py.
HOST ?= 0.0.0.0
serve: $(STAMP)
	@test -n "$(PASSWORD_FILE)" || { echo "usage: make serve PASSWORD_FILE=/path/to/password [HOST=0.0.0.0] [PORT=2718]" >&2; exit 2; }
	@test -f "$(PASSWORD_FILE)" && test -r "$(PASSWORD_FILE)" || { echo "$(PASSWORD_FILE): not a readable file" >&2; exit 2; }
	MARIMO_SKIP_UPDATE_CHECK=1 $(BIN)/python -m leveler.app.serve notebooks/explorer.py \
	    --host $(HOST) --port $(PORT) --password-file "$(PASSWORD_FILE)"

lint: $(STAMP)
	$(BIN)/ruff check leveler tests benchmarks
	$(BIN)/mypy
	$(BIN)/marimo check --strict notebooks/

test: $(STAMP) lint
	$(BIN)/python -m pytest -q

fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_fuzz.py --hypothesis-show-statistics

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
