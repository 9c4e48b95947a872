"""Accounts made per address, for the signup limit."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import models, transaction


class Signup(models.Model):
    """An account made from an address, kept for the signup limit's window (games/accounts.py).
    A table rather than Django's cache, which is per process: every worker shares the count."""

    address = models.GenericIPAddressField()
    when = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"signup from {self.address} at {self.when:%Y-%m-%d %H:%M}"

    @classmethod
    def made_since(cls, address: str, since: datetime) -> int:
        return cls.objects.filter(address=address, when__gte=since).count()

    @classmethod
    @transaction.atomic
    def reserve(cls, address: str, now: datetime, limit: int, window: timedelta) -> bool:
        """Count one more account from `address` if fewer than `limit` were made in the
        `window` before `now`; whether it was counted. The count and the new row happen under
        the lock on the address's SignupAddress row: of thirty taps at once, `limit` are
        counted and the rest find the limit reached (a count then a write, unlocked, let
        every tap read the same count)."""
        SignupAddress.objects.get_or_create(address=address)
        SignupAddress.objects.select_for_update().get(address=address)
        cls.objects.filter(when__lt=now - window).delete()  # keep the table small
        if cls.made_since(address, now - window) >= limit:
            return False
        cls.objects.create(address=address, when=now)
        return True


class SignupAddress(models.Model):
    """One row per address that made an account: what the signup limit locks while it counts."""

    address = models.GenericIPAddressField(unique=True)

    def __str__(self) -> str:
        return self.address
