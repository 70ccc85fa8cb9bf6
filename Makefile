# chieu — the README's commands. Every target creates .venv on a fresh machine.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test
PSTAMP := $(VENV)/.installed-play
LSTAMP := $(VENV)/.installed-lint
# `make bench` has its own environment: it also holds the peer libraries it compares against.
BVENV  := .venv-bench
BSTAMP := $(BVENV)/.installed

.PHONY: test play serve bench lint check clean fuzz system

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "chieu needs $(PYTHON) on PATH"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# `make play` installs only what playing needs; `make test` adds the test tools (and Ray, whose
# arena path the tests exercise); `make lint` the linters.
$(PSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $(PSTAMP)

SSTAMP := $(VENV)/.installed-serve
$(SSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	@touch $(SSTAMP) $(PSTAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,ray,server,rl]'
	@touch $(STAMP) $(PSTAMP) $(SSTAMP)

$(LSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,lint,ray,server,rl]'
	@touch $(LSTAMP) $(STAMP) $(PSTAMP) $(SSTAMP)

# Debian's PostgreSQL and Chromium, which the tests start in temporary directories (apt-get
# only when missing; nothing is downloaded from anywhere else).
system:
	@sh scripts/system-packages.sh

test: $(STAMP) system
	$(BIN)/python -m pytest

# the online table on http://127.0.0.1:8000 with an embedded SQLite database
serve: $(SSTAMP)
	$(BIN)/chieu serve $(ARGS)

# the fuzz suite at length (about 20 minutes; `make test` runs it briefly)
fuzz: $(STAMP)
	CHIEU_FUZZ=long $(BIN)/python -m pytest tests/fuzz

play: $(PSTAMP)
	$(BIN)/chieu play chan

$(BSTAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "chieu needs $(PYTHON) on PATH"; exit 1; }
	test -x $(BVENV)/bin/python || $(PYTHON) -m venv $(BVENV)
	$(BVENV)/bin/python -m pip install --quiet --upgrade pip
	$(BVENV)/bin/python -m pip install --quiet -e '.[bench,server,rl]'
	@touch $(BSTAMP)

bench: $(BSTAMP)
	$(BVENV)/bin/python -m bench $(ARGS)

lint: $(LSTAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	@echo "Any in src: $$(grep -rwo Any src --include=*.py | wc -l)," \
	  "type: ignore in src: $$(grep -ro 'type: *ignore' src --include=*.py | wc -l)"

clean:
	rm -rf $(VENV) $(BVENV) .pytest_cache .mypy_cache .ruff_cache
