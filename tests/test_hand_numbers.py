"""Game model: every change to the hands is checked, in its own transaction, against what the
database holds once the game's lock is taken."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction

from games.forms import seat_sides
from games.models import Game, GameOver, Hand, HandNumbersBroken, NotTheLastHand
from games.rules import get_rule_set

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def game(django_user_model: type[User]) -> Game:
    owner = django_user_model.objects.create_user(username="alice", password="x")
    setup = get_rule_set("miromar-canasta").new_game(PLAYERS, seat_sides(PLAYERS, 2), {})
    game = Game.start(owner, setup, "Ann")
    for number in (1, 2, 3):
        game.record_hand(number, bare(game, 100, 50), game.dealer_for(number))
    return game


def bare(game: Game, *totals: int) -> dict[str, dict[str, int]]:
    return {name: {"total": t} for name, t in zip(game.side_names, totals, strict=True)}


def numbers(game: Game) -> list[int]:
    return list(Hand.objects.filter(game=game).values_list("number", flat=True))


def test_deleting_a_hand_that_is_no_longer_the_last_is_refused(game: Game) -> None:
    with pytest.raises(NotTheLastHand) as refused:
        game.delete_last_hand(2)

    assert str(refused.value) == "Only the last hand can be deleted. Hand 3 is the last one; " + (
        "nothing was deleted."
    )
    assert numbers(game) == [1, 2, 3]


@pytest.mark.skipif(
    connection.vendor == "postgresql",
    reason="PostgreSQL's own foreign key refuses the gap (the next test)",
)
def test_a_game_with_a_gap_refuses_every_change_to_its_hands(game: Game) -> None:
    Hand.objects.filter(game=game, number=2).delete()  # as the old races left some games

    with pytest.raises(HandNumbersBroken):
        game.record_hand(4, bare(game, 1, 1), None)
    with pytest.raises(HandNumbersBroken):
        game.delete_last_hand(3)

    assert numbers(game) == [1, 3]


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the foreign key is PostgreSQL's; SQLite cannot add it to an existing table",
)
def test_the_database_refuses_a_gap_in_the_hand_numbers(game: Game) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.filter(game=game, number=2).delete()
        connection.check_constraints()  # what the commit would check

    assert numbers(game) == [1, 2, 3]


def test_a_whole_game_still_deletes_at_once(game: Game) -> None:
    game.delete()

    assert not Hand.objects.exists()


def test_an_edit_of_a_game_that_ended_meanwhile_is_refused(game: Game) -> None:
    game.record_hand(4, bare(game, 8500, 0), None)

    with pytest.raises(GameOver):
        game.record_hand(1, bare(game, 1, 1), "Ann", revision=1)
    with pytest.raises(GameOver):
        game.delete_last_hand(4)


def test_a_save_never_writes_back_the_table_it_read_before_the_lock(game: Game) -> None:
    stale = Game.objects.get(pk=game.pk)
    game.track("fail", "0")

    stale.record_hand(1, bare(game, 10, 10), "Ann", revision=1)

    game.refresh_from_db()
    assert game.hand_in_progress["failed"] == {"0": 1}
