"""A table's own game (RULINGS.md section 15): saved, started in one tap, changed and deleted
without touching the games already played; nobody else's. Alice keeps the games, Bob co-scores
her game, Charlie is a stranger."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, OwnGame
from games.printing.scoresheet import score_sheet_pdf
from games.rules.own_game import NAME_LENGTH as OWN_NAME_LENGTH
from games.rules.own_game import NOTE_LENGTH as OWN_NOTE_LENGTH
from tests.printing.helpers import flat

from .helpers import FOUR

SEATS = {f"seat{seat}": name for seat, name in enumerate(FOUR)}
GRANDMA = "Grandma's Hand and Foot"
#: Three numbers of Hand and Foot changed: red threes caught cost 300, five deals, 60 to open
#: in the first deal (the page shows "a wild book to go out" ticked, as usual).
GRANDMA_RULES = {
    "hand-and-foot--wild_book_to_go_out": "on",
    "hand-and-foot--red_three_caught": "300",
    "hand-and-foot--deals": "5",
    "hand-and-foot--opening_deal_1": "60",
}


def save_from_new_game_page(client: Client, name: str = GRANDMA, **extra: Any) -> Any:
    data = {"rules": "hand-and-foot", "own_name": name, "own_note": "Ask first."}
    return client.post(reverse("own_game_new"), data | GRANDMA_RULES | extra)


def grandma(alice: Any) -> OwnGame:
    return OwnGame.keep(
        alice,
        GRANDMA,
        "hand-and-foot",
        {"red_three_caught": 300, "deals": 5, "opening_deal_1": 60},
        "Ask first.",
    )


def start(client: Client, own: OwnGame, **extra: Any) -> Any:
    data = {"rules": own.rules_slug, "first_dealer": 0, "own_game": own.pk} | SEATS
    for key, value in own.form_initial().items():
        if key != "rules" and value is not False:
            data[key] = "on" if value is True else str(value)
    return client.post(reverse("new_game"), data | extra)


# -- saving ------------------------------------------------------------------------------------


def test_alice_saves_hand_and_foot_with_three_numbers_of_her_own(alice_client, alice) -> None:
    response = save_from_new_game_page(alice_client)

    own = OwnGame.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('new_game')}?own={own.pk}"
    assert (own.owner, own.name, own.rules_slug, own.note) == (
        alice,
        GRANDMA,
        "hand-and-foot",
        "Ask first.",
    )
    assert own.options == {"red_three_caught": 300, "deals": 5, "opening_deal_1": 60}


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Give your game a name."),
        ("   ", "Give your game a name."),
        ("x" * 61, "at most 60 characters"),
        ("Grandma\u200b", "invisible character (U+200B)"),
        ("Grandma\u202e", "invisible character (U+202E)"),
    ],
)
def test_a_name_section_15_refuses_is_told_in_the_players_words(
    alice_client, name, message
) -> None:
    response = save_from_new_game_page(alice_client, name)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not OwnGame.objects.exists()


@pytest.mark.parametrize("twin", ["GRANDMA'S HAND AND FOOT", "Grаndma's  Hand and Foot"])
def test_the_same_name_in_other_letters_or_look_alikes_is_refused(alice_client, alice, twin):
    grandma(alice)

    response = save_from_new_game_page(alice_client, twin)

    assert response.status_code == 422
    assert "You already have a game called" in response.content.decode()
    assert OwnGame.objects.count() == 1


def test_another_account_may_use_the_same_name(alice, bob_client) -> None:
    grandma(alice)

    assert save_from_new_game_page(bob_client).status_code == 302
    assert OwnGame.objects.count() == 2


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"hand-and-foot--deals": "7"}, "Deals in a game: pick 4 or 5."),
        ({"hand-and-foot--clean_book": "four hundred"}, "Clean book scores: pick 300 or 500."),
        ({"own_note": "x" * 501}, "at most 500 characters"),
    ],
)
def test_a_number_or_note_out_of_bounds_is_refused_and_nothing_saved(
    alice_client, extra, message
) -> None:
    response = save_from_new_game_page(alice_client, **extra)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not OwnGame.objects.exists()


def test_an_unknown_rule_set_is_refused_with_a_message(alice_client) -> None:
    response = alice_client.post(
        reverse("own_game_new"), {"rules": "gin", "own_name": "X"}, follow=True
    )

    assert "Pick the game your own game starts from" in response.content.decode()
    assert not OwnGame.objects.exists()


# -- starting a game of it ----------------------------------------------------------------------


def test_the_new_game_page_offers_alices_own_games_first_and_nobody_elses(
    alice_client, alice, bob_client
) -> None:
    own = grandma(alice)

    page = alice_client.get(reverse("new_game")).content.decode()
    assert page.index(GRANDMA.replace("'", "&#x27;")) < page.index('value="pfh-partnership"')
    assert f"?own={own.pk}" in page
    assert (
        GRANDMA.replace("'", "&#x27;") not in bob_client.get(reverse("new_game")).content.decode()
    )


def test_one_tap_on_it_picks_its_rule_set_and_house_rules(alice_client, alice) -> None:
    own = grandma(alice)

    page = alice_client.get(reverse("new_game"), {"own": own.pk}).content.decode()

    assert 'value="hand-and-foot" checked' in page
    assert f'name="own_game" value="{own.pk}"' in page
    assert '<option value="5" selected>5</option>' in page


def test_a_game_started_from_it_keeps_its_name_note_and_numbers(alice_client, alice) -> None:
    own = grandma(alice)

    response = start(alice_client, own, team_size="2")

    game = Game.objects.get()
    assert response.status_code == 302
    assert (game.own_game_name, game.own_game_note) == (GRANDMA, "Ask first.")
    assert game.options == {"red_three_caught": 300, "deals": 5, "opening_deal_1": 60}
    board = alice_client.get(reverse("game", args=[game.pk])).content.decode()
    assert GRANDMA.replace("'", "&#x27;") in board
    assert "Deal 1 of 5: 60 to open" in board


def test_a_number_changed_on_the_way_starts_a_plain_game(alice_client, alice) -> None:
    own = grandma(alice)

    start(alice_client, own, **{"hand-and-foot--deals": "4"})

    assert Game.objects.get().own_game_name == ""


def test_another_accounts_own_game_is_not_found(alice, bob_client) -> None:
    own = grandma(alice)

    assert bob_client.get(reverse("new_game"), {"own": own.pk}).status_code == 404
    assert start(bob_client, own).status_code == 404
    assert not Game.objects.exists()


@pytest.mark.parametrize("posted", ["x", "-1", "9" * 40])
def test_a_damaged_own_game_number_is_not_found_never_a_500(alice_client, posted) -> None:
    assert alice_client.get(reverse("new_game"), {"own": posted}).status_code == 404


# -- changing it changes no game played -----------------------------------------------------------


def test_editing_or_deleting_it_changes_no_game_already_played(alice_client, alice) -> None:
    own = grandma(alice)
    start(alice_client, own)
    game = Game.objects.get()
    sheet_before = flat(score_sheet_pdf(game.score()))

    response = alice_client.post(
        reverse("own_game_edit", args=[own.pk]),
        {
            "own_name": "Grandma's",
            "own_note": "",
            **GRANDMA_RULES,
            "hand-and-foot--deals": "4",
        },
    )
    assert response.status_code == 302
    own.refresh_from_db()
    assert (own.name, own.options) == ("Grandma's", {"red_three_caught": 300, "opening_deal_1": 60})
    alice_client.post(reverse("own_game_delete", args=[own.pk]))

    game.refresh_from_db()
    assert not OwnGame.objects.exists()
    assert (game.own_game_name, game.options["deals"]) == (GRANDMA, 5)
    assert flat(score_sheet_pdf(game.score())) == sheet_before


def test_strangers_cannot_see_change_or_delete_it(alice, charlie_client) -> None:
    own = grandma(alice)

    assert charlie_client.get(reverse("own_game_edit", args=[own.pk])).status_code == 404
    assert charlie_client.post(reverse("own_game_delete", args=[own.pk])).status_code == 404
    assert charlie_client.get(reverse("own_game_sheet", args=[own.pk])).status_code == 404
    assert OwnGame.objects.filter(name=GRANDMA).exists()


def test_a_co_scorekeeper_sees_the_games_own_name_and_rules(alice, bob_client, make_game):
    game = make_game("hand-and-foot", team_size=2)
    Game.objects.filter(pk=game.pk).update(own_game_name=GRANDMA, own_game_note="Ask first.")

    board = bob_client.get(reverse("game", args=[game.pk])).content.decode()
    rules = bob_client.get(reverse("game_rules_page", args=[game.pk])).content.decode()

    assert "Grandma&#x27;s Hand and Foot" in board
    assert "House rules of Grandma&#x27;s Hand and Foot" in rules
    assert "Ask first." in rules


def test_the_scoreboard_offers_to_keep_a_games_own_game_once(alice_client, alice, make_game):
    game = make_game("hand-and-foot", team_size=2)
    Game.objects.filter(pk=game.pk).update(own_game_name=GRANDMA)
    url = reverse("game", args=[game.pk])
    assert "among our games" in alice_client.get(url).content.decode()

    alice_client.post(
        reverse("own_game_from_game", args=[game.pk]), {"own_name": GRANDMA, "own_note": ""}
    )

    assert OwnGame.objects.get().options == game.options
    assert "among our games" not in alice_client.get(url).content.decode()


def test_a_games_rules_page_offers_to_save_it_as_our_game(alice_client, make_game) -> None:
    game = make_game("hand-and-foot", team_size=2)

    page = alice_client.get(reverse("game_rules_page", args=[game.pk])).content.decode()
    box = page.split('id="save-own"')[1].split("</form>")[0]

    assert "Save as our game" in box
    assert f'name="own_name" value="" maxlength="{OWN_NAME_LENGTH}"' in box
    assert f'maxlength="{OWN_NOTE_LENGTH}"' in box
    assert 'placeholder="Grandma\'s Hand and Foot"' in box
    plain = alice_client.get(reverse("rules_page", args=["hand-and-foot"])).content.decode()
    assert 'id="save-own"' not in plain  # a rule set's page has no game to save


# -- the game file ---------------------------------------------------------------------------------


def test_export_and_import_carry_the_own_game(alice_client, alice, bob_client) -> None:
    own = grandma(alice)
    start(alice_client, own, team_size="2")
    game = Game.objects.get()
    exported = json.loads(alice_client.get(reverse("export_game", args=[game.pk])).content)
    assert exported["own_game"] == {"name": GRANDMA, "note": "Ask first."}

    response = bob_client.post(
        reverse("import_game"),
        {"file": _upload(json.dumps(exported))},
    )

    imported = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert (imported.owner.username, imported.own_game_name) == ("bob", GRANDMA)
    board = bob_client.get(reverse("game", args=[imported.pk])).content.decode()
    assert "Keep “Grandma&#x27;s Hand and Foot” among our games" in board


@pytest.mark.parametrize(
    ("own_game", "message"),
    [
        ({"name": ""}, "own_game: give your game a name"),
        ({"name": "X", "colour": "red"}, "own_game must be an object"),
        ("Grandma", "own_game must be an object"),
        ({"name": "X", "note": "y" * 501}, "at most 500 characters"),
    ],
)
def test_a_game_file_with_a_broken_own_game_is_refused_in_one_line(
    alice_client, own_game, message
) -> None:
    data = {"rules": "samba", "players": ["Ann", "Bob"], "own_game": own_game, "hands": []}

    response = alice_client.post(reverse("import_game"), {"file": _upload(json.dumps(data))})

    assert response.status_code == 422
    assert message.lower() in response.content.decode().lower()
    assert not Game.objects.exists()


def _upload(text: str) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("game.json", text.encode(), content_type="application/json")
