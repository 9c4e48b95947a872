import json

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http.multipartparser import MultiPartParser
from django.test import Client
from django.urls import reverse

from games.models import Game, Hand, Player
from games.rules.gamefile import MAX_GAME_FILE_BYTES
from tests.gamefiles import EXAMPLE
from tests.views.helpers import html, is_login_redirect, totals

URL = reverse("import_game")

GOOD = {
    "rules": "ten-pennies",
    "players": ["Ann", "Bob", "Cy"],
    "first_dealer": "Bob",
    "hands": [
        {
            "dealer": "Bob",
            "tallies": {
                "Ann": {"points": 0, "cards": 0, "buys": 1},
                "Bob": {"points": 25, "cards": 3, "buys": 2},
                "Cy": {"points": 10, "cards": 2},
            },
        },
        {
            "dealer": "Cy",
            "tallies": {
                "Ann": {"points": 40, "cards": 4},
                "Bob": {"points": 0, "cards": 0},
                "Cy": {"points": 5, "cards": 1, "buys": 1},
            },
        },
    ],
}


def nothing_was_created() -> bool:
    return not Game.objects.exists() and not Hand.objects.exists() and not Player.objects.exists()


def test_the_import_page_asks_for_a_file_or_pasted_text(alice_client: Client) -> None:
    response = alice_client.get(URL)

    assert response.status_code == 200
    page = html(response)
    assert 'type="file" name="file"' in page
    assert 'name="text"' in page


def test_a_pasted_game_file_becomes_a_new_game_with_the_same_totals(
    alice_client: Client, alice: User
) -> None:
    response = alice_client.post(URL, {"text": json.dumps(GOOD)})

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.pk])
    assert game.owner == alice
    assert game.rules_slug == "ten-pennies"
    assert game.first_dealer == "Bob"
    assert totals(game) == {"Ann": 40, "Bob": 25, "Cy": 15}
    assert [hand.dealer for hand in game.hands.all()] == ["Bob", "Cy"]
    assert Player.objects.filter(owner=alice).count() == 3


def test_an_uploaded_game_file_is_imported(alice_client: Client) -> None:
    upload = SimpleUploadedFile("game.json", json.dumps(GOOD).encode(), "application/json")

    response = alice_client.post(URL, {"file": upload})

    assert response.status_code == 302
    assert totals(Game.objects.get()) == {"Ann": 40, "Bob": 25, "Cy": 15}


def test_an_unknown_rule_set_is_refused_and_creates_nothing(alice_client: Client) -> None:
    response = alice_client.post(URL, {"text": json.dumps({**GOOD, "rules": "whist"})})

    assert response.status_code == 422
    assert "There is no rule set called &#x27;whist&#x27;" in html(response)
    assert nothing_was_created()


def test_a_hand_that_breaks_a_check_is_refused_with_the_engines_message(
    alice_client: Client,
) -> None:
    bad = json.loads(json.dumps(GOOD))
    bad["hands"][1]["tallies"]["Cy"] = {"points": 0, "cards": 0}

    response = alice_client.post(URL, {"text": json.dumps(bad)})

    assert response.status_code == 422
    assert "Round 2" in html(response)
    assert "only one player goes out in a round" in html(response)
    assert nothing_was_created()


def test_text_that_is_not_json_is_refused(alice_client: Client) -> None:
    response = alice_client.post(URL, {"text": "{rules: ten-pennies"})

    assert response.status_code == 422
    assert "The game file is not valid JSON" in html(response)
    assert "{rules: ten-pennies" in html(response)
    assert nothing_was_created()


def test_an_empty_import_asks_for_a_file(alice_client: Client) -> None:
    response = alice_client.post(URL, {"text": "  "})

    assert response.status_code == 422
    assert "Choose a game file, or paste one." in html(response)
    assert nothing_was_created()


def test_anonymous_visitors_are_sent_to_log_in(client: Client) -> None:
    assert is_login_redirect(client.get(URL))
    assert is_login_redirect(client.post(URL, {"text": json.dumps(GOOD)}))
    assert nothing_was_created()


def test_import_takes_only_get_and_post(alice_client: Client) -> None:
    assert alice_client.put(URL).status_code == 405


def test_an_upload_bigger_than_any_game_file_is_refused_before_it_is_read(
    alice_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_anyway(self: MultiPartParser) -> None:
        raise AssertionError("the upload was read")

    monkeypatch.setattr(MultiPartParser, "parse", read_anyway)
    upload = SimpleUploadedFile("big.json", b" " * (MAX_GAME_FILE_BYTES * 2), "application/json")

    response = alice_client.post(URL, {"file": upload})

    assert response.status_code == 413
    assert "too big to be a game file" in html(response)
    assert nothing_was_created()


def test_a_file_just_over_the_largest_game_file_is_refused_by_its_size(
    alice_client: Client,
) -> None:
    upload = SimpleUploadedFile("big.json", b" " * (MAX_GAME_FILE_BYTES + 10), "application/json")

    response = alice_client.post(URL, {"file": upload})

    assert response.status_code == 422
    assert "too big to be a game file" in html(response)
    assert nothing_was_created()


def test_uploads_stay_in_memory_and_no_body_is_bigger_than_a_game_file_and_its_form() -> None:
    for limit in (settings.DATA_UPLOAD_MAX_MEMORY_SIZE, settings.FILE_UPLOAD_MAX_MEMORY_SIZE):
        assert MAX_GAME_FILE_BYTES < limit <= MAX_GAME_FILE_BYTES + 100_000


def test_a_game_file_with_an_invisible_character_in_a_name_is_refused(
    alice_client: Client,
) -> None:
    hidden = json.loads(json.dumps(GOOD))
    hidden["players"][0] = "An\u200bn"
    for hand in hidden["hands"]:
        hand["tallies"]["An\u200bn"] = hand["tallies"].pop("Ann")

    response = alice_client.post(URL, {"text": json.dumps(hidden)})

    assert response.status_code == 422
    assert "invisible" in html(response)
    assert nothing_was_created()


# -- a game file that is already here asks first (issue 19) -----------------------------------


def test_importing_a_game_that_is_already_here_asks_first(alice_client: Client) -> None:
    first = alice_client.post(URL, {"text": json.dumps(GOOD)})
    assert first.status_code == 302
    here = Game.objects.get()

    upload = SimpleUploadedFile("game.json", json.dumps(GOOD).encode(), "application/json")
    response = alice_client.post(URL, {"file": upload})

    assert response.status_code == 200
    page = html(response)
    assert "<b>This game is already here</b> as" in page
    assert (
        f'href="{reverse("game", args=[here.pk])}">Ten Pennies (deuces wild): Ann v Bob v Cy</a>'
        in page
    )
    assert "Import a second copy?" in page
    assert Game.objects.count() == 1

    # The question carries the file: one tap imports the second copy on purpose.
    text = page.split('<textarea name="text" hidden aria-hidden="true">')[1].split("</textarea>")[0]
    response = alice_client.post(URL, {"text": text.replace("&quot;", '"'), "second_copy": "1"})

    assert response.status_code == 302
    assert Game.objects.count() == 2


def test_a_game_file_with_other_hands_imports_without_asking(alice_client: Client) -> None:
    alice_client.post(URL, {"text": json.dumps(GOOD)})
    other = json.loads(json.dumps(GOOD))
    other["hands"][1]["tallies"]["Ann"]["points"] = 45

    response = alice_client.post(URL, {"text": json.dumps(other)})

    assert response.status_code == 302
    assert Game.objects.count() == 2


def test_another_accounts_copy_or_a_deleted_one_is_not_asked_about(
    alice_client: Client, bob_client: Client
) -> None:
    bob_client.post(URL, {"text": json.dumps(GOOD)})
    assert alice_client.post(URL, {"text": json.dumps(GOOD)}).status_code == 302
    Game.objects.get(owner__username="alice").delete_for_a_while()

    assert alice_client.post(URL, {"text": json.dumps(GOOD)}).status_code == 302


# -- names in a game file are the roster's spelling (issue 23) --------------------------------


def full_width(name: str) -> str:
    """`name` in full-width letters and digits ("Bob" -> "Ｂｏｂ"), NFKC's look-alike."""
    return "".join(chr(ord(char) + 0xFEE0) if char.isalnum() else char for char in name)


def test_a_full_width_name_in_a_game_file_is_the_rosters_player(
    alice_client: Client, alice: User
) -> None:
    Player.objects.create(owner=alice, name="Bob")
    wide = json.loads(json.dumps(GOOD).replace('"Bob"', json.dumps(full_width("Bob"))))
    assert wide["players"][1] == "Ｂｏｂ"

    response = alice_client.post(URL, {"text": json.dumps(wide)})

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.players == ["Ann", "Bob", "Cy"]
    assert game.first_dealer == "Bob"
    assert [hand.dealer for hand in game.hands.all()] == ["Bob", "Cy"]
    assert totals(game) == {"Ann": 40, "Bob": 25, "Cy": 15}
    assert sorted(Player.objects.filter(owner=alice).values_list("name", flat=True)) == [
        "Ann",
        "Bob",
        "Cy",
    ]


def test_side_names_in_a_game_file_are_nfkc_too(alice_client: Client, alice: User) -> None:
    wide = json.loads(
        json.dumps(EXAMPLE)
        .replace('"Ann & Cy"', json.dumps(full_width("The Aces")))
        .replace('"Di"', json.dumps(full_width("Di")))
        .replace('"Bob & Di"', json.dumps(f"Bob & {full_width('Di')}"))
    )

    response = alice_client.post(URL, {"text": json.dumps(wide)})

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.players == ["Ann", "Bob", "Cy", "Di"]
    assert game.side_names == ["The Aces", "Bob & Di"]
    # A side named after its players keeps no name of its own: it is read from the roster.
    assert list(game.teams.values_list("name", "named_after_players")) == [
        ("The Aces", False),
        ("", True),
    ]
    assert totals(game) == {"The Aces": 1855, "Bob & Di": 235}


def test_a_phase_10_game_file_comes_in_with_each_players_phase(alice_client: Client) -> None:
    """RULINGS 14 through the import page: the phases follow from the hands imported."""
    out = {"went_out": True, "completed_phase": True}
    hands = [
        {"tallies": {"Ann": out, "Bob": {"points": 25}, "Cy": {"points": 40}}},
        {"tallies": {"Ann": {"points": 10}, "Bob": out, "Cy": {"points": 5}}},
    ]
    file = {"rules": "phase-10", "players": ["Ann", "Bob", "Cy"], "hands": hands}

    response = alice_client.post(URL, {"text": json.dumps(file)})

    assert response.status_code == 302
    game = Game.objects.get()
    assert totals(game) == {"Ann": 10, "Bob": 25, "Cy": 45}
    assert game.score().phases == {"Ann": 2, "Bob": 2, "Cy": 1}
