"""Restoring deleted games at the 30-day edge while the purge runs (the owner deletes another
game, which deletes for good what is past the 30 days), with real threads on PostgreSQL: no
server error, and a game is either restored (and stays) or gone for good (and said so)."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import DELETED_GAMES_KEPT, Game
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import game_url

GAMES = 16
ROUNDS = 4


def restore(phone: Phone, game: Game) -> Any:
    return phone.client().post(game_url("restore_game", game))


def delete(phone: Phone, game: Game) -> Any:
    return phone.client().post(game_url("delete_game", game))


def test_restores_racing_the_purge_at_the_edge_are_kept_or_told_gone(
    new_game: Callable[..., Game], alice: User
) -> None:
    owner = Phone(alice)
    broken = []
    for _ in range(ROUNDS):
        games = [new_game() for _ in range(GAMES)]
        trigger = new_game()
        # Deleted so that the 30 days run out one after the other around the moment of the race.
        edge = timezone.now() + timedelta(milliseconds=300)
        for index, game in enumerate(games):
            deleted = edge - DELETED_GAMES_KEPT + timedelta(milliseconds=4 * (index - GAMES // 2))
            Game.objects.filter(pk=game.pk).update(deleted=deleted)
        time.sleep(max(0.0, (edge - timezone.now()).total_seconds()))

        results = at_once(
            [partial(delete, owner, trigger), *(partial(restore, owner, g) for g in games)]
        )

        codes = status_codes(results)
        for game, response, code in zip(games, results[1:], codes[1:], strict=True):
            still = Game.objects.filter(pk=game.pk).first()
            restored = code == 302
            if code not in {302, 404}:
                broken.append((game.pk, code))
            elif restored and (still is None or still.deleted is not None):
                broken.append((game.pk, "said restored, then deleted"))
            elif not restored and "That game is gone for good" not in response.content.decode():
                broken.append((game.pk, "404 without saying it is gone"))
    assert not broken, broken
