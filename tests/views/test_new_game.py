import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games.models import Game, Player
from games.rules import RULE_SETS, get_rule_set
from games.words import house_rule_label
from tests.rules import worded
from tests.views.helpers import html, is_login_redirect

URL = reverse("new_game")


def seats(*names: str) -> dict[str, str]:
    return {f"seat{i}": name for i, name in enumerate(names)}


def test_the_new_game_page_offers_every_rule_set(alice_client: Client) -> None:
    response = alice_client.get(URL)

    assert response.status_code == 200
    page = html(response)
    for slug in (
        "pfh-partnership",
        "pfh-three-hands",
        "ten-pennies",
        "ten-pennies-jokers",
        "miromar-canasta",
    ):
        assert f'value="{slug}"' in page
    assert 'name="seat0"' in page


def test_a_rule_set_named_in_the_link_is_picked_already(alice_client: Client) -> None:
    page = html(alice_client.get(URL, {"rules": "ten-pennies"}))

    assert 'value="ten-pennies" checked' in page


@pytest.mark.parametrize(
    ("slug", "players", "sides"),
    [
        ("pfh-partnership", ("Ann", "Bob", "Cy", "Di"), ["Ann & Cy", "Bob & Di"]),
        ("pfh-three-hands", ("Ann", "Bob"), ["Ann", "Bob"]),
        ("ten-pennies", ("Ann", "Bob", "Cy"), ["Ann", "Bob", "Cy"]),
        ("ten-pennies-jokers", ("Ann", "Bob"), ["Ann", "Bob"]),
        ("miromar-canasta", ("Ann", "Bob", "Cy", "Di"), ["Ann & Cy", "Bob & Di"]),
    ],
)
def test_each_rule_set_can_be_started(
    alice_client: Client, alice: User, slug: str, players: tuple[str, ...], sides: list[str]
) -> None:
    response = alice_client.post(URL, {"rules": slug, "first_dealer": 1, **seats(*players)})

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.pk])
    assert game.owner == alice
    assert game.rules_slug == slug
    assert game.players == list(players)
    assert game.side_names == sides
    assert game.first_dealer == players[1]


def test_partners_sit_opposite(alice_client: Client) -> None:
    alice_client.post(
        URL, {"rules": "miromar-canasta", "first_dealer": 0, **seats("Ann", "Bob", "Cy", "Di")}
    )

    game = Game.objects.get()
    assert game.sides == [
        {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
        {"name": "Bob & Di", "players": ["Bob", "Di"]},
    ]


def test_the_family_game_can_be_played_in_teams(alice_client: Client) -> None:
    alice_client.post(
        URL,
        {
            "rules": "pfh-three-hands",
            "team_size": 2,
            "first_dealer": 0,
            **seats("Ann", "Bob", "Cy", "Di"),
        },
    )

    assert Game.objects.get().side_names == ["Ann & Cy", "Bob & Di"]


def test_a_player_count_the_rule_set_does_not_allow_is_refused_with_the_reason(
    alice_client: Client,
) -> None:
    six = seats("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
    response = alice_client.post(URL, {"rules": "miromar-canasta", "first_dealer": 0, **six})

    assert response.status_code == 200
    rules = get_rule_set("miromar-canasta")
    assert f"{worded.name(rules)} is played by 4 players, not 6" in html(response)
    assert 'value="Flo"' in html(response)
    assert not Game.objects.exists()


def test_a_player_count_that_does_not_split_into_teams_is_refused(alice_client: Client) -> None:
    response = alice_client.post(
        URL, {"rules": "pfh-partnership", "first_dealer": 0, **seats("Ann", "Bob", "Cy")}
    )

    assert response.status_code == 200
    assert (
        "3 players can&#x27;t split into teams of 2: Pennies From Heaven needs 4 or 6 players."
    ) in html(response)


def test_a_family_game_that_does_not_split_into_teams_says_which_counts_do(
    alice_client: Client,
) -> None:
    response = alice_client.post(
        URL,
        {
            "rules": "pfh-three-hands",
            "team_size": 3,
            "first_dealer": 0,
            **seats("A", "B", "C", "D"),
        },
    )

    assert response.status_code == 200
    assert "4 players can&#x27;t split into teams of 3: teams of 3 need 3, 6, 9 or 12 players" in (
        html(response)
    )
    assert not Game.objects.exists()


def test_a_name_over_sixty_characters_is_refused(alice_client: Client) -> None:
    long_name = "A" * 61
    response = alice_client.post(
        URL, {"rules": "ten-pennies", "first_dealer": 0, **seats("Ann", long_name)}
    )

    assert response.status_code == 200
    assert "Names can be at most 60 characters long." in html(response)
    assert not Game.objects.exists()
    assert not Player.objects.exists()


def test_the_same_name_twice_is_refused(alice_client: Client) -> None:
    response = alice_client.post(
        URL, {"rules": "ten-pennies", "first_dealer": 0, **seats("Ann", "Ann")}
    )

    assert "Ann is listed twice" in html(response)
    assert not Game.objects.exists()


def test_a_first_dealer_in_an_empty_seat_is_refused(alice_client: Client) -> None:
    response = alice_client.post(
        URL, {"rules": "ten-pennies", "first_dealer": 5, **seats("Ann", "Bob")}
    )

    assert "Pick one of the seats that has a player." in html(response)
    assert not Game.objects.exists()


def test_leaving_out_the_rule_set_is_refused(alice_client: Client) -> None:
    response = alice_client.post(URL, {"first_dealer": 0, **seats("Ann", "Bob")})

    assert "Pick the game you are playing." in html(response)
    assert not Game.objects.exists()


def test_the_roster_remembers_the_players(alice_client: Client, alice: User) -> None:
    alice_client.post(URL, {"rules": "ten-pennies", "first_dealer": 0, **seats("Ann", "Bob")})

    assert sorted(Player.objects.filter(owner=alice).values_list("name", flat=True)) == [
        "Ann",
        "Bob",
    ]
    page = html(alice_client.get(URL))
    assert 'data-name="Ann"' in page
    assert 'data-name="Bob"' in page


def test_a_returning_player_is_not_added_to_the_roster_twice(
    alice_client: Client, alice: User
) -> None:
    for _ in range(2):
        alice_client.post(URL, {"rules": "ten-pennies", "first_dealer": 0, **seats("Ann", "Bob")})

    assert Game.objects.count() == 2
    assert Player.objects.filter(owner=alice).count() == 2


def test_someone_elses_roster_is_not_shown(alice_client: Client, charlie_client: Client) -> None:
    alice_client.post(URL, {"rules": "ten-pennies", "first_dealer": 0, **seats("Ann", "Bob")})

    assert 'data-name="Ann"' not in html(charlie_client.get(URL))


def test_anonymous_visitors_are_sent_to_log_in(client: Client) -> None:
    assert is_login_redirect(client.get(URL))
    assert is_login_redirect(
        client.post(URL, {"rules": "ten-pennies", "first_dealer": 0, **seats("Ann", "Bob")})
    )
    assert not Game.objects.exists()


def test_new_game_takes_only_get_and_post(alice_client: Client) -> None:
    assert alice_client.put(URL).status_code == 405
    assert alice_client.delete(URL).status_code == 405


def test_the_house_rule_is_worded_as_the_rule_set_words_it(alice_client: Client) -> None:
    option = get_rule_set("pfh-partnership").house_rule("all_red_threes_1000")
    assert option is not None
    wording = worded.english(house_rule_label, get_rule_set("pfh-partnership"), option)

    page = alice_client.get(reverse("new_game")).content.decode()

    assert escape(wording) in page


def test_the_house_rule_is_kept_with_the_game(alice_client: Client, alice: User) -> None:
    alice_client.post(
        reverse("new_game"),
        {
            "rules": "pfh-partnership",
            "seat0": "Ann",
            "seat1": "Bob",
            "seat2": "Cy",
            "seat3": "Di",
            "first_dealer": "0",
            "pfh-partnership--all_red_threes_1000": "on",
        },
    )

    assert Game.objects.get(owner=alice).options == {"all_red_threes_1000": True}


def test_the_first_dealer_is_the_player_in_the_chosen_seat_past_a_blank_seat(
    alice_client: Client,
) -> None:
    """Seat 2 left blank: "Seat 3: Cy" is offered, so Cy deals first (not Di)."""
    names = {"seat0": "Ann", "seat1": "", "seat2": "Cy", "seat3": "Di"}

    response = alice_client.post(URL, {"rules": "ten-pennies", "first_dealer": 2, **names})

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.players == ["Ann", "Cy", "Di"]
    assert game.first_dealer == "Cy"


def test_a_blank_seat_between_players_cannot_be_the_first_dealer(alice_client: Client) -> None:
    names = {"seat0": "Ann", "seat1": "", "seat2": "Cy"}

    response = alice_client.post(URL, {"rules": "ten-pennies", "first_dealer": 1, **names})

    assert response.status_code == 200
    assert "Pick one of the seats that has a player." in html(response)
    assert not Game.objects.exists()


def test_a_player_name_with_an_invisible_character_is_refused(alice_client: Client) -> None:
    response = alice_client.post(
        URL, {"rules": "pfh-three-hands", "first_dealer": 0, **seats("Ann\u202e", "Bob")}
    )

    assert response.status_code == 422
    assert "invisible" in html(response)
    assert not Game.objects.exists()
    assert not Player.objects.exists()


def test_a_full_width_name_seats_the_roster_player_of_that_name(
    alice_client: Client, alice: User
) -> None:
    alice_client.post(URL, {"rules": "pfh-three-hands", "first_dealer": 0, **seats("P2", "Bob")})

    response = alice_client.post(
        URL, {"rules": "pfh-three-hands", "first_dealer": 0, **seats("Ｐ２", "Bob")}
    )

    assert response.status_code == 302
    assert sorted(Player.objects.filter(owner=alice).values_list("name", flat=True)) == [
        "Bob",
        "P2",
    ]
    assert Game.objects.order_by("-pk")[0].players == ["P2", "Bob"]


def test_canasta_seats_four_as_partners_and_three_alone_without_asking(
    alice_client: Client,
) -> None:
    page = alice_client.get(reverse("new_game")).content.decode()
    four = {"rules": "canasta", "first_dealer": 0, "team_size": 1}
    four |= {f"seat{seat}": name for seat, name in enumerate(("Ann", "Bob", "Cy", "Di"))}
    three = {"rules": "canasta", "first_dealer": 0}
    three |= {f"seat{seat}": name for seat, name in enumerate(("Ann", "Bob", "Cy"))}

    alice_client.post(reverse("new_game"), four)
    alice_client.post(reverse("new_game"), three)

    assert "each on their own with two or three, in partnerships with four" in page
    assert sorted(game.side_names for game in Game.objects.all()) == [
        ["Ann", "Bob", "Cy"],
        ["Ann & Cy", "Bob & Di"],
    ]


@pytest.mark.parametrize(
    ("slug", "hint"),
    [
        ("five-crowns", "Everyone plays on their own."),
        ("liverpool", "Everyone plays on their own."),
        ("pfh-partnership", "Partners sit opposite"),
        ("canasta", "Partners sit opposite"),
    ],
)
def test_the_seating_hint_fits_the_game_picked_before_any_seat_is_filled(
    alice_client: Client, slug: str, hint: str
) -> None:
    page = html(alice_client.get(reverse("new_game") + f"?rules={slug}"))

    assert re.search(rf'id="sides-preview"[^>]*>{re.escape(hint)}', page)


def games_first_and_more_games(page: str) -> tuple[list[str], list[str]]:
    """The slugs of the games shown first and of those under "More games", in page order."""
    first, _, more = page.partition('class="more more-games"')
    slugs = re.compile(r'name="rules" value="([^"]+)"')
    return slugs.findall(first), slugs.findall(more)


def test_eight_games_come_first_with_any_other_game_last_and_the_rest_one_tap_away(
    alice_client: Client,
) -> None:
    first, more = games_first_and_more_games(html(alice_client.get(URL)))

    assert len(first) == 8
    assert first[-1] == "score-pad"
    assert "canasta" in first
    assert sorted(first + more) == sorted(RULE_SETS)


@pytest.mark.parametrize(
    ("language", "at_home"),
    [("pt-br", "buraco"), ("it", "burraco"), ("es", "chinchon"), ("de", "canasta")],
)
def test_a_phone_in_a_language_sees_the_games_its_tables_play_first(
    alice_client: Client, language: str, at_home: str
) -> None:
    alice_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    first, _ = games_first_and_more_games(html(alice_client.get(URL)))

    assert first[0] == at_home


def test_the_games_this_account_played_last_come_first(alice_client: Client, alice: User) -> None:
    for slug in ("chinchon", "burraco"):
        started = alice_client.post(URL, {"rules": slug, "first_dealer": 0, **seats("Ann", "Bob")})
        assert started.status_code == 302

    first, more = games_first_and_more_games(html(alice_client.get(URL)))

    assert first[:2] == ["burraco", "chinchon"]
    assert "burraco" not in more


def test_a_game_from_more_games_refused_comes_back_with_more_games_open_and_picked(
    alice_client: Client,
) -> None:
    _, more = games_first_and_more_games(html(alice_client.get(URL)))

    page = html(alice_client.post(URL, {"rules": more[0], **seats("Ann")}))

    assert '<details class="more more-games" open>' in page
    assert f'value="{more[0]}" checked' in page
