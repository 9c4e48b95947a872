"""The score pad for any other game: one signed number per side per hand, the end the table
chose (a target, a number of hands, or the scorekeeper's "Finish the game"), highest or lowest
wins.

Personas: alice owns the games; bob co-scores them; charlie is a stranger."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.views.helpers import bare, game_url, html

HEARTS = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def pad_data(players: tuple[str, ...] = HEARTS, **house: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"rules": "score-pad", "first_dealer": 0, "team_size": 1}
    data |= {f"seat{seat}": name for seat, name in enumerate(players)}
    data |= {f"score-pad--{name}": value for name, value in house.items()}
    return data


def scores(*points: int) -> dict[str, Any]:
    return {f"s{index}-total": value for index, value in enumerate(points)}


def test_a_hearts_game_to_100_is_won_by_the_lowest_total(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), pad_data(target=100, lowest_wins="on"))
    game = Game.objects.get()
    assert game.options == {"target": 100, "lowest_wins": True}

    for hand in (
        [26, 0, 0, 0, 0, 0],
        [26, 0, 0, 0, 0, 0],
        [26, 0, 0, 0, 0, 0],
        [0, 26, 0, 0, 0, 0],
    ):
        alice_client.post(game_url("hand_new", game), scores(*hand))
    assert not Game.objects.get(pk=game.pk).finished
    alice_client.post(game_url("hand_new", game), scores(26, 0, 0, 0, 0, 0))

    page = html(alice_client.get(game_url("game", game)))
    assert Game.objects.get(pk=game.pk).finished
    assert "Shared win: Cy and Di and Ed and Flo" in page
    assert "House rules: game to 100; lowest total wins" in page


def test_the_hand_form_asks_one_number_per_side_and_nothing_else(
    alice_client: Client, make_game
) -> None:
    game = make_game("score-pad", players=HEARTS)

    page = html(alice_client.get(game_url("hand_new", game)))

    assert page.count('class="number big-number"') == len(HEARTS)
    assert "Just the total" not in page
    assert "data-sign-toggle" in page


def test_a_negative_score_is_kept(alice_client: Client, make_game) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))

    alice_client.post(game_url("hand_new", game), scores(-300, 450))

    assert Game.objects.get(pk=game.pk).score().totals == {"Ann": -300, "Bob": 450}


def test_a_blank_score_is_asked_about_then_counts_0_on_the_second_save(
    alice_client: Client, make_game
) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))
    typed = {"s0-total": 12, "s1-total": ""}

    response = alice_client.post(game_url("hand_new", game), typed)

    assert response.status_code == 422
    assert "Bob: nothing typed. Count it as 0? Save again if it is." in html(response)
    assert 'name="confirmed" value="s1-total=blank"' in html(response)
    assert not game.hands.exists()
    again = alice_client.post(game_url("hand_new", game), typed | {"confirmed": "s1-total=blank"})
    assert again.status_code == 302
    assert Game.objects.get(pk=game.pk).score().totals == {"Ann": 12, "Bob": 0}


def test_a_score_beyond_a_million_is_refused_in_words(alice_client: Client, make_game) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))

    response = alice_client.post(game_url("hand_new", game), scores(1_000_001, 0))

    assert "Hand 1, Ann: a hand score is at most 1,000,000 either way." in html(response)
    assert not game.hands.exists()


def test_a_target_outside_its_range_is_refused_in_words(alice_client: Client) -> None:
    response = alice_client.post(reverse("new_game"), pad_data(target=0))

    assert "Game to: type a whole number from 1 to 1,000,000, or none." in html(response)
    assert not Game.objects.exists()


def test_a_game_of_five_hands_ends_after_the_fifth(alice_client: Client, make_game) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"), options={"hands": 5})
    for number in range(1, 6):
        game.record_hand(number, bare(game, 10, 20))

    assert Game.objects.get(pk=game.pk).finished
    assert "Winner: Bob" in html(alice_client.get(game_url("game", game)))


def test_the_owner_finishes_a_game_that_has_no_end_of_its_own(
    alice_client: Client, make_game
) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))
    game.record_hand(1, bare(game, 10, 20))
    assert "Finish the game" in html(alice_client.get(game_url("game", game)))

    response = alice_client.post(game_url("finish_game", game), {"confirmed": "1"}, follow=True)

    assert Game.objects.get(pk=game.pk).finished
    assert "Winner: Bob" in html(response)
    assert "Finish the game" not in html(response)


def test_finishing_the_game_asks_first_and_changes_nothing_until_confirmed(
    alice_client: Client, make_game
) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))
    game.record_hand(1, bare(game, 10, 20))

    response = alice_client.post(game_url("finish_game", game))

    page = html(response)
    assert response.status_code == 200
    assert "Finish the game now?" in page
    assert "Bob would win with 20" in page
    assert 'name="confirmed" value="1"' in page
    assert not Game.objects.get(pk=game.pk).finished


def test_a_co_scorekeeper_cannot_finish_the_game(bob_client: Client, make_game) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))
    game.record_hand(1, bare(game, 10, 20))

    response = bob_client.post(game_url("finish_game", game))

    assert response.status_code == 404
    assert not Game.objects.get(pk=game.pk).finished


def test_a_game_with_a_target_is_not_finished_by_hand(alice_client: Client, make_game) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"), options={"target": 500})
    game.record_hand(1, bare(game, 10, 20))

    response = alice_client.post(game_url("finish_game", game), follow=True)

    assert "This game ends by itself" in html(response)
    assert not Game.objects.get(pk=game.pk).finished


def test_a_finished_pad_reopens_and_takes_more_hands(alice_client: Client, make_game) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))
    game.record_hand(1, bare(game, 10, 20))
    alice_client.post(game_url("finish_game", game), {"confirmed": "1"})

    alice_client.post(game_url("reopen", game))
    alice_client.post(game_url("hand_new", game), scores(5, 5))

    game = Game.objects.get(pk=game.pk)
    assert not game.finished
    assert game.score().totals == {"Ann": 15, "Bob": 25}


def test_a_finished_pad_exports_and_imports_as_finished(alice_client: Client, make_game) -> None:
    game = make_game("score-pad", players=("Ann", "Bob"))
    game.record_hand(1, bare(game, 10, 20))
    alice_client.post(game_url("finish_game", game), {"confirmed": "1"})

    exported = alice_client.get(game_url("export_game", game)).content
    alice_client.post(reverse("import_game"), {"text": exported.decode(), "second_copy": "1"})

    assert json.loads(exported)["finished"] is True
    imported = Game.objects.exclude(pk=game.pk).get()
    assert imported.finished and imported.closed


def test_a_lowest_wins_game_shows_no_distance_to_the_target(
    alice_client: Client, make_game
) -> None:
    game = make_game(
        "score-pad", players=("Ann", "Bob"), options={"target": 100, "lowest_wins": True}
    )
    game.record_hand(1, bare(game, 10, 20))

    page = html(alice_client.get(game_url("game", game)))

    assert "to go" not in page
    assert "House rules: game to 100; lowest total wins" in page


def test_canastas_usual_number_to_go_out_reads_short_enough_for_a_phone(
    alice_client: Client,
) -> None:
    page = html(alice_client.get(reverse("new_game")))

    assert "Usual: 1 (2 for two)" in page


def test_a_score_pad_game_takes_a_name_shown_on_home_the_scoreboard_and_its_file(
    alice_client: Client,
) -> None:
    alice_client.post(reverse("new_game"), pad_data(target=100) | {"game_name": "Hearts"})
    game = Game.objects.get()

    assert game.own_game_name == "Hearts"
    assert "Hearts · Hand 1" in html(alice_client.get(reverse("home")))
    assert '<h1 class="game-title">Hearts</h1>' in html(alice_client.get(game_url("game", game)))
    exported = json.loads(alice_client.get(game_url("export_game", game)).content)
    assert exported["own_game"] == {"name": "Hearts"}


def test_a_score_pad_name_with_an_invisible_character_is_refused(alice_client: Client) -> None:
    response = alice_client.post(reverse("new_game"), pad_data() | {"game_name": "Hea\u200brts"})

    assert response.status_code == 200
    assert "invisible character (U+200B)" in html(response)
    assert not Game.objects.exists()


def test_only_a_score_pad_takes_a_name(alice_client: Client) -> None:
    data = pad_data(("Ann", "Bob")) | {"rules": "canasta", "game_name": "Hearts"}

    alice_client.post(reverse("new_game"), data)

    assert Game.objects.get().own_game_name == ""
