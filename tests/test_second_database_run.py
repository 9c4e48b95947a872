"""`make test` runs the suite on SQLite, then on PostgreSQL only the tests that reach the
database (`--database-tests-only`, tests/conftest.py): pytest-django refuses the database to any
other test, so its outcome cannot depend on which one is set up."""

import subprocess
import sys
from pathlib import Path

from django.conf import settings


def collected(*arguments: str) -> set[str]:
    listing = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", *arguments],
        cwd=Path(settings.BASE_DIR),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {line.split("::")[1] for line in listing.splitlines() if "::" in line}


def test_the_second_run_keeps_the_tests_that_reach_the_database_and_only_those() -> None:
    everything = collected("tests/test_home.py")
    second_run = collected("tests/test_home.py", "--database-tests-only")

    # A test client with a persona (its user is in the database) and a pure file check.
    assert "test_the_home_page_loads_no_htmx_it_does_not_use" in second_run
    assert "test_htmx_is_compiled_off_the_main_thread_as_it_streams_in" in everything
    assert "test_htmx_is_compiled_off_the_main_thread_as_it_streams_in" not in second_run
    assert second_run < everything


def test_the_second_run_keeps_every_race_and_every_test_marked_for_the_database() -> None:
    # The races reach it through fixtures only; test_hand_numbers.py through its pytestmark.
    files = ("tests/races", "tests/test_hand_numbers.py")

    assert collected(*files, "--database-tests-only") == collected(*files)
