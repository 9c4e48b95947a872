"""Issue 40: the scoreboard and the preview read their game, seats, players and sides in one
hand-written query (`Game.seated_for`) and their hands with their entries in another
(`recorded_hand_inputs`). What they read is what the ORM reads, value for value and type for
type, and the game is open to the same accounts."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import models
from django.utils import timezone

from games.access import scorekeeper_games, seated_games
from games.models import Game, Player, TallyEntry
from games.models.hands import recorded_hand_inputs
from tests.conftest import GameFactory

pytestmark = pytest.mark.django_db


def values(instance: models.Model) -> dict[str, tuple[type, Any]]:
    """Each column's value with its type: a date read as text, or 1 for True, would show."""
    return {
        field.attname: (type(getattr(instance, field.attname)), getattr(instance, field.attname))
        for field in instance._meta.concrete_fields
    }


@pytest.fixture
def played(make_game: GameFactory) -> Game:
    """A game with a hand in progress and a deleted hand kept for Undo (JSON), reopened (a
    yes/no), with hands (a date each)."""
    game = make_game(
        "miromar-canasta",
        hands=[
            {"Ann & Cy": {"total": 400}, "Bob & Di": {"total": 300}},
            {"Ann & Cy": {"total": 0}, "Bob & Di": {"total": 0}},
            {"Ann & Cy": {"total": 120}, "Bob & Di": {"total": -35}},
        ],
    )
    game.touch(
        hand_in_progress={"failed": {"0": 1}},
        deleted_hand={"number": 4, "entries": []},
        reopened=True,
    )
    return game


def test_the_game_and_its_seats_are_read_as_the_orm_reads_them(alice: User, played: Game) -> None:
    by_orm = seated_games(scorekeeper_games(alice)).get(pk=played.pk)
    by_hand = Game.seated_for(alice.pk, played.pk)

    assert by_hand is not None
    assert values(by_hand) == values(by_orm)
    orm_seats, read_seats = by_orm.seating(), by_hand.seating()
    assert [values(seat) for seat in read_seats] == [values(seat) for seat in orm_seats]
    for read, orm in zip(read_seats, orm_seats, strict=True):
        assert values(read.player) == values(orm.player)
        assert values(read.team) == values(orm.team)
        assert read.game is by_hand
    mine, theirs = by_hand.setup(), by_orm.setup()
    assert (mine.players, mine.sides, mine.closed) == (theirs.players, theirs.sides, theirs.closed)
    assert (mine.rules.slug, mine.rules.options) == (theirs.rules.slug, theirs.rules.options)
    assert by_hand.sides_with_results == [(n, t) for n, t in by_orm.sides_with_results]


def test_the_hands_are_read_with_their_entries_as_the_orm_reads_them(played: Game) -> None:
    setup = played.setup()
    # A hand whose every field is blank keeps no entry: it is a row of NULLs in the join.
    TallyEntry.objects.filter(hand__game=played, hand__number=2).delete()
    prefetched = Game.objects.prefetch_related("hands").get(pk=played.pk)

    read = recorded_hand_inputs(played.pk, setup)

    assert read == prefetched.hand_inputs(setup)
    assert [hand.tallies for hand in read][1] == {"Ann & Cy": {}, "Bob & Di": {}}
    assert [hand.tallies["Bob & Di"] for hand in read][2] == {"total": -35}


def test_the_game_is_open_to_its_owner_and_co_scorekeepers_only(
    alice: User, bob: User, charlie: User, played: Game
) -> None:
    assert Game.seated_for(alice.pk, played.pk) is not None  # the owner
    assert Game.seated_for(bob.pk, played.pk) is not None  # a co-scorekeeper
    assert Game.seated_for(charlie.pk, played.pk) is None
    assert Game.seated_for(alice.pk, played.pk + 1000) is None

    Game.objects.filter(pk=played.pk).update(deleted=timezone.now())

    assert Game.seated_for(alice.pk, played.pk) is None
    assert Game.seated_for(bob.pk, played.pk) is None


def test_a_game_read_again_under_its_lock_reads_its_seats_again(alice: User, played: Game) -> None:
    game = Game.seated_for(alice.pk, played.pk)
    assert game is not None
    Player.objects.filter(pk=game.seating()[0].player_id).update(name="Annie")

    assert game.players[0] == "Ann"  # read once per game object
    game.lock_row()
    assert game.players[0] == "Annie"
