"""Small builders the view tests share: hand-form bodies, URLs, response checks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html.parser import HTMLParser
from typing import Any

from django.urls import reverse

from games.models import Game

FOUR = ("Ann", "Bob", "Cy", "Di")
#: A Pennies From Heaven (partnership) side going out with a natural and an ace canasta:
#: 500 + 1,500 + 200 (two red threes) + 400 melded + 200 for going out.
PFH_WENT_OUT = {
    "natural_canastas": 1,
    "ace_canastas": 1,
    "red_threes": 2,
    "meld_points": 400,
    "went_out": True,
}
ANN_CY, BOB_DI = "Ann & Cy", "Bob & Di"


def bare(game: Game, *totals: int) -> dict[str, dict[str, int]]:
    """A hand of bare totals, one per side in seating order."""
    return {name: {"total": t} for name, t in zip(game.side_names, totals, strict=True)}


def hand_data(
    sides: Sequence[Mapping[str, Any]],
    number: int | None = None,
    revision: int | None = None,
) -> dict[str, Any]:
    """The POST body of the hand form: `sides[i]` holds side i's fields by tally name; a key
    "total" becomes "Just the total" ticked plus the total."""
    data: dict[str, Any] = {}
    if number is not None:
        data["number"] = number
    if revision is not None:
        data["revision"] = revision
    for index, fields in enumerate(sides):
        for name, value in fields.items():
            if name == "total":
                data[f"s{index}-just_total"] = "on"
                data[f"s{index}-total"] = value
            elif value is True:
                data[f"s{index}-{name}"] = "on"
            elif value is False:
                continue
            else:
                data[f"s{index}-{name}"] = value
    return data


def game_url(name: str, game: Game, *args: Any) -> str:
    return reverse(name, args=[game.pk, *args])


def html(response: Any) -> str:
    return response.content.decode()


def input_named(page: str, name: str) -> dict[str, str | None]:
    """The attributes of the page's first input named `name` (a boolean one maps to None), so
    that a test checks what a box is, whatever the order its attributes are written in."""
    return input_where(page, "name", name)


def input_where(page: str, attribute: str, value: str) -> dict[str, str | None]:
    """The attributes of the page's first input whose `attribute` is `value`."""
    found: list[dict[str, str | None]] = []

    class Inputs(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "input" and dict(attrs).get(attribute) == value and not found:
                found.append(dict(attrs))

    Inputs().feed(page)
    assert found, f"no input with {attribute}={value!r}"
    return found[0]


def is_login_redirect(response: Any) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("login"))


def totals(game: Game) -> dict[str, int]:
    """The game's totals as the database holds them now."""
    return Game.objects.get(pk=game.pk).score().totals


HTMX = {"HX-Request": "true"}
