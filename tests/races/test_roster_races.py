"""A rename racing a new game that seats a player under the new name, with real threads on
PostgreSQL: nobody gets a server error; the rename is refused in words, or the new game seats
the renamed player."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Game, Player
from tests.races.conftest import Phone, at_once, status_codes

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
