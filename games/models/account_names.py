"""One rule for "the same username", kept by the database: every account has a row here with its
username as two names are compared (`games.rules.names.folded`: NFKC, letter case and
look-alike letters of other scripts folded, so "alice", "ALICE", "аlice" with a Cyrillic а,
"STRASSE" and "straße" are one name), and that column is unique. Sign-up, "Keep my games", a
game file's co-scorekeepers and the admin's renames all save a User, and every save that sets a
username writes its row in the same transaction: of two at once the second fails on the unique
index, whatever either read before."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, models
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from games.rules.names import folded

#: Usernames beginning so are the guests' ("guest-<random>"): nobody picks one.
GUEST_PREFIX = "guest-"
#: The longest username an account can have: Django's User.username (150 characters). Every
#: form and page that takes a username reads it from here.
USERNAME_LENGTH: int = get_user_model()._meta.get_field("username").max_length  # type: ignore[assignment]
#: Room for a 150-character username whose folding lengthens it ("ß" is "ss").
KEY_LENGTH = 600


def username_key(username: str) -> str:
    return folded(username)[:KEY_LENGTH]


def is_reserved(username: str) -> bool:
    return username_key(username).startswith(GUEST_PREFIX)


class AccountName(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True, related_name="account_name"
    )
    key = models.CharField(max_length=KEY_LENGTH, unique=True)

    def __str__(self) -> str:
        return self.key


def username_taken(username: str, but: int | None = None) -> bool:
    """Whether an account other than `but` has `username` or one that reads the same. A read
    for a friendly message before the write; the unique index decides a race."""
    same = AccountName.objects.filter(key=username_key(username))
    return same.exclude(user_id=but).exists() if but is not None else same.exists()


def account_called(username: str) -> Any | None:
    """The account whose username reads as `username`, if any."""
    found = AccountName.objects.filter(key=username_key(username)).select_related("user").first()
    return found.user if found is not None else None


@receiver(pre_save, sender=get_user_model())
def refuse_a_taken_name(
    sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any
) -> None:
    """A name already taken is refused before the account is written, so that a save outside a
    transaction (manage.py createsuperuser) leaves no account without its row."""
    if update_fields is not None and "username" not in update_fields:
        return
    if username_taken(instance.get_username(), but=instance.pk):
        raise IntegrityError(f"the username {instance.get_username()!r} is taken")


@receiver(post_save, sender=get_user_model())
def keep_the_name_unique(
    sender: Any, instance: Any, created: bool, update_fields: Any = None, **kwargs: Any
) -> None:
    """Write the account's compared name with every save that may change its username (not the
    last-login stamp). An IntegrityError here is a name taken meanwhile: the caller's
    transaction undoes the save with it."""
    if update_fields is not None and "username" not in update_fields:
        return
    AccountName.objects.update_or_create(
        user=instance, defaults={"key": username_key(instance.get_username())}
    )
