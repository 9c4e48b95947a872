from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.views.helpers import html


def test_the_login_page_shows_the_form(client: Client) -> None:
    response = client.get(reverse("login"))

    assert response.status_code == 200
    page = html(response)
    assert 'name="username"' in page
    assert 'name="password"' in page


def test_logging_in_goes_home(client: Client, alice: User) -> None:
    response = client.post(reverse("login"), {"username": "alice", "password": "correct horse 7"})

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert "My games" in html(client.get(reverse("home")))


def test_logging_in_returns_to_the_page_asked_for(client: Client, game: Game) -> None:
    wanted = reverse("game", args=[game.pk])
    response = client.post(
        reverse("login"), {"username": "alice", "password": "correct horse 7", "next": wanted}
    )

    assert response.status_code == 302
    assert response["Location"] == wanted


def test_a_wrong_password_is_refused(client: Client, alice: User) -> None:
    response = client.post(reverse("login"), {"username": "alice", "password": "wrong"})

    assert response.status_code == 200
    assert "enter a correct username and password" in html(response)
    assert "_auth_user_id" not in client.session


def test_login_does_not_take_delete(client: Client) -> None:
    assert client.delete(reverse("login")).status_code == 405


def test_there_is_no_password_reset_page_promising_an_email(client: Client) -> None:
    """Accounts have no email address, so a reset mail could never arrive (README says what a
    player who forgot the password does)."""
    assert client.get("/accounts/password_reset/").status_code == 404
    assert client.post("/accounts/password_reset/", {"email": "a@b.c"}).status_code == 404
