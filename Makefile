# chieu — the README's commands. Every target creates .venv on a fresh machine.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# `make bench` has its own environment: it also holds the peer libraries it compares against.
BVENV  := .venv-bench
BSTAMP := $(BVENV)/.installed

.PHONY: test play bench lint check clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "chieu needs $(PYTHON) on PATH"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,lint,ray]'
	@touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

play: $(STAMP)
	$(BIN)/chieu play chan

$(BSTAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "chieu needs $(PYTHON) on PATH"; exit 1; }
	test -x $(BVENV)/bin/python || $(PYTHON) -m venv $(BVENV)
	$(BVENV)/bin/python -m pip install --quiet --upgrade pip
	$(BVENV)/bin/python -m pip install --quiet -e '.[bench]'
	@touch $(BSTAMP)

bench: $(BSTAMP)
	$(BVENV)/bin/python -m bench $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) $(BVENV) .pytest_cache .mypy_cache .ruff_cache
