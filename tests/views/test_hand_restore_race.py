"""Undo racing a save, with real threads on PostgreSQL: one wins, the other is refused cleanly,
and hand numbers stay 1..n."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from games.models import Game, Hand, HandConflict, RestoreRefused
from tests.views.helpers import bare

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 8


def at_once(*actions: Callable[[], str]) -> list[str]:
    """Run the actions in threads started together; each returns what happened."""
    barrier = threading.Barrier(len(actions))
    results: list[str] = []

    def run(action: Callable[[], str]) -> None:
        from django.db import connection as own

        try:
            barrier.wait()
            results.append(action())
        finally:
            own.close()

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(results)


def test_undo_and_a_new_hand_at_once_keep_one_hand_per_number(make_game) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("a race needs PostgreSQL's row locks (DATABASE_URL)")
    game = make_game(hands=[{"Ann & Cy": {"total": 100}, "Bob & Di": {"total": 0}}] * 2)
    outcomes = set()
    for _ in range(ROUNDS):
        game.delete_last_hand()

        def undo() -> str:
            try:
                Game.objects.get(pk=game.pk).restore_deleted_hand()
            except RestoreRefused:
                return "undo refused"
            return "undone"

        def save() -> str:
            fresh = Game.objects.get(pk=game.pk)
            try:
                fresh.record_hand(2, bare(fresh, 5, 5), "Bob")
            except HandConflict:
                return "save refused"
            return "saved"

        result = at_once(undo, save)

        assert result in (["save refused", "undone"], ["saved", "undo refused"])
        outcomes.add(tuple(result))
        numbers = list(Hand.objects.filter(game=game).values_list("number", flat=True))
        assert numbers == [1, 2]
    print("outcomes seen:", outcomes)
