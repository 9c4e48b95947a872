"""Every game of an account as one CSV: a row per side per hand (issue 19)."""

import csv
import io

from django.test import Client
from django.urls import reverse

from tests.rules import worded
from tests.views.helpers import bare, html, is_login_redirect

URL = reverse("export_all_csv")


def test_all_the_accounts_games_export_as_one_csv(alice_client: Client, make_game, charlie) -> None:
    first = make_game()
    first.record_hand(1, bare(first, 120, 30), "Ann")
    second = make_game(slug="ten-pennies", players=["Ann", "Bob", "Cy"])
    second.record_hand(
        1,
        {
            "Ann": {"points": 0, "cards": 0},
            "Bob": {"points": 25, "cards": 3, "buys": 2},
            "Cy": {"points": 10, "cards": 2},
        },
        "Ann",
    )
    deleted = make_game()
    deleted.record_hand(1, bare(deleted, 5, 5), "Ann")
    deleted.delete_for_a_while()
    theirs = make_game(owner=charlie)
    theirs.record_hand(1, bare(theirs, 999, 0), "Ann")

    response = alice_client.get(URL)

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode()[1:])))
    assert rows[0] == [
        "Game",
        "Rules",
        "Started",
        "Finished",
        "Hand",
        "Dealer",
        "Side",
        "Players",
        "Hand score",
        "Total",
        "Itemized",
    ]
    games = {row[0] for row in rows[1:]}
    assert games == {str(first.pk), str(second.pk)}
    first_row = next(row for row in rows if row[0] == str(first.pk))
    assert first_row[1:4] == [worded.name(first.rules), f"{first.created:%Y-%m-%d}", ""]
    bob = next(row for row in rows if row[0] == str(second.pk) and row[6] == "Bob")
    assert bob[4:] == [
        "1",
        "Ann",
        "Bob",
        "Bob",
        "25",
        "25",
        "Points caught in hand 25; Cards caught in hand 3; Cards bought 2",
    ]
    ann_cy = next(row for row in rows if row[0] == str(first.pk) and row[6] == "Ann & Cy")
    assert ann_cy[7:] == ["Ann & Cy", "120", "120", "Just the total"]


def test_home_offers_the_export(alice_client: Client) -> None:
    assert f'href="{URL}">Export all games (CSV)</a>' in html(alice_client.get(reverse("home")))


def test_visitors_log_in_first(client: Client) -> None:
    assert is_login_redirect(client.get(URL))
