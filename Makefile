# Two commands on a fresh machine: `make run` and `make test`.
# The venv's interpreter: Debian's python3.11 where it can make a venv (built with profile-guided
# optimization, as the Docker image's Python is: the fast tests take a sixth less CPU than on a
# plain source build such as pyenv's), else python3.
DEBIAN_PYTHON := $(shell /usr/bin/python3.11 -c 'import ensurepip, venv' 2>/dev/null && echo /usr/bin/python3.11)
PYTHON ?= $(or $(DEBIAN_PYTHON),python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
DEV_STAMP := $(VENV)/.dev-stamp

.PHONY: install dev migrate precompute run test test-fast coverage lint lock bench clean browser fonts
JAPANESE_FONT := /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf

# What the product runs on, no more (the tools come with `make dev`, which the test, lint and
# benchmark targets make), installed by uv (into the venv first, by its pip): the same packages as
# pip's (`make dev` in 9 s instead of 26 s on a machine that had never downloaded them). Not
# compiled ahead: Python writes the bytecode of the modules it imports.
UV := $(VENV)/bin/uv pip install -q --python $(PY)
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q uv
	$(UV) -e .
	touch $(STAMP)

# The test, lint and benchmark tools (pytest, Playwright, ruff, mypy, import-linter, pip-audit...).
$(DEV_STAMP): $(STAMP)
	$(UV) -e ".[dev]"
	touch $(DEV_STAMP)

install: $(STAMP) fonts

dev: $(DEV_STAMP) fonts

# The Japanese font the images draw Japanese words with (Debian's; needs root where missing).
fonts:
	@test -f $(JAPANESE_FONT) || { echo "installing Debian's fonts-ipaexfont-gothic for Japanese images"; \
		apt-get install -y -qq fonts-ipaexfont-gothic >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipaexfont-gothic >/dev/null; } || \
		echo "make fonts: could not install fonts-ipaexfont-gothic; Japanese images will show ? for Japanese words" >&2; }

migrate: install
	$(PY) -m db.migrate

precompute: migrate
	$(PY) -m solver.precompute

# Precompute what is missing, warm a week of hints, then serve the API (and the bot if a token is set).
run: precompute
	$(PY) -m hints.warm --days 7
	$(PY) -m jobs.launcher

# Debian's Chromium for the web page's browser test (installed where missing, needs root), and
# axe-core, the accessibility checker those tests run in the pages (from npm, into the git-ignored
# .cache/node; Debian's npm installed where missing).
AXE_VERSION := 4.14.1
AXE_DIR := .cache/node
# The browser tests drive Chromium's headless shell (tests/support/browser.py says why).
HEADLESS_CHROMIUM := /usr/lib/chromium/chromium-headless-shell
browser:
	@test -x $(HEADLESS_CHROMIUM) || { \
		echo "installing Debian's chromium-headless-shell for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; }
	@command -v npm >/dev/null 2>&1 || { echo "installing Debian's npm for axe-core"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	@test "$$(node -p "require('./$(AXE_DIR)/node_modules/axe-core/package.json').version" 2>/dev/null)" \
		= "$(AXE_VERSION)" || { echo "installing axe-core $(AXE_VERSION) into $(AXE_DIR)"; mkdir -p $(AXE_DIR) && \
		npm install --silent --no-audit --no-fund --prefix $(AXE_DIR) axe-core@$(AXE_VERSION); }

# The test commands keep compiled modules between runs even where PYTHONDONTWRITEBYTECODE is set:
# each pytest-xdist worker otherwise rewrites the asserts of every test module again (seconds each).
KEEP_BYTECODE := PYTHONDONTWRITEBYTECODE=

# The import contracts (a second), then every test, spread over the cores (pytest-xdist).
test: dev browser
	$(VENV)/bin/lint-imports
	$(KEEP_BYTECODE) $(PY) -m pytest -q -n auto

# The quick loop (under a minute): the service, the bot's replies, the API routes, the solver and
# the store on the small sample catalog; no whole catalog, browser, PostgreSQL or slow test.
FAST := not catalog and not browser and not postgres and not slow
test-fast: dev
	$(KEEP_BYTECODE) $(PY) -m pytest -q -n auto -m "$(FAST)"

# Line coverage of every test (the figures in the closing notes of changes to the suite).
coverage: dev browser
	$(KEEP_BYTECODE) $(PY) -m pytest -q -n auto --cov=solver --cov=db --cov=hints --cov=render --cov=bot --cov=api \
		--cov=i18n --cov=settings --cov=jobs --cov-report=term --cov-report=json:test-output/coverage.json

lint: dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy solver db hints render bot api i18n jobs tools benchmarks tests/support settings.py
	$(VENV)/bin/lint-imports
	$(PY) -m tools.doccheck && $(PY) -m tools.bot_commands --check
	$(VENV)/bin/pip-audit --progress-spinner off --disable-pip --require-hashes -r requirements.lock $(PIP_AUDIT_FLAGS) \
		|| { echo "make lint: pip-audit failed on requirements.lock: a pinned package has a known advisory (listed" \
		"above: raise its lower bound in pyproject.toml, then make lock), or the audit could not run (pypi.org?)" >&2; exit 1; }

# requirements.lock: every runtime dependency pinned with hashes, for the image (deploy/Dockerfile).
# Resolved against pypi.org alone (the image builds from there), newest versions pyproject.toml allows.
lock: dev
	$(PY) -m pip install -q "pip-tools>=7.4"
	env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="make lock" \
		$(VENV)/bin/pip-compile --quiet --upgrade --generate-hashes --strip-extras --index-url https://pypi.org/simple \
		--no-emit-index-url --no-emit-find-links --output-file requirements.lock pyproject.toml

bench: dev
	@command -v wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; } || true
	$(PY) -m benchmarks.precompute
	$(PY) -m solver.precompute
	$(PY) -m benchmarks.hints
	$(PY) -m benchmarks.bot
	$(PY) -m benchmarks.api_load
	$(PY) -m benchmarks.api_load --workers 2
	$(PY) -m benchmarks.dispatch --kill
	$(PY) -m benchmarks.solve_jobs
	$(PY) -m benchmarks.custom_puzzle
	$(PY) -m benchmarks.positions
	$(PY) -m benchmarks.raw_cache
	$(PY) -m benchmarks.outbox
	$(PY) -m benchmarks.api_flood
	$(PY) -m benchmarks.budget
	$(PY) -m benchmarks.cost_model

# On-demand calendar targets: CP-SAT against the exact-cover reference xcover (benchmark only:
# installed here where missing, never a dependency of the product).
.PHONY: bench-ondemand
bench-ondemand: dev
	@$(PY) -c "import xcover" 2>/dev/null || $(PY) -m pip install -q "xcover>=0.2.6"
	$(PY) -m benchmarks.ondemand

clean:
	rm -rf $(VENV) data test-output .pytest_cache .mypy_cache .ruff_cache
