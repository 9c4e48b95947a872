"""Restoring deleted games at the 30-day edge while the purge runs (the owner deletes another
game, which deletes for good what is past the 30 days), with real threads on PostgreSQL: no
server error, and a game is either restored (and stays) or gone for good (and said so)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import DELETED_GAMES_KEPT, Game
from tests.races.conftest import Phone, at_once, status_codes
from tests.views.helpers import game_url

GAMES = 16
ROUNDS = 4
#: The games' 30 days run out one after another this far apart, from just before the race
#: starts to 1.6 s into it: the purge, one request among seventeen on two cores, runs 0.15 to
#: 0.8 s into the race here, and it must run while they are running out.
APART = timedelta(milliseconds=125)


def restore(phone: Phone, game: Game) -> Any:
    return phone.client().post(game_url("restore_game", game))


def delete(phone: Phone, game: Game) -> Any:
    return phone.client().post(game_url("delete_game", game))


def deleted_to_run_out_from(start: datetime, games: list[Game]) -> list[datetime]:
    """Each game deleted so that its 30 days run out APART after the one before, the third
    at `start`; the moments they run out."""
    ends = [start + APART * (index - 2) for index in range(len(games))]
    for game, end in zip(games, ends, strict=True):
        Game.objects.filter(pk=game.pk).update(deleted=end - DELETED_GAMES_KEPT)
    return ends


def ms(span: timedelta) -> int:
    return round(span.total_seconds() * 1000)


def test_restores_racing_the_purge_at_the_edge_are_kept_or_told_gone(
    new_game: Callable[..., Game], alice: User
) -> None:
    owner = Phone(alice)
    # The first requests of a run load the views (2 s): not in a timed race.
    warm = new_game()
    delete(owner, warm)
    restore(owner, warm)
    broken = []
    for _ in range(ROUNDS):
        games = [new_game() for _ in range(GAMES)]
        trigger = new_game()
        start = timezone.now()
        ends = deleted_to_run_out_from(start, games)

        results = at_once(
            [partial(delete, owner, trigger), *(partial(restore, owner, g) for g in games)]
        )

        codes = status_codes(results)
        assert codes[0] == 302, results[0]
        # The purge deletes what ran out before the moment of the trigger's delete: it ran at
        # the edge only if that moment is among the games' ends.
        purged_at = Game.objects.get(pk=trigger.pk).deleted
        assert purged_at is not None
        assert ends[0] < purged_at < ends[-1], (
            f"the purge ran {ms(purged_at - start)} ms into the race, the games ran out "
            f"{ms(ends[0] - start)} to {ms(ends[-1] - start)} ms into it"
        )
        for game, response, code in zip(games, results[1:], codes[1:], strict=True):
            still = Game.objects.filter(pk=game.pk).first()
            restored = code == 302
            if code not in {302, 404}:
                broken.append((game.pk, code))
            elif restored and (still is None or still.deleted is not None):
                broken.append((game.pk, "said restored, then deleted"))
            elif not restored and "That game is gone for good" not in response.content.decode():
                broken.append((game.pk, "404 without saying it is gone"))
    assert not broken, broken
