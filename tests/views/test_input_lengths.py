"""Every box that takes a name or a username is as long as the check behind it: the lengths
come from the engine (a player's name) and from Django's User (a username), never typed in a
template, so a change of one reaches every box."""

from __future__ import annotations

import re

from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.accounts import COUNTED_USERNAME_LENGTH, USERNAME_LENGTH
from games.models import NAME_LENGTH, Game, Player

from .helpers import html
from .test_guests import a_guest


def maxlength(page: str, box_id: str) -> int:
    """The maxlength of the page's input `box_id`."""
    box = re.search(rf'<input[^>]*\bid="{box_id}"[^>]*>', page)
    assert box is not None, f"no input {box_id}"
    length = re.search(r'\bmaxlength="(\d+)"', box.group())
    assert length is not None, box.group()
    return int(length.group(1))


def test_a_username_is_as_long_as_djangos_user_allows() -> None:
    assert USERNAME_LENGTH == User._meta.get_field("username").max_length == 150


def test_a_counted_login_fits_axes_column_and_any_username_fits_it_whole() -> None:
    assert AccessAttempt._meta.get_field("username").max_length == COUNTED_USERNAME_LENGTH
    assert USERNAME_LENGTH <= COUNTED_USERNAME_LENGTH


def test_the_seats_take_a_players_longest_name(alice_client: Client) -> None:
    page = html(alice_client.get(reverse("new_game")))

    assert maxlength(page, "id_seat0") == maxlength(page, "id_seat7") == NAME_LENGTH


def test_renaming_a_player_takes_a_players_longest_name(alice_client: Client, game: Game) -> None:
    ann = Player.objects.get(owner=game.owner, name="Ann")

    page = html(alice_client.get(reverse("player", args=[ann.pk])))

    assert maxlength(page, "id_name") == NAME_LENGTH


def test_adding_a_co_scorekeeper_takes_a_username_of_any_length(
    alice_client: Client, game: Game
) -> None:
    page = html(alice_client.get(reverse("share", args=[game.pk])))

    assert maxlength(page, "id_username") == USERNAME_LENGTH


def test_keeping_a_guests_games_takes_a_username_of_any_length() -> None:
    page = a_guest().get(reverse("keep_games")).content.decode()

    assert maxlength(page, "id_username") == USERNAME_LENGTH
    assert f"Up to {USERNAME_LENGTH} characters" in page
