"""Miromar's hand in progress (failed openings, openings, the turn card) under many taps at once:
no tap is lost, and a save never has the previous hand's taps written back over it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth.models import User

from games.models import Game
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import HTMX, game_url, hand_data

TRIES = 15


def tap(phone: Phone, game: Game, action: str, side: int | None = None, hand: int = 1):
    data = {"action": action, "hand": str(hand)}
    if side is not None:
        data["side"] = str(side)
    return phone.client().post(game_url("table_action", game), data, headers=HTMX)


def post(phone: Phone, url: str, data: dict[str, Any]) -> Any:
    return phone.client().post(url, data)


def failed(game: Game) -> dict[str, int]:
    game.refresh_from_db()
    return {side: int(n) for side, n in game.hand_in_progress.get("failed", {}).items() if int(n)}


def test_forty_failed_openings_tapped_at_once_count_forty(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    game = new_game()
    phones = [Phone(alice), Phone(bob)]

    results = at_once([partial(tap, phones[i % 2], game, "fail", 0) for i in range(40)])

    assert status_codes(results) == [200] * 40
    assert failed(game) == {"0": 40}


def test_a_tap_racing_a_save_never_brings_back_the_last_hands_failed_openings(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    owner, helper = Phone(alice), Phone(bob)
    stale = []
    save_hand_1 = hand_data([{"total": 10}, {"total": 20}], 1)
    for _ in range(TRIES):
        game = new_game()
        for _ in range(2):
            tap(owner, game, "fail", 0)
        results = at_once(
            [
                partial(post, owner, game_url("hand_new", game), save_hand_1),
                partial(tap, helper, game, "fail", 1, hand=1),
            ]
        )
        assert status_codes(results)[0] == 302
        if "0" in failed(game):
            stale.append(failed(game))
    assert not stale, f"{len(stale)} of {TRIES} tries wrote hand 1's taps back: {stale}"


def test_taps_while_an_earlier_hand_is_edited_are_all_counted(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    game = new_game(hands=2)
    owner, helper = Phone(alice), Phone(bob)
    rounds, taps = 5, 10
    for revision in range(1, rounds + 1):
        edit = hand_data([{"total": 10 * revision}, {"total": 20}], 1, revision=revision)
        results = at_once(
            [partial(post, owner, game_url("hand_edit", game, 1), edit)]
            + [partial(tap, helper, game, "fail", 0, hand=3) for _ in range(taps)]
        )
        assert status_codes(results) == [302] + [200] * taps

    assert failed(game) == {"0": rounds * taps}
