# Two entry points for a fresh machine: `make run` (the app) and `make test` (every test).
# Both create .venv on first use and reuse it afterwards.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 2718

.PHONY: run test lint fuzz bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	MARIMO_SKIP_UPDATE_CHECK=1 $(BIN)/marimo run notebooks/explorer.py --headless --no-sandbox --port $(PORT)

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
