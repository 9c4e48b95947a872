"""A game as CSV for a spreadsheet: a row per hand, each side's hand score and total, and the
itemized tallies (issue 19)."""

import csv
import io

from django.test import Client

from games.models import Game
from tests.views.helpers import bare, game_url, html, is_login_redirect


def played(game: Game) -> Game:
    game.record_hand(
        1,
        {
            "Ann & Cy": {"natural_canastas": 2, "went_out": True, "meld_points": 100},
            "Bob & Di": {"meld_points": 50, "hand_points": 20},
        },
        "Ann",
    )
    game.record_hand(2, bare(game, -80, 415), "Bob")
    return game


def read_csv(response) -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")  # spreadsheets read the accents as UTF-8
    return list(csv.reader(io.StringIO(body[1:])))


def test_a_game_exports_as_csv_a_row_per_hand(alice_client: Client, game: Game) -> None:
    played(game)

    response = alice_client.get(game_url("export_game_csv", game))

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="')
    assert response["Content-Disposition"].endswith(f'-{game.pk}.csv"')
    rows = read_csv(response)
    header = rows[0]
    assert header[:6] == [
        "Hand",
        "Dealer",
        "Ann & Cy: hand score",
        "Ann & Cy: total",
        "Bob & Di: hand score",
        "Bob & Di: total",
    ]
    first = dict(zip(header, rows[1], strict=True))
    assert first["Hand"] == "1"
    assert first["Dealer"] == "Ann"
    assert first["Ann & Cy: hand score"] == "1300"
    assert first["Bob & Di: hand score"] == "-70"
    assert first["Ann & Cy: natural canastas"] == "2"
    assert first["Ann & Cy: went out"] == "yes"
    assert first["Bob & Di: card points left in hands"] == "20"
    second = dict(zip(header, rows[2], strict=True))
    assert second["Ann & Cy: total"] == "1220"
    assert second["Bob & Di: total"] == "345"
    assert second["Ann & Cy: natural canastas"] == ""  # just the total
    assert len(rows) == 3


def test_the_scoreboard_offers_the_csv(alice_client: Client, game: Game) -> None:
    page = html(alice_client.get(game_url("game", game)))

    assert f'href="{game_url("export_game_csv", game)}">Export for a spreadsheet (CSV)</a>' in page


def test_a_name_a_spreadsheet_would_run_is_quoted(alice_client: Client, make_game) -> None:
    game = make_game(players=["=HYPERLINK(1)", "Bob", "Cy", "Di"])
    game.record_hand(1, bare(game, 50, 10), game.dealer_for(1))

    rows = read_csv(alice_client.get(game_url("export_game_csv", game)))

    assert rows[1][1] == "'=HYPERLINK(1)"
    assert all(not cell.startswith("=") for row in rows for cell in row)


def test_someone_elses_game_is_a_404_and_visitors_log_in(
    charlie_client: Client, client: Client, game: Game
) -> None:
    assert charlie_client.get(game_url("export_game_csv", game)).status_code == 404
    assert is_login_redirect(client.get(game_url("export_game_csv", game)))
