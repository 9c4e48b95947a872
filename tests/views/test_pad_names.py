"""The names of a blank score pad printed from the web: refused as a game file refuses them
(a name twice, an empty name, an invisible or control character) with a clear message and
never a 500, and the sides left unnamed printed "Player 3", never as letters beside names.

Personas: alice owns the games."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.printing.helpers import text_of
from tests.views.helpers import html

RULES_PAD = reverse("score_pad_pdf", args=["liverpool"])


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Ann,Bob,Ann", "Ann is listed twice; every player needs a different name"),
        ("Ann,,Cy", "name 2 of 3 is empty: give every player a name, or leave the names out"),
        ("Ann,B\x07ob,Cy", "“Bob” holds an invisible character (U+0007)"),
        ("Ann,B\u202eob,Cy", "“Bob” holds an invisible character (U+202E)"),
    ],
    ids=["twice", "empty", "control", "bidi"],
)
def test_the_rules_page_pad_refuses_a_name_a_game_file_refuses(
    client: Client, names: str, message: str
) -> None:
    response = client.get(RULES_PAD, {"sides": "3", "names": names})

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert message in response.content.decode()


def test_the_rules_page_pad_names_the_players_left_unnamed_by_their_place(client: Client) -> None:
    response = client.get(RULES_PAD, {"sides": "4", "names": "Ann, Bob,"})

    assert response.status_code == 200
    text = text_of(response.content)
    assert "Ann" in text and "Bob" in text
    assert "Player 3" in text and "Player 4" in text


def test_a_partnership_pad_names_a_side_left_unnamed_side_2(client: Client) -> None:
    response = client.get(
        reverse("score_pad_pdf", args=["pfh-three-hands"]), {"sides": "3", "names": "Ann & Cy"}
    )

    assert response.status_code == 200
    text = text_of(response.content)
    assert "Ann & Cy" in text and "Side 2" in text and "Side 3" in text


def test_a_games_pad_refuses_other_names_given_twice(alice_client: Client, make_game) -> None:
    game = make_game("liverpool", players=("Ann", "Bob", "Cy"))

    response = alice_client.get(reverse("game_score_pad", args=[game.pk]), {"names": "Ed, Ed, Flo"})

    assert response.status_code == 400
    assert "Ed is listed twice" in response.content.decode()


def test_the_new_game_pad_refuses_a_control_character_as_the_new_game_does(
    alice_client: Client,
) -> None:
    seats = {"seat0": "Ann", "seat1": "B\x07ob", "seat2": "Cy"}

    response = alice_client.post(
        reverse("new_game_pad"), {"rules": "liverpool", "first_dealer": 0, **seats}
    )

    assert response.status_code == 422
    assert "invisible character (U+0007)" in html(response)
    assert not Game.objects.exists()


def test_the_new_game_pad_refuses_a_name_given_twice(alice_client: Client) -> None:
    seats = {"seat0": "Ann", "seat1": "Bob", "seat2": "Ann"}

    response = alice_client.post(
        reverse("new_game_pad"), {"rules": "liverpool", "first_dealer": 0, **seats}
    )

    assert response.status_code == 422
    assert "Ann is listed twice" in html(response)
