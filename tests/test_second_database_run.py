"""`make test` runs the suite on SQLite, then on PostgreSQL only the tests that reach the
database (`--database-tests-only`, tests/conftest.py): pytest-django refuses the database to any
other test, so its outcome cannot depend on which one is set up."""

import functools
import subprocess
import sys
from pathlib import Path

from django.conf import settings

#: The files the tests below look at, collected together: each collection is a pytest of its own
#: (Django set up, every file imported), so the two runs are each asked once, side by side.
FILES = ("tests/test_home.py", "tests/races", "tests/test_hand_numbers.py")


@functools.cache
def collected_ids() -> dict[bool, frozenset[str]]:
    """The node ids pytest collects from FILES, as the first run does (False) and as the
    second does (True)."""
    runs = {
        second_run: subprocess.Popen(
            [
                sys.executable,
                "-m",
                "pytest",
                "--collect-only",
                *FILES,
                *(["--database-tests-only"] if second_run else []),
            ],
            cwd=Path(settings.BASE_DIR),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for second_run in (False, True)
    }
    listings = {}
    for second_run, run in runs.items():
        listing, errors = run.communicate()
        assert run.returncode == 0, errors or listing
        listings[second_run] = frozenset(
            line.strip() for line in listing.splitlines() if "::" in line
        )
    return listings


def collected(*paths: str, second_run: bool = False) -> set[str]:
    """The names of the tests collected from `paths` (files or folders among FILES)."""
    assert all(path in FILES for path in paths), paths
    return {
        node.split("::")[1]
        for node in collected_ids()[second_run]
        if any(node.startswith(f"{path}/") or node.startswith(f"{path}::") for path in paths)
    }


def test_the_second_run_keeps_the_tests_that_reach_the_database_and_only_those() -> None:
    everything = collected("tests/test_home.py")
    second_run = collected("tests/test_home.py", second_run=True)

    # A test client with a persona (its user is in the database) and a pure file check.
    assert "test_the_home_page_loads_no_htmx_it_does_not_use" in second_run
    assert "test_htmx_is_compiled_off_the_main_thread_as_it_streams_in" in everything
    assert "test_htmx_is_compiled_off_the_main_thread_as_it_streams_in" not in second_run
    assert second_run < everything


def test_the_second_run_keeps_every_race_and_every_test_marked_for_the_database() -> None:
    # The races reach it through fixtures only; test_hand_numbers.py through its pytestmark.
    files = ("tests/races", "tests/test_hand_numbers.py")

    assert collected(*files)
    assert collected(*files, second_run=True) == collected(*files)
