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

# Precompute what is missing, warm a week of hints, then serve the API (and the bot if a token is set).
run: precompute
	$(PY) -m hints.warm --days 7
	$(PY) -m launcher

test: install
	$(PY) -m pytest -q

test-fast: install
	$(PY) -m pytest -q -m "not slow"

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy solver db hints render bot api settings.py launcher.py

bench: install
	$(PY) benchmarks/precompute.py
	$(PY) -m solver.precompute
	$(PY) benchmarks/hints.py
	$(PY) benchmarks/bot.py

clean:
	rm -rf $(VENV) data test-output .pytest_cache .mypy_cache .ruff_cache
