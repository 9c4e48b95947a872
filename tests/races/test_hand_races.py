"""Two scorekeepers change the same game's hands at the same moment: hand numbers stay 1..n,
nobody gets a server error, and whoever comes second is told what happened."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User

from games.models import Game, Hand
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import game_url, hand_data

TRIES = 15


def numbers(game: Game) -> list[int]:
    return list(Hand.objects.filter(game=game).order_by("number").values_list("number", flat=True))


def test_deleting_the_last_hand_while_the_next_is_saved_never_leaves_a_gap(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    owner, helper = Phone(alice), Phone(bob)
    gaps, errors = [], []
    for _ in range(TRIES):
        game = new_game(hands=3)
        results = at_once(
            [
                lambda game=game: owner.client().post(game_url("hand_delete", game, 3)),
                lambda game=game: helper.client().post(
                    game_url("hand_new", game), hand_data([{"total": 10}, {"total": 20}], 4)
                ),
            ]
        )
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
            [
                lambda game=game: owner.client().post(game_url("hand_delete", game, 3)),
                lambda game=game: helper.client().post(
                    game_url("hand_edit", game, 3),
                    hand_data([{"total": 10}, {"total": 20}], 3, revision=1),
                ),
            ]
        )
        delete, edit = status_codes(results)
        # Either order ends the same: hand 3 is gone; an edit that came second is told so.
        if delete != 302 or edit not in {302, 422} or numbers(game) != [1, 2]:
            failures.append((delete, edit, numbers(game)))
    assert not failures, f"{len(failures)} of {TRIES} tries went wrong: {failures}"
