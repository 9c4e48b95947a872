"""The words the browser's outbox writes (static/js/outbox.js), in one language, as JSON.

The outbox lists the hands waiting on the phone, says how their sending goes and asks before a
log-out: on any page, online or offline, and rarely. So its words are not sent with every page
(the hand page's bytes are counted, tests/test_budgets.py): the script asks for them when it has
something to show or ask, and the service worker keeps a copy for offline use. The language is
in the URL, the page's own (<html lang>), so that a copy kept for one language is never shown in
another. Words bound to one page's element travel in that element's data- attributes instead.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from games.languages import shipped


@require_safe
@cache_control(max_age=3600)
def outbox_words(request: HttpRequest, language: str) -> HttpResponse:
    """/words/<language>.json: a language the app lacks is answered in English, never an error."""
    code = shipped(language) or settings.LANGUAGE_CODE
    with translation.override(code):
        response = render(request, "offline/words.txt", content_type="application/json")
    # The words' language, not the visitor's (LocaleMiddleware sets it only where unset).
    response["Content-Language"] = code
    return response
