"""Renames racing other changes, with real threads on PostgreSQL: a rename racing a new game
that seats a player under the new name gets no server error (the rename is refused in words, or
the new game seats the renamed player); a hand saved during a rename is neither held up nor
refused."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse

from games.models import Game, Player
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import game_url, hand_data

ROUNDS = 8


def rename(phone: Phone, player: Player, new_name: str) -> Any:
    return phone.client().post(reverse("player_rename", args=[player.pk]), {"name": new_name})


def start_game(phone: Phone, *names: str) -> Any:
    seats = {f"seat{i}": name for i, name in enumerate(names)}
    data = {"rules": "pfh-three-hands", "first_dealer": 1, **seats}
    return phone.client().post(reverse("new_game"), data)


def test_a_rename_racing_a_new_game_with_the_new_name_never_answers_500(
    new_game: Callable[..., Game], alice: User
) -> None:
    new_game()  # Ann, Bob, Cy and Di in alice's roster
    owner = Phone(alice)
    answers = []
    for round_number in range(ROUNDS):
        ann = Player.objects.get(owner=alice, name="Ann")
        new_name = f"Zed {round_number}"
        results = at_once(
            [partial(rename, owner, ann, new_name), partial(start_game, owner, new_name, "Bob")]
        )
        answers.append(status_codes(results))
        Player.objects.filter(pk=ann.pk).update(name="Ann")
        # The loser's roster row (the new game's player) is renamed out of the way.
        Player.objects.filter(owner=alice, name=new_name).update(name=f"Old {round_number}")
    assert all(codes[0] in {302, 422} and codes[1] == 302 for codes in answers), answers


#: How long the rename's transaction stays open, at most, while the other phone saves a hand.
HELD_FOR = 10.0
#: A save answered within this while the rename is held open was not waiting for it.
NOT_BLOCKED = 5.0


def test_a_hand_saved_while_a_rename_holds_its_transaction_open_is_neither_blocked_nor_refused(
    new_game: Callable[..., Game], alice: User, bob: User
) -> None:
    """Before, a rename locked every game its player sat in until it committed (2,000 games:
    seconds), so a save in one of them waited, then was refused ("the dealer Ann is not playing
    in this game"). Now it changes the roster row only: the save goes through at once."""
    game = new_game(hands=2)
    ann = Player.objects.get(owner=alice, name="Ann")
    renamed, release = threading.Event(), threading.Event()

    def rename_and_hold() -> None:
        with transaction.atomic():
            ann.rename("Anne")
            renamed.set()
            release.wait(HELD_FOR)  # the rename is done, its transaction still open

    def save_hand_3() -> tuple[Any, float]:
        assert renamed.wait(HELD_FOR)
        started = time.monotonic()
        try:
            body = hand_data([{"total": 10}, {"total": 20}], number=3)
            return Phone(bob).client().post(game_url("hand_new", game), body), (
                time.monotonic() - started
            )
        finally:
            release.set()

    renaming, (saved, waited) = at_once([rename_and_hold, save_hand_3])

    assert renaming is None, renaming
    assert getattr(saved, "status_code", saved) == 302
    assert waited < NOT_BLOCKED, f"the save waited {waited:.1f} s for the rename"
    game = Game.objects.get(pk=game.pk)
    assert [hand.number for hand in game.hands.all()] == [1, 2, 3]
    assert game.hands.get(number=3).dealer == "Cy"  # the rotation from Anne: Anne, Bob, Cy
    assert game.players[0] == "Anne"
