"""The hosting tests all use the database; the personas and `make_game` are in
tests/conftest.py."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def hosting_test_setup(db: None, fast_passwords: None) -> None:
    """Every hosting test may use the database; passwords hash fast."""
