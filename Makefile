# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install migrate precompute run test test-fast lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(PY) -m db.migrate

precompute: migrate
	$(PY) -m solver.precompute

# Until the API and bot land, `run` stops after the precompute summary and warming a week of hints.
run: precompute
	$(PY) -m hints.warm --days 7

test: install
	$(PY) -m pytest -q

test-fast: install
	$(PY) -m pytest -q -m "not slow"

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy solver db settings.py

bench: install
	$(PY) benchmarks/precompute.py
	$(PY) -m solver.precompute
	$(PY) benchmarks/hints.py

clean:
	rm -rf $(VENV) data test-output .pytest_cache .mypy_cache .ruff_cache
