from datetime import timedelta

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.access import home_lists, scorekeeper_games
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


def test_home_sends_hand_and_foot_to_its_own_rule_set_not_the_score_pad(client: Client) -> None:
    page = html(client.get(reverse("home")))

    assert "Hand and Foot" in page
    pad = page[page.index("Score pad (any other game)") :]
    assert "Hand and Foot" not in pad[: pad.index("</li>")]


def test_the_owner_sees_her_game_in_progress_with_its_totals(alice_client: Client, make_game):
    game = make_game()
    game.record_hand(1, bare(game, 120, -40), None)

    page = html(alice_client.get(reverse("home")))

    assert "In progress" in page
    assert reverse("game", args=[game.pk]) in page
    assert '<b class="whole-name">Ann &amp; Cy</b> <span class="num">120</span>' in page
    assert '<b class="whole-name">Bob &amp; Di</b> <span class="num">−40</span>' in page


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
        '<span class="home-side winner"><b class="whole-name">Ann &amp; Cy</b> '
        '<span class="num">8,500</span></span>' in finished
    )
    assert (
        '<span class="home-side"><b class="whole-name">Bob &amp; Di</b> '
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


def many_games(make_game, finished: int, in_play: int = 0, archived: int = 0) -> list[Game]:
    """Alice's games, the finished ones oldest first (their stored result says finished)."""
    games = [make_game() for _ in range(finished + in_play + archived)]
    done = games[:finished]
    for age, game in enumerate(reversed(done)):  # the first one is the oldest
        Game.objects.filter(pk=game.pk).update(
            finished=True, updated=timezone.now() - timedelta(hours=age + 1)
        )
    Game.objects.filter(pk__in=[g.pk for g in games[finished + in_play :]]).update(archived=True)
    return games


def listed(page: str, games: list[Game]) -> list[Game]:
    return [game for game in games if f'href="{reverse("game", args=[game.pk])}"' in page]


def test_the_home_page_lists_the_games_in_play_and_the_last_twenty_finished(
    alice_client: Client, make_game
) -> None:
    games = many_games(make_game, finished=45, in_play=3)
    finished, in_play = games[:45], games[45:]

    page = html(alice_client.get(reverse("home")))

    assert listed(page, in_play) == in_play
    assert listed(page, finished) == finished[-20:]  # the newest twenty
    assert 'href="?page=2"' in page
    assert "Older finished games" in page


def test_older_finished_games_are_a_tap_away_twenty_at_a_time(
    alice_client: Client, make_game
) -> None:
    finished = many_games(make_game, finished=45)

    second = html(alice_client.get(reverse("home"), {"page": 2}))
    third = html(alice_client.get(reverse("home"), {"page": 3}))

    assert listed(second, finished) == finished[5:25]
    assert listed(third, finished) == finished[:5]
    assert 'href="?page=3"' in second and 'href="?page=4"' not in third
    assert 'href="?page=2"' in third  # back to newer ones


def test_a_page_number_that_is_no_page_shows_the_first_or_the_last_as_django_does(
    alice_client: Client, make_game
) -> None:
    finished = many_games(make_game, finished=25)
    first, last = finished[5:], finished[:5]
    asked_and_shown = [
        ("abc", first, "Page 1 of 2"),
        ("1.5", first, "Page 1 of 2"),
        ("", first, "Page 1 of 2"),
        ("0", last, "Page 2 of 2"),
        ("-1", last, "Page 2 of 2"),
        ("99", last, "Page 2 of 2"),
        ("9" * 40, last, "Page 2 of 2"),
    ]

    for asked, shown, words in asked_and_shown:
        response = alice_client.get(reverse("home"), {"page": asked})
        assert response.status_code == 200, asked
        assert listed(html(response), finished) == shown, asked
        assert words in html(response), asked


def test_no_list_answers_an_error_for_a_page_number_that_is_no_page(
    alice_client: Client, make_game
) -> None:
    many_games(make_game, finished=1, in_play=1, archived=1)

    for key in ("page", "playing", "archived"):
        for asked in ("abc", "0", "99999999999999999999", "٣"):
            response = alice_client.get(reverse("home"), {key: asked})
            assert response.status_code == 200, (key, asked)
            assert response.content.count(b'class="card game-link"') == 3, (key, asked)


def test_archived_games_are_counted_and_paged_too(alice_client: Client, make_game) -> None:
    many_games(make_game, finished=0, in_play=1, archived=25)

    page = html(alice_client.get(reverse("home")))

    assert "Archived (25)" in page
    assert page.split("Archived (25)")[1].count('class="card game-link"') == 20
    assert 'href="?archived=2">Older archived games' in page
    second = html(alice_client.get(reverse("home"), {"archived": 2}))
    assert second.split("Archived (25)")[1].count('class="card game-link"') == 5
    assert 'href="?archived=1">Newer archived games' in second and "?archived=3" not in second


def test_the_home_pages_queries_do_not_grow_with_the_games(alice_client: Client, make_game) -> None:
    many_games(make_game, finished=2, in_play=1)
    alice_client.get(reverse("home"))
    with CaptureQueriesContext(connection) as few:
        alice_client.get(reverse("home"))
    many_games(make_game, finished=40, in_play=2, archived=30)

    with CaptureQueriesContext(connection) as many:
        alice_client.get(reverse("home"))

    assert len(many.captured_queries) == len(few.captured_queries)


def test_the_twenty_games_in_play_last_played_are_listed_the_rest_a_tap_away(
    alice_client: Client, make_game
) -> None:
    in_play = many_games(make_game, finished=0, in_play=25)
    for age, game in enumerate(reversed(in_play)):  # the first one was played longest ago
        Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(hours=age + 1))

    first = html(alice_client.get(reverse("home")))
    second = html(alice_client.get(reverse("home"), {"playing": 2}))

    assert listed(first, in_play) == in_play[5:]  # the twenty played last
    assert 'href="?playing=2"' in first and "More games in progress" in first
    assert listed(second, in_play) == in_play[:5]
    assert 'href="?playing=1"' in second and 'href="?playing=3"' not in second


def test_a_later_page_of_the_list_is_not_kept_offline_in_place_of_the_home_page(
    alice_client: Client, make_game
) -> None:
    many_games(make_game, finished=25)

    assert alice_client.get(reverse("home"))["X-Offline"] == "keep"
    assert alice_client.get(reverse("home"), {"page": 2})["X-Offline"] != "keep"


def test_the_lists_hold_exactly_the_games_the_account_may_score(
    alice: User, bob: User, charlie: User, make_game
) -> None:
    """home_lists reads the games by hand-written SQL: the same games as scorekeeper_games, each
    in its list, the one changed last first."""
    mine = many_games(make_game, finished=3, in_play=3, archived=2)
    shared = make_game(owner=bob)
    shared.co_scorekeepers.add(alice)
    make_game(owner=bob)  # not shared
    make_game(owner=charlie).co_scorekeepers.add(bob)  # shared with someone else
    mine[3].delete_for_a_while()
    Game.objects.filter(pk=mine[4].pk).update(updated=timezone.now() + timedelta(hours=1))

    for user in (alice, bob, charlie):
        lists = home_lists(user)
        games = scorekeeper_games(user).order_by("-updated")
        assert lists.in_play == [g.pk for g in games if not g.finished and not g.archived]
        assert lists.finished == [g.pk for g in games if g.finished and not g.archived]
        assert lists.archived == [g.pk for g in games if g.archived]
    assert len(home_lists(alice).in_play) == 3  # two of hers still in play, and bob's shared one
