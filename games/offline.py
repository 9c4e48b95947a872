"""The installable app: its manifest, its service worker and the page it shows offline.

The server stays the one that scores and records. The service worker (templates/offline/sw.js)
only keeps copies: the static files, the last copy of each page the phone opened, and hands
that could not be sent (the outbox, static/js/outbox.js); app.js sends those when the phone is
back online, and the server records them as it records any save.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

#: What every page needs, cached when the service worker installs. Their names are hashed in
#: production (ManifestStaticFilesStorage), so a deploy changes this list and the worker.
PRECACHED_STATIC = (
    "css/app.css",
    "css/hand.css",
    "js/htmx.min.js",
    "js/app.js",
    "js/hand.js",
    "js/live.js",
    "js/new_game.js",
    "js/outbox.js",
    "js/pad.js",
    "js/predict.js",
    "favicon.png",
    "icons/icon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
)

THEME_COLOR = "#14532d"
BACKGROUND_LIGHT = "#f6f5f0"  # --bg of static/css/app.css


def account_tag(request: HttpRequest) -> str:
    """Which account a page was drawn for, as the service worker keys its copies: not the
    account's id, and empty for a visitor who is not logged in."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    return salted_hmac("games.offline.account", str(user.pk), algorithm="sha256").hexdigest()[:20]


def static_version() -> str:
    """Changes whenever a precached file or the worker's own code changes: the worker's
    cache names carry it, so a deploy installs a new worker and drops the old copies."""
    digest = hashlib.sha256()
    for name in PRECACHED_STATIC:
        digest.update(static(name).encode())
        found = finders.find(name)
        if isinstance(found, str):  # the source file (debug and tests: unhashed names)
            with open(found, "rb") as source:
                digest.update(source.read())
    return digest.hexdigest()[:16]


def keep_offline_copy(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page the phone keeps its last copy of, to show when it is offline: the service worker
    keeps only pages that say so, under the account they were drawn for. A view that set
    X-Offline itself (a later page of a list, which the worker would keep in place of the
    page: it keeps one copy per path) is left as it said."""

    @wraps(view)
    def keeping(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        response = view(request, *args, **kwargs)
        kept = request.method == "GET" and response.status_code == 200
        if kept and not response.has_header("X-Offline"):
            response["X-Offline"] = "keep"
            response["X-Account"] = account_tag(request)
        return response

    return keeping


#: Stands for an id while a URL is turned into a pattern or a template for the worker.
SOME_ID = 987654321


def url_template(name: str, placeholder: str) -> str:
    return reverse(name, args=[SOME_ID]).replace(str(SOME_ID), placeholder)


def hand_save_patterns() -> list[str]:
    """Patterns of the paths a hand is saved to (a new hand, an edit); group 1 is the game."""
    edit = reverse("hand_edit", args=[SOME_ID, SOME_ID + 1])
    paths = [reverse("hand_new", args=[SOME_ID]), edit.replace(str(SOME_ID + 1), "NUMBER")]
    return [
        "^" + re.escape(path).replace(str(SOME_ID), r"(\d+)").replace("NUMBER", r"\d+") + "$"
        for path in paths
    ]


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js, from the site's root so that it may look after every page."""
    context = {
        "version": static_version(),
        "precache": json.dumps([static(name) for name in PRECACHED_STATIC] + [reverse("offline")]),
        "static_prefix": json.dumps(settings.STATIC_URL),
        "outbox_script": json.dumps(static("js/outbox.js")),
        "hand_save_patterns": json.dumps(hand_save_patterns()),
        "game_url": json.dumps(url_template("game", "{game}")),
        "offline_url": json.dumps(reverse("offline")),
        "logout_url": json.dumps(reverse("logout")),
        "login_urls": json.dumps([reverse("login"), reverse("signup")]),
    }
    return render(request, "offline/sw.js", context, content_type="text/javascript")


@require_safe
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> HttpResponse:
    icons = [
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body = {
        # Translators: the installed app's name; "Scorekeeper" is the brand, kept as it is.
        "name": _("Scorekeeper: the table companion"),
        "short_name": "Scorekeeper",
        "description": _("Score canasta-family and rummy card games at the table."),
        "id": "/",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_LIGHT,
        "icons": icons,
    }
    return HttpResponse(json.dumps(body, indent=1), content_type="application/manifest+json")


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker when a page the phone never opened is asked for offline.
    Drawn for nobody in particular: the worker keeps one copy for every account."""
    return render(request, "offline/offline.html")
