"""Numbers the app's own forms post (a hand number, a revision): read strictly, and a damaged
form refused in one line, never a 500. And the Undo a message carries."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _


class NotANumber(Exception):
    """A field the app's own forms fill with a number (a hand number, a revision) arrived
    holding something else: the form was damaged, so nothing it asks is done."""

    def __init__(self, key: str) -> None:
        self.message = _(
            # Translators: %(field)s is the damaged field's name in the code ("number", "revision").
            "This form arrived damaged: its %(field)s is not a number. Nothing was saved; "
            "reload the page and try again."
        ) % {"field": key}
        super().__init__(self.message)


def refused_as_damaged(refused: NotANumber) -> HttpResponse:
    return HttpResponse(refused.message, status=400, content_type="text/plain; charset=utf-8")


#: Digits enough for any hand number or revision, with a sign; anything longer is no number.
LONGEST_NUMBER = 12


def posted_number(request: HttpRequest, key: str = "number", default: int = 0) -> int:
    """The whole number posted as `key` (written in ASCII digits, an optional minus), or
    `default` when none was sent. NotANumber for anything else ("abc", "1.0", 5,000 digits)."""
    text = request.POST.get(key)
    if text is None:
        return default
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(text) > LONGEST_NUMBER:
        raise NotANumber(key)
    return int(text)


def undo_tag(url: str) -> str:
    """A message's extra tags that give it an Undo button posting to `url` (base.html)."""
    return f"undo:{url}"
