# Everyday commands. `make run` and `make test` set everything up on their own:
# they find a Python >= 3.12, create .venv and install the pinned dependencies
# (requirements.lock) only when pyproject.toml or requirements.lock changed.

PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test check format bench loadtest serve lock clean messages

setup: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	@if ! $(BIN)/python -c 'import sys; assert sys.version_info >= (3, 12)' >/dev/null 2>&1; then \
		py=$$(scripts/find-python) || exit 1; \
		echo "Creating $(VENV) with $$py"; \
		rm -rf $(VENV) && "$$py" -m venv $(VENV) || exit 1; \
	fi
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade 'pip>=24'
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -e '.[dev]'
	@touch $@

run: setup
	DJANGO_DEBUG=1 $(BIN)/python manage.py compile_catalogues
	DJANGO_DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The suite runs twice: everything on SQLite, and on a real PostgreSQL server that
# scripts/start-test-postgres starts (installing PostgreSQL if needed) every test that reaches
# the database but the browser tests (--database-tests-only, tests/conftest.py: the engine's and
# the printouts' own tests do not, pytest-django refuses it to them, so a second run of them
# would only repeat the first).
# Each run spreads its tests over one worker per core (pytest-xdist; "worksteal": a worker left
# idle takes tests from the other, as a whole browser game takes 20 s and a rule check 1 ms).
# Each worker has its own database, live server and Chromium. One at a time: PYTEST_ARGS='-n 0'.
# The PostgreSQL run goes on beside the SQLite one (its output kept until the SQLite run ends):
# the browser tests leave the cores idle about half the time, waiting on Chromium and on the
# page, and the two runs share no database (nor temporary folder), so the suite takes about the
# longer run's time, not both.
# The last line printed is the PostgreSQL run's pytest summary.
# Extra pytest arguments go to both runs: make test PYTEST_ARGS='-k home -x'
PARALLEL := -n auto --dist worksteal
test: setup
	scripts/setup-test-deps
	$(BIN)/python manage.py compile_catalogues
	@set -e; url=$$(scripts/start-test-postgres); log=$$(mktemp); temp=$$(mktemp -d); \
	( status=0; DATABASE_URL="$$url" $(BIN)/pytest $(PARALLEL) -m "not browser" --database-tests-only --basetemp="$$temp" $(PYTEST_ARGS) >"$$log" 2>&1 || status=$$?; echo $$status >"$$log.status" ) & \
	echo "== the test suite on SQLite (the PostgreSQL run goes on beside it)"; \
	sqlite=0; env -u DATABASE_URL $(BIN)/pytest $(PARALLEL) $(PYTEST_ARGS) || sqlite=$$?; \
	wait; echo "== the tests that reach the database on PostgreSQL ($$url), browser tests excluded"; \
	cat "$$log"; pg=$$(cat "$$log.status"); rm -rf "$$log" "$$log.status" "$$temp"; \
	[ $$sqlite -eq 0 ] && { [ $$pg -eq 0 ] || [ $$pg -eq 5 ]; }  # 5: PYTEST_ARGS picked none that reach the database

check: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: setup
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The catalogues after a change of words (needs GNU gettext's xgettext): new messages come in
# empty for the translators, gone ones go. README "Languages".
messages: setup
	$(BIN)/python manage.py makemessages -a --no-obsolete --ignore 'tests/*' --ignore 'staticfiles/*' \
		--ignore 'artifacts/*' --ignore 'docs/*' --ignore 'scripts/*'

bench: setup
	$(BIN)/python manage.py compile_catalogues
	$(BIN)/python scripts/bench.py

# Load test, not part of `make test`: gunicorn (4 workers) on SQLite, then PostgreSQL, 127.0.0.1, 50 phones
# polling live views and 5 scorekeepers saving hands for 60 s each; errors per database at the end.
# One database: LOADTEST_ARGS="--on sqlite". See docs/loadtest.md.
# Extra arguments: make loadtest LOADTEST_ARGS='--seconds 30'; the club night: LOADTEST_ARGS='--club-night'
loadtest: setup
	$(BIN)/python scripts/loadtest.py $(LOADTEST_ARGS)

# Production-like local server: DEBUG off, WhiteNoise serving the collected static files,
# gunicorn with 3 workers. A throwaway secret key is generated when none is set, and the
# HTTPS-only settings are off (DJANGO_HTTPS=0) because this serves plain http on 127.0.0.1.
# For a real deployment see README.md ("Deploy").
serve: setup
	@set -e; \
	unset DJANGO_DEBUG; \
	export DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}"; \
	export DJANGO_HTTPS="$${DJANGO_HTTPS:-0}"; \
	if [ -z "$${DJANGO_SECRET_KEY:-}" ]; then \
		echo "make serve: DJANGO_SECRET_KEY not set; using a throwaway random key (local use only)"; \
		DJANGO_SECRET_KEY=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))'); \
		export DJANGO_SECRET_KEY; \
	fi; \
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0; \
	$(BIN)/python manage.py compile_catalogues; \
	$(BIN)/python manage.py migrate --noinput; \
	exec $(BIN)/gunicorn scorekeeper.wsgi --workers 3 --bind 127.0.0.1:$(PORT)

# Re-pin every dependency (runtime and dev) from a fresh venv. Run after editing
# the dependency ranges in pyproject.toml, then commit requirements.lock.
lock:
	@set -e; py=$$(scripts/find-python); tmp=$$(mktemp -d); \
	"$$py" -m venv "$$tmp/venv"; \
	"$$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade 'pip>=24'; \
	"$$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[dev]'; \
	{ echo "# Exact versions of every dependency (runtime and dev), used as a pip constraints file."; \
	  echo "# Generated by 'make lock' (pip freeze of a fresh venv); do not edit by hand."; \
	  "$$tmp/venv/bin/python" -m pip freeze --exclude-editable; } > requirements.lock; \
	rm -rf "$$tmp"; echo "requirements.lock updated"

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
