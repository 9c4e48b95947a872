"""A first-dealer change at the moment a hand is saved or edited, with real threads on
PostgreSQL: every hand ends up dealt as the rotation in force says (the dealer is read under
the game's lock), never by the old rotation's dealer."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth.models import User

from games.models import Game, Hand
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import game_url, hand_data

TRIES = 12


def change_first_dealer(phone: Phone, game: Game, name: str) -> Any:
    return phone.client().post(game_url("first_dealer", game), {"first_dealer": name})


def save(phone: Phone, game: Game, number: int, revision: int | None = None) -> Any:
    url = game_url("hand_new", game) if revision is None else game_url("hand_edit", game, number)
    return phone.client().post(url, hand_data([{"total": 10}, {"total": 20}], number, revision))


def dealt_off_rotation(game: Game) -> list[tuple[int, str, str | None]]:
    """The hands whose dealer is not the one the game's rotation says now."""
    game = Game.objects.get(pk=game.pk)
    return [
        (hand.number, hand.dealer, game.dealer_for(hand.number))
        for hand in Hand.objects.filter(game=game)
        if hand.dealer != game.dealer_for(hand.number)
    ]


def test_a_hand_saved_while_the_first_dealer_changes_is_dealt_by_the_new_rotation(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    owner, helper = Phone(alice), Phone(bob)
    wrong, errors = [], []
    for _ in range(TRIES):
        game = new_game(hands=1)
        results = at_once(
            [partial(change_first_dealer, owner, game, "Cy"), partial(save, helper, game, 2)]
        )
        if set(status_codes(results)) != {302}:
            errors.append(status_codes(results))
        wrong.extend(dealt_off_rotation(game))
    assert not errors, errors
    assert not wrong, f"hands kept the old rotation's dealer: {wrong}"


def test_an_edit_while_the_first_dealer_changes_never_puts_the_old_dealer_back(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    owner, helper = Phone(alice), Phone(bob)
    wrong, errors = [], []
    for _ in range(TRIES):
        game = new_game(hands=2)
        results = at_once(
            [
                partial(change_first_dealer, owner, game, "Cy"),
                partial(save, helper, game, 2, revision=1),
            ]
        )
        if set(status_codes(results)) != {302}:
            errors.append(status_codes(results))
        wrong.extend(dealt_off_rotation(game))
    assert not errors, errors
    assert not wrong, f"hands kept the old rotation's dealer: {wrong}"
