from datetime import timedelta

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Signup
from tests.views.helpers import html

GOOD = {
    "username": "dora",
    "password1": "a long pass phrase 9",
    "password2": "a long pass phrase 9",
}


def test_the_signup_form_asks_only_for_a_username_and_a_password(client: Client) -> None:
    response = client.get(reverse("signup"))

    assert response.status_code == 200
    page = html(response)
    assert 'name="username"' in page
    assert 'name="password1"' in page
    assert 'name="email"' not in page


def test_the_signup_page_states_its_rules_before_anything_is_typed(client: Client) -> None:
    page = client.get(reverse("signup")).content.decode()

    rules = page.index("letters, digits and @ . + - _ (no spaces)")
    assert rules < page.index('name="username"')
    assert page.index("at least 8 characters") < page.index('name="password1"')


def test_signing_up_creates_the_account_and_logs_in(client: Client) -> None:
    response = client.post(reverse("signup"), GOOD)

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert User.objects.filter(username="dora").exists()
    assert "My games" in html(client.get(reverse("home")))


def test_passwords_that_do_not_match_are_refused(client: Client) -> None:
    response = client.post(reverse("signup"), {**GOOD, "password2": "something else 9"})

    assert response.status_code == 200
    assert "didn’t match" in html(response) or "didn't match" in html(response)
    assert not User.objects.filter(username="dora").exists()


def test_a_username_that_is_taken_is_refused(client: Client, alice: User) -> None:
    response = client.post(reverse("signup"), {**GOOD, "username": "alice"})

    assert response.status_code == 200
    assert "already exists" in html(response)
    assert User.objects.filter(username="alice").count() == 1


def test_signup_takes_only_get_and_post(client: Client) -> None:
    assert client.put(reverse("signup")).status_code == 405


def sign_up(client: Client, username: str, address: str) -> int:
    data = {**GOOD, "username": username}
    return client.post(reverse("signup"), data, REMOTE_ADDR=address).status_code


def test_ten_accounts_an_hour_from_one_address_then_a_clear_refusal(client: Client) -> None:
    for index in range(10):
        assert sign_up(Client(), f"player{index}", "10.1.1.1") == 302

    response = client.post(
        reverse("signup"), {**GOOD, "username": "player10"}, REMOTE_ADDR="10.1.1.1"
    )

    assert response.status_code == 429
    assert "Too many new accounts from this network" in html(response)
    assert not User.objects.filter(username="player10").exists()


def test_the_signup_limit_is_per_address(client: Client) -> None:
    for index in range(10):
        sign_up(Client(), f"player{index}", "10.1.1.1")

    assert sign_up(client, "elsewhere", "10.1.1.2") == 302


def test_signups_age_out_after_an_hour(client: Client) -> None:
    for index in range(10):
        sign_up(Client(), f"player{index}", "10.1.1.1")
    Signup.objects.update(when=timezone.now() - timedelta(minutes=61))

    assert sign_up(client, "later", "10.1.1.1") == 302
    assert Signup.objects.count() == 1  # the old rows went as the new one came
