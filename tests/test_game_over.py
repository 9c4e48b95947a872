"""A finished game refuses changes itself (GameOver), whatever screen or command asks."""

from __future__ import annotations

import pytest

from games.models import Game, GameOver
from tests.conftest import GameFactory

pytestmark = pytest.mark.django_db

THREE = ("Ann", "Bob", "Cy")


def totals(*points: int) -> dict[str, dict[str, int]]:
    return {name: {"total": p} for name, p in zip(THREE, points, strict=True)}


@pytest.fixture
def finished(make_game: GameFactory) -> Game:
    """A three-hand family game played to the end."""
    return make_game("pfh-three-hands", players=THREE, hands=[totals(100, 50, 0)] * 3, team_size=1)


def test_editing_a_hand_of_a_finished_game_is_refused(finished: Game) -> None:
    with pytest.raises(GameOver, match="Reopen it"):
        finished.record_hand(2, totals(0, 0, 0), None, revision=1)

    assert finished.score().totals == {"Ann": 300, "Bob": 150, "Cy": 0}


def test_deleting_the_last_hand_of_a_finished_game_is_refused(finished: Game) -> None:
    with pytest.raises(GameOver):
        finished.delete_last_hand(3)

    assert finished.hands.count() == 3


def test_a_reopened_game_takes_edits_and_deletions(finished: Game) -> None:
    finished.reopen()

    finished.record_hand(2, totals(0, 0, 0), None, revision=1)
    finished.refresh_from_db()
    finished.reopen()
    finished.delete_last_hand(3)

    assert finished.hands.count() == 2


def test_the_hand_in_progress_of_a_finished_game_is_refused(make_game: GameFactory) -> None:
    win = {"Ann & Cy": {"total": 9_000}, "Bob & Di": {"total": 0}}
    game = make_game("miromar-canasta", hands=[win])

    with pytest.raises(GameOver, match="no hand in progress"):
        game.track("fail", "0")

    game.refresh_from_db()
    assert game.hand_in_progress == {}
