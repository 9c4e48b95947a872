"""Guests: the account "Score a game" makes for a browser, so that a table scores its first game
before anyone signs up. A guest is a plain account with no password and a Guest row; "Keep my
games" gives it a username and a password and drops the row (nothing is copied). Guests never
kept and unused for GUEST_DAYS are removed with their games (`manage.py purge_guests`)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models.account_names import GUEST_PREFIX, username_taken
from games.models.errors import Refused
from games.models.game import Game
from games.models.own_games import OwnGame
from games.models.roster import Player
from games.models.teams import Seat
from games.rules.names import folded
from games.rules.own_game import NAME_LENGTH

#: Unused this long and never kept, a guest goes with its games.
GUEST_DAYS = 60


def name_beside(name: str, taken: set[str]) -> str:
    """`name` with the first number after it that no name in `taken` (folded) has: "Family (2)",
    cut to fit an own game's name."""
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if folded(candidate) not in taken:
            return candidate
        number += 1


@dataclass(frozen=True)
class MovedGames:
    """What moving a guest's games did: how many games, and the own games that came under a new
    name (old, new) because the account had one of that name."""

    games: int
    renamed: list[tuple[str, str]]


class GuestRefused(Refused):
    """A guest change refused, in the player's words."""


class Guest(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, related_name="guest")
    created = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"guest {self.user_id}"

    @classmethod
    @transaction.atomic
    def start(cls) -> Any:
        """A new guest account: a random name and no password (it cannot log in until kept)."""
        user = get_user_model()(username=f"{GUEST_PREFIX}{secrets.token_urlsafe(24)}")
        user.set_unusable_password()
        user.save()
        cls.objects.create(user=user, last_seen=timezone.now())
        return user

    @classmethod
    def seen(cls, user_id: int) -> None:
        cls.objects.filter(user_id=user_id).update(last_seen=timezone.now())

    @classmethod
    @transaction.atomic
    def keep(cls, user: Any, username: str, password: str) -> None:
        """The guest becomes a normal account with every game it played. Under the guest row's
        lock: of two taps (two tabs) one keeps the games, the other is told."""
        guest = cls.objects.select_for_update().filter(user_id=user.pk).first()
        if guest is None:
            raise GuestRefused(_("These games are kept already: log in with their username."))
        taken = _("“%(username)s” is taken. Pick another username.") % {"username": username}
        if username_taken(username, but=user.pk):
            raise GuestRefused(taken)
        user.username = username
        user.set_password(password)
        try:
            with transaction.atomic():
                user.save(update_fields=["username", "password"])
        except IntegrityError:
            raise GuestRefused(taken) from None
        guest.delete()

    @classmethod
    @transaction.atomic
    def move_games(cls, guest_id: int, account: Any) -> MovedGames:
        """Every game of the guest `guest_id` (not kept) into `account`, the guest's players
        joining the account's roster (the same name is the same player) and its own games
        joining the account's (one whose name the account has already comes under a new
        name, "Family (2)"); the guest goes. Nothing moves when there is no such guest."""
        guest = cls.objects.select_for_update().filter(user_id=guest_id).first()
        if guest is None or guest.user_id == account.pk:
            return MovedGames(0, [])
        for player in Player.objects.filter(owner_id=guest_id):
            same = Player.objects.filter(owner=account, name=player.name).first()
            if same is None:
                Player.objects.filter(pk=player.pk).update(owner=account)
            else:
                Seat.objects.filter(player=player).update(player=same)
        taken = {own.folded_name for own in OwnGame.objects.filter(owner=account)}
        renamed = []
        for own in OwnGame.objects.filter(owner_id=guest_id).order_by("pk"):
            name = own.name
            if folded(name) in taken:
                name = name_beside(name, taken)
                renamed.append((own.name, name))
            taken.add(folded(name))
            OwnGame.objects.filter(pk=own.pk).update(
                owner=account, name=name, folded_name=folded(name)
            )
        moved = Game.objects.filter(owner_id=guest_id).update(owner=account)
        get_user_model().objects.filter(pk=guest_id).delete()
        return MovedGames(moved, renamed)

    @classmethod
    def purge(cls, now: datetime | None = None) -> int:
        """Remove the guests never kept and unused for GUEST_DAYS, with their games; the
        number removed. A kept account has no Guest row, so it is never touched."""
        since = (now or timezone.now()) - timedelta(days=GUEST_DAYS)
        stale = list(cls.objects.filter(last_seen__lt=since).values_list("user_id", flat=True))
        get_user_model().objects.filter(pk__in=stale).delete()
        return len(stale)
