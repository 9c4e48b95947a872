"""A game's stored result: kept with every change to its hands, rebuilt by `rescore`, read by
the home page without replaying a hand."""

import json
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from games.imports import import_game_file
from games.models import Game, Team
from games.rules.miromar import MiromarCanasta
from tests.gamefiles import EXAMPLE
from tests.views.helpers import bare, game_url, html


def stored(game: Game) -> tuple[bool, int, list[tuple[str, int, bool]]]:
    game = Game.objects.get(pk=game.pk)
    teams = [(name, team.total, team.won) for name, team in game.sides_with_results]
    return game.finished, game.hands_played, teams


def test_a_saved_hand_updates_the_stored_result(make_game) -> None:
    game = make_game()

    game.record_hand(1, bare(game, 100, -50), "Ann")

    assert stored(game) == (False, 1, [("Ann & Cy", 100, False), ("Bob & Di", -50, False)])
    assert Team.objects.get(game=game, order=1).best_hand == -50
    assert Game.objects.get(pk=game.pk).last_hand_at is not None


def test_an_edited_hand_updates_the_stored_result(make_game) -> None:
    game = make_game(hands=[{"Ann & Cy": {"total": 100}, "Bob & Di": {"total": 200}}])

    game.record_hand(1, bare(game, 700, 200), "Ann", revision=1)

    assert stored(game)[2] == [("Ann & Cy", 700, False), ("Bob & Di", 200, False)]


def test_a_deleted_hand_updates_the_stored_result(alice_client: Client, make_game) -> None:
    game = make_game(hands=[bare_totals(100, 200), bare_totals(8_500, 0)])
    assert stored(game) == (True, 2, [("Ann & Cy", 8_600, True), ("Bob & Di", 200, False)])

    game.reopen()
    alice_client.post(game_url("hand_delete", game, 2))

    assert stored(game) == (False, 1, [("Ann & Cy", 100, False), ("Bob & Di", 200, False)])
    assert Game.objects.get(pk=game.pk).last_hand_at is not None


def test_deleting_the_only_hand_leaves_an_empty_result(make_game) -> None:
    game = make_game(hands=[bare_totals(100, 200)])

    game.delete_last_hand(1)

    assert stored(game) == (False, 0, [("Ann & Cy", 0, False), ("Bob & Di", 0, False)])
    assert Game.objects.get(pk=game.pk).last_hand_at is None
    assert Team.objects.get(game=game, order=0).best_hand is None


def test_a_hand_the_rules_refuse_leaves_the_stored_result_alone(make_game) -> None:
    game = make_game(hands=[bare_totals(100, 200)])

    with pytest.raises(Exception):  # noqa: B017 (RulesError or a conflict: either way nothing)
        game.record_hand(2, {"Ann & Cy": {"went_out": True}, "Bob & Di": {}}, "Bob")

    assert stored(game) == (False, 1, [("Ann & Cy", 100, False), ("Bob & Di", 200, False)])


def test_ten_pennies_stores_pennies_paid_and_won(make_game) -> None:
    rounds = [
        {"Ann": {"cards": 0}, "Bob": {"cards": 2, "points": 15, "buys": 1}},
    ] * 7
    game = make_game("ten-pennies", players=("Ann", "Bob"), hands=rounds)

    ann, bob = Team.objects.filter(game=game)

    assert (ann.won, ann.pennies_paid, ann.pennies_won) == (True, 0, 21)
    assert (bob.won, bob.pennies_paid, bob.pennies_won) == (False, 21, 0)


def test_the_best_hand_is_the_lowest_where_the_lowest_total_wins(make_game) -> None:
    caught = [
        {"Ann": {"cards": 0}, "Bob": {"cards": cards, "points": 5 * cards}} for cards in (1, 3, 2)
    ]
    game = make_game("ten-pennies", players=("Ann", "Bob"), hands=caught)

    bob = Team.objects.get(game=game, order=1)

    assert bob.best_hand == 5


def test_rescore_rebuilds_every_stored_result_after_an_engine_change(
    make_game, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = import_game_file(json.dumps(EXAMPLE).encode(), alice)
    second = import_game_file(json.dumps(EXAMPLE).encode(), alice)
    assert stored(first)[2][0] == ("Ann & Cy", 1_855, False)
    # Threes with two canastas worth 1,000 each instead of 100: Ann & Cy's two gain 1,800.
    monkeypatch.setattr(MiromarCanasta, "three_points", 1_000)
    out = StringIO()

    call_command("rescore", stdout=out)

    assert "Rescored 2 games." in out.getvalue()
    for game in (first, second):
        assert stored(game)[2] == [("Ann & Cy", 3_655, False), ("Bob & Di", 235, False)]


def test_a_game_the_changed_rules_refuse_keeps_its_result_and_rescore_says_so(
    make_game, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    imported = import_game_file(json.dumps(EXAMPLE).encode(), alice)
    short = make_game(hands=[bare(imported, 100, 50)])
    before = stored(imported)
    assert len(EXAMPLE["hands"]) > 1
    # A rule set that now allows one hand a game refuses the example's second hand.
    monkeypatch.setattr(MiromarCanasta, "most_hands", 1)
    out, err = StringIO(), StringIO()

    with pytest.raises(CommandError) as refused:
        call_command("rescore", stdout=out, stderr=err)

    assert refused.value.returncode == 1
    assert err.getvalue().startswith(f"game {imported.pk}: ")
    assert f"game {short.pk}" not in err.getvalue()
    assert "Rescored 1 game." in out.getvalue()
    assert stored(imported) == before


def bare_totals(ann_cy: int, bob_di: int) -> dict[str, dict[str, int]]:
    return {"Ann & Cy": {"total": ann_cy}, "Bob & Di": {"total": bob_di}}


def make_games(make_game, count: int, hands: int) -> None:
    for _ in range(count):
        make_game(hands=[bare_totals(100, 50)] * hands)
    make_game(hands=[bare_totals(8_000, 0), bare_totals(600, 0)])


def test_the_home_page_lists_games_from_their_stored_results(
    alice_client: Client, make_game
) -> None:
    make_games(make_game, 1, 3)

    page = html(alice_client.get(reverse("home")))

    assert '<b class="whole-name">Ann &amp; Cy</b> <span class="num">300</span>' in page
    assert '<b class="whole-name">Bob &amp; Di</b> <span class="num">150</span>' in page
    assert "Hand 4" in page
    assert "Won by <b>Ann &amp; Cy</b>" in page


@pytest.mark.parametrize(("games", "hands"), [(1, 1), (12, 9)])
def test_the_home_pages_queries_do_not_grow_with_games_or_hands(
    alice_client: Client, make_game, django_assert_num_queries, games: int, hands: int
) -> None:
    make_games(make_game, games, hands)

    # session, user, the order of every game (the page's choice), the page's games, their
    # seats with their players and sides, the recently deleted ones
    with django_assert_num_queries(6):
        response = alice_client.get(reverse("home"))

    assert response.status_code == 200
