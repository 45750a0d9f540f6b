# Two entry points a newcomer needs: `make serve` and `make test`. Both build the virtualenv
# on first use, from the pinned versions in pyproject.toml and constraints.txt.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

.PHONY: install serve plan test lint bench
install: $(STAMP)

serve: $(STAMP)
	$(BIN)/fitcoach serve

plan: $(STAMP)
	$(BIN)/fitcoach plan

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run
