"""Accounts made per address, for the signup limit."""

from __future__ import annotations

from django.db import models


class Signup(models.Model):
    """An account made from an address, kept for the signup limit's window (games/accounts.py).
    A table rather than Django's cache, which is per process: every worker shares the count."""

    address = models.GenericIPAddressField()
    when = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"signup from {self.address} at {self.when:%Y-%m-%d %H:%M}"
