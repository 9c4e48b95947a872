from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game, Player
from tests.views.helpers import html, is_login_redirect

URL = reverse("new_game_pad")
FOUR: dict[str, str | int] = {
    "rules": "miromar-canasta",
    "first_dealer": 0,
    "seat0": "Ann",
    "seat1": "Bob",
    "seat2": "Cy",
    "seat3": "Di",
}


def test_the_blank_pad_is_a_pdf_and_saves_nothing(alice_client: Client) -> None:
    response = alice_client.get(URL, FOUR)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    body = b"".join(response) if response.streaming else response.content
    assert body.startswith(b"%PDF")
    assert "miromar-canasta-score-pad.pdf" in response["Content-Disposition"]
    assert not Game.objects.exists()
    assert not Player.objects.exists()


def test_a_pad_for_players_the_rule_set_refuses_shows_the_form_with_the_reason(
    alice_client: Client,
) -> None:
    response = alice_client.get(URL, {**FOUR, "seat4": "Ed", "seat5": "Flo"})

    assert response.status_code == 422
    assert "is played by 4 players, not 6" in html(response)
    assert 'value="Flo"' in html(response)


def test_anonymous_visitors_are_sent_to_log_in(client: Client) -> None:
    assert is_login_redirect(client.get(URL, FOUR))


def test_the_new_game_page_posts_for_the_pad_in_the_same_tab(alice_client: Client) -> None:
    page = html(alice_client.get(reverse("new_game")))

    button = page.split(f'formaction="{URL}"')[0].rsplit("<button", 1)[1]
    assert "formtarget" not in button and "formmethod" not in button
    assert 'method="post"' in page.split('id="new-game"')[0].rsplit("<form", 1)[1]

    response = alice_client.post(URL, FOUR)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert not Game.objects.exists()


def test_a_pad_with_nothing_picked_stays_on_the_new_game_page_with_the_error(
    alice_client: Client,
) -> None:
    response = alice_client.post(URL, {})

    assert response.status_code == 422
    page = html(response)
    assert 'id="new-game"' in page
    assert 'class="field-error"' in page
    assert "csrfmiddlewaretoken" not in response.get("Location", "")


def test_the_pad_refuses_a_post_without_the_csrf_token(alice: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)

    assert client.post(URL, FOUR).status_code == 403


def test_the_pad_takes_only_get_and_post(alice_client: Client) -> None:
    assert alice_client.put(URL, FOUR).status_code == 405
