"""The language a table reads the app in: the browser's Accept-Language at first visit (Django's
LocaleMiddleware), then the one picked from the menu on every page, kept in a cookie for this
phone and on the account (a guest's too), so that a login elsewhere, the printouts and the live
view follow it. The game's data never changes with the language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from games.models import ChosenLanguage

#: Set on the request by the login signal: the account's language, for the cookie.
ACCOUNT_LANGUAGE = "account_language"

Handler = Callable[[HttpRequest], HttpResponse]


def shipped(code: object) -> str | None:
    """`code` as one of settings.LANGUAGES ("pt-BR" -> "pt-br"), or None for one we lack."""
    if not isinstance(code, str) or not code:
        return None
    try:
        return translation.get_supported_language_variant(code.lower())
    except LookupError:
        return None


def remember(response: HttpResponse, code: str) -> None:
    """This phone reads `code` from now on (LocaleMiddleware reads the cookie on each page)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
    )


def keep_the_account_language(get_response: Handler) -> Handler:
    """After a login, this phone takes the account's language (middleware): a cookie, so that
    no later page reads the database or the session for it."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        code = getattr(request, ACCOUNT_LANGUAGE, None)
        if code is not None:
            remember(response, code)
        return response

    return middleware


@receiver(user_logged_in)
def follow_the_account_language(
    sender: Any, request: HttpRequest | None, user: Any, **_: Any
) -> None:
    """At login the account's language comes with it (keep_the_account_language sets it); an
    account that never chose one keeps the language this phone was showing (a new guest or a
    sign-up keeps the one it started in)."""
    if request is None:
        return
    code = shipped(ChosenLanguage.of(user))
    if code is None:
        code = shipped(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        if code is not None:
            ChosenLanguage.keep(user, code)
    if code is not None:
        setattr(request, ACCOUNT_LANGUAGE, code)


def _next_page(request: HttpRequest) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return "/"


@require_http_methods(["GET", "HEAD", "POST"])
def choose_language(request: HttpRequest) -> HttpResponse:
    """The language menu: each language named in its own words, one tap each."""
    next_page = _next_page(request)
    if request.method != "POST":
        # Each language in its own words, whatever the page's language ("Deutsch", never
        # "German"): settings.LANGUAGES as written, not Django's translated names.
        context = {"next_page": next_page, "languages": settings.LANGUAGES}
        return render(request, "language.html", context)
    code = shipped(request.POST.get("language"))
    if code is None:
        # A language we do not have: nothing changes, and the page the player was on comes back.
        return redirect(next_page)
    translation.activate(code)
    response = redirect(next_page)
    remember(response, code)
    if request.user.is_authenticated:
        ChosenLanguage.keep(request.user, code)
    return response
