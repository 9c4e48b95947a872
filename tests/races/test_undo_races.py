"""Undo racing a save, with real threads on PostgreSQL: one wins, the other is refused cleanly,
and hand numbers stay 1..n."""

from __future__ import annotations

from collections.abc import Callable

from games.models import Game, Hand, HandConflict, RestoreRefused
from tests.races.conftest import at_once, bare

ROUNDS = 8


def test_undo_and_a_new_hand_at_once_keep_one_hand_per_number(
    new_game: Callable[..., Game],
) -> None:
    game = new_game(hands=2)
    outcomes = set()
    for _ in range(ROUNDS):
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
        outcomes.add(winners)
        numbers = list(Hand.objects.filter(game=game).values_list("number", flat=True))
        assert numbers == [1, 2]
    print("outcomes seen (undo won, save won):", outcomes)
