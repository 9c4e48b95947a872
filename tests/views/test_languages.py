"""The language menu and where the language comes from: the browser at first, then the menu,
kept on this phone (a cookie) and on the account, so that a login on another phone follows it.

Personas: a stranger (no account, a Brazilian browser), Alice (an account, changes language),
and Alice again on a second phone."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.models import ChosenLanguage
from games.rules.numbers import read_typed_number
from games.templatetags.numbers import format_number, typed_grouping
from tests.conftest import PASSWORD

MENU = "/language/"


def html_lang(client: Client, path: str = "/", accept: str = "") -> str:
    headers = {"accept-language": accept} if accept else {}
    page = client.get(path, headers=headers).content.decode()
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_a_first_visit_speaks_the_browsers_language(client: Client) -> None:
    assert html_lang(client, accept="pt-BR,pt;q=0.9,en;q=0.5") == "pt-br"
    assert html_lang(client, accept="de-AT") == "de"


def test_a_browser_language_the_app_lacks_falls_back_to_english(client: Client) -> None:
    assert html_lang(client, accept="xx-YY, zz") == "en"


@pytest.mark.parametrize("reading", ["en", "de", "pt-br"])
def test_the_menu_names_every_language_in_its_own_words_one_tap_each(
    client: Client, reading: str
) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = reading
    page = client.get(MENU).content.decode()
    for code, name in settings.LANGUAGES:
        assert f'name="language" value="{code}" lang="{code}"' in page
        assert f">{name}</button>" in page


def test_every_page_offers_the_menu(client: Client) -> None:
    page = client.get("/rules/").content.decode()
    assert f'href="{MENU}?next=/rules/"' in page


def test_choosing_a_language_keeps_it_on_this_phone_and_goes_back(client: Client) -> None:
    response = client.post(MENU, {"language": "it", "next": "/rules/"})
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert html_lang(client, "/rules/", accept="de") == "it"


def test_a_language_the_app_lacks_changes_nothing(client: Client) -> None:
    response = client.post(MENU, {"language": "xx", "next": "/rules/"})
    assert response.status_code == 302
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_the_menu_never_sends_a_player_to_another_site(client: Client) -> None:
    response = client.post(MENU, {"language": "es", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def logs_in(phone: Client, user: User) -> None:
    response = phone.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302


def test_an_accounts_language_follows_it_to_another_phone(
    alice: User, alice_client: Client
) -> None:
    alice_client.post(MENU, {"language": "es", "next": "/"})
    assert ChosenLanguage.of(alice) == "es"
    second_phone = Client()
    logs_in(second_phone, alice)
    assert second_phone.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    assert html_lang(second_phone, accept="en") == "es"


def test_an_account_that_never_chose_keeps_the_language_it_signed_in_with(
    alice: User,
) -> None:
    phone = Client()
    phone.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    logs_in(phone, alice)
    assert ChosenLanguage.of(alice) == "de"


@pytest.mark.parametrize(
    ("code", "total", "written"),
    [
        ("en", 2005, "2,005"),
        ("pt-br", 2005, "2.005"),
        ("es", 8500, "8.500"),
        ("it", 2005, "2.005"),
        ("de", -12345, "\N{MINUS SIGN}12.345"),
        ("en", -12345, "\N{MINUS SIGN}12,345"),
    ],
)
def test_totals_are_written_as_each_language_groups_them(
    code: str, total: int, written: str
) -> None:
    with translation.override(code):
        assert format_number(total) == written


@pytest.mark.parametrize(
    ("code", "typed", "read"),
    [
        ("it", "2.005", 2005),
        ("pt-br", "-1.250", -1250),
        ("de", "1.200+250", 1450),
        ("es", "8.500", 8500),
        ("en", "2,005", 2005),
    ],
)
def test_a_typed_total_is_read_as_its_language_writes_it(code: str, typed: str, read: int) -> None:
    with translation.override(code):
        assert read_typed_number(typed, typed_grouping()) == read


def test_a_point_is_no_thousands_in_english() -> None:
    from games.rules.numbers import NotATypedNumber

    with translation.override("en"), pytest.raises(NotATypedNumber):
        read_typed_number("2.005", typed_grouping())
