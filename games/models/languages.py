"""The language an account reads the app in, once it picked one from the language menu: a login
on another phone follows it (the browser's own language and the cookie do until then)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ChosenLanguage(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="chosen_language"
    )
    #: A code of settings.LANGUAGES ("pt-br"); one the app no longer ships is read as English.
    code = models.CharField(max_length=16)

    def __str__(self) -> str:
        return self.code

    @classmethod
    def keep(cls, user: models.Model, code: str) -> None:
        cls.objects.update_or_create(user=user, defaults={"code": code})

    @classmethod
    def of(cls, user: models.Model) -> str | None:
        return cls.objects.filter(user=user).values_list("code", flat=True).first()
