"""Undo racing a save, with real threads on PostgreSQL: one wins, the other is refused cleanly,
and hand numbers stay 1..n."""

from __future__ import annotations

from collections.abc import Callable

from games.models import Game, Hand, HandConflict, RestoreRefused
from tests.races.conftest import at_once, bare

#: Each order wins about half the rounds (a round is about 0.25 s here): the rounds go on past
#: ROUNDS until both have won, up to MOST_ROUNDS, so that one order never passes for both.
ROUNDS = 8
MOST_ROUNDS = 32


def test_undo_and_a_new_hand_at_once_keep_one_hand_per_number(
    new_game: Callable[..., Game],
) -> None:
    game = new_game(hands=2)
    won: set[str] = set()
    rounds = 0
    while rounds < ROUNDS or (len(won) < 2 and rounds < MOST_ROUNDS):
        rounds += 1
        game.delete_last_hand(2)

        def undo() -> Hand:
            return Game.objects.get(pk=game.pk).restore_deleted_hand()

        def save() -> Hand:
            fresh = Game.objects.get(pk=game.pk)
            return fresh.record_hand(2, bare(fresh, 5, 5), "Bob")

        restored, saved = at_once([undo, save])

        winners = (isinstance(restored, Hand), isinstance(saved, Hand))
        assert winners in {(True, False), (False, True)}, (restored, saved)
        assert isinstance(saved, HandConflict) or isinstance(restored, RestoreRefused)
        won.add("the undo" if isinstance(restored, Hand) else "the save")
        numbers = list(Hand.objects.filter(game=game).values_list("number", flat=True))
        assert numbers == [1, 2]
    assert won == {"the undo", "the save"}, f"in {rounds} rounds only {won} won"
