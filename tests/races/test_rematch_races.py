"""Rematch tapped on 20 phones at once (the owner's and a co-scorekeeper's), with real threads
on PostgreSQL: one new game is made, and every tap is taken to it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth.models import User

from games.models import Game
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import game_url

TAPS = 20


def tap_rematch(phone: Phone, game: Game) -> Any:
    return phone.client().post(game_url("rematch", game))


def test_twenty_rematch_taps_at_once_make_one_game(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    game = new_game(hands=1)
    phones = [Phone(alice), Phone(bob)]

    results = at_once([partial(tap_rematch, phones[i % 2], game) for i in range(TAPS)])

    assert set(status_codes(results)) == {302}, status_codes(results)
    made = Game.objects.exclude(pk=game.pk)
    assert made.count() == 1
    assert {r["Location"] for r in results} == {game_url("game", made.get())}
