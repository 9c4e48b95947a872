"""What every template is given (named in settings.TEMPLATES' context_processors)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language

from games.guest_views import is_guest
from games.offline import account_tag

LANGUAGE_NAMES = dict(settings.LANGUAGES)


def offline_account(request: HttpRequest) -> dict[str, str]:
    """Every page names its account (as the worker does) so that app.js sends only that
    account's waiting hands."""
    return {"offline_account": account_tag(request)}


def guest(request: HttpRequest) -> dict[str, bool]:
    """Every page of a guest says, once and quietly, where its games live."""
    return {"is_guest": is_guest(request)}


def language(request: HttpRequest) -> dict[str, str]:
    """Every page says its language (<html lang>) and offers the menu under its own name."""
    code = get_language() or settings.LANGUAGE_CODE
    return {"language_code": code, "language_name": LANGUAGE_NAMES.get(code, code)}
