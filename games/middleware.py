"""Middleware of our own (named in settings.MIDDLEWARE, whose order each one's place explains)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import brotli
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _

from games.forms import ImportGameForm
from games.guest_views import GUEST_SESSION_AGE, GUEST_SESSION_KEY, SEEN_SESSION_KEY
from games.imports import too_big_message
from games.models import Guest

Handler = Callable[[HttpRequest], HttpResponse]


def note_guest_visits(get_response: Handler) -> Handler:
    """A guest in use is kept: its last visit, once a day, so that `purge_guests` removes only
    those nobody used for GUEST_DAYS."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        session = getattr(request, "session", None)
        if session is not None and session.accessed and session.get(GUEST_SESSION_KEY):
            today = timezone.localdate().isoformat()
            if session.get(SEEN_SESSION_KEY) != today:
                Guest.seen(session[GUEST_SESSION_KEY])
                session[SEEN_SESSION_KEY] = today
                session.set_expiry(GUEST_SESSION_AGE)
        return response

    return middleware


def refuse_oversized_bodies(get_response: Handler) -> Handler:
    """A request whose body is over settings.LARGEST_BODY (the largest game file and its form)
    is refused from its Content-Length, before anything reads the body (413): the import page
    with its message, any other page in plain words."""

    def middleware(request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length <= settings.LARGEST_BODY:
            return get_response(request)
        if request.path == reverse("import_game"):
            form = ImportGameForm()
            form.cleaned_data = {}  # what full_clean starts from: the form takes an error
            form.add_error(None, too_big_message())
            return render(request, "games/import.html", {"form": form}, status=413)
        return HttpResponse(
            _("That is too much to send at once; nothing was saved."),
            status=413,
            content_type="text/plain; charset=utf-8",
        )

    return middleware


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


def never_stored_when_personal(get_response: Handler) -> Handler:
    """A page drawn for a logged-in account (its home, a game's pages, exports and PDFs) is also
    `Cache-Control: no-store` (private_when_personal makes it private), so the browser keeps it
    neither in its cache nor in its Back history once the account logs out. The service
    worker's copies are its own (Cache Storage, which reads no Cache-Control): they stay. A
    response the browser revalidates by its ETag (the live view, polled every 2 s) keeps its
    own caching."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        session = getattr(request, "session", None)
        if session is None or not session.accessed or response.has_header("ETag"):
            return response
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware


#: Brotli's quality for pages: 5 makes the hand page at twelve players 30% smaller than gzip
#: (3.8 KB against 5.4 KB in German) for 0.6 ms, where 11 would take 90 ms.
BROTLI_QUALITY = 5
#: Smaller bodies gain nothing from compressing (Django's GZipMiddleware's own floor).
SMALLEST_COMPRESSED = 200


def compress_pages(get_response: Handler) -> Handler:
    """Pages go out Brotli-compressed to a browser that takes it (every phone browser), gzipped
    to one that only takes gzip (Django's GZipMiddleware), as they are to anything else. Safe
    against BREACH-style guessing as gzip is (settings.MIDDLEWARE says why)."""
    gzip_pages = GZipMiddleware(get_response)

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if not takes_brotli(request) or not worth_compressing(response):
            return cast(HttpResponse, gzip_pages.process_response(request, response))
        patch_vary_headers(response, ("Accept-Encoding",))
        compressed = brotli.compress(response.content, quality=BROTLI_QUALITY)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        response.headers["Content-Encoding"] = "br"
        # The bytes differ from the page's: a strong validator would promise they do not.
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        return response

    return middleware


def takes_brotli(request: HttpRequest) -> bool:
    accepted = request.META.get("HTTP_ACCEPT_ENCODING", "")
    return any(part.split(";")[0].strip() == "br" for part in accepted.split(","))


def worth_compressing(response: HttpResponse) -> bool:
    return (
        not response.streaming
        and len(response.content) >= SMALLEST_COMPRESSED
        and not response.has_header("Content-Encoding")
    )
