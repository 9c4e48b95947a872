"""The view tests' personas and game builders (alice, bob, charlie, make_game...)."""

from tests.views.conftest import *  # noqa: F403
