"""The roster, a player's page and head to head: figures worked out by hand for four games.

Alice's table, oldest first:
  1. Miromar, Ann & Cy v Bob & Di: 100-200, then 300-8,400: Bob & Di win 400 to 8,600.
  2. Miromar, same sides: 8,500-100: Ann & Cy win.
  3. Ten Pennies, Ann, Bob, Eve: Ann goes out all seven rounds; Bob catches 2 cards (15) and
     buys once a round, Eve catches 1 card (5): Ann wins with 0 and takes the 28 pennies.
  4. Miromar, same sides, in progress: 50-60.
So Ann: 3 finished, 2 won (67%), a streak of 2, average hand (400+8,500+0+50)/11 = 814,
best hand 8,500, 1 in progress.
"""

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game, Player
from tests.views.helpers import html

TEN_PENNIES_ROUND = {
    "Ann": {"cards": 0},
    "Bob": {"cards": 2, "points": 15, "buys": 1},
    "Eve": {"cards": 1, "points": 5},
}


def sides(ann_cy: int, bob_di: int) -> dict[str, dict[str, int]]:
    return {"Ann & Cy": {"total": ann_cy}, "Bob & Di": {"total": bob_di}}


@pytest.fixture
def season(make_game) -> list[Game]:
    return [
        make_game(hands=[sides(100, 200), sides(300, 8_400)]),
        make_game(hands=[sides(8_500, 100)]),
        make_game("ten-pennies", players=("Ann", "Bob", "Eve"), hands=[TEN_PENNIES_ROUND] * 7),
        make_game(hands=[sides(50, 60)]),
    ]


def player(name: str) -> Player:
    return Player.objects.get(owner__username="alice", name=name)


def player_page(client: Client, name: str) -> str:
    return html(client.get(reverse("player", args=[player(name).pk])))


def figure(page: str, testid: str) -> str:
    marker = f'data-testid="{testid}">'
    start = page.index(marker) + len(marker)
    return page[start : page.index("<", start)]


def by_rules(page: str, slug: str) -> list[str]:
    """The player's "By game" card for one rule set, as text: its title, then its figures."""
    start = page.index(f'data-testid="by-rules-{slug}"')
    card = page[start : page.index("</section>", start)]
    title = re.findall(r"<h3>(.*?)</h3>", card)[0]
    return [re.sub(r"<[^>]+>", "", title), *re.findall(r"<dd>(.*?)</dd>", card)]


def test_a_players_page_shows_their_record_worked_out_from_every_game(
    alice_client: Client, season: list[Game]
) -> None:
    page = player_page(alice_client, "Ann")

    assert figure(page, "played") == "3"
    assert figure(page, "won") == "2"
    assert figure(page, "win-rate") == "67%"
    assert figure(page, "streak") == "2"
    assert "1 game in progress." in page
    # Miromar: 100 + 300 + 8,500 + 50 over 4 hands; Ten Pennies: out every round, 0 each.
    assert by_rules(page, "miromar-canasta") == [
        "Hearts of Miromar Canasta (1 in progress)",
        "1 of 2",
        "50%",
        "2,238",
        "8,500",
    ]
    assert by_rules(page, "ten-pennies") == [
        "Ten Pennies (deuces wild)",
        "1 of 1",
        "100%",
        "0",
        "0",
    ]


def test_hand_scores_of_games_read_the_opposite_way_are_not_averaged_together(
    alice_client: Client, season: list[Game]
) -> None:
    page = player_page(alice_client, "Ann")  # Miromar (high is good) and Ten Pennies (low)

    assert figure(page, "average-hand") == "–"
    assert figure(page, "best-hand") == "–"
    assert "a low score is good in some of these games and bad in others" in page


def test_a_players_figures_carry_separators_and_a_real_minus(
    alice_client: Client, make_game
) -> None:
    make_game(hands=[sides(-1_375, 400), sides(12_480, 100)])

    page = player_page(alice_client, "Ann")

    assert figure(page, "best-hand") == "12,480"
    assert figure(page, "average-hand") == "5,552"  # (−1,375 + 12,480) / 2, to even
    assert "12480" not in page and "5552" not in page


def test_a_players_worst_average_hand_shows_a_real_minus(alice_client: Client, make_game) -> None:
    make_game(hands=[sides(-1_375, 400), sides(-2_000, 8_500)])

    page = player_page(alice_client, "Ann")

    assert figure(page, "average-hand") == "\N{MINUS SIGN}1,688"  # (−1,375 − 2,000) / 2
    assert figure(page, "best-hand") == "\N{MINUS SIGN}1,375"


def test_the_record_is_split_by_rule_set(alice_client: Client, season: list[Game]) -> None:
    page = player_page(alice_client, "Ann")

    assert re.findall(r'data-testid="by-rules-([a-z-]+)"', page) == [
        "ten-pennies",
        "miromar-canasta",
    ]
    assert by_rules(page, "miromar-canasta")[1] == "1 of 2"
    assert by_rules(page, "ten-pennies")[1] == "1 of 1"


def test_partnership_games_show_the_record_with_each_partner(
    alice_client: Client, season: list[Game]
) -> None:
    page = player_page(alice_client, "Ann")

    assert "<tr><td>Cy</td><td>2</td><td>1</td></tr>" in page


def test_ten_pennies_players_see_pennies_paid_and_won(
    alice_client: Client, season: list[Game]
) -> None:
    ann, bob = player_page(alice_client, "Ann"), player_page(alice_client, "Bob")

    assert (figure(ann, "pennies-paid"), figure(ann, "pennies-won")) == ("0", "28")
    assert (figure(bob, "pennies-paid"), figure(bob, "pennies-won")) == ("21", "0")
    assert "pennies-paid" not in player_page(alice_client, "Cy")


def test_each_opponent_is_listed_with_who_won(alice_client: Client, season: list[Game]) -> None:
    page = player_page(alice_client, "Ann")

    assert "3 games: Ann won 2, Bob won 1" in page
    assert "2 games: Ann won 1, Di won 1" in page
    assert "1 game: Ann won 1, Eve won 0" in page


def test_head_to_head_counts_their_games_against_each_other(
    alice_client: Client, season: list[Game]
) -> None:
    url = reverse("head_to_head", args=[player("Ann").pk, player("Bob").pk])

    page = html(alice_client.get(url))

    assert figure(page, "first-won") == "2"
    assert figure(page, "second-won") == "1"
    assert figure(page, "neither") == "0"
    assert page.count('class="card game-link"') == 4  # the game in progress too
    assert "in progress" in page
    assert "<b>Bob &amp; Di 8,600</b>" in page  # the first game's winners, 400 to 8,600
    assert "8600" not in page


def test_head_to_head_with_a_partner_shows_their_games_together(
    alice_client: Client, season: list[Game]
) -> None:
    url = reverse("head_to_head", args=[player("Ann").pk, player("Cy").pk])

    page = html(alice_client.get(url))

    assert "As partners: 2 games, 1 won." in page
    assert "They have not played against each other yet." in page


def test_the_roster_lists_each_players_headline_figures(
    alice_client: Client, season: list[Game]
) -> None:
    page = html(alice_client.get(reverse("players")))

    assert "<b>2</b> won of 3 (67%)" in page  # Ann
    assert "<b>1</b> won of 3 (33%)" in page  # Bob
    assert "<b>0</b> won of 1 (0%)" in page  # Eve
    assert page.index(">Ann<") < page.index(">Eve<")


def test_renaming_on_the_player_page_renames_every_game(
    alice_client: Client, season: list[Game]
) -> None:
    ann = player("Ann")

    response = alice_client.post(reverse("player_rename", args=[ann.pk]), {"name": "Annie"})

    assert response.status_code == 302
    assert all("Annie" in Game.objects.get(pk=g.pk).players for g in season)
    assert Game.objects.get(pk=season[0].pk).side_names == ["Annie & Cy", "Bob & Di"]


def test_a_rename_to_a_taken_name_is_refused_in_words(
    alice_client: Client, season: list[Game]
) -> None:
    response = alice_client.post(reverse("player_rename", args=[player("Ann").pk]), {"name": "Bob"})

    assert response.status_code == 422
    assert "There is already a player called “Bob”." in html(response)
    assert Game.objects.get(pk=season[0].pk).players == ["Ann", "Bob", "Cy", "Di"]


def test_someone_elses_player_is_a_404(
    charlie_client: Client, bob_client: Client, season: list[Game]
) -> None:
    ann = player("Ann")

    assert charlie_client.get(reverse("player", args=[ann.pk])).status_code == 404
    assert (
        bob_client.post(reverse("player_rename", args=[ann.pk]), {"name": "X"}).status_code == 404
    )
    assert Player.objects.filter(name="Ann").exists()


def test_anonymous_visitors_are_sent_to_log_in(client: Client) -> None:
    response = client.get(reverse("players"))

    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


def test_the_player_pages_queries_do_not_grow_with_games(
    alice_client: Client, make_game, alice: User
) -> None:
    make_game(hands=[sides(100, 200)])
    ann = player("Ann")
    pages = [
        reverse("player", args=[ann.pk]),
        reverse("players"),
        reverse("head_to_head", args=[ann.pk, player("Bob").pk]),
    ]
    few = [queries(alice_client, url) for url in pages]

    for _ in range(8):
        make_game(hands=[sides(100, 200), sides(8_500, 0)])
    make_game("ten-pennies", players=("Ann", "Bob", "Eve"), hands=[TEN_PENNIES_ROUND] * 7)

    assert [queries(alice_client, url) for url in pages] == few


def test_a_deleted_game_no_longer_counts_in_any_statistic(
    alice_client: Client, season: list[Game]
) -> None:
    season[1].delete_for_a_while()  # Ann & Cy's 8,500 win over Bob & Di
    ann, bob = player("Ann"), player("Bob")

    page = player_page(alice_client, "Ann")
    roster = html(alice_client.get(reverse("players")))
    versus = html(alice_client.get(reverse("head_to_head", args=[ann.pk, bob.pk])))

    assert (figure(page, "played"), figure(page, "won")) == ("2", "1")
    assert by_rules(page, "miromar-canasta")[1:] == ["0 of 1", "0%", "150", "300"]
    assert "<tr><td>Cy</td><td>1</td><td>0</td></tr>" in page
    assert "2 games: Ann won 1, Bob won 1" in page
    assert roster.count("<b>1</b> won of 2 (50%)") == 2  # Ann, and Bob who lost the deleted one
    assert (figure(versus, "first-won"), figure(versus, "second-won")) == ("1", "1")
    assert versus.count('class="card game-link"') == 3
    assert reverse("game", args=[season[1].pk]) not in versus
