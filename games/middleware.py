"""Middleware of our own."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

Handler = Callable[[HttpRequest], HttpResponse]


def private_when_personal(get_response: Handler) -> Handler:
    """A page drawn for whoever is logged in (the session was read: a game's pages, its export
    and PDFs, someone's home page) is `Cache-Control: private`, so no shared cache or proxy
    keeps it for the next visitor. Pages that never look at the session (rules, the live
    view's 304s) are left as they are, and cost nothing more."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        session = getattr(request, "session", None)
        if session is not None and session.accessed:
            patch_cache_control(response, private=True)
        return response

    return middleware
