"""Scoring before signing up: a guest (made by "Score a game"), a kept guest and an account
(Alice). A guest scores as any account, keeps its games with a username and a password, and
never reaches anyone else's games."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.accounts import SIGNUPS_PER_ADDRESS, TOO_MANY_SIGNUPS
from games.models import Game, Guest
from tests.conftest import PASSWORD as ALICES_PASSWORD

from .helpers import bare

User = get_user_model()
PASSWORD = "table-companion-42"


def a_guest(client: Client | None = None) -> Client:
    client = client or Client()
    response = client.post(reverse("guest_start"))
    assert response.status_code == 302 and response["Location"] == reverse("new_game")
    return client


def guest_user() -> Any:
    return Guest.objects.latest("created").user


def start_canasta(client: Client) -> Game:
    data = {"rules": "canasta", "first_dealer": 0, "team_size": 2}
    data |= {f"seat{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 302, response.content.decode()
    return Game.objects.latest("created")


def keep(client: Client, username: str = "annie", password: str = PASSWORD) -> Any:
    return client.post(reverse("keep_games"), {"username": username, "password": password})


# -- the first game, no account first -------------------------------------------------------------


def test_the_first_page_offers_score_a_game_first() -> None:
    page = Client().get(reverse("home")).content.decode()

    assert page.index("Score a game") < page.index("Create an account")
    assert f'action="{reverse("guest_start")}"' in page


def test_a_visit_makes_no_guest_only_the_tap_does() -> None:
    Client().get(reverse("home"))
    assert Client().get(reverse("guest_start")).status_code == 405

    assert not Guest.objects.exists()


def test_a_guest_scores_a_game_as_any_account_would() -> None:
    client = a_guest()
    game = start_canasta(client)

    response = client.post(
        reverse("hand_new", args=[game.pk]),
        {"number": 1, **{f"s{i}-total": t for i, t in enumerate((120, 80))}, **_totals(game)},
    )

    assert response.status_code == 302
    assert game.owner == guest_user()
    board = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Your games live on this phone only." in board
    assert "Keep my games" in board


def _totals(game: Game) -> dict[str, str]:
    return {f"s{index}-just_total": "on" for index in range(len(game.side_names))}


def test_a_guest_never_reaches_another_guests_or_accounts_games(alice, make_game) -> None:
    alices = make_game()
    first = a_guest()
    theirs = start_canasta(first)
    second = a_guest()

    assert second.get(reverse("game", args=[theirs.pk])).status_code == 404
    assert second.get(reverse("game", args=[alices.pk])).status_code == 404


def test_a_guest_cannot_log_in_with_a_password_until_kept() -> None:
    client = a_guest()
    guest = guest_user()
    # The guest has no password to give: not the one it keeps its games with later, not its
    # own username, not what the app stored in place of one (a blank one the form refuses
    # before any password is checked).
    for password in (PASSWORD, guest.username, guest.password):
        attempt = Client()
        response = attempt.post(
            reverse("login"), {"username": guest.username, "password": password}
        )

        assert response.status_code == 200, password  # the form again, nobody logged in
        assert "Please enter a correct username and password" in response.content.decode()
        assert "_auth_user_id" not in attempt.session
    assert not guest_user().has_usable_password()

    # Kept, the same password logs in.
    keep(client, username="annie", password=PASSWORD)
    kept = Client().post(reverse("login"), {"username": "annie", "password": PASSWORD})
    assert kept.status_code == 302


def test_guests_count_in_the_sign_up_limit_with_the_same_message() -> None:
    for _ in range(SIGNUPS_PER_ADDRESS):
        a_guest()

    response = Client().post(reverse("guest_start"))

    assert response.status_code == 429
    assert TOO_MANY_SIGNUPS in response.content.decode()
    assert Guest.objects.count() == SIGNUPS_PER_ADDRESS


# -- keeping the games ----------------------------------------------------------------------


def test_keep_my_games_turns_the_guest_into_an_account_with_every_game() -> None:
    client = a_guest()
    game = start_canasta(client)
    guest = guest_user()

    response = keep(client)

    assert response.status_code == 302
    assert not Guest.objects.exists()
    kept = User.objects.get(username="annie")
    assert kept.pk == guest.pk and kept.check_password(PASSWORD)
    assert Game.objects.get(pk=game.pk).owner == kept
    # Still logged in on this phone, and no longer told the games live here only.
    assert "Your games live on this phone only" not in client.get(reverse("home")).content.decode()
    fresh = Client()
    logged_in = fresh.post(reverse("login"), {"username": "annie", "password": PASSWORD})
    assert logged_in.status_code == 302
    assert fresh.get(reverse("game", args=[game.pk])).status_code == 200


def test_the_keep_page_states_its_rules_before_anything_is_typed() -> None:
    page = a_guest().get(reverse("keep_games")).content.decode()

    assert "letters, digits and @ . + - _" in page
    assert "at least 8 characters" in page  # Django's validators, as settings configure them


@pytest.mark.parametrize(
    ("username", "password", "message"),
    [
        ("alice", PASSWORD, "“alice” is taken"),
        ("ALICE", PASSWORD, "“ALICE” is taken"),
        ("", PASSWORD, "Pick a username."),
        ("a" * 151, PASSWORD, "Up to 150 characters"),
        ("ann ie", PASSWORD, "Enter a valid username"),
        ("ann\u200bie", PASSWORD, "Enter a valid username"),
        ("аlice", PASSWORD, "“аlice” is taken"),  # a Cyrillic а
        ("annie", "short", "This password is too short"),
        ("annie", "12345678901", "This password is entirely numeric"),
    ],
)
def test_a_refused_name_or_password_is_told_and_nothing_changes(
    alice, username, password, message
) -> None:
    client = a_guest()

    response = keep(client, username, password)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert Guest.objects.count() == 1


def test_keeping_twice_is_told_and_doubles_nothing() -> None:
    client = a_guest()
    keep(client)

    response = client.get(reverse("keep_games"), follow=True)

    assert "kept in your account already" in response.content.decode()
    assert User.objects.filter(username="annie").count() == 1


# -- logging in from a guest ----------------------------------------------------------------------


def test_logging_in_from_a_guest_offers_to_move_its_games_in(alice, make_game) -> None:
    make_game()  # Alice's own game, with Ann, Bob, Cy and Di in her roster
    client = a_guest()
    game = start_canasta(client)
    game.record_hand(1, bare(game, 100, 50), game.dealer_for(1))
    guest_id = guest_user().pk

    response = client.post(reverse("login"), {"username": "alice", "password": ALICES_PASSWORD})
    assert response["Location"] == reverse("move_guest_games")
    page = client.get(reverse("move_guest_games")).content.decode()
    assert "You scored 1 game on this phone" in page
    client.post(reverse("move_guest_games"), {"move": "1"})

    moved = Game.objects.get(pk=game.pk)
    assert moved.owner == alice
    assert not User.objects.filter(pk=guest_id).exists()
    # The same names are the same players: Alice's roster has each once.
    assert sorted(alice.players.values_list("name", flat=True)) == ["Ann", "Bob", "Cy", "Di"]
    assert moved.score().totals == {"Ann & Cy": 100, "Bob & Di": 50}


def test_leaving_the_guests_games_behind_moves_nothing(alice) -> None:
    client = a_guest()
    game = start_canasta(client)
    client.post(reverse("login"), {"username": "alice", "password": ALICES_PASSWORD})

    client.post(reverse("move_guest_games"))

    assert Game.objects.get(pk=game.pk).owner != alice


def test_a_forged_move_reaches_no_ones_games(alice, bob) -> None:
    other = a_guest()
    theirs = start_canasta(other)
    client = Client()
    client.force_login(alice)

    client.post(reverse("move_guest_games"), {"move": "1"})

    assert Game.objects.get(pk=theirs.pk).owner != alice


# -- guests nobody used ---------------------------------------------------------------------


def test_purge_guests_removes_only_guests_unused_for_60_days(alice, make_game) -> None:
    old = a_guest()
    start_canasta(old)
    Guest.objects.update(last_seen=timezone.now() - timedelta(days=61))
    recent = a_guest()
    start_canasta(recent)
    kept = a_guest()
    keep(kept)
    Game.objects.filter(owner__username="annie").update(updated=timezone.now() - timedelta(days=90))
    make_game()

    from django.core.management import call_command

    call_command("purge_guests")

    assert Guest.objects.count() == 1
    assert User.objects.filter(username__in=["alice", "annie"]).count() == 2
    assert Game.objects.count() == 2  # the recent guest's and Alice's


def test_a_cookie_of_a_removed_guest_is_a_visitor_again() -> None:
    client = a_guest()
    Guest.objects.update(last_seen=timezone.now() - timedelta(days=61))
    Guest.purge()

    page = client.get(reverse("home")).content.decode()

    assert "Score a game" in page
    a_guest(client)
    assert Guest.objects.count() == 1


def test_a_forged_session_cookie_is_a_visitor_and_reaches_no_games(make_game) -> None:
    make_game()
    a_guest()
    forged = Client()
    forged.cookies["sessionid"] = "forged-" + "x" * 32

    page = forged.get(reverse("home")).content.decode()

    assert "Score a game" in page
    assert forged.get(reverse("new_game")).status_code == 302  # to the login page


# -- a guest logging out ------------------------------------------------------------------------


def test_a_guests_header_offers_keep_my_games_not_log_out() -> None:
    page = a_guest().get(reverse("home")).content.decode()

    header = page[page.index('<header class="topbar">') : page.index("</header>")]
    assert f'href="{reverse("keep_games")}">Keep my games</a>' in header
    assert "Log out" not in header


def test_a_guests_log_out_asks_first_and_loses_nothing() -> None:
    client = a_guest()
    game = start_canasta(client)
    start_canasta(client)

    response = client.post(reverse("logout"))

    assert response.status_code == 302 and response["Location"] == reverse("guest_log_out")
    assert client.get(reverse("game", args=[game.pk])).status_code == 200
    question = client.get(reverse("guest_log_out")).content.decode()
    assert "Your 2 games live only on this phone." in question
    assert "Keep them with a username, or log out and lose them." in question
    assert question.index("Keep my games</a>") < question.index("Log out and lose them")


def test_a_guest_who_answers_log_out_anyway_is_logged_out() -> None:
    client = a_guest()
    start_canasta(client)

    client.post(reverse("logout"), {"lose_games": "1"})

    assert "Score a game" in client.get(reverse("home")).content.decode()


def test_an_account_logs_out_in_one_tap_and_never_sees_the_guest_question(alice_client) -> None:
    response = alice_client.post(reverse("logout"))

    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert alice_client.get(reverse("guest_log_out")).status_code == 302
    assert "Log in" in alice_client.get(reverse("home")).content.decode()
