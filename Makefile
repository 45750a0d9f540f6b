# Two entry points a newcomer needs: `make serve` and `make test`. Both build the virtualenv
# on first use, from the pinned versions in pyproject.toml and constraints.txt.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest-xdist workers for `make test`: `auto` is one per CPU core; `make test PYTEST_WORKERS=0`
# runs the suite in one process. Plain `pytest` (a file, a folder) stays serial.
PYTEST_WORKERS ?= auto

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
	$(BIN)/pytest -n $(PYTEST_WORKERS)

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run
