"""Rematch: a new game at the same table in one tap."""

from __future__ import annotations

import re

from django.test import Client
from django.utils.html import escape

from games.models import Game
from tests.views.helpers import bare, game_url, html, is_login_redirect


def finished_family_game(make_game) -> Game:
    game = make_game(
        "pfh-three-hands",
        players=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"),
        team_size=2,
        first_dealer=2,
    )
    for number in (1, 2, 3):
        game.record_hand(number, bare(game, 100, 50, 0), game.dealer_for(number))
    return game


def rematch_button(page: str, game: Game) -> re.Match[str] | None:
    """The Rematch button on `page`: a form that POSTs (with its CSRF token) to `game`'s
    rematch."""
    url = re.escape(game_url("rematch", game))
    return re.search(
        rf'<form method="post" action="{url}">'
        r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]+">'
        r'<button [^>]*type="submit"[^>]*>Rematch</button></form>',
        page,
    )


def test_a_finished_game_offers_a_rematch(alice_client: Client, make_game) -> None:
    game = finished_family_game(make_game)

    page = html(alice_client.get(game_url("game", game)))

    assert rematch_button(page, game)


def test_a_game_in_play_offers_no_rematch(alice_client: Client, make_game) -> None:
    game = make_game(
        "pfh-three-hands", players=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"), team_size=2
    )
    game.record_hand(1, bare(game, 100, 50, 0), game.dealer_for(1))

    page = html(alice_client.get(game_url("game", game)))

    assert rematch_button(page, game) is None
    assert game_url("rematch", game) not in page


def test_a_rematch_has_the_same_players_sides_options_and_helpers(
    alice_client: Client, alice, bob, make_game
) -> None:
    game = make_game("pfh-partnership", options={"all_red_threes_1000": True})
    game.record_hand(1, bare(game, 25_000, 0), "Ann")

    response = alice_client.post(game_url("rematch", game), follow=True)

    new = Game.objects.exclude(pk=game.pk).get()
    assert response.redirect_chain == [(game_url("game", new), 302)]
    assert (new.rules_slug, new.players, new.sides, new.options) == (
        game.rules_slug,
        game.players,
        game.sides,
        {"all_red_threes_1000": True},
    )
    assert new.owner == alice
    assert list(new.co_scorekeepers.all()) == [bob]
    assert not new.hands.exists()
    # The deal passes on: Ann dealt first last time, Bob (on her left) now.
    assert new.first_dealer == "Bob"
    assert "Rematch: same players, same sides. Bob deals first." in html(response)


def test_teams_of_the_family_game_stay_together(alice_client: Client, make_game) -> None:
    game = finished_family_game(make_game)

    alice_client.post(game_url("rematch", game))

    new = Game.objects.exclude(pk=game.pk).get()
    assert new.sides == game.sides
    assert len(new.sides) == 3
    assert new.first_dealer == "Di"


def test_a_co_scorekeeper_starts_the_rematch_for_the_same_table(
    bob_client: Client, alice, make_game
) -> None:
    game = finished_family_game(make_game)

    bob_client.post(game_url("rematch", game))

    new = Game.objects.exclude(pk=game.pk).get()
    assert new.owner == alice
    page = html(bob_client.get(game_url("game", new)))
    for side in game.side_names:
        assert escape(side) in page
    assert "Dealer: <b>Di</b>" in page


def test_someone_elses_game_is_a_404(charlie_client: Client, make_game) -> None:
    game = finished_family_game(make_game)

    assert charlie_client.post(game_url("rematch", game)).status_code == 404
    assert Game.objects.count() == 1


def test_anonymous_visitors_are_sent_to_log_in(client: Client, make_game) -> None:
    game = finished_family_game(make_game)

    assert is_login_redirect(client.post(game_url("rematch", game)))
    assert Game.objects.count() == 1


def test_a_rematch_is_only_posted(alice_client: Client, make_game) -> None:
    game = finished_family_game(make_game)

    assert alice_client.get(game_url("rematch", game)).status_code == 405
    assert Game.objects.count() == 1


def test_rematch_tapped_twice_makes_one_game_and_the_second_tap_goes_to_it(
    alice_client: Client, bob_client: Client, make_game
) -> None:
    game = finished_family_game(make_game)

    first = alice_client.post(game_url("rematch", game))
    second = alice_client.post(game_url("rematch", game), follow=True)
    from_bobs_phone = bob_client.post(game_url("rematch", game))

    new = Game.objects.exclude(pk=game.pk).get()
    assert first["Location"] == game_url("game", new)
    assert second.redirect_chain == [(game_url("game", new), 302)]
    assert "The rematch is already on: here it is." in html(second)
    assert from_bobs_phone["Location"] == game_url("game", new)


def test_a_rematch_deleted_since_gives_way_to_a_new_one(alice_client: Client, make_game) -> None:
    game = finished_family_game(make_game)
    alice_client.post(game_url("rematch", game))
    deleted = Game.objects.exclude(pk=game.pk).get()
    alice_client.post(game_url("delete_game", deleted))

    response = alice_client.post(game_url("rematch", game))

    new = Game.objects.exclude(pk__in=[game.pk, deleted.pk]).get()
    assert response["Location"] == game_url("game", new)


def test_the_rematch_button_sends_once(alice_client: Client, make_game) -> None:
    game = finished_family_game(make_game)

    page = html(alice_client.get(game_url("game", game)))

    button = page.split(game_url("rematch", game))[1].split("</form>")[0]
    assert "data-once" in button


def test_a_rematch_of_a_score_pad_finished_by_hand_starts_open(
    alice_client: Client, make_game
) -> None:
    """ "Finish the game" closes a score pad; its rematch is a new game, open for hand 1."""
    game = make_game("score-pad", players=("Ann", "Bob", "Cy"), team_size=1)
    game.record_hand(1, {"Ann": {"total": 5}, "Bob": {"total": 3}, "Cy": {"total": 1}})
    game.finish()

    response = alice_client.post(game_url("rematch", game))

    rematch = Game.objects.get(rematch_of=game)
    assert response.status_code == 302
    assert not rematch.closed and not rematch.score().finished
    assert alice_client.get(game_url("hand_new", rematch)).status_code == 200
