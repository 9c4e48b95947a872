import json

from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.views.helpers import bare, game_url, is_login_redirect, totals


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


def test_the_export_is_a_json_attachment(alice_client: Client, game: Game) -> None:
    played(game)

    response = alice_client.get(game_url("export_game", game))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="')
    assert disposition.endswith(f'-{game.pk}.json"')
    data = json.loads(response.content)
    assert data["rules"] == "miromar-canasta"
    assert data["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert data["first_dealer"] == "Ann"
    assert [hand["dealer"] for hand in data["hands"]] == ["Ann", "Bob"]
    assert data["hands"][1]["tallies"] == {"Ann & Cy": {"total": -80}, "Bob & Di": {"total": 415}}


def test_the_export_imports_back_to_the_same_totals(
    alice_client: Client, charlie_client: Client, game: Game
) -> None:
    played(game)
    exported = alice_client.get(game_url("export_game", game)).content

    response = charlie_client.post(reverse("import_game"), {"text": exported.decode()})

    copy = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == reverse("game", args=[copy.pk])
    assert totals(copy) == totals(game) == {"Ann & Cy": 1220, "Bob & Di": 345}
    assert copy.first_dealer == "Ann"
    assert copy.side_names == game.side_names


def test_a_co_scorekeeper_can_export(alice_client: Client, bob_client: Client, game: Game) -> None:
    played(game)

    response = bob_client.get(game_url("export_game", game))

    assert response["Content-Disposition"].startswith('attachment; filename="')
    assert json.loads(response.content) == json.loads(
        alice_client.get(game_url("export_game", game)).content
    )


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert charlie_client.get(game_url("export_game", game)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(client.get(game_url("export_game", game)))


def test_the_export_is_only_fetched_with_get(alice_client: Client, game: Game) -> None:
    assert alice_client.post(game_url("export_game", game)).status_code == 405
