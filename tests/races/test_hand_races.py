"""Two scorekeepers change the same game's hands at the same moment: hand numbers stay 1..n,
nobody gets a server error, and whoever comes second is told what happened."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth.models import User

from games.models import Game, Hand
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import game_url, hand_data

TRIES = 15


def delete(phone: Phone, game: Game, number: int) -> Any:
    return phone.client().post(game_url("hand_delete", game, number))


def save(phone: Phone, game: Game, number: int, revision: int | None = None) -> Any:
    """Hand `number` saved with small bare totals: new, or an edit of `revision`."""
    url = game_url("hand_new", game) if revision is None else game_url("hand_edit", game, number)
    return phone.client().post(url, hand_data([{"total": 10}, {"total": 20}], number, revision))


def numbers(game: Game) -> list[int]:
    return list(Hand.objects.filter(game=game).order_by("number").values_list("number", flat=True))


def test_deleting_the_last_hand_while_the_next_is_saved_never_leaves_a_gap(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    owner, helper = Phone(alice), Phone(bob)
    gaps, errors = [], []
    for _ in range(TRIES):
        game = new_game(hands=3)
        results = at_once([partial(delete, owner, game, 3), partial(save, helper, game, 4)])
        codes = status_codes(results)
        if not set(codes) <= {302, 422}:
            errors.append(codes)
        held = numbers(game)
        if held != list(range(1, len(held) + 1)):
            gaps.append(held)
    assert not errors, f"{len(errors)} of {TRIES} tries answered {errors}"
    assert not gaps, f"{len(gaps)} of {TRIES} tries left a gap: {gaps}"


def test_deleting_a_hand_while_it_is_edited_never_deadlocks(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    owner, helper = Phone(alice), Phone(bob)
    failures = []
    for _ in range(TRIES):
        game = new_game(hands=3)
        results = at_once(
            [partial(delete, owner, game, 3), partial(save, helper, game, 3, revision=1)]
        )
        deleted, edited = status_codes(results)
        # Either order ends the same: hand 3 is gone; an edit that came second is told so.
        if deleted != 302 or edited not in {302, 422} or numbers(game) != [1, 2]:
            failures.append((deleted, edited, numbers(game)))
    assert not failures, f"{len(failures)} of {TRIES} tries went wrong: {failures}"
