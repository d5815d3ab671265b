# Table Judge: `make run` serves the site on SQLite; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install db lint typecheck format check-browser bench clean

# uv (from PyPI, into the venv) installs the project's packages: about four times faster than
# pip in a fresh clone, where the install is part of `make test`'s time.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet uv
	$(VENV)/bin/uv pip install --python $(PY) --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

db: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_fixtures

run: db
	$(PY) manage.py runserver $(HOST):$(PORT)

# Browser tests run when Debian's Chromium is installed and are skipped (said plainly) when
# it is not; set REQUIRE_BROWSER=1 to make such a skip a failure (.ci/run does).
# pytest runs on every core (pytest-xdist, a test database per worker); PYTEST_WORKERS=0 runs
# it in this one process. `loadgroup` keeps each xdist_group's tests on one worker and
# otherwise hands out the tests in their order: pytest-django's (database tests before the
# live-server ones, which empty the database), the longest tests first within each part and
# the long ones without a database first of all (tests/conftest.py, LONG_FIRST), so that both
# workers finish together.
# mypy runs beside pytest at the lowest priority (nice 19), on the CPU the workers leave idle
# (their waits on the browser and the live server, the last worker's tail), instead of
# before it; its report is printed after pytest's, and either failing fails `make test`.
PYTEST_WORKERS ?= auto
test: install
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports --no-cache
	types_log=$$(mktemp); \
	nice -n 19 $(PY) -m mypy cardsdb games >$$types_log 2>&1 & types_pid=$$!; \
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS); tests=$$?; \
	wait $$types_pid; types=$$?; \
	echo "== mypy cardsdb games (beside pytest)"; cat $$types_log; rm -f $$types_log; \
	test $$tests -eq 0 && test $$types -eq 0

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	$(MAKE) --no-print-directory typecheck

# mypy (config in pyproject.toml): the Django side with django-stubs and the DRF stubs, the
# engines in strict mode (its flags set for `games` there), in one run.
typecheck: install
	$(PY) -m mypy cardsdb games

format: install
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

bench: db
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) var staticfiles
