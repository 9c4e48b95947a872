"""House rules: a table sets its own numbers when it sets up a game, sees them on the
scoreboard, and every score of the game follows them.

Personas: alice owns the games; bob co-scores them."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.printing.helpers import flat
from tests.views.helpers import bare, game_url, html

FOUR = ("Ann", "Bob", "Cy", "Di")


def new_game_data(slug: str, players: tuple[str, ...] = FOUR, **house: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"rules": slug, "first_dealer": 0}
    data |= {f"seat{seat}": name for seat, name in enumerate(players)}
    data |= {f"{slug}--{name}": value for name, value in house.items()}
    return data


def test_the_new_game_page_shows_each_rule_sets_house_rules_with_the_usual_value(
    alice_client: Client,
) -> None:
    page = html(alice_client.get(reverse("new_game")))

    assert "House rules" in page
    assert 'name="pfh-partnership--target"' in page
    assert 'name="miromar-canasta--target"' in page
    assert "25,000 (usual)" in page and "8,500 (usual)" in page


def test_a_game_to_20000_keeps_its_target_and_says_so_on_the_scoreboard(
    alice_client: Client,
) -> None:
    response = alice_client.post(
        reverse("new_game"), new_game_data("pfh-partnership", target=20000)
    )

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options == {"target": 20_000}
    page = html(alice_client.get(game_url("game", game)))
    assert "House rules: game to 20,000" in page
    assert "20,000 to go" in page.replace('<b class="num" data-testid="to-go-0">', "").replace(
        "</b>", ""
    )


def test_a_game_to_20000_ends_when_a_side_reaches_20000(alice_client: Client, make_game) -> None:
    game = make_game("pfh-partnership", options={"target": 20_000})
    game.record_hand(1, bare(game, 19_995, 0))
    assert not Game.objects.get(pk=game.pk).finished

    game.record_hand(2, bare(game, 5, 0))

    page = html(alice_client.get(game_url("game", game)))
    assert Game.objects.get(pk=game.pk).finished
    assert "Winner: Ann &amp; Cy" in page


def test_a_game_with_every_rule_as_usual_shows_no_house_rules_line(
    alice_client: Client, make_game
) -> None:
    game = make_game("pfh-partnership")

    assert "House rules:" not in html(alice_client.get(game_url("game", game)))


def test_a_target_that_is_not_offered_is_refused_in_words_and_starts_nothing(
    alice_client: Client,
) -> None:
    response = alice_client.post(
        reverse("new_game"), new_game_data("pfh-partnership", target=12345)
    )

    assert response.status_code == 200
    assert "Game to: pick 10,000, 15,000, 20,000, 25,000 or 30,000." in html(response)
    assert not Game.objects.exists()


def test_a_slip_in_another_rule_sets_house_rules_does_not_stop_the_game(
    alice_client: Client,
) -> None:
    data = new_game_data("pfh-partnership") | {"miromar-canasta--target": "abc"}

    response = alice_client.post(reverse("new_game"), data)

    assert response.status_code == 302
    assert Game.objects.get().options == {}


def test_the_live_view_says_the_house_rules_too(client: Client, make_game) -> None:
    game = make_game("miromar-canasta", options={"target": 7_500})

    page = html(client.get(reverse("live", args=[game.share_token])))

    assert "House rules: game to 7,500" in page


def test_a_rematch_keeps_the_house_rules(alice_client: Client, make_game) -> None:
    game = make_game("miromar-canasta", options={"target": 5_000})
    game.record_hand(1, bare(game, 5_000, 0))

    alice_client.post(game_url("rematch", game))

    assert Game.objects.exclude(pk=game.pk).get().options == {"target": 5_000}


def test_the_exported_game_file_names_its_house_rules(alice_client: Client, make_game) -> None:
    game = make_game("pfh-partnership", options={"target": 20_000})

    exported = json.loads(alice_client.get(game_url("export_game", game)).content)

    assert exported["options"] == {"target": 20_000}


def test_an_imported_game_file_with_a_target_keeps_it(alice_client: Client) -> None:
    text = json.dumps(
        {
            "rules": "pfh-partnership",
            "options": {"target": 20000},
            "players": list(FOUR),
            "sides": [
                {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
                {"name": "Bob & Di", "players": ["Bob", "Di"]},
            ],
            "hands": [{"tallies": {"Ann & Cy": {"total": 20000}, "Bob & Di": {"total": 0}}}],
        }
    )

    alice_client.post(reverse("import_game"), {"text": text})

    game = Game.objects.get()
    assert game.options == {"target": 20_000}
    assert game.finished


def test_a_game_file_with_an_option_the_rule_set_does_not_offer_is_refused(
    alice_client: Client,
) -> None:
    text = json.dumps(
        {
            "rules": "miromar-canasta",
            "options": {"target": 20000},
            "players": list(FOUR),
            "sides": [
                {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
                {"name": "Bob & Di", "players": ["Bob", "Di"]},
            ],
            "hands": [],
        }
    )

    response = alice_client.post(reverse("import_game"), {"text": text})

    assert (
        "house rule target can be 5,000, 7,500, 8,500 or 10,000, not 20,000"
        in html(response).lower()
    )
    assert not Game.objects.exists()


def test_the_games_rules_page_and_rule_sheet_print_the_tables_numbers(
    alice_client: Client, make_game
) -> None:
    game = make_game("pfh-partnership", options={"target": 20_000})

    page = html(alice_client.get(game_url("game", game)))
    rules_page = html(alice_client.get(game_url("game_rules_page", game)))
    sheet = alice_client.get(game_url("game_rule_sheet", game))

    assert game_url("game_rules_page", game) in page
    assert "This table's house rules: <b>game to 20,000</b>" in rules_page
    assert "reaches 20,000 or more" in rules_page
    assert "25,000" not in rules_page
    text = flat(sheet.content)
    assert "This table's numbers: game to 20,000." in text
    assert "reaches 20,000 or more" in text


def test_the_score_sheet_names_the_house_rules(alice_client: Client, make_game) -> None:
    game = make_game("pfh-partnership", options={"target": 20_000})

    text = flat(alice_client.get(game_url("score_sheet", game)).content)

    assert "House rules game to 20,000" in text


def test_a_strangers_game_rules_page_is_not_found(charlie_client: Client, make_game) -> None:
    game = make_game("pfh-partnership", options={"target": 20_000})

    assert charlie_client.get(game_url("game_rules_page", game)).status_code == 404


def test_the_story_chart_draws_the_tables_target(alice_client: Client, make_game) -> None:
    game = make_game("pfh-partnership", options={"target": 20_000})
    game.record_hand(1, bare(game, 1_000, 500))

    page = html(alice_client.get(game_url("game", game)))

    assert "The game ends when a side reaches 20,000." in page
    assert "reaches 25,000" not in page
