from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.views.helpers import bare, html


def test_anonymous_visitors_see_the_rule_sets_and_a_way_in(client: Client) -> None:
    response = client.get(reverse("home"))

    assert response.status_code == 200
    page = html(response)
    assert "Miromar" in page
    assert "Ten Pennies" in page
    assert reverse("signup") in page
    assert "My games" not in page


def test_the_owner_sees_her_game_in_progress_with_its_totals(alice_client: Client, make_game):
    game = make_game()
    game.record_hand(1, bare(game, 120, -40), None)

    page = html(alice_client.get(reverse("home")))

    assert "In progress" in page
    assert reverse("game", args=[game.pk]) in page
    assert '<b class="cut">Ann &amp; Cy</b> <span class="num">120</span>' in page
    assert '<b class="cut">Bob &amp; Di</b> <span class="num">−40</span>' in page


def test_a_finished_game_is_listed_with_its_winner(alice_client: Client, make_game) -> None:
    game = make_game()
    game.record_hand(1, bare(game, 8500, 0), None)

    page = html(alice_client.get(reverse("home")))

    assert "Finished" in page
    assert "Won by <b>Ann &amp; Cy</b>" in page


def test_a_co_scorekeeper_sees_the_game_shared_with_him(bob_client: Client, game: Game) -> None:
    page = html(bob_client.get(reverse("home")))

    assert reverse("game", args=[game.pk]) in page


def test_someone_elses_games_are_not_listed(charlie_client: Client, game: Game) -> None:
    page = html(charlie_client.get(reverse("home")))

    assert reverse("game", args=[game.pk]) not in page
    assert "No games yet" in page


def test_posting_to_home_is_not_allowed(alice_client: Client) -> None:
    assert alice_client.post(reverse("home")).status_code == 405


def test_a_finished_game_shows_its_final_score(alice_client: Client, make_game) -> None:
    game = make_game()
    game.record_hand(1, bare(game, 8500, -120), None)

    page = html(alice_client.get(reverse("home")))

    finished = page.split("Finished")[1]
    assert (
        '<span class="home-side winner"><b class="cut">Ann &amp; Cy</b> '
        '<span class="num">8,500</span></span>' in finished
    )
    assert (
        '<span class="home-side"><b class="cut">Bob &amp; Di</b> '
        '<span class="num">−120</span></span>' in finished
    )


def test_archived_games_wait_folded_at_the_bottom(alice_client: Client, make_game) -> None:
    kept, archived = make_game(), make_game()
    archived.set_archived(True)

    page = html(alice_client.get(reverse("home")))

    lists, folded = page.split("Archived (1)")
    assert f'href="{reverse("game", args=[kept.pk])}"' in lists
    assert f'href="{reverse("game", args=[archived.pk])}"' in folded


def test_deleted_games_are_listed_for_restoring_only_to_their_owner(
    alice_client: Client, bob_client: Client, make_game
) -> None:
    game = make_game()
    game.delete_for_a_while()

    mine = html(alice_client.get(reverse("home")))
    theirs = html(bob_client.get(reverse("home")))

    assert "Recently deleted" in mine
    assert reverse("restore_game", args=[game.pk]) in mine
    assert "Recently deleted" not in theirs
    assert reverse("game", args=[game.pk]) not in theirs
