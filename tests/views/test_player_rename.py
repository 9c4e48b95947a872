"""Renaming a player from their page (the roster): every game follows, and no rename can leave
a game broken. Alice keeps the roster; her games' players are the names below."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game, Player, Team
from tests.views.helpers import game_url, html


def rename(client: Client, name: str, new_name: str):
    player = Player.objects.get(name=name)
    return client.post(reverse("player_rename", args=[player.pk]), {"name": new_name})


def test_a_rename_that_would_give_two_sides_one_name_is_refused_naming_the_game(
    alice_client: Client, make_game
) -> None:
    # Partners sit opposite: Kim & Max against Lou & "Ned & Max".
    game = make_game("pfh-partnership", players=("Kim", "Lou", "Max", "Ned & Max"))
    assert game.side_names == ["Kim & Max", "Lou & Ned & Max"]

    response = rename(alice_client, "Kim", "Lou & Ned")

    assert response.status_code == 422
    page = html(response)
    assert "two sides would both be called “Lou &amp; Ned &amp; Max”" in page
    assert "Kim &amp; Max v Lou &amp; Ned &amp; Max" in page  # the game, named
    assert Player.objects.filter(name="Kim").exists()
    assert Game.objects.get(pk=game.pk).side_names == ["Kim & Max", "Lou & Ned & Max"]
    for view in ("game", "export_game", "hand_new"):
        assert alice_client.get(game_url(view, game)).status_code == 200, view


def test_a_rename_onto_a_sides_own_name_is_refused(alice_client: Client, make_game) -> None:
    game = make_game("ten-pennies", players=("Oda", "Pia", "Rex"))
    Team.objects.filter(game=game, order=1).update(name="Quinn", named_after_players=False)

    response = rename(alice_client, "Oda", "Quinn")

    assert response.status_code == 422
    assert "two sides would both be called “Quinn”" in html(response)
    assert Game.objects.get(pk=game.pk).side_names == ["Oda", "Quinn", "Rex"]
    assert alice_client.get(game_url("game", game)).status_code == 200


def test_a_rename_that_keeps_every_sides_name_apart_goes_through(
    alice_client: Client, make_game
) -> None:
    game = make_game("pfh-partnership", players=("Kim", "Lou", "Max", "Ned & Max"))

    response = rename(alice_client, "Kim", "Kit")

    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).side_names == ["Kit & Max", "Lou & Ned & Max"]


@pytest.mark.parametrize(
    "hidden", ["\u202e", "\u200b", "\u2066", "\x07", "\ufeff", "\u3164"], ids=ascii
)
def test_a_name_with_an_invisible_or_control_character_is_refused(
    alice_client: Client, make_game, hidden: str
) -> None:
    make_game()

    response = rename(alice_client, "Ann", f"Ann{hidden}ie")

    assert response.status_code == 422
    assert "invisible" in html(response)
    assert Player.objects.filter(name="Ann").exists()


def test_a_full_width_spelling_of_a_roster_name_is_that_player(
    alice_client: Client, make_game
) -> None:
    make_game()

    response = rename(alice_client, "Ann", "Ｂｏｂ")

    assert response.status_code == 422
    assert "There is already a player called “Bob”." in html(response)


def test_a_full_width_name_is_kept_as_its_plain_spelling(alice_client: Client, make_game) -> None:
    make_game()

    rename(alice_client, "Ann", "Ｐ２")

    assert Player.objects.filter(name="P2").exists()


#: Games the player sat in for the counting test: enough that a write per game would show.
MANY_GAMES = 300
#: The tables a rename used to write (every game's copies of the names): never again.
GAME_TABLES = ("games_game", "games_team", "games_seat", "games_hand", "games_tallyentry")


def writes(captured: CaptureQueriesContext) -> list[str]:
    return [
        query["sql"]
        for query in captured.captured_queries
        if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
    ]


def test_renaming_a_player_seated_in_300_games_writes_only_their_roster_row(make_game) -> None:
    """Games read names through the roster: a rename is a fixed number of queries and one
    UPDATE of the roster row, however many games the player sat in (before, it rewrote every
    game, its sides and its hands, holding each game's lock)."""
    make_game()
    with CaptureQueriesContext(connection) as one_game:
        Player.objects.get(name="Ann").rename("Anne")
    for _ in range(MANY_GAMES - 1):
        make_game(players=("Anne", "Bob", "Cy", "Di"))

    with CaptureQueriesContext(connection) as many_games:
        Player.objects.get(name="Anne").rename("Annie")

    assert len(many_games.captured_queries) == len(one_game.captured_queries)
    [update] = writes(many_games)
    assert update.startswith('UPDATE "games_player"'), update
    assert not any(table in update for table in GAME_TABLES)
    assert "FOR UPDATE" not in " ".join(q["sql"] for q in many_games.captured_queries).replace(
        "FOR NO KEY UPDATE", ""
    )
    assert Game.objects.count() == MANY_GAMES
    assert all(game.players[0] == "Annie" for game in Game.objects.all())
    assert {tuple(game.side_names) for game in Game.objects.all()} == {("Annie & Cy", "Bob & Di")}


def test_a_game_stored_with_two_sides_of_one_name_still_opens_its_sides_told_apart(
    alice_client: Client, make_game
) -> None:
    """A game whose data holds two sides of one name: a side of its own name equal to the
    other side's (a rename made before such renames were refused left games like it). Every
    page opens, the second side shown as "Kim & Max (2)", until a rename tells them apart; the
    data keeps what it holds."""
    game = make_game(
        "pfh-partnership",
        players=("Kim", "Lou", "Max", "Ned & Max"),
        hands=[{"Kim & Max": {"total": 120}, "Lou & Ned & Max": {"total": 90}}],
    )
    Team.objects.filter(game=game, order=1).update(name="Kim & Max", named_after_players=False)

    for view in ("game", "hand_new", "export_game", "export_game_csv", "score_sheet"):
        assert alice_client.get(game_url(view, game)).status_code == 200, view
    page = html(alice_client.get(game_url("game", game)))
    assert "Kim &amp; Max (2)" in page
    assert alice_client.get(reverse("live", args=[game.share_token])).status_code == 200
    stored = Game.objects.get(pk=game.pk)
    assert [side["name"] for side in stored.sides] == ["Kim & Max", "Kim & Max"]
    stored.record_hand(2, {"Kim & Max": {"total": 5}, "Kim & Max (2)": {"total": 7}}, None)
    assert list(stored.teams.values_list("total", flat=True)) == [125, 97]

    response = rename(alice_client, "Kim", "Kit")  # the rename that heals it goes through

    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).side_names == ["Kit & Max", "Kim & Max"]
