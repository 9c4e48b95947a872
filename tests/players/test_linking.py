"""Games' players as roster entries: seats and teams as rows, and renaming everywhere."""

import json

import pytest
from django.contrib.auth.models import User
from django.db.models import RestrictedError
from django.test import Client
from django.urls import reverse

from games.models import Game, Hand, Player, RosterError, Seat, Team
from tests.gamefiles import EXAMPLE
from tests.printing.helpers import flat
from tests.views.helpers import bare, game_url, html


def test_a_new_game_seats_its_players_from_the_roster(make_game, alice: User) -> None:
    game = make_game()

    seats = list(game.seats.select_related("player", "team"))

    assert [seat.player.name for seat in seats] == ["Ann", "Bob", "Cy", "Di"]
    assert [seat.team.order for seat in seats] == [0, 1, 0, 1]
    assert [seat.place_on_side for seat in seats] == [0, 0, 1, 1]
    assert {seat.player.owner_id for seat in seats} == {alice.pk}
    # Sides named after their players keep no name of their own: it is read from the roster.
    assert list(game.teams.values_list("name", "named_after_players")) == [("", True), ("", True)]
    assert game.side_names == ["Ann & Cy", "Bob & Di"]


def test_the_same_name_in_the_same_account_is_the_same_player(make_game) -> None:
    first = make_game()
    second = make_game("ten-pennies", players=("Di", "Ann", "Eve"))

    ann = Player.objects.get(name="Ann")

    assert set(ann.seats.values_list("game_id", flat=True)) == {first.pk, second.pk}
    assert Player.objects.filter(name="Ann").count() == 1


def test_the_same_name_in_another_account_is_another_player(make_game, charlie: User) -> None:
    make_game()
    make_game(owner=charlie)

    assert Player.objects.filter(name="Ann").count() == 2


def test_importing_a_game_file_links_its_names_to_the_roster(
    alice_client: Client, alice: User
) -> None:
    Player.objects.create(owner=alice, name="Ann")

    response = alice_client.post(reverse("import_game"), {"text": json.dumps(EXAMPLE)}, follow=True)

    assert response.status_code == 200
    game = Game.objects.get(owner=alice)
    names = list(game.seats.values_list("player__name", flat=True))
    assert names == list(game.players)
    assert Player.objects.filter(owner=alice).count() == len(game.players)


def test_renaming_a_player_changes_every_game_they_played_in(make_game) -> None:
    first = make_game(hands=[])
    first.record_hand(1, bare(first, 100, 200), "Ann")
    second = make_game("ten-pennies", players=("Di", "Ann", "Eve"), first_dealer=1)
    version = Game.objects.get(pk=first.pk).version

    Player.objects.get(name="Ann").rename("Anne")

    first = Game.objects.get(pk=first.pk)
    second = Game.objects.get(pk=second.pk)
    assert first.players == ["Anne", "Bob", "Cy", "Di"]
    assert first.side_names == ["Anne & Cy", "Bob & Di"]
    assert first.first_dealer == "Anne"
    assert Hand.objects.get(game=first).dealer == "Anne"
    assert first.score().totals == {"Anne & Cy": 100, "Bob & Di": 200}
    # Games read names through the roster: the rename wrote no game (a live view shows the new
    # name from its next change or reload).
    assert first.version == version
    assert second.players == ["Di", "Anne", "Eve"]
    assert second.first_dealer == "Anne"
    assert second.as_game_file()["players"] == ["Di", "Anne", "Eve"]


def test_undo_brings_back_a_hand_deleted_before_its_dealer_was_renamed(make_game) -> None:
    game = make_game(hands=[])
    game.record_hand(1, bare(game, 100, 200), "Ann")
    game.delete_last_hand(1)

    Player.objects.get(name="Ann").rename("Anne")
    game = Game.objects.get(pk=game.pk)
    hand = game.restore_deleted_hand()

    assert hand.dealer == "Anne"
    assert game.score().totals == {"Anne & Cy": 100, "Bob & Di": 200}


def test_a_side_with_its_own_name_keeps_it_when_a_player_is_renamed(make_game) -> None:
    game = make_game()
    team = Team.objects.get(game=game, order=0)
    team.name, team.named_after_players = "The Aces", False
    team.save()

    Player.objects.get(name="Ann").rename("Anne")

    game = Game.objects.get(pk=game.pk)
    assert game.sides[0] == {"name": "The Aces", "players": ["Anne", "Cy"]}


def test_renaming_to_a_name_already_in_the_roster_is_refused(make_game) -> None:
    make_game()

    with pytest.raises(RosterError, match="already a player called “Bob”"):
        Player.objects.get(name="Ann").rename("Bob")

    assert Player.objects.filter(name="Ann").exists()


def test_renaming_to_nothing_is_refused(make_game) -> None:
    make_game()

    with pytest.raises(RosterError, match="needs a name"):
        Player.objects.get(name="Ann").rename("   ")


def test_the_scoreboard_shows_the_new_name_after_a_rename(alice_client: Client, make_game) -> None:
    game = make_game()

    Player.objects.get(name="Cy").rename("Cyril")

    page = html(alice_client.get(game_url("game", game)))
    assert "Ann &amp; Cyril" in page
    assert "Ann &amp; Cy<" not in page


def test_every_page_and_file_of_a_game_says_the_new_name_after_a_rename(
    alice_client: Client, make_game
) -> None:
    """Games read names through the roster: the scoreboard, the hand pages, the live view, the
    game file, both CSVs, the score sheet, the home page, the player pages, a rematch and the
    import's check for a game already here all say "Annie", and none "Ann"."""
    game = make_game("pfh-partnership", hands=[{"Ann & Cy": {"total": 120}, "Bob & Di": {}}])
    game.record_hand(2, bare(game, 25_000, 0))  # over, so a rematch is offered
    Player.objects.get(name="Ann").rename("Annie")
    annie, bob = Player.objects.get(name="Annie"), Player.objects.get(name="Bob")

    for url in (
        game_url("game", game),
        game_url("hand_new", game),  # the rematch's: the game is over, so the scoreboard
        game_url("hand_edit", game, 1),
        reverse("live", args=[game.share_token]),
        reverse("home"),
        reverse("head_to_head", args=[annie.pk, bob.pk]),
    ):
        page = html(alice_client.get(url, follow=True))
        assert "Annie &amp; Cy" in page, url
        assert "Ann &amp;" not in page, url
    assert "Dealt by Annie" in html(alice_client.get(game_url("hand_edit", game, 1)))
    assert "Annie" in html(alice_client.get(reverse("player", args=[bob.pk])))
    file = json.loads(alice_client.get(game_url("export_game", game)).content)
    assert file["players"][0] == file["first_dealer"] == file["hands"][0]["dealer"] == "Annie"
    assert [side["name"] for side in file["sides"]] == ["Annie & Cy", "Bob & Di"]
    for view in ("export_game_csv", "export_all_csv"):
        url = game_url(view, game) if view == "export_game_csv" else reverse(view)
        sheet = alice_client.get(url).content.decode()
        assert "Annie" in sheet and "Ann," not in sheet and "Ann &" not in sheet, view
    assert "Annie & Cy" in flat(alice_client.get(game_url("score_sheet", game)).content)
    page = html(alice_client.post(reverse("import_game"), {"text": json.dumps(file)}))
    assert "<b>This game is already here</b>" in page
    alice_client.post(game_url("rematch", game))
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert rematch.side_names == ["Annie & Cy", "Bob & Di"]
    assert rematch.first_dealer == "Bob"


def test_a_player_who_sat_in_a_game_stays_in_the_roster(make_game) -> None:
    make_game()

    with pytest.raises(RestrictedError):
        Player.objects.get(name="Ann").delete()

    assert Seat.objects.filter(player__name="Ann").exists()
